// Preprocessing of trees (algorithms.md §7): inlining sort, detailed-phase removal, sorting of
// unordered phases with the optimization, position and property comparators.

#include "profdiff/analysis/tree_preprocessing.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "test_util.h"

namespace profdiff {
namespace {

using test::AddInlining;
using test::AddOptimization;
using test::AddPhase;
using test::InliningSpec;
using test::Prop;

int Sign(int x) { return (x > 0) - (x < 0); }

InliningTreeNode Inl(std::optional<std::string> name, int32_t bci, bool inlined = false,
                     bool alive = false, std::vector<std::string> reasons = {}) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  node.bci = bci;
  node.inlined = inlined;
  node.alive = alive;
  node.reasons = std::move(reasons);
  return node;
}

OptimizationTreeNode Opt(std::string name, std::string event, Position position = {},
                         Properties properties = {}) {
  OptimizationTreeNode node;
  node.name = std::move(name);
  node.event_name = std::move(event);
  node.position = std::move(position);
  node.properties = std::move(properties);
  return node;
}

OptimizationTreeNode Phase(std::string name) {
  OptimizationTreeNode node;
  node.is_phase = true;
  node.name = std::move(name);
  return node;
}

// Names of the children of `node` (optimizations as "name event").
std::vector<std::string> ChildNames(const OptimizationTree& tree, NodeIndex node) {
  std::vector<std::string> names;
  for (NodeIndex c : tree.node(node).children) {
    const OptimizationTreeNode& child = tree.node(c);
    names.push_back(child.is_phase ? child.name.str()
                                   : child.name.str() + " " + child.event_name.str());
  }
  return names;
}

// --- §7.1 inlining comparator --------------------------------------------------------------------

TEST(CompareInliningNodesTest, BciAscendingFirst) {
  EXPECT_LT(CompareInliningNodes(Inl("z", 3), Inl("a", 5)), 0);
  EXPECT_GT(CompareInliningNodes(Inl("a", 5), Inl("z", 3, true, true, {"r"})), 0);
  EXPECT_LT(CompareInliningNodes(Inl("a", -1), Inl("a", 0)), 0);
}

TEST(CompareInliningNodesTest, BciUsesInt32Subtraction) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  // MIN - 1 wraps to a positive value: MIN sorts after 1.
  EXPECT_GT(CompareInliningNodes(Inl("a", kMin), Inl("a", 1)), 0);
  EXPECT_LT(CompareInliningNodes(Inl("a", kMax), Inl("a", -1)), 0);
}

TEST(CompareInliningNodesTest, NullNameFirstThenStringOrder) {
  EXPECT_LT(CompareInliningNodes(Inl(std::nullopt, 4), Inl("a", 4)), 0);
  EXPECT_GT(CompareInliningNodes(Inl("a", 4), Inl(std::nullopt, 4)), 0);
  EXPECT_EQ(CompareInliningNodes(Inl(std::nullopt, 4), Inl(std::nullopt, 4)), 0);
  EXPECT_LT(CompareInliningNodes(Inl("a.A.m()", 4), Inl("a.B.m()", 4)), 0);
  // Java order: a supplementary character sorts before U+E000.
  EXPECT_LT(CompareInliningNodes(Inl("\xF0\x9F\x98\x80", 4), Inl("\xEE\x80\x80", 4)), 0);
}

TEST(CompareInliningNodesTest, NullNameBeforeSmallerBciIsNotConsidered) {
  EXPECT_GT(CompareInliningNodes(Inl(std::nullopt, 5), Inl("a", 4)), 0);
}

TEST(CompareInliningNodesTest, InlinedFirstThenAliveFirstThenMoreReasonsFirst) {
  EXPECT_LT(CompareInliningNodes(Inl("a", 1, true), Inl("a", 1, false, true, {"x", "y"})), 0);
  EXPECT_GT(CompareInliningNodes(Inl("a", 1, false, true), Inl("a", 1, true)), 0);
  EXPECT_LT(CompareInliningNodes(Inl("a", 1, false, true), Inl("a", 1, false, false, {"x"})), 0);
  EXPECT_LT(
      CompareInliningNodes(Inl("a", 1, false, false, {"x", "y"}), Inl("a", 1, false, false, {"x"})),
      0);
  EXPECT_GT(CompareInliningNodes(Inl("a", 1, true, false, {}), Inl("a", 1, true, false, {"r"})), 0);
  EXPECT_EQ(CompareInliningNodes(Inl("a", 1, true, false, {"p"}), Inl("a", 1, true, false, {"q"})),
            0);
}

