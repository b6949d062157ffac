#include "profdiff/analysis/inlining_path.h"

#include <algorithm>
#include <utility>

namespace profdiff {

namespace {

bool NodeMatches(const InliningTreeNode& node, const PathElement& element) {
  if (node.method_name != element.name) return false;
  return node.bci == -1 || element.bci == -1 || node.bci == element.bci;
}

}  // namespace

bool PathElementsMatch(const PathElement& a, const PathElement& b) {
  if (a.name != b.name) return false;
  return a.bci == -1 || b.bci == -1 || a.bci == b.bci;
}

bool IsPathPrefix(const Path& prefix, const Path& path) {
  if (prefix.size() > path.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (!PathElementsMatch(prefix[i], path[i])) return false;
  }
  return true;
}

Path EnclosingMethodPath(const Position& position) {
  Path path;
  if (position.empty()) return path;
  path.reserve(position.size());
  const size_t k = position.size() - 1;
  path.push_back(PathElement{position[k].method.str(), -1});
  for (size_t i = k; i >= 1; --i) {
    path.push_back(PathElement{position[i - 1].method.str(), position[i].bci});
  }
  return path;
}

bool IsPathPrefixOfPosition(const Path& prefix, const Position& position) {
  if (prefix.size() > position.size()) return false;
  // Element i of the enclosing-method path is (position[k - i].method, bci of the call site in
  // the next outer method, -1 for the outermost).
  const size_t k = position.size() - 1;
  for (size_t i = 0; i < prefix.size(); ++i) {
    const PathElement& element = prefix[i];
    const PositionEntry& entry = position[k - i];
    // The bcis first: cheaper than the names, and where most positions part from the path.
    const int32_t bci = i == 0 ? -1 : position[k - i + 1].bci;
    if (element.bci != -1 && bci != -1 && element.bci != bci) return false;
    if (!element.name.has_value() || *element.name != entry.method) return false;
  }
  return true;
}

Path InliningPathOf(const InliningTree& tree, NodeIndex node) {
  Path path;
  for (NodeIndex n = node; n != kNoNode; n = tree.node(n).parent) {
    const InliningTreeNode& current = tree.node(n);
    if (!current.indirect) path.push_back(PathElement{current.method_name, current.bci});
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<uint32_t> InliningPathLengths(const InliningTree& tree) {
  std::vector<uint32_t> lengths(tree.nodes.size(), 0);
  for (NodeIndex n : tree.Preorder()) {
    const InliningTreeNode& node = tree.node(n);
    uint32_t above = node.parent == kNoNode ? 0 : lengths[node.parent];
    lengths[n] = above + (node.indirect ? 0 : 1);
  }
  return lengths;
}

std::vector<NodeIndex> FindNodesByPath(const InliningTree& tree, const Path& path,
                                       size_t path_length) {
  std::vector<NodeIndex> found;
  if (path_length == 0 || tree.empty()) return found;
  // (node, index into path); children pushed in reverse so that results come in DFS order.
  std::vector<std::pair<NodeIndex, size_t>> stack{{tree.root, 0}};
  auto push_children = [&](NodeIndex n, size_t index) {
    const auto& children = tree.node(n).children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, index);
  };
  while (!stack.empty()) {
    auto [n, index] = stack.back();
    stack.pop_back();
    const InliningTreeNode& node = tree.node(n);
    if (node.indirect) {
      push_children(n, index);
    } else if (NodeMatches(node, path[index])) {
      if (index + 1 == path_length) {
        found.push_back(n);
      } else {
        push_children(n, index + 1);
      }
    }
  }
  return found;
}

size_t LongestFollowablePrefix(const InliningTree& tree, const Path& path) {
  size_t longest = 0;
  if (path.empty() || tree.empty()) return 0;
  std::vector<std::pair<NodeIndex, size_t>> stack{{tree.root, 0}};
  while (!stack.empty() && longest < path.size()) {
    auto [n, index] = stack.back();
    stack.pop_back();
    const InliningTreeNode& node = tree.node(n);
    size_t next = index;
    if (!node.indirect) {
      if (!NodeMatches(node, path[index])) continue;
      next = index + 1;
      longest = std::max(longest, next);
      if (next == path.size()) continue;
    }
    for (NodeIndex child : node.children) stack.emplace_back(child, next);
  }
  return longest;
}

}  // namespace profdiff
