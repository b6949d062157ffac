// Compilation fragments (algorithms.md §8): their trees (§8.2) and their creation and global
// numbering (§8.1).

#include "profdiff/analysis/fragments.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/analysis/method_pairing.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/load/experiment_loader.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::AddInlining;
using test::AddOptimization;
using test::AddPhase;
using test::InliningSpec;

// --- §8.2 ----------------------------------------------------------------------------------------

// Names of the children of `node` (optimizations as "name event {position}").
std::vector<std::string> Children(const OptimizationTree& tree, NodeIndex node) {
  std::vector<std::string> names;
  for (NodeIndex c : tree.node(node).children) {
    const OptimizationTreeNode& child = tree.node(c);
    if (child.is_phase) {
      names.push_back(child.name.str());
      continue;
    }
    std::string text = child.name.str() + " {";
    for (const PositionEntry& entry : child.position) {
      text += entry.method.str() + ":" + std::to_string(entry.bci) + ";";
    }
    names.push_back(text + "}");
  }
  return names;
}

// The parent of §8.2's example: a() -> [c() @2, b() @1 -> [d() @3, e() @5], b() @4].
RecordTrees SpecExampleParent() {
  RecordTrees parent;
  InliningTree& inlining = parent.inlining_tree;
  NodeIndex a = AddInlining(inlining, kNoNode, {"a()", -1, true});
  AddInlining(inlining, a, {"c()", 2, true});
  NodeIndex b = AddInlining(inlining, a, {"b()", 1, true, false, false, {"because"}});
  inlining.node(b).receiver_type_profile = ReceiverTypeProfile{true, {{"T", 1.0, "T.b()"}}};
  AddInlining(inlining, b, {"d()", 3, true, false, false, {"r1", "r2"}});
  AddInlining(inlining, b, {"e()", 5, false, false, true});
  AddInlining(inlining, a, {"b()", 4, true});
  OptimizationTree& optimizations = parent.optimization_tree;
  NodeIndex root = AddPhase(optimizations, kNoNode, "RootPhase");
  NodeIndex p1 = AddPhase(optimizations, root, "P1");
  AddOptimization(optimizations, p1, "Kept", "e", {{"b()", 2}, {"a()", 1}}, {test::Prop("k", "v")});
  AddOptimization(optimizations, p1, "Truncated", "e", {{"d()", 1}, {"b()", 3}, {"a()", 1}});
  NodeIndex p2 = AddPhase(optimizations, root, "P2");
  AddOptimization(optimizations, p2, "OtherCallee", "e", {{"c()", 4}, {"a()", 2}});
  AddOptimization(optimizations, p2, "OtherBci", "e", {{"b()", 4}, {"a()", 7}});
  AddOptimization(optimizations, p2, "NoPosition", "e");
  AddPhase(optimizations, root, "P3");
  AddOptimization(optimizations, root, "InRoot", "e", {{"a()", 1}});
  return parent;
}

TEST(ExtractFragmentTreesTest, InliningSubtreeWithRootMadeARoot) {
  RecordTrees fragment =
      ExtractFragmentTrees(SpecExampleParent(), {1}, Path{{"a()", -1}, {"b()", 1}});
  const InliningTree& tree = fragment.inlining_tree;
  ASSERT_FALSE(tree.empty());
  const InliningTreeNode& root = tree.node(tree.root);
  EXPECT_EQ(root.method_name, "b()");
  EXPECT_EQ(root.bci, -1);
  EXPECT_TRUE(root.reasons.empty());
  EXPECT_TRUE(root.inlined);
  EXPECT_FALSE(root.indirect);
  EXPECT_FALSE(root.alive);
  ASSERT_TRUE(root.receiver_type_profile.has_value());
  EXPECT_EQ(root.receiver_type_profile->profiled_types.at(0).type_name, "T");
  EXPECT_EQ(tree.Kind(tree.root), CallsiteKind::kRoot);
  ASSERT_EQ(root.children.size(), 2u);
  const InliningTreeNode& d = tree.node(root.children[0]);
  EXPECT_EQ(d.method_name, "d()");
  EXPECT_EQ(d.bci, 3);
  EXPECT_EQ(d.reasons, (std::vector<std::string>{"r1", "r2"}));
  EXPECT_EQ(tree.node(root.children[1]).method_name, "e()");
  EXPECT_EQ(tree.Kind(root.children[1]), CallsiteKind::kDirect);
  EXPECT_EQ(tree.Preorder().size(), 3u);
}

