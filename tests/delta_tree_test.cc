#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

// Builds a delta tree from a preorder operation list as in §11.3. `left` numbers the
// operations (0, 1, 2, ...) so tests can name them.
DeltaTree FromScript(const std::vector<std::pair<DeltaKind, uint32_t>>& script) {
  DeltaTree tree;
  std::vector<NodeIndex> last_at_depth;
  for (const auto& [kind, depth] : script) {
    NodeIndex index = static_cast<NodeIndex>(tree.nodes.size());
    DeltaNode node;
    node.kind = kind;
    node.left = index;
    node.right = index;
    node.depth = depth;
    if (depth > 0) {
      node.parent = last_at_depth[depth - 1];
      tree.nodes[node.parent].children.push_back(index);
    } else {
      tree.root = index;
    }
    tree.nodes.push_back(std::move(node));
    last_at_depth.resize(depth + 1);
    last_at_depth[depth] = index;
  }
  return tree;
}

// "<depth><kind>#<original operation number>" in preorder.
std::vector<std::string> Describe(const DeltaTree& tree) {
  std::vector<std::string> lines;
  for (NodeIndex node : tree.Preorder()) {
    const DeltaNode& n = tree.nodes[node];
    const char* kind = n.kind == DeltaKind::kIdentity   ? "."
                       : n.kind == DeltaKind::kRelabel  ? "*"
                       : n.kind == DeltaKind::kDeletion ? "-"
                                                        : "+";
    lines.push_back(absl::StrCat(n.depth, kind, "#", n.left));
    if (n.parent != kNoNode) {
      EXPECT_EQ(tree.nodes[n.parent].depth + 1, n.depth);
    }
  }
  return lines;
}

constexpr DeltaKind kId = DeltaKind::kIdentity;
constexpr DeltaKind kRel = DeltaKind::kRelabel;
constexpr DeltaKind kDel = DeltaKind::kDeletion;
constexpr DeltaKind kIns = DeltaKind::kInsertion;

TEST(DeltaTreeTest, PreorderFollowsChildLists) {
  DeltaTree tree = FromScript({{kId, 0}, {kId, 1}, {kDel, 2}, {kIns, 1}, {kId, 1}, {kId, 2}});
  EXPECT_THAT(tree.Preorder(), ElementsAre(0, 1, 2, 3, 4, 5));
  EXPECT_TRUE(DeltaTree().Preorder().empty());
}

TEST(DeltaTreeTest, PruningAllIdentitiesLeavesNothing) {
  DeltaTree tree = FromScript({{kId, 0}, {kId, 1}, {kId, 2}, {kId, 1}});
  DeltaTree pruned = PruneIdentities(tree);
  EXPECT_TRUE(pruned.empty());
  EXPECT_TRUE(pruned.Preorder().empty());
  EXPECT_TRUE(PruneIdentities(DeltaTree()).empty());
}

TEST(DeltaTreeTest, PruningKeepsPathsToChanges) {
  DeltaTree tree = FromScript({
      {kId, 0},   // 0: alive (descendant changed)
      {kId, 1},   // 1: alive
      {kId, 2},   // 2: dead
      {kDel, 2},  // 3: change
      {kId, 1},   // 4: dead, with its subtree
      {kId, 2},   // 5
      {kRel, 1},  // 6: change; its identity children go
      {kId, 2},   // 7
      {kIns, 1},  // 8
  });
  EXPECT_THAT(Describe(PruneIdentities(tree)), ElementsAre("0.#0", "1.#1", "2-#3", "1*#6", "1+#8"));
  // The result is compact.
  EXPECT_EQ(PruneIdentities(tree).nodes.size(), 5u);
}

TEST(DeltaTreeTest, PruningKeepsInfoNodesUnderAliveParents) {
  DeltaTree tree = FromScript({
      {kId, 0},   // 0: alive
      {kId, 1},   // 1: info under an alive parent: kept, without its children
      {kId, 2},   // 2: info under a dead parent: dropped
      {kId, 1},   // 3: alive
      {kId, 2},   // 4: info under an alive parent: kept
      {kIns, 2},  // 5
      {kId, 1},   // 6: dead
      {kId, 2},   // 7: info under a dead parent: dropped
  });
  absl::flat_hash_set<NodeIndex> info = {1, 2, 4, 7};
  auto is_info = [&](const DeltaNode& node) { return info.contains(node.left); };
  EXPECT_THAT(Describe(PruneIdentities(tree, is_info)),
              ElementsAre("0.#0", "1.#1", "1.#3", "2.#4", "2+#5"));
}

