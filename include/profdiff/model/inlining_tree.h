#ifndef PROFDIFF_MODEL_INLINING_TREE_H_
#define PROFDIFF_MODEL_INLINING_TREE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"

namespace profdiff {

// Index of a node inside its tree's node vector.
using NodeIndex = uint32_t;
inline constexpr NodeIndex kNoNode = UINT32_MAX;

// The children of a tree node. Most nodes have at most a few (phases with one sub-phase,
// call sites with one inlined callee, delta nodes), and trees of tens of thousands of nodes are
// built, copied and destroyed for every comparison, so up to four are stored inline: no
// allocation, in the same 24 bytes as a std::vector.
class ChildList : public absl::InlinedVector<NodeIndex, 4> {
 public:
  using InlinedVector::InlinedVector;
  ChildList() = default;
  ChildList(const ChildList&) = default;
  ChildList& operator=(const ChildList&) = default;
  // absl moves a list held inline by copying the whole inline storage, unused slots included,
  // which GCC reports as a read of uninitialized memory when a new node (no children yet) is
  // moved into its tree. An empty list is therefore moved by copying nothing.
  ChildList(ChildList&& other) noexcept {
    if (!other.empty()) InlinedVector::operator=(std::move(other));
  }
  ChildList& operator=(ChildList&& other) noexcept {
    if (other.empty()) {
      clear();
    } else {
      InlinedVector::operator=(std::move(other));
    }
    return *this;
  }
};

struct ProfiledType {
  std::string type_name;
  double probability = 0;
  std::optional<std::string> concrete_method_name;
};

struct ReceiverTypeProfile {
  bool mature = false;
  std::vector<ProfiledType> profiled_types;
};

enum class CallsiteKind { kRoot, kInlined, kDirect, kIndirect, kDeleted, kDevirtualized };

std::string_view CallsiteKindName(CallsiteKind kind);  // "root", "inlined", ...

// The kind of a node that is not the root of its tree (formats.md §3.4).
inline CallsiteKind NonRootCallsiteKind(bool inlined, bool indirect, bool alive,
                                        bool has_children) {
  if (inlined) return CallsiteKind::kInlined;
  if (alive) return indirect ? CallsiteKind::kIndirect : CallsiteKind::kDirect;
  if (indirect && has_children) return CallsiteKind::kDevirtualized;
  return CallsiteKind::kDeleted;
}

struct InliningTreeNode {
  std::optional<std::string> method_name;  // multi-method key stripped; nullopt = unknown
  int32_t bci = -1;
  bool inlined = false;
  bool indirect = false;
  bool alive = false;
  std::vector<std::string> reasons;
  std::optional<ReceiverTypeProfile> receiver_type_profile;
  NodeIndex parent = kNoNode;
  // The callee's size in bytes of bytecode, where the log has it (HotSpot's <method bytes>);
  // -1: unknown (Graal's optimization log does not have it). It fills the padding after
  // `parent`, so that the node, of which the Graal reader builds millions, does not grow.
  int32_t bytecode_size = -1;
  ChildList children;  // in log order until sorted
};

// An inlining tree stored as an arena: nodes live in one vector and refer to each other by
// index, so copying, sorting and destroying never recurse however deep the tree is.
// An empty tree has no nodes; otherwise `root` is the root's index.
class InliningTree {
 public:
  std::vector<InliningTreeNode> nodes;
  NodeIndex root = kNoNode;

  bool empty() const { return root == kNoNode; }
  const InliningTreeNode& node(NodeIndex i) const { return nodes[i]; }
  InliningTreeNode& node(NodeIndex i) { return nodes[i]; }

  // The callsite kind (formats.md §3.4); root-ness is structural (the tree's root).
  CallsiteKind Kind(NodeIndex i) const;

  // Node indices in preorder (iterative).
  std::vector<NodeIndex> Preorder() const;

  // Appends a node, moved from `node` (its parent's child list is updated when `parent` is not
  // kNoNode).
  NodeIndex AddNode(InliningTreeNode&& node, NodeIndex parent);
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_INLINING_TREE_H_