TEST(ExtractFragmentTreesTest, KeepsEveryPhaseAndOnlyOptimizationsInsideTheFragment) {
  RecordTrees fragment =
      ExtractFragmentTrees(SpecExampleParent(), {1}, Path{{"a()", -1}, {"b()", 1}});
  const OptimizationTree& tree = fragment.optimization_tree;
  ASSERT_FALSE(tree.empty());
  EXPECT_EQ(tree.node(tree.root).name, "RootPhase");
  EXPECT_EQ(Children(tree, tree.root), (std::vector<std::string>{"P1", "P2", "P3"}));
  NodeIndex p1 = tree.node(tree.root).children[0];
  NodeIndex p2 = tree.node(tree.root).children[1];
  EXPECT_EQ(Children(tree, p1),
            (std::vector<std::string>{"Kept {b():2;}", "Truncated {d():1;b():3;}"}));
  EXPECT_TRUE(tree.node(p2).children.empty());
  // Names, events and properties are kept.
  const OptimizationTreeNode& kept = tree.node(tree.node(p1).children[0]);
  EXPECT_EQ(kept.event_name, "e");
  ASSERT_EQ(kept.properties.size(), 1u);
  EXPECT_EQ(kept.properties[0].key, "k");
}

// Depth and label of every node in preorder.
std::vector<std::string> Outline(const OptimizationTree& tree) {
  std::vector<std::string> lines;
  std::vector<std::pair<NodeIndex, int>> stack;
  if (!tree.empty()) stack.emplace_back(tree.root, 0);
  while (!stack.empty()) {
    auto [n, depth] = stack.back();
    stack.pop_back();
    const OptimizationTreeNode& node = tree.node(n);
    std::string line = std::to_string(depth) + " " + node.name.str();
    for (const PositionEntry& entry : node.position) {
      line += " " + entry.method.str() + ":" + std::to_string(entry.bci);
    }
    lines.push_back(line);
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) {
      stack.emplace_back(*it, depth + 1);
    }
  }
  return lines;
}

TEST(ExtractFragmentTreesTest, LeavingOutDetailedPhasesIsRemovingThemAfterwards) {
  RecordTrees parent = SpecExampleParent();
  OptimizationTree& optimizations = parent.optimization_tree;
  NodeIndex p1 = optimizations.node(optimizations.root).children[0];
  NodeIndex canonicalizer = AddPhase(optimizations, p1, "IncrementalCanonicalizerPhase");
  AddOptimization(optimizations, canonicalizer, "InCanonicalizer", "e", {{"b()", 5}, {"a()", 1}});
  NodeIndex nested = AddPhase(optimizations, canonicalizer, "Nested");
  AddOptimization(optimizations, nested, "InNested", "e", {{"b()", 6}, {"a()", 1}});
  AddPhase(optimizations, optimizations.root, "DeadCodeEliminationPhase");
  AddOptimization(optimizations, p1, "AfterThem", "e", {{"b()", 7}, {"a()", 1}});
  const Path path{{"a()", -1}, {"b()", 1}};

  RecordTrees removed_afterwards = ExtractFragmentTrees(parent, {1}, path);
  RemoveDetailedPhases(removed_afterwards.optimization_tree);
  RecordTrees left_out = ExtractFragmentTrees(parent, {1}, path, /*remove_detailed_phases=*/true);
  EXPECT_EQ(Outline(left_out.optimization_tree), Outline(removed_afterwards.optimization_tree));
  EXPECT_EQ(left_out.optimization_tree.nodes.size(),
            removed_afterwards.optimization_tree.nodes.size());
  EXPECT_EQ(
      Outline(left_out.optimization_tree),
      (std::vector<std::string>{"0 RootPhase", "1 P1", "2 Kept b():2", "2 Truncated d():1 b():3",
                                "2 AfterThem b():7", "1 P2", "1 P3"}));
  // Without the option everything stays.
  RecordTrees kept = ExtractFragmentTrees(parent, {1}, path);
  EXPECT_EQ(Outline(kept.optimization_tree).size(), 12u);
}

