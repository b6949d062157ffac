// Tree line formats (output.md §6): inlining nodes, reasoning and receiver-type-profile blocks,
// optimization lines with short/long bcis and rendered properties.

#include "profdiff/output/tree_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/output/line_writer.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::AddInlining;
using test::AddOptimization;
using test::AddPhase;
using test::Block;
using test::Prop;

template <class Write>
std::string Capture(const Write& write, int level = 0) {
  std::string text;
  {
    LineWriter out(&text);
    out.set_level(level);
    write(out);
  }
  return text;
}

std::string PrintInlining(const InliningTree& tree, const Options& options = Options{}) {
  return Capture([&](LineWriter& out) { WriteInliningTree(out, tree, options); });
}

std::string PrintOptimizations(const OptimizationTree& tree, const Options& options = Options{}) {
  return Capture([&](LineWriter& out) { WriteOptimizationTree(out, tree, options); });
}

// --- Examples 1 and 2 ----------------------------------------------------------------------------

TEST(TreeWriterTest, Example1WithDefaultPreprocessing) {
  RecordTrees trees = test::ParseTrees(test::kLog1Unit);
  PreprocessInliningTree(trees.inlining_tree, Options{});
  PreprocessOptimizationTree(trees.optimization_tree, Options{});
  EXPECT_EQ(PrintInlining(trees.inlining_tree), Block(R"(
(root) demo.Main.run()
    (inlined) demo.Util.add(int, int) at bci 5
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
)"));
  EXPECT_EQ(PrintOptimizations(trees.optimization_tree), Block(R"(
RootPhase
    HighTier
        LoopPeelingPhase
            LoopTransformation LoopPeeling at bci 40 with {peelings: 1}
        ConditionalEliminationPhase
            ConditionalElimination ConditionReplaced at bci 2
            ConditionalElimination ConditionReplaced at bci 5
    LowTier
        Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
)"));
}

TEST(TreeWriterTest, Example2LongBciReasoningNoPreprocessing) {
  RecordTrees trees = test::ParseTrees(test::kLog1Unit);
  Options options;
  options.long_bci = true;
  options.inliner_reasoning = true;
  EXPECT_EQ(PrintInlining(trees.inlining_tree, options), Block(R"(
(root) demo.Main.run()
    (direct) demo.Util.check(int) at bci 12
        |_ reasoning: too large
    (inlined) demo.Util.add(int, int) at bci 5
        |_ reasoning: trivial
        (inlined) java.lang.Math.max(int, int) at bci 3
            |_ reasoning
                    intrinsic
                    trivial
    (devirtualized) demo.Shape.area() at bci 20
        |_ no inlining decisions
        |_ receiver-type profile
                87.50% demo.Circle -> demo.Circle.area()
                12.50% demo.Square -> demo.Square.area()
        (inlined) demo.Circle.area() at bci 20
            |_ no inlining decisions
    (indirect) demo.Shape.perimeter() at bci 25
        |_ no inlining decisions
        |_ immature receiver-type profile
                100.00% demo.Square
    (deleted) demo.Util.log(String) at bci 30
        |_ no inlining decisions
)"));
  EXPECT_EQ(PrintOptimizations(trees.optimization_tree, options), Block(R"(
RootPhase
    HighTier
        CanonicalizerPhase
            Canonicalizer CanonicalReplacement at bci {demo.Main.run(): 8} with {replacedNodeClass: +, canonicalNodeClass: Constant}
        LoopPeelingPhase
            LoopTransformation LoopPeeling at bci {demo.Main.run(): 40} with {peelings: 1}
        ConditionalEliminationPhase
            ConditionalElimination ConditionReplaced at bci {demo.Util.add(int, int): 7, demo.Main.run(): 5}
            ConditionalElimination ConditionReplaced at bci {demo.Main.run(): 2}
    LowTier
        DeadCodeEliminationPhase
        Misc Example with {flag: true, ratio: 0.5, items: [1, a], nested: map(size=1, {(k,1)}), nothing: null}
)"));
}

// --- §6.1 inlining node lines --------------------------------------------------------------------

TEST(InliningNodeTextTest, KindsNamesAndBcis) {
  InliningTree tree;
  NodeIndex root = AddInlining(tree, kNoNode, {"r()", -1, false});
  NodeIndex inlined_alive = AddInlining(tree, root, {"a()", 1, true, true, true});
  NodeIndex direct = AddInlining(tree, root, {"b()", 0, false, false, true});
  NodeIndex indirect = AddInlining(tree, root, {"c()", 2, false, true, true});
  NodeIndex devirtualized = AddInlining(tree, root, {"d()", 3, false, true, false});
  AddInlining(tree, devirtualized, {"d1()", 3, true});
  NodeIndex indirect_deleted = AddInlining(tree, root, {"e()", 4, false, true, false});
  NodeIndex deleted = AddInlining(tree, root, {std::nullopt, -2, false, false, false});
  EXPECT_EQ(InliningNodeText(tree, root), "(root) r()");
  EXPECT_EQ(InliningNodeText(tree, inlined_alive), "(inlined) a() at bci 1");
  EXPECT_EQ(InliningNodeText(tree, direct), "(direct) b() at bci 0");
  EXPECT_EQ(InliningNodeText(tree, indirect), "(indirect) c() at bci 2");
  EXPECT_EQ(InliningNodeText(tree, devirtualized), "(devirtualized) d() at bci 3");
  EXPECT_EQ(InliningNodeText(tree, indirect_deleted), "(deleted) e() at bci 4");
  EXPECT_EQ(InliningNodeText(tree, deleted), "(deleted) unknown at bci -2");
}

TEST(InliningNodeTextTest, RootBciIsPrintedUnlessMinusOne) {
  InliningTree tree;
  NodeIndex root = AddInlining(tree, kNoNode, {std::nullopt, 7, true});
  EXPECT_EQ(InliningNodeText(tree, root), "(root) unknown at bci 7");
}

TEST(WriteInliningTreeTest, RootNeverGetsReasoningButMayHaveAProfile) {
  InliningTree tree;
  NodeIndex root = AddInlining(tree, kNoNode, {"r()", -1, true, false, false, {"root reason"}});
  tree.node(root).receiver_type_profile = ReceiverTypeProfile{false, {}};
  AddInlining(tree, root, {"a()", 1, true, false, false, {"ok"}});
  Options options;
  options.inliner_reasoning = true;
  EXPECT_EQ(PrintInlining(tree, options), Block(R"(
(root) r()
    |_ immature receiver-type profile
    (inlined) a() at bci 1
        |_ reasoning: ok
)"));
  options.inliner_reasoning = false;
  EXPECT_EQ(PrintInlining(tree, options), Block(R"(
(root) r()
    |_ immature receiver-type profile
    (inlined) a() at bci 1
)"));
}

// --- §6.2 reasoning blocks -----------------------------------------------------------------------

InliningTreeNode WithReasons(std::vector<std::string> reasons) {
  InliningTreeNode node;
  node.reasons = std::move(reasons);
  return node;
}

TEST(ReasoningBlockTest, NoneOneAndMany) {
  auto block = [](const InliningTreeNode& node, std::string_view suffix) {
    return Capture([&](LineWriter& out) { WriteReasoningBlock(out, node, suffix, 0); }, 1);
  };
  EXPECT_EQ(block(WithReasons({}), ""), "        |_ no inlining decisions\n");
  EXPECT_EQ(block(WithReasons({}), " in experiment 2"),
            "        |_ no inlining decisions in experiment 2\n");
  EXPECT_EQ(block(WithReasons({"small"}), ""), "        |_ reasoning: small\n");
  EXPECT_EQ(block(WithReasons({"small"}), " in experiment 1"),
            "        |_ reasoning in experiment 1: small\n");
  EXPECT_EQ(block(WithReasons({"a", "b c"}), " in experiment 1"),
            "        |_ reasoning in experiment 1\n"
            "                a\n"
            "                b c\n");
}

TEST(ReasoningBlockTest, ExtraLevelsAndEmptyReasons) {
  auto block = [](const InliningTreeNode& node) {
    return Capture([&](LineWriter& out) { WriteReasoningBlock(out, node, "", 2); });
  };
  EXPECT_EQ(block(WithReasons({""})), "            |_ reasoning: \n");
  // An empty reason in a multi-line block is a line of indentation only.
  EXPECT_EQ(block(WithReasons({"", "x"})),
            "            |_ reasoning\n"
            "                    \n"
            "                    x\n");
}

// --- §6.3 receiver-type profiles -----------------------------------------------------------------

std::string ProfileBlock(std::optional<ReceiverTypeProfile> profile, std::string_view suffix = "") {
  InliningTreeNode node;
  node.receiver_type_profile = std::move(profile);
  return Capture([&](LineWriter& out) { WriteReceiverTypeProfileBlock(out, node, suffix, 0); });
}

TEST(ReceiverTypeProfileBlockTest, OmittedWithoutProfileOrWhenMatureAndEmpty) {
  EXPECT_EQ(ProfileBlock(std::nullopt), "");
  EXPECT_EQ(ProfileBlock(ReceiverTypeProfile{true, {}}), "");
}

TEST(ReceiverTypeProfileBlockTest, ImmatureWithoutTypesPrintsOnlyTheHeader) {
  EXPECT_EQ(ProfileBlock(ReceiverTypeProfile{false, {}}),
            "    |_ immature receiver-type profile\n");
  EXPECT_EQ(ProfileBlock(ReceiverTypeProfile{false, {}}, " in experiment 1"),
            "    |_ immature receiver-type profile in experiment 1\n");
}

TEST(ReceiverTypeProfileBlockTest, TypesWithPercentagesAndConcreteMethods) {
  ReceiverTypeProfile profile{true,
                              {{"demo.Circle", 0.875, "demo.Circle.area()"},
                               {"demo.Square", 0.05, std::nullopt},
                               {"demo.Tiny", 0.001, "demo.Tiny.area()"},
                               {"demo.All", 1.0, std::nullopt}}};
  EXPECT_EQ(ProfileBlock(profile, " in experiment 2"),
            "    |_ receiver-type profile in experiment 2\n"
            "            87.50% demo.Circle -> demo.Circle.area()\n"
            "             5.00% demo.Square\n"
            "             0.10% demo.Tiny -> demo.Tiny.area()\n"
            "            100.00% demo.All\n");
}

// --- §6.4 optimization lines ---------------------------------------------------------------------

OptimizationTreeNode Opt(std::string name, std::string event, Position position = {},
                         Properties properties = {}) {
  OptimizationTreeNode node;
  node.name = std::move(name);
  node.event_name = std::move(event);
  node.position = std::move(position);
  node.properties = std::move(properties);
  return node;
}

TEST(OptimizationTextTest, ShortAndLongPositions) {
  OptimizationTreeNode node = Opt("Loop", "Peel", {{"inner()", 7}, {"mid()", -1}, {"outer()", 5}});
  EXPECT_EQ(OptimizationTreeNodeText(node, false), "Loop Peel at bci 5");
  EXPECT_EQ(OptimizationTreeNodeText(node, true),
            "Loop Peel at bci {inner(): 7, mid(): -1, outer(): 5}");
  EXPECT_EQ(OptimizationText(node, false, 7), "Loop Peel at bci 7");
  EXPECT_EQ(OptimizationText(node, true, 7),
            "Loop Peel at bci {inner(): 7, mid(): -1, outer(): 5}");
  // A bci of -1 in the position is still printed.
  EXPECT_EQ(OptimizationTreeNodeText(Opt("A", "B", {{"m()", -1}}), false), "A B at bci -1");
}

TEST(OptimizationTextTest, EmptyEventNameAndNoPosition) {
  EXPECT_EQ(OptimizationTreeNodeText(Opt("Name", ""), false), "Name ");
  EXPECT_EQ(OptimizationTreeNodeText(Opt("Name", "", {{"m()", 3}}), false), "Name  at bci 3");
  EXPECT_EQ(OptimizationTreeNodeText(Opt("Name", "Event"), true), "Name Event");
}

TEST(OptimizationTextTest, PropertiesInOrder) {
  OptimizationTreeNode node =
      Opt("N", "E", {{"m()", 3}}, {Prop("z", "1"), Prop("a", "x y"), Prop("m", "null", "n")});
  EXPECT_EQ(OptimizationTreeNodeText(node, false), "N E at bci 3 with {z: 1, a: x y, m: null}");
  EXPECT_EQ(OptimizationTreeNodeText(Opt("N", "E", {}, {Prop("k", "v")}), false),
            "N E with {k: v}");
}

TEST(OptimizationTextTest, PhasesPrintTheirName) {
  OptimizationTreeNode phase;
  phase.is_phase = true;
  phase.name = "SomePhase";
  EXPECT_EQ(OptimizationTreeNodeText(phase, true), "SomePhase");
}

TEST(WriteOptimizationTreeTest, OneLevelPerDepthFromTheWriterLevel) {
  OptimizationTree tree;
  NodeIndex root = AddPhase(tree, kNoNode, "RootPhase");
  NodeIndex a = AddPhase(tree, root, "A");
  AddOptimization(tree, a, "X", "Y", {{"m()", 1}});
  AddPhase(tree, root, "B");
  EXPECT_EQ(Capture([&](LineWriter& out) { WriteOptimizationTree(out, tree, Options{}); }, 2),
            "        RootPhase\n"
            "            A\n"
            "                X Y at bci 1\n"
            "            B\n");
}

// Values of properties as parsed from a record and printed (formats.md §7.1 via §6.4).
std::string PropertyLine(const std::string& properties) {
  RecordTrees trees = test::ParseTrees(test::Record(
      "r()", "1", "",
      R"({"phaseName":"RootPhase","optimizations":[{"optimizationName":"N","eventName":"E",)" +
          properties + "}]}"));
  const OptimizationTree& tree = trees.optimization_tree;
  if (tree.empty() || tree.node(tree.root).children.empty()) return "<no optimization>";
  return OptimizationTreeNodeText(tree.node(tree.node(tree.root).children[0]), false);
}

TEST(PropertyRenderingTest, ScalarsInJavaRendering) {
  EXPECT_EQ(PropertyLine(R"("s":"a b","t":true,"f":false,"n":null)"),
            "N E with {s: a b, t: true, f: false, n: null}");
  EXPECT_EQ(PropertyLine(R"("i":-7,"l":3000000000,"z":-0)"),
            "N E with {i: -7, l: 3000000000, z: 0}");
  EXPECT_EQ(PropertyLine(R"("a":0.5,"b":4.0,"c":150000.0,"d":0.001,"e":-0.0)"),
            "N E with {a: 0.5, b: 4.0, c: 150000.0, d: 0.001, e: -0.0}");
  EXPECT_EQ(PropertyLine(R"("a":10000000.0,"b":0.0001,"c":123456789.0)"),
            "N E with {a: 1.0E7, b: 1.0E-4, c: 1.23456789E8}");
}

// formats.md §6.3: a double literal beyond the double range is +-Infinity, not an error.
// FAILS: src/load/json/json_support.cc (RapidJSON kParseErrorNumberTooBig) rejects the record;
// docs/decisions.md documents this, but the spec is explicit ("overflow -> +-Infinity, e.g.
// 1.0E400") and no README "Decision" overrides it.
TEST(PropertyRenderingTest, DoubleOverflowIsInfinity) {
  EXPECT_EQ(PropertyLine(R"("d":1.0E400,"m":-1.0E400)"), "N E with {d: Infinity, m: -Infinity}");
}

TEST(PropertyRenderingTest, ExponentIntegersAreAcceptedAsNumbers) {
  // README "Decisions": 1e5 is a JSON number; an integral value that fits int64 prints as one.
  EXPECT_EQ(PropertyLine(R"("x":1e5)"), "N E with {x: 100000}");
}

TEST(PropertyRenderingTest, ArraysObjectsAndKeyOrder) {
  EXPECT_EQ(PropertyLine(R"("a":[[1,2],[],"x",null],"o":{},"p":{"k":[1],"j":{"q":true}})"),
            "N E with {a: [[1, 2], [], x, null], o: map(size=0, {}), "
            "p: map(size=2, {(k,[1]),(j,map(size=1, {(q,true)}))})}");
  // A repeated key keeps its first position and the later value.
  EXPECT_EQ(PropertyLine(R"("a":1,"b":2,"a":3)"), "N E with {a: 3, b: 2}");
  // "phaseName": null makes an optimization whose phaseName is a property.
  EXPECT_EQ(PropertyLine(R"("phaseName":null,"k":1)"), "N E with {phaseName: null, k: 1}");
}

}  // namespace
}  // namespace profdiff
