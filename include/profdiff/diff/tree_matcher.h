#ifndef PROFDIFF_DIFF_TREE_MATCHER_H_
#define PROFDIFF_DIFF_TREE_MATCHER_H_

// Selkow tree edit distance (algorithms.md §11) over any pair of arena trees, seen through an
// adapter, and the delta-tree operations that follow it (pruning, expansion). The adapters of
// the three tree kinds are in profdiff/diff/edit_policies.h.
//
// An adapter (`TreeEditAdapter`) provides, as const members:
//   NodeIndex Root(Side side);                       // kNoNode = empty tree
//   const ChildList& Children(Side side, NodeIndex node);
//   bool Equal(NodeIndex left, NodeIndex right);      // identity vs relabel
//   int64_t RelabelCost(NodeIndex left, NodeIndex right);  // asked only when !Equal; >= 0
// and optionally
//   uint64_t LabelHash(Side side, NodeIndex node);
// which enables a shortcut for identical subtrees and a quick answer for most Equal questions.
// It must give equal values to Equal nodes: different hashes are taken to mean "not Equal"
// without asking Equal; equal hashes are always verified with Equal, so collisions cannot change
// the result. An adapter with a label hash may also provide
//   bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b);
// Equal generalised to any two nodes of either tree (an equivalence relation that agrees with
// Equal across the trees). The matcher then numbers the labels and subtrees of both trees once,
// so that Equal and identical-subtree tests become integer comparisons and repeated subtrees
// share their cached costs (RelabelCost must then depend only on the two label classes). Costs
// must stay below 2^62. An adapter whose RelabelCost is the same for every pair may say so with
//   static constexpr int64_t kConstantRelabelCost;
// which lets the matcher settle pairs of unequal labels without asking.
//
// Typical use (the caller prints the "too big" message of output.md §7):
//   InliningTreeEditPolicy policy(left_tree, right_tree);
//   std::optional<TreeMatch> match = MatchPruneAndExpandUnlessTooBig(policy, prune);
//   if (!match) { ... too big ... }   // else match->delta is what is printed

#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "profdiff/diff/tree_classes.h"
#include "profdiff/model/inlining_tree.h"  // NodeIndex

namespace profdiff {

inline constexpr int64_t kUnitCost = 1;
inline constexpr int64_t kInfiniteCost = 1'000'000'000;

// Size guard of algorithms.md §11.1: trees whose node counts multiply to more than this are not
// matched.
inline constexpr uint64_t kMaxMatchedNodePairs = 100'000'000;

enum class Side { kLeft, kRight };  // experiment 1, experiment 2

// kMoved: an identity whose two nodes are at different positions, because the method's code
// changed between the experiments and the node moved with it (issue 36). It is no difference,
// but pruning keeps it (MarkMovedIdentities sets it; the matcher never does).
enum class DeltaKind { kIdentity, kRelabel, kDeletion, kInsertion, kMoved };

// A node of a delta tree: one operation of the edit script. `left` is the node of tree 1
// (identity, relabel, deletion), `right` the node of tree 2 (identity, relabel, insertion).
// `depth` is the depth of the operation (the root's is 0), which is also the depth in the delta
// tree.
struct DeltaNode {
  DeltaKind kind = DeltaKind::kIdentity;
  NodeIndex left = kNoNode;
  NodeIndex right = kNoNode;
  uint32_t depth = 0;
  NodeIndex parent = kNoNode;
  ChildList children;
};

struct DeltaTree {
  std::vector<DeltaNode> nodes;
  NodeIndex root = kNoNode;  // kNoNode = empty (everything pruned)
  bool empty() const { return root == kNoNode; }
  // Node indices in preorder, which is the order of the edit script (iterative).
  std::vector<NodeIndex> Preorder() const;
  // Appends a node as the last child of `parent` (kNoNode: no parent; `root` is not set).
  NodeIndex Add(DeltaKind kind, NodeIndex left, NodeIndex right, uint32_t depth, NodeIndex parent);
};

// The delta tree of a matching together with the edit distance (the cost of the script).
struct TreeMatch {
  DeltaTree delta;
  int64_t cost = 0;
};

template <class A>
concept TreeEditAdapter = requires(const A& a, Side side, NodeIndex node) {
  { a.Root(side) } -> std::convertible_to<NodeIndex>;
  { a.Children(side, node) } -> std::same_as<const ChildList&>;
  { a.Equal(node, node) } -> std::convertible_to<bool>;
  { a.RelabelCost(node, node) } -> std::convertible_to<int64_t>;
};

template <class A>
concept HashingTreeEditAdapter = TreeEditAdapter<A> && requires(const A& a, Side s, NodeIndex n) {
  { a.LabelHash(s, n) } -> std::convertible_to<uint64_t>;
};

template <class A>
concept ClassifyingTreeEditAdapter = HashingTreeEditAdapter<A> &&
    requires(const A& a, Side s, NodeIndex n) {
  { a.SameLabel(s, n, s, n) } -> std::convertible_to<bool>;
};

namespace tree_matcher_internal {

// The matcher itself is not a template: adapters are seen through this interface so that the
// engine is compiled once (src/diff/tree_matcher.cc). The virtual calls are cheap next to the
// label comparisons they wrap.
class TreeMatchOracle {
 public:
  virtual ~TreeMatchOracle() = default;
  virtual NodeIndex Root(Side side) const = 0;
  virtual const ChildList& Children(Side side, NodeIndex node) const = 0;
  virtual bool Equal(NodeIndex left, NodeIndex right) const = 0;
  virtual int64_t RelabelCost(NodeIndex left, NodeIndex right) const = 0;
  virtual bool HasLabelHash() const = 0;
  virtual uint64_t LabelHash(Side side, NodeIndex node) const = 0;
  virtual bool HasSameLabel() const = 0;
  virtual bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const = 0;
  virtual std::optional<int64_t> ConstantRelabelCost() const = 0;
};

template <TreeEditAdapter A>
class AdapterOracle final : public TreeMatchOracle {
 public:
  explicit AdapterOracle(const A& adapter) : adapter_(adapter) {}
  NodeIndex Root(Side side) const override { return adapter_.Root(side); }
  const ChildList& Children(Side side, NodeIndex node) const override {
    return adapter_.Children(side, node);
  }
  bool Equal(NodeIndex left, NodeIndex right) const override { return adapter_.Equal(left, right); }
  int64_t RelabelCost(NodeIndex left, NodeIndex right) const override {
    return adapter_.RelabelCost(left, right);
  }
  bool HasLabelHash() const override { return HashingTreeEditAdapter<A>; }
  uint64_t LabelHash(Side side, NodeIndex node) const override {
    if constexpr (HashingTreeEditAdapter<A>) {
      return adapter_.LabelHash(side, node);
    } else {
      return 0;
    }
  }
  bool HasSameLabel() const override { return ClassifyingTreeEditAdapter<A>; }
  bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const override {
    if constexpr (ClassifyingTreeEditAdapter<A>) {
      return adapter_.SameLabel(a_side, a, b_side, b);
    } else {
      return false;
    }
  }
  std::optional<int64_t> ConstantRelabelCost() const override {
    if constexpr (requires { A::kConstantRelabelCost; }) {
      return A::kConstantRelabelCost;
    } else {
      return std::nullopt;
    }
  }

