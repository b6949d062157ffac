#include "profdiff/diff/edit_policies.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

static_assert(HashingTreeEditAdapter<InliningTreeEditPolicy>);
static_assert(HashingTreeEditAdapter<OptimizationTreeEditPolicy>);
static_assert(HashingTreeEditAdapter<OptimizationContextTreeEditPolicy>);

enum class Call { kInlined, kDirect, kIndirect, kDeleted };

NodeIndex AddCall(InliningTree& tree, std::optional<std::string> name, int32_t bci,
                  NodeIndex parent, Call call = Call::kInlined) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  node.bci = bci;
  node.inlined = call == Call::kInlined;
  node.alive = call == Call::kDirect || call == Call::kIndirect;
  node.indirect = call == Call::kIndirect;
  node.reasons = {"some reason"};
  return tree.AddNode(std::move(node), parent);
}

PropertyValue Value(std::string canonical) {
  PropertyValue value;
  value.rendered = canonical;
  value.canonical = std::move(canonical);
  return value;
}

NodeIndex AddPhase(OptimizationTree& tree, std::string name, NodeIndex parent) {
  OptimizationTreeNode node;
  node.is_phase = true;
  node.name = std::move(name);
  return tree.AddNode(std::move(node), parent);
}

NodeIndex AddOptimization(OptimizationTree& tree, std::string name, std::string event,
                          Position position, Properties properties, NodeIndex parent) {
  OptimizationTreeNode node;
  node.name = std::move(name);
  node.event_name = std::move(event);
  node.position = std::move(position);
  node.properties = std::move(properties);
  return tree.AddNode(std::move(node), parent);
}

TEST(InliningTreeEditPolicyTest, EqualityAndRelabelCost) {
  InliningTree left;
  NodeIndex root = AddCall(left, "root()", -1, kNoNode);
  NodeIndex a = AddCall(left, "a()", 3, root);
  NodeIndex unknown = AddCall(left, std::nullopt, 4, root, Call::kIndirect);
  NodeIndex root_like = AddCall(left, "root()", -1, root);  // not the root: kind inlined
  InliningTree right;
  NodeIndex root2 = AddCall(right, "root()", -1, kNoNode);
  NodeIndex a_direct = AddCall(right, "a()", 3, root2, Call::kDirect);
  NodeIndex a_other_bci = AddCall(right, "a()", 5, root2);
  NodeIndex b = AddCall(right, "b()", 3, root2);
  NodeIndex unknown2 = AddCall(right, std::nullopt, 4, root2, Call::kIndirect);
  NodeIndex a_inlined = AddCall(right, "a()", 3, root2);
  right.node(a_inlined).reasons = {"another reason"};  // reasons do not count

  InliningTreeEditPolicy policy(left, right);
  EXPECT_TRUE(policy.Equal(root, root2));
  EXPECT_TRUE(policy.Equal(a, a_inlined));
  EXPECT_EQ(policy.LabelHash(Side::kLeft, a), policy.LabelHash(Side::kRight, a_inlined));
  EXPECT_TRUE(policy.Equal(unknown, unknown2));  // null names are equal
  EXPECT_FALSE(policy.Equal(a, a_direct));
  EXPECT_EQ(policy.RelabelCost(a, a_direct), kUnitCost);
  EXPECT_FALSE(policy.Equal(a, a_other_bci));
  EXPECT_EQ(policy.RelabelCost(a, a_other_bci), kInfiniteCost);
  EXPECT_FALSE(policy.Equal(a, b));
  EXPECT_EQ(policy.RelabelCost(a, b), kInfiniteCost);
  EXPECT_FALSE(policy.Equal(unknown, a_direct));
  EXPECT_EQ(policy.RelabelCost(unknown, a_direct), kInfiniteCost);
  // Root-ness is structural: a root and a non-root with the same fields differ in kind only.
  EXPECT_FALSE(policy.Equal(root_like, root2));
  EXPECT_EQ(policy.RelabelCost(root_like, root2), kUnitCost);
}