TEST(ExtractFragmentTreesTest, APreparedParentGivesTheSameTrees) {
  RecordTrees parent = SpecExampleParent();
  OptimizationTree& optimizations = parent.optimization_tree;
  NodeIndex p1 = optimizations.node(optimizations.root).children[0];
  AddPhase(optimizations, p1, "IncrementalCanonicalizerPhase");
  AddOptimization(optimizations, p1, "Wildcard", "e", {{"b()", -1}, {"a()", 1}});
  FragmentParent prepared{RecordTrees(parent)};
  for (bool remove_detailed : {false, true}) {
    for (const Path& path : {Path{{"a()", -1}, {"b()", 1}}, Path{{"a()", -1}, {"b()", -1}},
                             Path{{"a()", -1}, {"x()", 1}}, Path{{std::nullopt, -1}}}) {
      RecordTrees expected = ExtractFragmentTrees(parent, {1}, path, remove_detailed);
      RecordTrees actual = ExtractFragmentTrees(prepared, {1}, path, remove_detailed);
      EXPECT_EQ(Outline(actual.optimization_tree), Outline(expected.optimization_tree));
      EXPECT_EQ(actual.inlining_tree.nodes.size(), expected.inlining_tree.nodes.size());
    }
  }
  EXPECT_EQ(
      Outline(ExtractFragmentTrees(prepared, {1}, Path{{"a()", -1}, {"b()", 1}}).optimization_tree),
      (std::vector<std::string>{"0 RootPhase", "1 P1", "2 Kept b():2", "2 Truncated d():1 b():3",
                                "2 IncrementalCanonicalizerPhase", "2 Wildcard b():-1", "1 P2",
                                "1 P3"}));
}

TEST(ExtractFragmentTreesTest, MinusOneInThePathIsAWildcard) {
  RecordTrees parent;
  NodeIndex a = AddInlining(parent.inlining_tree, kNoNode, {"a()", -1, true});
  AddInlining(parent.inlining_tree, a, {"b()", -1, true});
  NodeIndex root = AddPhase(parent.optimization_tree, kNoNode, "RootPhase");
  AddOptimization(parent.optimization_tree, root, "O", "e", {{"b()", 2}, {"a()", 7}});
  AddOptimization(parent.optimization_tree, root, "Other", "e", {{"c()", 2}, {"a()", 7}});
  RecordTrees fragment = ExtractFragmentTrees(parent, {0}, Path{{"a()", -1}, {"b()", -1}});
  EXPECT_EQ(Children(fragment.optimization_tree, fragment.optimization_tree.root),
            (std::vector<std::string>{"O {b():2;}"}));
}

TEST(ExtractFragmentTreesTest, IndirectNodesAreNotPartOfThePath) {
  RecordTrees parent;
  NodeIndex a = AddInlining(parent.inlining_tree, kNoNode, {"a()", -1, true});
  NodeIndex i = AddInlining(parent.inlining_tree, a, {"i()", 2, false, true, false});
  AddInlining(parent.inlining_tree, i, {"t()", 2, true});
  NodeIndex root = AddPhase(parent.optimization_tree, kNoNode, "RootPhase");
  AddOptimization(parent.optimization_tree, root, "O", "e", {{"x()", 1}, {"t()", 5}, {"a()", 2}});
  RecordTrees fragment = ExtractFragmentTrees(parent, {0, 0}, Path{{"a()", -1}, {"t()", 2}});
  EXPECT_EQ(fragment.inlining_tree.node(fragment.inlining_tree.root).method_name, "t()");
  EXPECT_EQ(Children(fragment.optimization_tree, fragment.optimization_tree.root),
            (std::vector<std::string>{"O {x():1;t():5;}"}));
}