TEST(SortInliningTreeTest, SortsEveryLevelStably) {
  InliningTree tree;
  NodeIndex root = AddInlining(tree, kNoNode, {"r()", -1, true});
  NodeIndex c9 = AddInlining(tree, root, {"c()", 9});
  NodeIndex tie1 = AddInlining(tree, root, {"b()", 2, false, false, false, {"first"}});
  NodeIndex a2 = AddInlining(tree, root, {"a()", 2});
  NodeIndex tie2 = AddInlining(tree, root, {"b()", 2, false, false, false, {"second"}});
  NodeIndex null2 = AddInlining(tree, root, {std::nullopt, 2});
  NodeIndex g7 = AddInlining(tree, c9, {"g()", 7});
  NodeIndex g1 = AddInlining(tree, c9, {"g()", 1});
  SortInliningTree(tree);
  EXPECT_EQ(tree.node(root).children, (ChildList{null2, a2, tie1, tie2, c9}));
  EXPECT_EQ(tree.node(c9).children, (ChildList{g1, g7}));
}

TEST(SortInliningTreeTest, PreprocessingHonoursTheOption) {
  InliningTree tree;
  NodeIndex root = AddInlining(tree, kNoNode, {"r()", -1, true});
  NodeIndex b = AddInlining(tree, root, {"b()", 9});
  NodeIndex a = AddInlining(tree, root, {"a()", 1});
  Options options;
  options.sort_inlining_tree = false;
  PreprocessInliningTree(tree, options);
  EXPECT_EQ(tree.node(root).children, (ChildList{b, a}));
  options.sort_inlining_tree = true;
  PreprocessInliningTree(tree, options);
  EXPECT_EQ(tree.node(root).children, (ChildList{a, b}));
}

// --- §7.2 step 1: detailed phases ----------------------------------------------------------------

TEST(RemoveDetailedPhasesTest, RemovesSuffixMatchingPhasesWithTheirSubtrees) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
  NodeIndex high = AddPhase(tree, root, "HighTier");
  NodeIndex canon = AddPhase(tree, high, "CanonicalizerPhase");
  AddOptimization(tree, canon, "Canonicalizer", "Replace", {{"m()", 1}});
  NodeIndex inner = AddPhase(tree, canon, "Nested");
  AddOptimization(tree, inner, "Deep", "E");
  AddPhase(tree, high, "IncrementalCanonicalizerPhase");
  AddPhase(tree, high, "CanonicalizerPhaseX");  // no suffix match: kept
  AddOptimization(tree, high, "CanonicalizerPhase", "NotAPhase");
  NodeIndex dce = AddPhase(tree, root, "DeadCodeEliminationPhase");
  AddOptimization(tree, dce, "Dead", "Removed");
  AddPhase(tree, root, "LowTier");
  RemoveDetailedPhases(tree);
  EXPECT_EQ(tree.Preorder().size(), 5u);  // RootPhase, HighTier, 2 children, LowTier
  EXPECT_EQ(ChildNames(tree, tree.root), (std::vector<std::string>{"HighTier", "LowTier"}));
  NodeIndex new_high = tree.node(tree.root).children[0];
  EXPECT_EQ(ChildNames(tree, new_high),
            (std::vector<std::string>{"CanonicalizerPhaseX", "CanonicalizerPhase NotAPhase"}));
}

TEST(RemoveDetailedPhasesTest, RootIsNeverRemoved) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "CanonicalizerPhase");
  AddOptimization(tree, root, "A", "B");
  AddPhase(tree, root, "SomeDeadCodeEliminationPhase");
  RemoveDetailedPhases(tree);
  ASSERT_FALSE(tree.empty());
  EXPECT_EQ(tree.node(tree.root).name, "CanonicalizerPhase");
  EXPECT_EQ(ChildNames(tree, tree.root), (std::vector<std::string>{"A B"}));
}