TEST(InliningTreeEditPolicyTest, KindChangeIsARelabel) {
  // root -> a() inlined (with callees x, y)   vs   root -> a() direct (not inlined: no callees)
  InliningTree left;
  NodeIndex root = AddCall(left, "root()", -1, kNoNode);
  NodeIndex a = AddCall(left, "a()", 3, root);
  AddCall(left, "x()", 1, a);
  AddCall(left, "y()", 2, a);
  AddCall(left, "z()", 7, root, Call::kDeleted);
  InliningTree right;
  NodeIndex root2 = AddCall(right, "root()", -1, kNoNode);
  AddCall(right, "a()", 3, root2, Call::kDirect);
  AddCall(right, "z()", 7, root2, Call::kDeleted);

  InliningTreeEditPolicy policy(left, right);
  TreeMatch match = MatchTreesWithCost(policy);
  EXPECT_EQ(match.cost, 3);  // relabel + delete x + delete y
  const DeltaTree& delta = match.delta;
  std::vector<DeltaKind> kinds;
  for (NodeIndex node : delta.Preorder()) kinds.push_back(delta.nodes[node].kind);
  EXPECT_THAT(kinds, ElementsAre(DeltaKind::kIdentity, DeltaKind::kRelabel, DeltaKind::kDeletion,
                                 DeltaKind::kDeletion, DeltaKind::kIdentity));
  DeltaTree pruned = PruneIdentities(delta);
  EXPECT_EQ(pruned.Preorder().size(), 4u);
}

TEST(OptimizationTreeEditPolicyTest, Equality) {
  OptimizationTree left;
  NodeIndex root = AddPhase(left, "RootPhase", kNoNode);
  NodeIndex phase = AddPhase(left, "Inlining", root);
  Position position = {{"b()", 4}, {"a()", 2}};
  NodeIndex opt =
      AddOptimization(left, "Canonicalizer", "CanonicalReplacement", position,
                      {{"replacedNodeClass", Value("s1:x")}, {"count", Value("i3;")}}, root);
  OptimizationTree right;
  NodeIndex root2 = AddPhase(right, "RootPhase", kNoNode);
  NodeIndex phase2 = AddPhase(right, "Inlining", root2);
  AddOptimization(right, "Inner", "Event", {}, {}, phase2);  // children do not matter for phases
  NodeIndex other_phase = AddPhase(right, "Other", root2);
  NodeIndex same = AddOptimization(
      right, "Canonicalizer", "CanonicalReplacement", position,
      {{"count", Value("i3;")}, {"replacedNodeClass", Value("s1:x")}},  // key order irrelevant
      root2);
  NodeIndex other_value =
      AddOptimization(right, "Canonicalizer", "CanonicalReplacement", position,
                      {{"count", Value("l3;")}, {"replacedNodeClass", Value("s1:x")}}, root2);
  NodeIndex fewer = AddOptimization(right, "Canonicalizer", "CanonicalReplacement", position,
                                    {{"count", Value("i3;")}}, root2);
  NodeIndex other_key = AddOptimization(right, "Canonicalizer", "CanonicalReplacement", position,
                                        {{"count", Value("i3;")}, {"other", Value("s1:x")}}, root2);
  NodeIndex reversed_position =
      AddOptimization(right, "Canonicalizer", "CanonicalReplacement", {{"a()", 2}, {"b()", 4}},
                      {{"count", Value("i3;")}, {"replacedNodeClass", Value("s1:x")}}, root2);
  NodeIndex other_event =
      AddOptimization(right, "Canonicalizer", "Other", position,
                      {{"count", Value("i3;")}, {"replacedNodeClass", Value("s1:x")}}, root2);
  NodeIndex named_like_phase = AddOptimization(right, "Inlining", "", {}, {}, root2);

  OptimizationTreeEditPolicy policy(left, right);
  EXPECT_TRUE(policy.Equal(root, root2));
  EXPECT_TRUE(policy.Equal(phase, phase2));
  EXPECT_FALSE(policy.Equal(phase, other_phase));
  EXPECT_FALSE(policy.Equal(phase, named_like_phase));
  EXPECT_TRUE(policy.Equal(opt, same));
  EXPECT_EQ(policy.LabelHash(Side::kLeft, opt), policy.LabelHash(Side::kRight, same));
  EXPECT_FALSE(policy.Equal(opt, other_value));
  EXPECT_FALSE(policy.Equal(opt, fewer));
  EXPECT_FALSE(policy.Equal(opt, other_key));
  EXPECT_FALSE(policy.Equal(opt, reversed_position));
  EXPECT_FALSE(policy.Equal(opt, other_event));
  EXPECT_FALSE(policy.Equal(opt, phase2));
  EXPECT_EQ(policy.RelabelCost(phase, other_phase), kInfiniteCost);
  EXPECT_EQ(policy.RelabelCost(opt, other_value), kInfiniteCost);
}