// --- §8.1 ----------------------------------------------------------------------------------------

class CreateFragmentsTest : public testing::Test {
 protected:
  Experiment Load(int id, const std::string& log, std::optional<std::string> profile = {}) {
    ExperimentInput input{id, dir_.Path(log), std::nullopt, ExperimentKind::kJit};
    if (profile) input.profile_path = dir_.Path(*profile);
    absl::StatusOr<Experiment> experiment = LoadExperiment(input, [](std::string_view) {});
    EXPECT_TRUE(experiment.ok()) << experiment.status();
    return std::move(experiment).value();
  }

  // IDs of the compilations of `method` in `experiment`, in list order.
  static std::vector<std::string> Ids(const Experiment& experiment, const std::string& method) {
    std::vector<std::string> ids;
    std::optional<MethodIndex> m = experiment.FindMethod(method);
    if (!m) return {"<no method>"};
    for (CompilationIndex c : experiment.method(*m).compilations) {
      ids.push_back(experiment.compilation(c).id);
    }
    return ids;
  }

  // Output.md example 4, hot units selected and fragments created; the index of fragment 101#1.
  CompilationIndex LoadExample4WithFragments(Experiment* first, Experiment* second) {
    test::WriteExample4(dir_);
    *first = Load(1, "jit1", "prof1.json");
    *second = Load(2, "jit2", "prof2.json");
    SelectHotUnits(*first, HotPolicy{});
    SelectHotUnits(*second, HotPolicy{});
    EXPECT_TRUE(CreateFragments(*first, *second).ok());
    CompilationIndex index = 0;
    while (index + 1 < first->compilations().size() && first->compilation(index).id != "101#1") {
      ++index;
    }
    return index;
  }

  static const Compilation& Find(const Experiment& experiment, const std::string& id) {
    for (const Compilation& c : experiment.compilations()) {
      if (c.id == id) return c;
    }
    ADD_FAILURE() << "no compilation " << id;
    return experiment.compilations().front();
  }

  test::TempDir dir_;
};

TEST_F(CreateFragmentsTest, Example4) {
  test::WriteExample4(dir_);
  Experiment first = Load(1, "jit1", "prof1.json");
  Experiment second = Load(2, "jit2", "prof2.json");
  SelectHotUnits(first, HotPolicy{});
  SelectHotUnits(second, HotPolicy{});
  const int64_t graal_period = first.GraalPeriod();
  ASSERT_TRUE(CreateFragments(first, second).ok());

  EXPECT_EQ(Ids(first, "demo.Util.add(int, int)"), (std::vector<std::string>{"102", "101#1"}));
  EXPECT_EQ(Ids(second, "demo.Util.add(int, int)"), (std::vector<std::string>{"201#2", "202#3"}));
  EXPECT_EQ(Ids(first, "demo.Main.run()"), (std::vector<std::string>{"101"}));
  // Math.max is inlined but hot nowhere: no fragment, but both tests created empty methods.
  EXPECT_EQ(Ids(first, "java.lang.Math.max(int, int)"), std::vector<std::string>{});
  EXPECT_EQ(Ids(second, "java.lang.Math.max(int, int)"), std::vector<std::string>{});

  const Compilation& fragment = Find(first, "101#1");
  const Compilation& parent = Find(first, "101");
  EXPECT_TRUE(fragment.is_fragment);
  EXPECT_TRUE(fragment.hot);
  EXPECT_EQ(fragment.period, 500000000);
  EXPECT_FALSE(fragment.multi_method_key.has_value());
  EXPECT_EQ(&first.compilation(fragment.parent), &parent);
  EXPECT_EQ(fragment.child_path, (std::vector<uint32_t>{1}));  // raw order: check, add, log
  EXPECT_EQ(fragment.inlining_path,
            (Path{{"demo.Main.run()", -1}, {"demo.Util.add(int, int)", 5}}));
  EXPECT_EQ(Find(second, "202#3").period, 300000000);
  // Fragments do not count towards the Graal period; the receiving method becomes hot.
  EXPECT_EQ(first.GraalPeriod(), graal_period);
  EXPECT_TRUE(second.IsMethodHot(*second.FindMethod("demo.Util.add(int, int)")));
}

