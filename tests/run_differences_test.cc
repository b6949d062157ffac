#include "commands/run_differences.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "node_labels.h"

namespace profdiff {
namespace {

// An optimization at {method: bci} with properties (key, JSON value) in the given order.
NodeLabel Optimization(TreeRecord* tree, std::string_view name, int32_t bci,
                       std::vector<std::pair<std::string_view, std::string_view>> properties = {}) {
  NodeLabel label;
  label.kind = LabelKind::kOptimization;
  label.name = name;
  label.event = "Event";
  label.bci = bci;
  label.position.begin = static_cast<uint32_t>(tree->positions.size());
  tree->positions.push_back({"a.Root.run()", bci});
  label.position.end = static_cast<uint32_t>(tree->positions.size());
  label.properties.begin = static_cast<uint32_t>(tree->properties.size());
  for (auto [key, json] : properties) tree->properties.push_back({key, json, json});
  label.properties.end = static_cast<uint32_t>(tree->properties.size());
  return label;
}

void Add(TreeRecord* tree, int32_t depth, NodeOp op, NodeLabel left, NodeLabel right = {}) {
  NodeRecord& node = tree->nodes.emplace_back();
  node.depth = depth;
  node.op = op;
  node.left = left;
  node.right = op == NodeOp::kIdentity && right.name.empty() ? left : right;
}

// An inlining delta tree: root . A@3 with, below A, the given operation on B@5.
TreeRecord InliningDelta(NodeOp op, std::string_view b_left_kind = "inlined",
                         std::string_view b_right_kind = "direct") {
  TreeRecord tree;
  tree.Clear(TreeKind::kInlining, /*is_delta=*/true);
  Add(&tree, 0, NodeOp::kIdentity, test::InliningLabel("root", "a.Root.run()", -1));
  Add(&tree, 1, NodeOp::kIdentity, test::InliningLabel("inlined", "a.A.f()", 3));
  Add(&tree, 2, op, test::InliningLabel(b_left_kind, "a.B.g()", 5),
      test::InliningLabel(b_right_kind, "a.B.g()", 5));
  return tree;
}

TEST(PairDifferencesTest, InliningPathGoesFromBelowTheRootToTheNodeItself) {
  TreeRecord tree = InliningDelta(NodeOp::kRelabel);
  PairDifferences pair;
  pair.Collect(tree);
  ASSERT_EQ(pair.found().size(), 1u);
  std::vector<PathStepRecord> path;
  pair.Path(pair.found()[0], &path);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[0].name, "a.A.f()");
  EXPECT_EQ(path[0].bci, 3);
  EXPECT_FALSE(path[0].phase);
  EXPECT_EQ(path[1].name, "a.B.g()");
  EXPECT_EQ(path[1].bci, 5);
  EXPECT_TRUE(pair.compared(TreeKind::kInlining));
  EXPECT_FALSE(pair.compared(TreeKind::kOptimization));
}

TEST(PairDifferencesTest, OptimizationPathIsItsPhasesBelowTheRoot) {
  TreeRecord tree;
  tree.Clear(TreeKind::kOptimization, true);
  Add(&tree, 0, NodeOp::kIdentity, test::PhaseLabel("RootPhase"));
  Add(&tree, 1, NodeOp::kIdentity, test::PhaseLabel("HighTier"));
  Add(&tree, 2, NodeOp::kInsert, {}, test::PhaseLabel("LoopPeelingPhase"));  // phases are context
  Add(&tree, 3, NodeOp::kInsert, {}, Optimization(&tree, "LoopPeeling", 7));
  Add(&tree, 2, NodeOp::kDelete, Optimization(&tree, "Canonicalizer", 2));
  PairDifferences pair;
  pair.Collect(tree);
  ASSERT_EQ(pair.found().size(), 2u);
  std::vector<PathStepRecord> path;
  pair.Path(pair.found()[0], &path);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_TRUE(path[0].phase);
  EXPECT_EQ(path[0].name, "HighTier");
  EXPECT_EQ(path[1].name, "LoopPeelingPhase");
  pair.Path(pair.found()[1], &path);
  ASSERT_EQ(path.size(), 1u);
  EXPECT_EQ(path[0].name, "HighTier");
}

TEST(PairDifferencesTest, TheSameDifferenceHasTheSameKeyInEveryPair) {
  TreeRecord one = InliningDelta(NodeOp::kRelabel);
  TreeRecord two = InliningDelta(NodeOp::kRelabel);
  // The inliner's reasons vary from run to run: they are not part of the identity.
  two.reasons.push_back("relevance-based (relevance=1.5)");
  two.nodes[2].left.reasons_shown = true;
  two.nodes[2].left.reasons = {0, 1};
  PairDifferences a, b;
  a.Collect(one);
  b.Collect(two);
  EXPECT_EQ(a.found()[0].key, b.found()[0].key);
  // Another path, another callsite kind, another operation: other differences.
  TreeRecord moved = InliningDelta(NodeOp::kRelabel);
  moved.nodes[1].left.bci = moved.nodes[1].right.bci = 4;
  TreeRecord kind = InliningDelta(NodeOp::kRelabel, "inlined", "deleted");
  TreeRecord deleted = InliningDelta(NodeOp::kDelete);
  for (TreeRecord* other : {&moved, &kind, &deleted}) {
    PairDifferences c;
    c.Collect(*other);
    EXPECT_FALSE(c.found()[0].key == a.found()[0].key);
  }
}

TEST(PairDifferencesTest, PropertiesAreComparedWhateverTheirOrder) {
  TreeRecord one, two, three;
  for (TreeRecord* tree : {&one, &two, &three}) {
    tree->Clear(TreeKind::kOptimization, true);
    Add(tree, 0, NodeOp::kIdentity, test::PhaseLabel("RootPhase"));
  }
  Add(&one, 1, NodeOp::kDelete, Optimization(&one, "X", 1, {{"a", "1"}, {"b", "\"s\""}}));
  Add(&two, 1, NodeOp::kDelete, Optimization(&two, "X", 1, {{"b", "\"s\""}, {"a", "1"}}));
  Add(&three, 1, NodeOp::kDelete, Optimization(&three, "X", 1, {{"a", "2"}, {"b", "\"s\""}}));
  PairDifferences a, b, c;
  a.Collect(one);
  b.Collect(two);
  c.Collect(three);
  EXPECT_EQ(a.found()[0].key, b.found()[0].key);
  EXPECT_FALSE(a.found()[0].key == c.found()[0].key);
}

TEST(PairDifferencesTest, TheMirrorIsTheDifferenceSeenFromTheOtherSide) {
  TreeRecord inserted = InliningDelta(NodeOp::kInsert, "", "inlined");
  TreeRecord deleted = InliningDelta(NodeOp::kDelete, "inlined", "");
  PairDifferences a, b;
  a.Collect(inserted);
  b.Collect(deleted);
  EXPECT_EQ(a.found()[0].mirror, b.found()[0].key);
  EXPECT_EQ(b.found()[0].mirror, a.found()[0].key);
  TreeRecord forth = InliningDelta(NodeOp::kRelabel, "inlined", "direct");
  TreeRecord back = InliningDelta(NodeOp::kRelabel, "direct", "inlined");
  PairDifferences c, d;
  c.Collect(forth);
  d.Collect(back);
  EXPECT_EQ(c.found()[0].mirror, d.found()[0].key);
}

TEST(PairDifferencesTest, ATreeTooBigToCompareIsNotCompared) {
  TreeRecord tree;
  tree.Clear(TreeKind::kOptimization, true);
  tree.too_big = true;
  PairDifferences pair;
  pair.Collect(tree);
  EXPECT_FALSE(pair.compared(TreeKind::kOptimization));
  EXPECT_TRUE(pair.found().empty());
}

RunsMethodRecord Finish(DifferenceSupport& support, double stable_share = 0.8,
                        double noise_share = 0.2, bool unconfirmed = false) {
  RunsOptions options;
  options.stable_share = stable_share;
  options.noise_share = noise_share;
  RunsMethodRecord record;
  support.Finish(options, unconfirmed, &record);
  return record;
}

TEST(DifferenceSupportTest, StableWhenInEnoughCrossPairsAndFewSameSidePairs) {
  TreeRecord changed = InliningDelta(NodeOp::kRelabel);
  TreeRecord same;  // no differences
  same.Clear(TreeKind::kInlining, true);
  PairDifferences with, without;
  with.Collect(changed);
  without.Collect(same);
  DifferenceSupport support;
  for (int i = 0; i < 4; ++i) support.AddCrossPair(with);
  support.AddCrossPair(without);  // 4 of 5 cross pairs: 0.8
  for (int i = 0; i < 4; ++i) support.AddWithinPair(without);
  support.AddWithinPair(with);  // 1 of 5 same-side pairs: 0.2
  RunsMethodRecord record = Finish(support);
  ASSERT_EQ(record.stable.size(), 1u);
  EXPECT_TRUE(record.noise.empty());
  const DifferenceRecord& d = record.stable[0];
  EXPECT_EQ(d.cross, 4);
  EXPECT_EQ(d.cross_pairs, 5);
  EXPECT_EQ(d.within, 1);
  EXPECT_EQ(d.within_pairs, 5);
  EXPECT_EQ(d.node.op, NodeOp::kRelabel);
  EXPECT_EQ(d.node.left.callsite, "inlined");
  EXPECT_EQ(d.node.right.callsite, "direct");
  ASSERT_EQ(d.path.size(), 2u);
  EXPECT_EQ(record.path_steps[d.path.begin + 1].name, "a.B.g()");
}

TEST(DifferenceSupportTest, ThresholdsDecide) {
  TreeRecord changed = InliningDelta(NodeOp::kRelabel);
  TreeRecord same;
  same.Clear(TreeKind::kInlining, true);
  auto support_of = [&](int cross_with, int cross_without, int within_with, int within_without) {
    PairDifferences with, without;
    with.Collect(changed);
    without.Collect(same);
    auto support = std::make_unique<DifferenceSupport>();
    for (int i = 0; i < cross_with; ++i) support->AddCrossPair(with);
    for (int i = 0; i < cross_without; ++i) support->AddCrossPair(without);
    for (int i = 0; i < within_with; ++i) support->AddWithinPair(with);
    for (int i = 0; i < within_without; ++i) support->AddWithinPair(without);
    return support;
  };
  EXPECT_EQ(Finish(*support_of(4, 1, 0, 4), 0.81).stable.size(), 0u);
  EXPECT_EQ(Finish(*support_of(4, 1, 0, 4), 0.81).noise.size(), 1u);
  EXPECT_EQ(Finish(*support_of(5, 0, 2, 3), 0.8, 0.2).stable.size(), 0u);  // 2 of 5 same-side
  EXPECT_EQ(Finish(*support_of(5, 0, 2, 3), 0.8, 0.4).stable.size(), 1u);
  // Unconfirmed: nothing is stable.
  EXPECT_EQ(Finish(*support_of(5, 0, 0, 3), 0.8, 0.2, true).stable.size(), 0u);
  EXPECT_EQ(Finish(*support_of(5, 0, 0, 3), 0.8, 0.2, true).noise.size(), 1u);
  // No same-side pair at all: the noise is unknown, nothing is stable.
  EXPECT_EQ(Finish(*support_of(5, 0, 0, 0)).stable.size(), 0u);
}

TEST(DifferenceSupportTest, SameSidePairsCountADifferenceInEitherDirection) {
  TreeRecord inserted = InliningDelta(NodeOp::kInsert, "", "inlined");
  TreeRecord deleted = InliningDelta(NodeOp::kDelete, "inlined", "");
  PairDifferences plus, minus;
  plus.Collect(inserted);
  minus.Collect(deleted);
  DifferenceSupport support;
  support.AddCrossPair(plus);
  support.AddWithinPair(plus);
  support.AddWithinPair(minus);
  RunsMethodRecord record = Finish(support, 0.5, 1);
  ASSERT_EQ(record.stable.size(), 1u);
  EXPECT_EQ(record.stable[0].within, 2);
}

TEST(DifferenceSupportTest, ADifferenceCountsOncePerPair) {
  TreeRecord twice = InliningDelta(NodeOp::kRelabel);
  twice.nodes.push_back(twice.nodes[2]);
  PairDifferences pair;
  pair.Collect(twice);
  ASSERT_EQ(pair.found().size(), 2u);
  DifferenceSupport support;
  support.AddCrossPair(pair);
  RunsMethodRecord record = Finish(support);
  ASSERT_EQ(record.noise.size(), 1u);
  EXPECT_EQ(record.noise[0].cross, 1);
}

TEST(DifferenceSupportTest, DifferencesInTreeOrderThenBelowTheirPaths) {
  // First pair: differences under A@3 and C@9; a later pair adds one under A@3.
  TreeRecord first;
  first.Clear(TreeKind::kInlining, true);
  Add(&first, 0, NodeOp::kIdentity, test::InliningLabel("root", "r()", -1));
  Add(&first, 1, NodeOp::kIdentity, test::InliningLabel("inlined", "A()", 3));
  Add(&first, 2, NodeOp::kInsert, {}, test::InliningLabel("direct", "B()", 5));
  Add(&first, 1, NodeOp::kDelete, test::InliningLabel("inlined", "C()", 9));
  Add(&first, 2, NodeOp::kDelete, test::InliningLabel("direct", "D()", 1));
  TreeRecord later;
  later.Clear(TreeKind::kInlining, true);
  Add(&later, 0, NodeOp::kIdentity, test::InliningLabel("root", "r()", -1));
  Add(&later, 1, NodeOp::kIdentity, test::InliningLabel("inlined", "A()", 3));
  Add(&later, 2, NodeOp::kInsert, {}, test::InliningLabel("direct", "E()", 7));
  PairDifferences a, b;
  a.Collect(first);
  b.Collect(later);
  DifferenceSupport support;
  support.AddCrossPair(a);
  support.AddCrossPair(b);
  RunsMethodRecord record = Finish(support, 0.5, 1);
  std::vector<std::string> names;
  for (const DifferenceRecord& d : record.noise) {
    names.emplace_back(d.node.op == NodeOp::kInsert ? d.node.right.name : d.node.left.name);
  }
  for (const DifferenceRecord& d : record.stable) {
    names.emplace_back(d.node.op == NodeOp::kInsert ? d.node.right.name : d.node.left.name);
  }
  // All have 1 of 2 cross pairs and no same-side pair: noise, in this order.
  EXPECT_EQ(names, (std::vector<std::string>{"B()", "E()", "C()", "D()"}));
}

TEST(CopyLabelTest, CopiesTheItemsItsRangesReferTo) {
  TreeRecord from;
  from.reasons = {"x", "first", "second"};
  NodeLabel label = Optimization(&from, "X", 4, {{"k", "1"}});
  label.reasons = {1, 3};
  TreeRecord to;
  to.reasons.push_back("already there");
  NodeLabel copy = CopyLabel(from, label, &to);
  ASSERT_EQ(copy.reasons.size(), 2u);
  EXPECT_EQ(to.reasons[copy.reasons.begin], "first");
  EXPECT_EQ(to.positions[copy.position.begin].method, "a.Root.run()");
  EXPECT_EQ(to.properties[copy.properties.begin].key, "k");
}

}  // namespace
}  // namespace profdiff