TEST(DeltaTreeTest, PruningWithDeadInfoRootLeavesNothing) {
  DeltaTree tree = FromScript({{kId, 0}, {kId, 1}});
  EXPECT_TRUE(PruneIdentities(tree, [](const DeltaNode&) { return true; }).empty());
}

TEST(DeltaTreeTest, PruningKeepsChangedRoot) {
  DeltaTree tree = FromScript({{kRel, 0}, {kId, 1}});
  EXPECT_THAT(Describe(PruneIdentities(tree)), ElementsAre("0*#0"));
}

TEST(DeltaTreeTest, PruningDeepTreeDoesNotRecurse) {
  std::vector<std::pair<DeltaKind, uint32_t>> script;
  for (uint32_t depth = 0; depth < 200'000; ++depth) script.emplace_back(kId, depth);
  script.emplace_back(kDel, 200'000);
  DeltaTree pruned = PruneIdentities(FromScript(script));
  EXPECT_EQ(pruned.Preorder().size(), 200'001u);
  script.pop_back();
  EXPECT_TRUE(PruneIdentities(FromScript(script)).empty());
}

// Inlining trees give the expansion real children to work with.
NodeIndex AddCall(InliningTree& tree, const std::string& name, int32_t bci, NodeIndex parent) {
  InliningTreeNode node;
  node.method_name = name;
  node.bci = bci;
  node.inlined = true;
  return tree.AddNode(std::move(node), parent);
}

std::vector<std::string> Lines(const InliningTreeEditPolicy& policy, const DeltaTree& tree) {
  std::vector<std::string> lines;
  for (NodeIndex node : tree.Preorder()) {
    const DeltaNode& n = tree.nodes[node];
    std::string indent(n.depth, ' ');
    switch (n.kind) {
      case DeltaKind::kIdentity:
        lines.push_back(indent + ". " + *policy.tree(Side::kLeft).node(n.left).method_name);
        break;
      case DeltaKind::kRelabel:
        lines.push_back(indent + "* " + *policy.tree(Side::kLeft).node(n.left).method_name);
        break;
      case DeltaKind::kDeletion:
        lines.push_back(indent + "- " + *policy.tree(Side::kLeft).node(n.left).method_name);
        break;
      case DeltaKind::kInsertion:
        lines.push_back(indent + "+ " + *policy.tree(Side::kRight).node(n.right).method_name);
        break;
      case DeltaKind::kMoved:
        lines.push_back(indent + "> " + *policy.tree(Side::kLeft).node(n.left).method_name);
        break;
    }
  }
  return lines;
}

TEST(DeltaTreeTest, ExpansionShowsWholeSubtrees) {
  InliningTree left;
  NodeIndex root = AddCall(left, "root", -1, kNoNode);
  NodeIndex a = AddCall(left, "a", 1, root);
  NodeIndex b = AddCall(left, "b", 2, a);
  AddCall(left, "c", 3, b);
  AddCall(left, "d", 4, a);
  AddCall(left, "same", 5, root);
  InliningTree right;
  NodeIndex root2 = AddCall(right, "root", -1, kNoNode);
  AddCall(right, "same", 5, root2);
  NodeIndex e = AddCall(right, "e", 6, root2);
  AddCall(right, "f", 7, e);

  InliningTreeEditPolicy policy(left, right);
  DeltaTree delta = PruneIdentities(MatchTrees(policy));
  EXPECT_THAT(Lines(policy, delta), ElementsAre(". root", " - a", " + e"));
  ExpandDeltaTree(policy, delta);
  EXPECT_THAT(Lines(policy, delta),
              ElementsAre(". root", " - a", "  - b", "   - c", "  - d", " + e", "  + f"));
  // Expanding again changes nothing.
  ExpandDeltaTree(policy, delta);
  EXPECT_EQ(delta.Preorder().size(), 7u);
}

TEST(DeltaTreeTest, MatchPruneAndExpandIsWhatComparisonsPrint) {
  InliningTree left;
  NodeIndex root = AddCall(left, "root", -1, kNoNode);
  NodeIndex a = AddCall(left, "a", 1, root);
  AddCall(left, "b", 2, a);
  AddCall(left, "inner", 7, AddCall(left, "same", 5, root));
  InliningTree right;
  NodeIndex root2 = AddCall(right, "root", -1, kNoNode);
  AddCall(right, "inner", 7, AddCall(right, "same", 5, root2));
  InliningTreeEditPolicy policy(left, right);

  TreeMatch pruned = MatchPruneAndExpand(policy, /*prune=*/true);
  EXPECT_THAT(Lines(policy, pruned.delta), ElementsAre(". root", " - a", "  - b"));
  EXPECT_EQ(pruned.cost, 2);
  // Unpruned, identical subtrees are spelled out.
  TreeMatch whole = MatchPruneAndExpand(policy, /*prune=*/false);
  EXPECT_THAT(Lines(policy, whole.delta),
              ElementsAre(". root", " - a", "  - b", " . same", "  . inner"));
  EXPECT_EQ(whole.cost, 2);
}

// A moved identity (issue 36) marked before pruning is kept like a difference, with the path to
// it; marked after, only the identities left on the way to a difference can be moves.
TEST(DeltaTreeTest, MovedIdentitiesMarkedBeforePruningAreKept) {
  InliningTree left;
  NodeIndex root = AddCall(left, "root", -1, kNoNode);
  NodeIndex outer = AddCall(left, "outer", 3, root);
  AddCall(left, "moved", 9, outer);
  AddCall(left, "stays", 20, root);
  AddCall(left, "gone", 30, root);
  InliningTree right = left;
  right.nodes.pop_back();  // "gone", the last child of the root
  right.node(right.root).children.pop_back();
  InliningTreeEditPolicy policy(left, right);
  // The matcher saw "moved" at experiment 1's bci; say it was at another in experiment 2's log.
  auto moved = [](NodeIndex l, NodeIndex) { return l == 2; };

  TreeMatch kept = tree_matcher_internal::MatchTrees(
      tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(policy),
      /*identical_interiors=*/true);
  MarkMovedIdentities(kept.delta, moved);
  kept.delta = PruneIdentities(kept.delta);
  EXPECT_THAT(Lines(policy, kept.delta), ElementsAre(". root", " . outer", "  > moved", " - gone"));
  EXPECT_EQ(kept.cost, 1);  // a move costs nothing

  DeltaTree pruned = PruneIdentities(MatchTrees(policy));
  MarkMovedIdentities(pruned, moved);
  EXPECT_THAT(Lines(policy, pruned), ElementsAre(". root", " - gone"));
}

TEST(DeltaTreeTest, ExpansionOfAWholeTree) {
  InliningTree empty;
  InliningTree right;
  NodeIndex root = AddCall(right, "root", -1, kNoNode);
  AddCall(right, "x", 1, root);
  InliningTreeEditPolicy policy(empty, right);
  DeltaTree delta = MatchTrees(policy);
  ExpandDeltaTree(policy, delta);
  EXPECT_THAT(Lines(policy, delta), ElementsAre("+ root", " + x"));
}

TEST(DeltaTreeTest, ExpansionOfDeepSubtreeDoesNotRecurse) {
  InliningTree left;
  NodeIndex root = AddCall(left, "root", -1, kNoNode);
  NodeIndex node = root;
  for (int k = 0; k < 100'000; ++k) node = AddCall(left, "n", k, node);
  InliningTree right;
  AddCall(right, "root", -1, kNoNode);
  InliningTreeEditPolicy policy(left, right);
  DeltaTree delta = MatchTrees(policy);
  ExpandDeltaTree(policy, delta);
  std::vector<NodeIndex> order = delta.Preorder();
  ASSERT_EQ(order.size(), 100'001u);
  EXPECT_EQ(delta.nodes[order.back()].depth, 100'000u);
  EXPECT_EQ(delta.nodes[order.back()].kind, DeltaKind::kDeletion);
}

}  // namespace
}  // namespace profdiff