TEST_F(CreateFragmentsTest, FragmentTreesAreCutFromTheParent) {
  Experiment first(1, ExperimentKind::kJit), second(2, ExperimentKind::kJit);
  const CompilationIndex index = LoadExample4WithFragments(&first, &second);
  absl::StatusOr<RecordTrees> trees = LoadRawTrees(first, index);
  ASSERT_TRUE(trees.ok()) << trees.status();
  const OptimizationTree& tree = trees->optimization_tree;
  EXPECT_EQ(Children(tree, tree.root), (std::vector<std::string>{"HighTier", "LowTier"}));
  NodeIndex high = tree.node(tree.root).children[0];
  EXPECT_EQ(Children(tree, high),
            (std::vector<std::string>{"LoopPeelingPhase", "ConditionalEliminationPhase"}));
  EXPECT_EQ(Children(tree, tree.node(high).children[1]),
            (std::vector<std::string>{"ConditionalElimination {demo.Util.add(int, int):7;}"}));
  EXPECT_EQ(trees->inlining_tree.node(trees->inlining_tree.root).method_name,
            "demo.Util.add(int, int)");
}

// Preprocessing a fragment does not search it for detailed phases again (they were left out
// while it was cut): they must be gone all the same, and kept when the options keep them.
TEST_F(CreateFragmentsTest, PreprocessedFragmentsHaveNoDetailedPhases) {
  // Example 4 with a canonicalizer in the parent's LowTier that touched the inlined add().
  const std::string empty_low_tier = R"({"phaseName":"LowTier","optimizations":[]})";
  std::string parent = test::kJit1Unit101;
  const size_t at = parent.find(empty_low_tier);
  ASSERT_NE(at, std::string::npos);
  parent.replace(at, empty_low_tier.size(), test::Compact(R"json(
      {"phaseName":"LowTier","optimizations":[{"phaseName":"CanonicalizerPhase",
      "optimizations":[{"optimizationName":"Canonicalizer","eventName":"Fold",
      "position":{"demo.Util.add(int, int)":9,"demo.Main.run()":5}}]}]})json"));
  test::WriteExample4(dir_);
  dir_.WriteLines("jit1/units", {parent, test::kJit1Unit102, test::kJit1Unit103});
  Experiment first = Load(1, "jit1", "prof1.json");
  Experiment second = Load(2, "jit2", "prof2.json");
  SelectHotUnits(first, HotPolicy{});
  SelectHotUnits(second, HotPolicy{});
  ASSERT_TRUE(CreateFragments(first, second).ok());
  CompilationIndex fragment = 0;
  while (fragment + 1 < first.compilations().size() && first.compilation(fragment).id != "101#1") {
    ++fragment;
  }
  ASSERT_TRUE(first.compilation(fragment).is_fragment);

  auto low_tier = [&](const Options& options) {
    absl::StatusOr<RecordTrees> trees = LoadPreprocessedTrees(first, fragment, options);
    EXPECT_TRUE(trees.ok()) << trees.status();
    if (!trees.ok()) return std::vector<std::string>{"<failed>"};
    const OptimizationTree& tree = trees->optimization_tree;
    return Children(tree, tree.node(tree.root).children.back());
  };
  EXPECT_EQ(low_tier(Options{}), std::vector<std::string>{});
  Options keep;
  keep.remove_detailed_phases = false;
  EXPECT_EQ(low_tier(keep), std::vector<std::string>{"CanonicalizerPhase"});
}

TEST_F(CreateFragmentsTest, ParentCacheKeepsOnlyParentsOfManyLoadsUntilTheLastOne) {
  Experiment first(1, ExperimentKind::kJit), second(2, ExperimentKind::kJit);
  const CompilationIndex fragment = LoadExample4WithFragments(&first, &second);
  ASSERT_EQ(first.compilation(fragment).id, "101#1");
  const CompilationIndex parent = first.compilation(fragment).parent;

  // A few planned loads: the parent is parsed every time.
  FragmentParentCache few;
  for (int k = 0; k < 3; ++k) few.PlanLoad(first, fragment);
  auto a = few.Get(first, parent);
  auto b = few.Get(first, parent);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->get(), b->get());

  // Many: parsed once and shared until the last planned load, then forgotten.
  FragmentParentCache many;
  for (int k = 0; k < 10; ++k) many.PlanLoad(first, fragment);
  auto kept = many.Get(first, parent);
  ASSERT_TRUE(kept.ok());
  for (int k = 1; k < 10; ++k) {
    auto again = many.Get(first, parent);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->get(), kept->get()) << "load " << k;
  }
  auto after = many.Get(first, parent);
  ASSERT_TRUE(after.ok());
  EXPECT_NE(after->get(), kept->get());

  // Whichever way the parent came, the fragment's trees are the same.
  absl::StatusOr<RecordTrees> direct = LoadRawTrees(first, fragment);
  absl::StatusOr<RecordTrees> cached = LoadRawTrees(first, fragment, &many);
  ASSERT_TRUE(direct.ok() && cached.ok());
  EXPECT_EQ(direct->optimization_tree.nodes.size(), cached->optimization_tree.nodes.size());
  EXPECT_EQ(direct->inlining_tree.nodes.size(), cached->inlining_tree.nodes.size());
}

