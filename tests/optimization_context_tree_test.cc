// Optimization-context trees (algorithms.md §10) and their printing (output.md §6.5).

#include "profdiff/analysis/optimization_context_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/tree_writer.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::AddInlining;
using test::AddOptimization;
using test::AddPhase;
using test::Block;

// Prints the OCT of `trees` with the root line at level 0.
std::string PrintOct(const RecordTrees& trees, const Options& options = Options{}) {
  OptimizationContextTree oct =
      BuildOptimizationContextTree(trees.inlining_tree, trees.optimization_tree);
  std::string text;
  {
    LineWriter out(&text);
    WriteOptimizationContextTree(out, oct, options);
  }
  return text;
}

RecordTrees Preprocessed(const std::string& record) {
  RecordTrees trees = test::ParseTrees(record);
  PreprocessInliningTree(trees.inlining_tree, Options{});
  PreprocessOptimizationTree(trees.optimization_tree, Options{});
  return trees;
}

// The lines of output.md Example 3 below "Optimization-context tree".
const std::string kExample3 = Block(R"(
Optimization-context tree
    Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
    (root) demo.Main.run()
        ConditionalElimination ConditionReplaced at bci 2
        LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
        (inlined) demo.Util.add(int, int) at bci 5
            ConditionalElimination ConditionReplaced at bci 7
            (inlined) java.lang.Math.max(int, int) at bci 3
        (direct) demo.Util.check(int) at bci 12
        (devirtualized) demo.Shape.area() at bci 20
            |_ receiver-type profile
                    87.50% demo.Circle -> demo.Circle.area()
                    12.50% demo.Square -> demo.Square.area()
            (inlined) demo.Circle.area() at bci 20
        (indirect) demo.Shape.perimeter() at bci 25
            |_ immature receiver-type profile
                    100.00% demo.Square
        (deleted) demo.Util.log(String) at bci 30
)");

TEST(OptimizationContextTreeTest, Example3) {
  EXPECT_EQ(PrintOct(Preprocessed(test::kLog1Unit)), kExample3);
}

TEST(OptimizationContextTreeTest, ChildrenAreSortedEvenIfTheInliningTreeIsNot) {
  RecordTrees trees = test::ParseTrees(test::kLog1Unit);
  PreprocessOptimizationTree(trees.optimization_tree,
                             Options{});  // inlining tree left in log order
  EXPECT_EQ(PrintOct(trees), kExample3);
}

TEST(OptimizationContextTreeTest, RootIsAnInfoNodeAboveTheInliningRoot) {
  RecordTrees trees = Preprocessed(test::kLog1Unit);
  OptimizationContextTree oct =
      BuildOptimizationContextTree(trees.inlining_tree, trees.optimization_tree);
  const OctNode& root = oct.node(oct.root);
  EXPECT_EQ(root.kind, OctNode::Kind::kInfo);
  EXPECT_EQ(root.text, "Optimization-context tree");
  ASSERT_EQ(root.children.size(), 2u);
  EXPECT_EQ(oct.node(root.children[0]).kind, OctNode::Kind::kOptimization);
  EXPECT_EQ(oct.node(root.children[1]).kind, OctNode::Kind::kInlining);
  EXPECT_EQ(oct.node(root.children[1]).ref, trees.inlining_tree.root);
}