TEST(RemoveDetailedPhasesTest, PreprocessingHonoursTheOption) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
  AddPhase(tree, root, "CanonicalizerPhase");
  Options options;
  options.remove_detailed_phases = false;
  PreprocessOptimizationTree(tree, options);
  EXPECT_EQ(ChildNames(tree, tree.root), (std::vector<std::string>{"CanonicalizerPhase"}));
  options.remove_detailed_phases = true;
  PreprocessOptimizationTree(tree, options);
  EXPECT_TRUE(tree.node(tree.root).children.empty());
}

// --- §7.2 step 2: unordered phases ---------------------------------------------------------------

class UnorderedSuffixTest : public testing::TestWithParam<std::string> {};

TEST_P(UnorderedSuffixTest, ChildrenOfMatchingPhasesAreSorted) {
  for (const std::string& name : {GetParam(), "Iterative" + GetParam()}) {
    OptimizationTree tree;
    NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
    NodeIndex phase = AddPhase(tree, root, name);
    AddOptimization(tree, phase, "B", "e");
    AddOptimization(tree, phase, "A", "e");
    SortUnorderedPhases(tree);
    EXPECT_EQ(ChildNames(tree, phase), (std::vector<std::string>{"A e", "B e"})) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSuffixes, UnorderedSuffixTest,
                         testing::Values("CanonicalizerPhase", "DeadCodeEliminationPhase",
                                         "PartialEscapePhase", "FloatingReadPhase",
                                         "UseTrappingNullChecksPhase", "ReassociationPhase",
                                         "ConvertDeoptimizeToGuardPhase",
                                         "ConditionalEliminationPhase"));

TEST(SortUnorderedPhasesTest, OtherPhasesKeepLogOrder) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
  NodeIndex phase = AddPhase(tree, root, "LoopPeelingPhase");
  AddOptimization(tree, phase, "B", "e");
  AddOptimization(tree, phase, "A", "e");
  NodeIndex suffix_inside = AddPhase(tree, root, "ConditionalEliminationPhaseX");
  AddOptimization(tree, suffix_inside, "B", "e");
  AddOptimization(tree, suffix_inside, "A", "e");
  SortUnorderedPhases(tree);
  EXPECT_EQ(ChildNames(tree, phase), (std::vector<std::string>{"B e", "A e"}));
  EXPECT_EQ(ChildNames(tree, suffix_inside), (std::vector<std::string>{"B e", "A e"}));
}

TEST(SortUnorderedPhasesTest, OnlyDirectChildrenAreSorted) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "CanonicalizerPhase");  // the root counts too
  NodeIndex z = AddPhase(tree, root, "ZPhase");
  AddOptimization(tree, z, "B", "e");
  AddOptimization(tree, z, "A", "e");
  AddPhase(tree, root, "APhase");
  AddOptimization(tree, root, "Opt", "e");
  SortUnorderedPhases(tree);
  EXPECT_EQ(ChildNames(tree, root), (std::vector<std::string>{"Opt e", "APhase", "ZPhase"}));
  EXPECT_EQ(ChildNames(tree, z), (std::vector<std::string>{"B e", "A e"}));
}

TEST(SortUnorderedPhasesTest, NestedMatchingPhasesAreSortedAtEveryDepth) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
  NodeIndex outer = AddPhase(tree, root, "Tier");
  NodeIndex inner = AddPhase(tree, outer, "FloatingReadPhase");
  AddOptimization(tree, inner, "Z", "e");
  AddOptimization(tree, inner, "Y", "e");
  SortUnorderedPhases(tree);
  EXPECT_EQ(ChildNames(tree, inner), (std::vector<std::string>{"Y e", "Z e"}));
}

TEST(SortUnorderedPhasesTest, PreprocessingHonoursTheOption) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "ReassociationPhase");
  AddOptimization(tree, root, "B", "e");
  AddOptimization(tree, root, "A", "e");
  Options options;
  options.sort_unordered_phases = false;
  PreprocessOptimizationTree(tree, options);
  EXPECT_EQ(ChildNames(tree, root), (std::vector<std::string>{"B e", "A e"}));
}

// --- §7.3 optimization-node comparator -----------------------------------------------------------

TEST(CompareOptimizationNodesTest, OptimizationsBeforePhasesAndPhasesByName) {
  EXPECT_LT(CompareOptimizationNodes(Opt("Z", "z"), Phase("A")), 0);
  EXPECT_GT(CompareOptimizationNodes(Phase("A"), Opt("Z", "z")), 0);
  EXPECT_LT(CompareOptimizationNodes(Phase("APhase"), Phase("BPhase")), 0);
  EXPECT_EQ(CompareOptimizationNodes(Phase("P"), Phase("P")), 0);
}