 private:
  const A& adapter_;
};

// `identical_interiors`: see MatchPruneAndExpand.
TreeMatch MatchTrees(const TreeMatchOracle& oracle, bool identical_interiors = true);
// nullopt when the node counts of the trees multiply to more than `max_node_pairs`. With
// `left_classes` and `right_classes` (both or neither): the classes of both trees from one
// TreeClassifier whose SameLabel agrees with the oracle's Equal; the matcher then does not
// classify the trees itself.
std::optional<TreeMatch> MatchTreesUnlessTooBig(const TreeMatchOracle& oracle,
                                                bool identical_interiors, uint64_t max_node_pairs,
                                                const TreeClasses* left_classes = nullptr,
                                                const TreeClasses* right_classes = nullptr);
int64_t TreeEditDistance(const TreeMatchOracle& oracle);
void ExpandDeltaTree(const TreeMatchOracle& oracle, DeltaTree& tree);

}  // namespace tree_matcher_internal

// Matches the two trees of `adapter` (left = experiment 1) and returns the delta tree of the
// edit script of algorithms.md §11.2-11.3 with its cost. The roots are always matched. If one
// tree is empty the delta tree is a single insertion (deletion) of the other's root, costing
// its size; two empty trees give an empty delta tree.
template <TreeEditAdapter A>
TreeMatch MatchTreesWithCost(const A& adapter) {
  return tree_matcher_internal::MatchTrees(tree_matcher_internal::AdapterOracle<A>(adapter));
}

template <TreeEditAdapter A>
DeltaTree MatchTrees(const A& adapter) {
  return MatchTreesWithCost(adapter).delta;
}

// The edit distance alone (no script is built).
template <TreeEditAdapter A>
int64_t TreeEditDistance(const A& adapter) {
  return tree_matcher_internal::TreeEditDistance(tree_matcher_internal::AdapterOracle<A>(adapter));
}

// The number of nodes of one tree of `adapter` (iterative). Asked for both trees of every
// comparison, so the adapter is called directly rather than through the matcher's interface.
template <TreeEditAdapter A>
uint64_t CountTreeNodes(const A& adapter, Side side) {
  NodeIndex root = adapter.Root(side);
  if (root == kNoNode) return 0;
  uint64_t count = 0;
  std::vector<NodeIndex> stack{root};
  while (!stack.empty()) {
    NodeIndex node = stack.back();
    stack.pop_back();
    ++count;
    const ChildList& children = adapter.Children(side, node);
    stack.insert(stack.end(), children.begin(), children.end());
  }
  return count;
}

// The size guard of algorithms.md §11.1.
template <TreeEditAdapter A>
bool TreesTooBigToMatch(const A& adapter) {
  // Each count is below 2^32 (node indices are 32-bit), so the product cannot overflow.
  return CountTreeNodes(adapter, Side::kLeft) * CountTreeNodes(adapter, Side::kRight) >
         kMaxMatchedNodePairs;
}

// Whether the two trees are identical node by node: the same shape, and each pair of nodes at
// the same place Equal. Linear in the trees' size, so that trees too big to match can still be
// told identical (a run compared with itself must not differ, issue 22).
template <TreeEditAdapter A>
bool TreesIdentical(const A& adapter) {
  const NodeIndex left_root = adapter.Root(Side::kLeft);
  const NodeIndex right_root = adapter.Root(Side::kRight);
  if (left_root == kNoNode || right_root == kNoNode) return left_root == right_root;
  std::vector<std::pair<NodeIndex, NodeIndex>> stack{{left_root, right_root}};
  while (!stack.empty()) {
    const auto [left, right] = stack.back();
    stack.pop_back();
    if (!adapter.Equal(left, right)) return false;
    const ChildList& left_children = adapter.Children(Side::kLeft, left);
    const ChildList& right_children = adapter.Children(Side::kRight, right);
    if (left_children.size() != right_children.size()) return false;
    for (size_t i = 0; i < left_children.size(); ++i) {
      stack.emplace_back(left_children[i], right_children[i]);
    }
  }
  return true;
}

// Pruning of algorithms.md §11.4. A node is alive if it is not an identity or has an alive
// descendant. Kept: every alive node, and every info node (`is_info`) whose parent is alive,
// without its descendants (they are identities under a node that is not alive). Everything else
// goes, with its subtree; a root that is not alive leaves an empty tree. The result is compact
// (only kept nodes, fresh indices, same order of children).
DeltaTree PruneIdentities(const DeltaTree& tree, absl::FunctionRef<bool(const DeltaNode&)> is_info);
// The same for trees without info nodes (inlining and optimization trees).
DeltaTree PruneIdentities(const DeltaTree& tree);

// Turns every identity of `tree` whose two nodes `moved` says are at different positions into a
// kMoved node. Marked before pruning, the moves are kept (--show-moved); after, only those on the
// path to a difference are left to mark.
void MarkMovedIdentities(DeltaTree& tree,
                         absl::FunctionRef<bool(NodeIndex left, NodeIndex right)> moved);

// Expansion of algorithms.md §11.5: every deletion (insertion) node without children gets one
// deletion (insertion) child per child of its left (right) original node, in order, recursively.
// New nodes are appended to `tree.nodes`.
template <TreeEditAdapter A>
void ExpandDeltaTree(const A& adapter, DeltaTree& tree) {
  tree_matcher_internal::ExpandDeltaTree(tree_matcher_internal::AdapterOracle<A>(adapter), tree);
}

namespace tree_matcher_internal {

// Prunes (keeping the info nodes of adapters that have IsInfoNode) and expands a matching.
template <TreeEditAdapter A>
void PruneAndExpand(const A& adapter, bool prune, TreeMatch& match) {
  if (prune) {
    if constexpr (requires { adapter.IsInfoNode(DeltaNode{}); }) {
      match.delta = profdiff::PruneIdentities(
          match.delta, [&](const DeltaNode& n) { return adapter.IsInfoNode(n); });
    } else {
      match.delta = profdiff::PruneIdentities(match.delta);
    }
  }
  profdiff::ExpandDeltaTree(adapter, match.delta);
}

}  // namespace tree_matcher_internal

// The delta tree that comparisons print (algorithms.md §11.3-11.5): the matching, its identities
// pruned when `prune` (keeping the info nodes of adapters that have IsInfoNode), then expanded.
// `cost` is the edit distance of the matching.
template <TreeEditAdapter A>
TreeMatch MatchPruneAndExpand(const A& adapter, bool prune) {
  // Pruning removes everything below the identity of two identical subtrees (its descendants are
  // identities under a node that is not alive), so when pruning they are not built at all: in
  // big trees they are most of the script.
  TreeMatch match = tree_matcher_internal::MatchTrees(
      tree_matcher_internal::AdapterOracle<A>(adapter), /*identical_interiors=*/!prune);
  tree_matcher_internal::PruneAndExpand(adapter, prune, match);
  return match;
}

// MatchPruneAndExpand, or nullopt when TreesTooBigToMatch (the trees are then only counted):
// what a comparison prints, without walking both trees once more for the size guard. With
// `left_classes` and `right_classes`: the trees' classes from one TreeClassifier whose SameLabel
// agrees with the adapter's Equal (the same script, without classifying the two trees again).
template <TreeEditAdapter A>
std::optional<TreeMatch> MatchPruneAndExpandUnlessTooBig(
    const A& adapter, bool prune, const TreeClasses* left_classes = nullptr,
    const TreeClasses* right_classes = nullptr) {
  std::optional<TreeMatch> match = tree_matcher_internal::MatchTreesUnlessTooBig(
      tree_matcher_internal::AdapterOracle<A>(adapter), /*identical_interiors=*/!prune,
      kMaxMatchedNodePairs, left_classes, right_classes);
  if (match.has_value()) tree_matcher_internal::PruneAndExpand(adapter, prune, *match);
  return match;
}

}  // namespace profdiff

#endif  // PROFDIFF_DIFF_TREE_MATCHER_H_