std::string Node(const std::string& name, int bci, bool inlined, const std::string& children = "",
                 bool alive = false) {
  std::string text = R"({"methodName":")" + name + R"(","callsiteBci":)" + std::to_string(bci) +
                     R"(,"inlined":)" + (inlined ? "true" : "false") +
                     R"(,"indirect":false,"alive":)" + (alive ? "true" : "false");
  if (!children.empty()) text += R"(,"invokes":[)" + children + "]";
  return text + "}";
}

// Numbering: pair order, experiment 1 before 2, unit list order, then raw preorder.
TEST_F(CreateFragmentsTest, GlobalNumberingOrder) {
  dir_.WriteLines("one/log", {
                                 test::Record("r()", "1",
                                              Node("r()", -1, true,
                                                   Node("y()", 2, true, Node("x()", 3, true)) +
                                                       "," + Node("x()", 1, true))),
                                 test::Record("x()", "2"),
                                 test::Record("y()", "3"),
                             });
  dir_.WriteLines("two/log",
                  {
                      test::Record("r()", "7", Node("r()", -1, true, Node("x()", 1, true))),
                      test::Record("z()", "8", Node("z()", -1, true, Node("y()", 4, true))),
                  });
  Experiment first = Load(1, "one");
  Experiment second = Load(2, "two");
  SelectHotUnits(first, HotPolicy{});  // no profile: every unit is hot
  SelectHotUnits(second, HotPolicy{});
  ASSERT_TRUE(CreateFragments(first, second).ok());
  EXPECT_EQ(Ids(first, "y()"), (std::vector<std::string>{"3", "1#1"}));
  EXPECT_EQ(Ids(first, "x()"), (std::vector<std::string>{"2", "1#2", "1#3"}));
  EXPECT_EQ(Ids(second, "x()"), (std::vector<std::string>{"7#4"}));
  EXPECT_EQ(Ids(second, "y()"), (std::vector<std::string>{"8#5"}));
  EXPECT_EQ(Ids(first, "z()"), std::vector<std::string>{});
  const Compilation& nested = Find(first, "1#2");
  EXPECT_EQ(nested.child_path, (std::vector<uint32_t>{0, 0}));
  EXPECT_EQ(nested.inlining_path, (Path{{"r()", -1}, {"y()", 2}, {"x()", 3}}));
  EXPECT_EQ(Find(first, "1#3").child_path, (std::vector<uint32_t>{1}));
}