TEST(CompareOptimizationNodesTest, NameThenEventThenPositionThenProperties) {
  EXPECT_LT(CompareOptimizationNodes(Opt("A", "z", {{"z", 9}}), Opt("B", "a")), 0);
  EXPECT_LT(CompareOptimizationNodes(Opt("A", "a", {{"z", 9}}), Opt("A", "b")), 0);
  EXPECT_LT(CompareOptimizationNodes(Opt("A", "a", {{"m", 1}}, {Prop("k", "z")}),
                                     Opt("A", "a", {{"m", 2}})),
            0);
  EXPECT_LT(CompareOptimizationNodes(Opt("A", "a", {{"m", 1}}, {Prop("k", "1")}),
                                     Opt("A", "a", {{"m", 1}}, {Prop("k", "2")})),
            0);
  EXPECT_EQ(CompareOptimizationNodes(Opt("A", "a", {{"m", 1}}, {Prop("k", "1")}),
                                     Opt("A", "a", {{"m", 1}}, {Prop("k", "1")})),
            0);
}

TEST(CompareOptimizationNodesTest, NamesUseJavaOrder) {
  EXPECT_LT(CompareOptimizationNodes(Opt("\xF0\x90\x80\x80", "e"), Opt("\xEF\xBF\xBF", "e")), 0);
}

// --- §7.4 positions ------------------------------------------------------------------------------

TEST(ComparePositionsTest, ComparedFromTheOutermostEntry) {
  // Example 1: {run: 2} < {add: 7, run: 5}.
  EXPECT_LT(ComparePositions({{"run", 2}}, {{"add", 7}, {"run", 5}}), 0);
  EXPECT_GT(ComparePositions({{"add", 7}, {"run", 5}}, {{"run", 2}}), 0);
  // Outermost methods differ: y < z although the inner entries say otherwise.
  EXPECT_GT(ComparePositions({{"a", 1}, {"z", 1}}, {{"b", 1}, {"y", 5}}), 0);
  // Same outer entry: the next inner one decides.
  EXPECT_LT(ComparePositions({{"a", 1}, {"r", 3}}, {{"b", 0}, {"r", 3}}), 0);
  EXPECT_LT(ComparePositions({{"a", 1}, {"r", 3}}, {{"a", 2}, {"r", 3}}), 0);
}

TEST(ComparePositionsTest, EmptyIsSmallestAndExtensionsAreGreater) {
  EXPECT_EQ(ComparePositions({}, {}), 0);
  EXPECT_LT(ComparePositions({}, {{"a", -1}}), 0);
  EXPECT_GT(ComparePositions({{"a", -1}}, {}), 0);
  EXPECT_GT(ComparePositions({{"inner", 0}, {"r", 2}}, {{"r", 2}}), 0);
  EXPECT_LT(ComparePositions({{"r", 2}}, {{"inner", 0}, {"r", 2}}), 0);
  // A longer position with a smaller outer part is still smaller.
  EXPECT_LT(ComparePositions({{"x", 9}, {"r", 1}}, {{"r", 2}}), 0);
}

TEST(ComparePositionsTest, BciUsesInt32Subtraction) {
  EXPECT_GT(ComparePositions({{"m", std::numeric_limits<int32_t>::min()}}, {{"m", 1}}), 0);
}

TEST(ComparePositionsTest, MethodNamesUseJavaOrder) {
  EXPECT_LT(ComparePositions({{"\xF0\x9F\x98\x80", 1}}, {{"\xEE\x80\x80", 1}}), 0);
}

// --- §7.5 properties -----------------------------------------------------------------------------

TEST(ComparePropertiesTest, ValuesCompareAsRenderedStrings) {
  EXPECT_LT(CompareProperties({Prop("n", "10", "i10;")}, {Prop("n", "9", "i9;")}), 0);
  EXPECT_LT(CompareProperties({Prop("v", "null", "n")}, {Prop("v", "o")}), 0);
  EXPECT_GT(CompareProperties({Prop("v", "true", "t")}, {Prop("v", "false", "f")}), 0);
}