TEST(OptimizationTreeEditPolicyTest, ObjectValuesCompareByValue) {
  OptimizationTree left;
  NodeIndex root = AddPhase(left, "RootPhase", kNoNode);
  NodeIndex opt = AddOptimization(left, "O", "E", {}, {{"map", Value("{1:ai1;1:bi2;}")}}, root);
  OptimizationTree right;
  NodeIndex root2 = AddPhase(right, "RootPhase", kNoNode);
  NodeIndex same = AddOptimization(right, "O", "E", {}, {{"map", Value("{1:ai1;1:bi2;}")}}, root2);
  NodeIndex swapped =
      AddOptimization(right, "O", "E", {}, {{"map", Value("{1:bi2;1:ai1;}")}}, root2);
  OptimizationTreeEditPolicy policy(left, right);
  EXPECT_TRUE(policy.Equal(opt, same));
  EXPECT_FALSE(policy.Equal(opt, swapped));
}

TEST(OptimizationTreeEditPolicyTest, UnequalOptimizationsAreNeverMatched) {
  OptimizationTree left;
  NodeIndex root = AddPhase(left, "RootPhase", kNoNode);
  NodeIndex phase = AddPhase(left, "P", root);
  AddOptimization(left, "O", "E", {{"a()", 1}}, {{"k", Value("i1;")}}, phase);
  AddOptimization(left, "Keep", "E", {{"a()", 2}}, {}, phase);
  OptimizationTree right;
  NodeIndex root2 = AddPhase(right, "RootPhase", kNoNode);
  NodeIndex phase2 = AddPhase(right, "P", root2);
  AddOptimization(right, "O", "E", {{"a()", 1}}, {{"k", Value("i2;")}}, phase2);
  AddOptimization(right, "Keep", "E", {{"a()", 2}}, {}, phase2);

  OptimizationTreeEditPolicy policy(left, right);
  TreeMatch match = MatchTreesWithCost(policy);
  EXPECT_EQ(match.cost, 2);
  std::vector<std::pair<DeltaKind, uint32_t>> ops;
  for (NodeIndex node : match.delta.Preorder()) {
    ops.emplace_back(match.delta.nodes[node].kind, match.delta.nodes[node].depth);
  }
  EXPECT_THAT(ops,
              ElementsAre(std::pair(DeltaKind::kIdentity, 0u), std::pair(DeltaKind::kIdentity, 1u),
                          std::pair(DeltaKind::kDeletion, 2u), std::pair(DeltaKind::kInsertion, 2u),
                          std::pair(DeltaKind::kIdentity, 2u)));

  // Different root phases: a relabel at the root only.
  OptimizationTree other_root;
  NodeIndex r = AddPhase(other_root, "Other", kNoNode);
  NodeIndex p = AddPhase(other_root, "P", r);
  AddOptimization(other_root, "Keep", "E", {{"a()", 2}}, {}, p);
  OptimizationTreeEditPolicy relabel(left, other_root);
  match = MatchTreesWithCost(relabel);
  EXPECT_EQ(match.cost, kInfiniteCost + 1);
  EXPECT_EQ(match.delta.nodes[match.delta.root].kind, DeltaKind::kRelabel);
}

// Two small OCTs built by hand (as §10.3 would build them) over their own trees.
struct OctFixture {
  InliningTree inlining;
  OptimizationTree optimizations;
  OptimizationContextTree oct;

  NodeIndex AddOct(OctNode::Kind kind, NodeIndex ref, std::string text, NodeIndex parent) {
    NodeIndex index = static_cast<NodeIndex>(oct.nodes.size());
    OctNode node;
    node.kind = kind;
    node.ref = ref;
    node.text = std::move(text);
    node.parent = parent;
    oct.nodes.push_back(std::move(node));
    if (parent == kNoNode) {
      oct.root = index;
    } else {
      oct.nodes[parent].children.push_back(index);
    }
    return index;
  }

  // root info -> [inlining root -> [warning?, optimization(k), a() at bci 3 (kind)]]
  OctFixture(int32_t k, Call a_call, bool warning) {
    oct.inlining_tree = &inlining;
    oct.optimization_tree = &optimizations;
    NodeIndex iroot = AddCall(inlining, "root()", -1, kNoNode);
    NodeIndex a = AddCall(inlining, "a()", 3, iroot, a_call);
    NodeIndex oroot = AddPhase(optimizations, "RootPhase", kNoNode);
    NodeIndex opt = AddOptimization(optimizations, "O", "E", {{"root()", 5}},
                                    {{"k", Value("i" + std::to_string(k) + ";")}}, oroot);
    NodeIndex root = AddOct(OctNode::Kind::kInfo, kNoNode, kOctRootText, kNoNode);
    NodeIndex method = AddOct(OctNode::Kind::kInlining, iroot, "", root);
    if (warning) AddOct(OctNode::Kind::kInfo, kNoNode, kDuplicatePathWarning, method);
    AddOct(OctNode::Kind::kOptimization, opt, "", method);
    AddOct(OctNode::Kind::kInlining, a, "", method);
  }
};