TEST_F(CreateFragmentsTest, OnlyInlinedCallsOfHotMethodsInHotUnits) {
  dir_.WriteLines(
      "one/log",
      {
          test::Record(
              "r()", "1",
              Node("r()", -1, true,
                   Node("h()", 1, true) + "," + Node("c()", 2, true) + "," +
                       Node("h()", 5, false, "", true) + "," +
                       R"({"callsiteBci":6,"inlined":true,"indirect":false,"alive":false})")),
          test::Record("h()", "2", Node("h()", -1, true, Node("r()", 9, true))),
          test::Record("c()", "3"),
          test::Record("q()", "4", Node("q()", -1, true, Node("h()", 7, true))),
      });
  dir_.MakeDir("two");
  Experiment first = Load(1, "one");
  Experiment second = Load(2, "two");
  SelectHotUnits(first, HotPolicy{0, 2, 0.9});  // periods are 0: r and h are hot
  ASSERT_TRUE(CreateFragments(first, second).ok());
  // r's inlined h() (hot); h's inlined r() (hot); not c() (cold), not the direct call, not the
  // unknown callee, not the root, nothing from the cold unit of q().
  EXPECT_EQ(Ids(first, "h()"), (std::vector<std::string>{"2", "1#1"}));
  EXPECT_EQ(Ids(first, "r()"), (std::vector<std::string>{"1", "2#2"}));
  EXPECT_EQ(Ids(first, "c()"), (std::vector<std::string>{"3"}));
  EXPECT_EQ(first.compilations().size(), 6u);
  EXPECT_EQ(Ids(second, "h()"), std::vector<std::string>{});
}

TEST_F(CreateFragmentsTest, NameHotOnlyInTheOtherExperimentReceivesFragments) {
  dir_.WriteLines("one/log",
                  {
                      test::Record("r()", "1", Node("r()", -1, true, Node("h()", 1, true))),
                  });
  dir_.WriteLines("two/log", {test::Record("h()", "5")});
  Experiment first = Load(1, "one");
  Experiment second = Load(2, "two");
  SelectHotUnits(first, HotPolicy{});
  SelectHotUnits(second, HotPolicy{});
  ASSERT_TRUE(CreateFragments(first, second).ok());
  EXPECT_EQ(Ids(first, "h()"), (std::vector<std::string>{"1#1"}));
  EXPECT_TRUE(first.IsMethodHot(*first.FindMethod("h()")));
}

// algorithms.md §6.1: the pairs are evaluated again after fragment creation. h() is cold in
// experiment 1 (registered before q()) and hot in experiment 2; its fragment makes it hot in
// experiment 1, so it moves to its experiment-1 table position, before q() (equal totals).
TEST_F(CreateFragmentsTest, FragmentsMoveANameIntoTheFirstExperimentsPairOrder) {
  dir_.WriteLines("one/log",
                  {
                      test::Record("r()", "1", Node("r()", -1, true, Node("h()", 1, true))),
                      test::Record("h()", "2"),
                      test::Record("q()", "3"),
                  });
  dir_.Write("one.json", R"({"totalPeriod":100,"code":[)"
                         R"({"compileId":"1","name":"r","level":4,"period":50},)"
                         R"({"compileId":"2","name":"h","level":4,"period":0},)"
                         R"({"compileId":"3","name":"q","level":4,"period":30}]})");
  dir_.WriteLines("two/log", {test::Record("h()", "9")});
  dir_.Write("two.json",
             R"({"totalPeriod":100,"code":[{"compileId":"9","name":"h","level":4,"period":30}]})");
  Experiment first = Load(1, "one", "one.json");
  Experiment second = Load(2, "two", "two.json");
  SelectHotUnits(first, HotPolicy{2, 10, 0.9});  // r and q
  SelectHotUnits(second, HotPolicy{});
  auto names = [&](const std::vector<MethodPair>& pairs) {
    std::vector<std::string> result;
    for (const MethodPair& pair : pairs) result.push_back(first.method(pair.first).name);
    return result;
  };
  EXPECT_EQ(names(HotMethodPairs(first, second)), (std::vector<std::string>{"r()", "q()", "h()"}));
  ASSERT_TRUE(CreateFragments(first, second).ok());
  EXPECT_EQ(Ids(first, "h()"), (std::vector<std::string>{"2", "1#1"}));
  EXPECT_EQ(names(SortedHotMethodPairs(first, second)),
            (std::vector<std::string>{"r()", "h()", "q()"}));
}