TEST(OptimizationContextTreeTest, Example7DuplicatePathsInExperiment1) {
  EXPECT_EQ(PrintOct(Preprocessed(test::kDup1Unit)), Block(R"(
Optimization-context tree
    Loop Unroll
    (root) a()
        Loop Peel at bci 7
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            Loop Peel at bci 2
            (direct) c() at bci 4
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            Loop Peel at bci 2
            (direct) c() at bci 4
)"));
}

// The inlined c() under the first b() matches both c() nodes (one not inlined), so it gets a
// warning; the non-inlined c() never does.
TEST(OptimizationContextTreeTest, Example7DuplicatePathsInExperiment2) {
  EXPECT_EQ(PrintOct(Preprocessed(test::kDup2Unit)), Block(R"(
Optimization-context tree
    (root) a()
        Loop Peel at bci 7
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            Loop Peel at bci 3
            (inlined) c() at bci 4
                Warning: Optimizations cannot be unambiguously attributed (duplicate path)
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            Loop Peel at bci 3
            (direct) c() at bci 4
)"));
}

TEST(OptimizationContextTreeTest, OptimizationIsCopiedUnderEveryNodeOfTheLongestPrefix) {
  RecordTrees trees = Preprocessed(test::kDup1Unit);
  OptimizationContextTree oct =
      BuildOptimizationContextTree(trees.inlining_tree, trees.optimization_tree);
  // "Loop Peel {b(): 2, a(): 1}" is the first optimization of the LoopPeelingPhase.
  const OptimizationTree& optimizations = trees.optimization_tree;
  NodeIndex phase = optimizations.node(optimizations.root).children[0];
  NodeIndex peel = optimizations.node(phase).children[0];
  ASSERT_EQ(optimizations.node(peel).position.size(), 2u);
  std::vector<NodeIndex> parents;
  for (NodeIndex n : oct.Preorder()) {
    const OctNode& node = oct.node(n);
    if (node.kind == OctNode::Kind::kOptimization && node.ref == peel)
      parents.push_back(node.parent);
  }
  ASSERT_EQ(parents.size(), 2u);
  NodeIndex inlining_root = trees.inlining_tree.root;
  for (size_t i = 0; i < 2; ++i) {
    ASSERT_EQ(oct.node(parents[i]).kind, OctNode::Kind::kInlining);
    EXPECT_EQ(oct.node(parents[i]).ref, trees.inlining_tree.node(inlining_root).children[i]);
  }
}

// Only the nodes matching the whole longest prefix receive the optimization.
TEST(OptimizationContextTreeTest, OnlyNodesOfTheFullLongestPrefixReceiveIt) {
  RecordTrees trees;
  InliningTree& inlining = trees.inlining_tree;
  NodeIndex a = AddInlining(inlining, kNoNode, {"a()", -1, true});
  NodeIndex b1 = AddInlining(inlining, a, {"b()", 1, true});
  AddInlining(inlining, b1, {"c()", 9, true});
  NodeIndex b2 = AddInlining(inlining, a, {"b()", 1, true});
  AddInlining(inlining, b2, {"c()", 8, true});
  OptimizationTree& optimizations = trees.optimization_tree;
  NodeIndex root = AddPhase(optimizations, kNoNode, "RootPhase");
  AddOptimization(optimizations, root, "O", "Deep",
                  {{"d()", 3}, {"c()", 2}, {"b()", 9}, {"a()", 1}});
  EXPECT_EQ(PrintOct(trees), Block(R"(
Optimization-context tree
    (root) a()
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            (inlined) c() at bci 9
                O Deep at bci 2
        (inlined) b() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            (inlined) c() at bci 8
)"));
}

// a() -> i() indirect (devirtualized) -> t() inlined; b() at 4; i2() indirect and alive.
RecordTrees IndirectExample() {
  RecordTrees trees;
  InliningTree& inlining = trees.inlining_tree;
  NodeIndex a = AddInlining(inlining, kNoNode, {"a()", -1, true});
  AddInlining(inlining, a, {"b()", 4, true});
  NodeIndex i = AddInlining(inlining, a, {"i()", 2, false, true, false});
  AddInlining(inlining, i, {"t()", 2, true});
  AddInlining(inlining, a, {"i2()", 6, false, true, true});
  OptimizationTree& optimizations = trees.optimization_tree;
  NodeIndex root = AddPhase(optimizations, kNoNode, "RootPhase");
  AddOptimization(optimizations, root, "W", "Through", {{"t()", 5}, {"a()", 2}});
  AddOptimization(optimizations, root, "Y", "Indirect", {{"i()", 1}, {"a()", 2}});
  AddOptimization(optimizations, root, "Z", "Elsewhere", {{"zzz()", 3}});
  // Enclosing path [a() @-1, b() @4, c() @2]: c() is not in the tree, so k = 2 (under b()).
  AddOptimization(optimizations, root, "X", "Deep", {{"c()", 7}, {"b()", 2}, {"a()", 4}});
  return trees;
}

// Indirect nodes are skipped by paths and never matched; the optimization's short bci is the
// bci inside its caller (§10.4), k = 0 puts it under the OCT root with the outermost bci.
TEST(OptimizationContextTreeTest, IndirectNodesAreTransparentAndBcisRelativeToTheCaller) {
  EXPECT_EQ(PrintOct(IndirectExample()), Block(R"(
Optimization-context tree
    Z Elsewhere at bci 3
    (root) a()
        Y Indirect at bci 2
        (devirtualized) i() at bci 2
            (inlined) t() at bci 2
                W Through at bci 5
        (inlined) b() at bci 4
            X Deep at bci 2
        (indirect) i2() at bci 6
)"));
}

TEST(OptimizationContextTreeTest, LongFormPrintsTheWholePosition) {
  Options options;
  options.long_bci = true;
  EXPECT_EQ(PrintOct(IndirectExample(), options), Block(R"(
Optimization-context tree
    Z Elsewhere at bci {zzz(): 3}
    (root) a()
        Y Indirect at bci {i(): 1, a(): 2}
        (devirtualized) i() at bci 2
            (inlined) t() at bci 2
                W Through at bci {t(): 5, a(): 2}
        (inlined) b() at bci 4
            X Deep at bci {c(): 7, b(): 2, a(): 4}
        (indirect) i2() at bci 6
)"));
}

TEST(OptimizationContextTreeTest, ChildOrderIsInfoThenOptimizationsThenInliningNodes) {
  RecordTrees trees;
  InliningTree& inlining = trees.inlining_tree;
  NodeIndex a = AddInlining(inlining, kNoNode, {"a()", -1, true});
  AddInlining(inlining, a, {"d()", 1, true});
  AddInlining(inlining, a, {"c()", 9, false, false, true});
  AddInlining(inlining, a, {"c()", 3, false, false, true});
  AddInlining(inlining, a, {"d()", 1, true});
  OptimizationTree& optimizations = trees.optimization_tree;
  NodeIndex root = AddPhase(optimizations, kNoNode, "RootPhase");
  NodeIndex phase = AddPhase(optimizations, root, "Ordered");
  AddOptimization(optimizations, phase, "B", "e", {{"d()", 5}, {"a()", 1}});
  AddOptimization(optimizations, phase, "A", "e", {{"d()", 6}, {"a()", 1}});
  AddOptimization(optimizations, phase, "A", "e", {{"d()", 2}, {"a()", 1}});
  AddOptimization(optimizations, root, "R", "e", {{"a()", 0}});
  EXPECT_EQ(PrintOct(trees), Block(R"(
Optimization-context tree
    (root) a()
        R e at bci 0
        (inlined) d() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            A e at bci 2
            A e at bci 6
            B e at bci 5
        (inlined) d() at bci 1
            Warning: Optimizations cannot be unambiguously attributed (duplicate path)
            A e at bci 2
            A e at bci 6
            B e at bci 5
        (direct) c() at bci 3
        (direct) c() at bci 9
)"));
}

TEST(OptimizationContextTreeTest, NoMatchingRootPutsEverythingUnderTheOctRoot) {
  RecordTrees trees;
  AddInlining(trees.inlining_tree, kNoNode, {"a()", -1, true});
  NodeIndex root = AddPhase(trees.optimization_tree, kNoNode, "RootPhase");
  AddOptimization(trees.optimization_tree, root, "Q", "e", {{"x()", 4}, {"other()", 8}});
  AddOptimization(trees.optimization_tree, root, "P", "e");
  EXPECT_EQ(PrintOct(trees), Block(R"(
Optimization-context tree
    P e
    Q e at bci 8
    (root) a()
)"));
}

TEST(OptimizationContextTreeTest, ReasoningAndProfilesOfInliningNodes) {
  Options options;
  options.inliner_reasoning = true;
  RecordTrees trees = Preprocessed(test::kDup1Unit);
  std::string text = PrintOct(trees, options);
  // The root has no reasoning block; every other inlining node has one.
  EXPECT_NE(text.find("    (root) a()\n        Loop Peel at bci 7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("        (inlined) b() at bci 1\n            |_ no inlining decisions\n"
                      "            Warning: Optimizations"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("            (direct) c() at bci 4\n                |_ no inlining decisions\n"),
      std::string::npos)
      << text;
}

}  // namespace
}  // namespace profdiff