TEST(OptimizationContextTreeEditPolicyTest, EqualityByNodeKind) {
  OctFixture left(1, Call::kInlined, true);
  OctFixture right(1, Call::kDirect, true);
  OptimizationContextTreeEditPolicy policy(left.oct, right.oct);
  // 0 root info, 1 inlining root, 2 warning, 3 optimization, 4 a()
  EXPECT_TRUE(policy.Equal(0, 0));
  EXPECT_TRUE(policy.Equal(1, 1));
  EXPECT_TRUE(policy.Equal(2, 2));
  EXPECT_TRUE(policy.Equal(3, 3));
  EXPECT_FALSE(policy.Equal(4, 4));
  EXPECT_EQ(policy.RelabelCost(4, 4), kUnitCost);  // kind computed in each inlining tree
  EXPECT_FALSE(policy.Equal(0, 2));                // different texts
  EXPECT_EQ(policy.RelabelCost(0, 2), kInfiniteCost);
  EXPECT_FALSE(policy.Equal(1, 3));
  EXPECT_EQ(policy.RelabelCost(1, 3), kInfiniteCost);
  EXPECT_FALSE(policy.Equal(0, 1));
  EXPECT_EQ(policy.RelabelCost(0, 1), kInfiniteCost);
  EXPECT_EQ(policy.LabelHash(Side::kLeft, 3), policy.LabelHash(Side::kRight, 3));
}

TEST(OptimizationContextTreeEditPolicyTest, MatchingAndPruningKeepWarningsAsContext) {
  OctFixture left(1, Call::kInlined, true);
  OctFixture right(2, Call::kInlined, true);
  OptimizationContextTreeEditPolicy policy(left.oct, right.oct);
  TreeMatch match = MatchTreesWithCost(policy);
  EXPECT_EQ(match.cost, 2);
  auto is_info = [&](const DeltaNode& node) { return policy.IsInfoNode(node); };
  DeltaTree pruned = PruneIdentities(match.delta, is_info);
  std::vector<std::pair<DeltaKind, NodeIndex>> ops;
  for (NodeIndex node : pruned.Preorder()) {
    const DeltaNode& n = pruned.nodes[node];
    ops.emplace_back(n.kind, n.kind == DeltaKind::kInsertion ? n.right : n.left);
  }
  // The warning (2) is kept under the alive inlining root; a() (4) is pruned.
  EXPECT_THAT(ops,
              ElementsAre(std::pair(DeltaKind::kIdentity, 0u), std::pair(DeltaKind::kIdentity, 1u),
                          std::pair(DeltaKind::kIdentity, 2u), std::pair(DeltaKind::kDeletion, 3u),
                          std::pair(DeltaKind::kInsertion, 3u)));
  EXPECT_TRUE(policy.IsInfoNode(pruned.nodes[pruned.root]));
  EXPECT_FALSE(policy.IsInfoNode(pruned.nodes[1]));

  // Identical trees: everything is pruned, the info root included.
  OctFixture same(1, Call::kInlined, true);
  OptimizationContextTreeEditPolicy identical(left.oct, same.oct);
  EXPECT_EQ(TreeEditDistance(identical), 0);
  EXPECT_TRUE(PruneIdentities(MatchTrees(identical), [&](const DeltaNode& node) {
                return identical.IsInfoNode(node);
              }).empty());

  // A warning only on one side is a change of its own.
  OctFixture no_warning(1, Call::kInlined, false);
  OptimizationContextTreeEditPolicy warning_gone(left.oct, no_warning.oct);
  match = MatchTreesWithCost(warning_gone);
  EXPECT_EQ(match.cost, 1);
  DeltaTree only_warning = PruneIdentities(
      match.delta, [&](const DeltaNode& node) { return warning_gone.IsInfoNode(node); });
  ASSERT_EQ(only_warning.Preorder().size(), 3u);
  EXPECT_EQ(only_warning.nodes[only_warning.Preorder()[2]].kind, DeltaKind::kDeletion);
}

}  // namespace
}  // namespace profdiff