// --- Marking from a JIT profile (algorithms.md §6.3) --------------------------------------------

// Many hot JIT units (more than the worker threads read ahead): every method inlined into one
// of them becomes hot in the target, methods the target lacks are created in the JIT table's
// order, and a unit that is not hot marks nothing.
TEST_F(CreateFragmentsTest, JitProfileMarksEverythingInlinedIntoHotUnits) {
  constexpr int kUnits = 40;
  std::vector<std::string> jit_records, aot_records;
  for (int u = 0; u < kUnits; ++u) {
    const std::string root = "r" + std::to_string(u) + "()";
    const std::string inlined = "in" + std::to_string(u) + "()";
    const std::string called = "call" + std::to_string(u) + "()";  // not inlined
    jit_records.push_back(test::Record(
        root, std::to_string(100 + u),
        R"({"methodName":")" + root +
            R"(","callsiteBci":-1,"inlined":true,"indirect":false,"alive":false,"invokes":[)" +
            R"({"methodName":")" + inlined +
            R"(","callsiteBci":1,"inlined":true,"indirect":false,"alive":false},)" +
            R"({"methodName":")" + called +
            R"(","callsiteBci":2,"inlined":false,"indirect":false,"alive":true}]})"));
    aot_records.push_back(test::Record(called, "a" + std::to_string(u)));
    aot_records.push_back(test::Record(inlined, "b" + std::to_string(u)));
  }
  dir_.WriteLines("jit/units", jit_records);
  dir_.WriteLines("aot/units", aot_records);
  Experiment jit = Load(1, "jit");
  for (CompilationIndex c = 0; c < jit.compilations().size(); ++c) {
    jit.compilation(c).hot = jit.compilation(c).id != "107";  // r7() stays cold
  }
  ExperimentInput input{2, dir_.Path("aot"), std::nullopt, ExperimentKind::kAot};
  absl::StatusOr<Experiment> aot = LoadExperiment(input, [](std::string_view) {});
  ASSERT_TRUE(aot.ok()) << aot.status();
  const size_t known_methods = aot->methods().size();

  ASSERT_TRUE(MarkHotFromJitProfile(jit, {&*aot}).ok());
  for (int u = 0; u < kUnits; ++u) {
    const std::string inlined = "in" + std::to_string(u) + "()";
    EXPECT_EQ(aot->IsMethodHot(*aot->FindMethod(inlined)), u != 7) << inlined;
    EXPECT_FALSE(aot->IsMethodHot(*aot->FindMethod("call" + std::to_string(u) + "()")));
  }
  // The roots (inlined trivially as tree roots) are created in table order, r7() not at all.
  std::vector<std::string> created;
  for (MethodIndex m = known_methods; m < aot->methods().size(); ++m) {
    created.push_back(aot->method(m).name);
  }
  std::vector<std::string> expected;
  for (int u = 0; u < kUnits; ++u) {
    if (u != 7) expected.push_back("r" + std::to_string(u) + "()");
  }
  EXPECT_EQ(created, expected);
}

}  // namespace
}  // namespace profdiff
