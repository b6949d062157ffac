#ifndef PROFDIFF_ANALYSIS_INLINING_PATH_H_
#define PROFDIFF_ANALYSIS_INLINING_PATH_H_

#include <vector>

#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/position.h"

namespace profdiff {

// algorithms.md §10.1: names equal (null == null) and bcis equal or either is -1.
bool PathElementsMatch(const PathElement& a, const PathElement& b);

// True if `prefix` is a prefix of `path` element-wise by PathElementsMatch.
bool IsPathPrefix(const Path& prefix, const Path& path);

// The enclosing-method path of a position: outermost method first (bci -1), each inner method
// with the bci of its call site in the next outer one. Empty position -> empty path.
Path EnclosingMethodPath(const Position& position);

// IsPathPrefix(prefix, EnclosingMethodPath(position)) without building the path.
bool IsPathPrefixOfPosition(const Path& prefix, const Position& position);

// Top-down (name, bci) of the root .. `node`, skipping indirect nodes.
Path InliningPathOf(const InliningTree& tree, NodeIndex node);

// For every node, the length of its inlining path (non-indirect nodes from the root to it).
std::vector<uint32_t> InliningPathLengths(const InliningTree& tree);

// The nodes (DFS order) reached by following `path` from the root, indirect nodes being
// transparent (§10.2). An empty path finds nothing.
std::vector<NodeIndex> FindNodesByPath(const InliningTree& tree, const Path& path,
                                       size_t path_length);

// The longest k such that path[0..k) can be followed from the root (§10.2).
size_t LongestFollowablePrefix(const InliningTree& tree, const Path& path);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_INLINING_PATH_H_