TEST(ComparePropertiesTest, KeysBeforeValues) {
  EXPECT_LT(CompareProperties({Prop("a", "9")}, {Prop("b", "1")}), 0);
  EXPECT_GT(CompareProperties({Prop("b", "1"), Prop("a", "1")}, {Prop("a", "2"), Prop("b", "1")}),
            0);
}

TEST(ComparePropertiesTest, LongerListRules) {
  EXPECT_LT(CompareProperties({}, {Prop("a", "1")}), 0);
  EXPECT_GT(CompareProperties({Prop("a", "1")}, {}), 0);
  EXPECT_EQ(CompareProperties({}, {}), 0);
  // Equal prefix: the longer list is greater, whichever side it is on.
  EXPECT_GT(CompareProperties({Prop("a", "1"), Prop("b", "2")}, {Prop("a", "1")}), 0);
  EXPECT_LT(CompareProperties({Prop("a", "1")}, {Prop("a", "1"), Prop("b", "2")}), 0);
  // A difference inside the common part wins over length.
  EXPECT_LT(CompareProperties({Prop("a", "1"), Prop("b", "2")}, {Prop("a", "2")}), 0);
  EXPECT_GT(CompareProperties({Prop("a", "2")}, {Prop("a", "1"), Prop("b", "2")}), 0);
}

TEST(ComparePropertiesTest, EqualRenderingsCompareEqual) {
  // An int 1 and a string "1" render alike; their order is left to stability.
  EXPECT_EQ(Sign(CompareProperties({Prop("k", "1", "i1;")}, {Prop("k", "1", "s1:1")})), 0);
}

TEST(SortUnorderedPhasesTest, SortKeepsOrderOfEqualOptimizations) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "ConditionalEliminationPhase");
  NodeIndex string_one = AddOptimization(tree, root, "A", "e", {}, {Prop("k", "1", "s1:1")});
  NodeIndex int_one = AddOptimization(tree, root, "A", "e", {}, {Prop("k", "1", "i1;")});
  NodeIndex first = AddOptimization(tree, root, "A", "a", {{"r", 1}});
  SortUnorderedPhases(tree);
  EXPECT_EQ(tree.node(root).children, (ChildList{first, string_one, int_one}));
}

// Properties parsed from a record: 10 sorts before 9, and Example 1's phase.
TEST(SortUnorderedPhasesTest, ParsedRecordSortsByRenderedProperties) {
  RecordTrees trees = test::ParseTrees(test::Record(
      "r()", "1", "",
      R"({"phaseName":"RootPhase","optimizations":[{"phaseName":"ConditionalEliminationPhase",)"
      R"("optimizations":[{"optimizationName":"X","eventName":"E","v":9},)"
      R"({"optimizationName":"X","eventName":"E","v":10},)"
      R"({"optimizationName":"X","eventName":"E","v":null},)"
      R"({"optimizationName":"X","eventName":"E"}]}]})"));
  OptimizationTree& tree = trees.optimization_tree;
  SortUnorderedPhases(tree);
  NodeIndex phase = tree.node(tree.root).children[0];
  std::vector<std::string> rendered;
  for (NodeIndex c : tree.node(phase).children) {
    const Properties& p = tree.node(c).properties;
    rendered.push_back(p.empty() ? "-" : p[0].value.rendered);
  }
  EXPECT_EQ(rendered, (std::vector<std::string>{"-", "10", "9", "null"}));
}

TEST(PreprocessTest, Example1OptimizationTree) {
  RecordTrees trees = test::ParseTrees(test::kLog1Unit);
  PreprocessOptimizationTree(trees.optimization_tree, Options{});
  const OptimizationTree& tree = trees.optimization_tree;
  NodeIndex high = tree.node(tree.root).children[0];
  NodeIndex low = tree.node(tree.root).children[1];
  EXPECT_EQ(ChildNames(tree, high),
            (std::vector<std::string>{"LoopPeelingPhase", "ConditionalEliminationPhase"}));
  NodeIndex ce = tree.node(high).children[1];
  ASSERT_EQ(tree.node(ce).children.size(), 2u);
  EXPECT_EQ(tree.node(tree.node(ce).children[0]).position, (Position{{"demo.Main.run()", 2}}));
  EXPECT_EQ(ChildNames(tree, low), (std::vector<std::string>{"Misc Example"}));
}

}  // namespace
}  // namespace profdiff
