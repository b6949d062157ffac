// Nothing may recurse on the depth of the input (README "Decisions"): loading, sorting,
// fragments, optimization-context trees, matching, printing and teardown all handle trees that
// nest 100 000 levels.
//
// Each library-level test body runs on a thread with an explicit stack: the default 8 MiB
// (explicit, so that `ulimit -s unlimited` cannot hide a recursion) and 512 KiB, on which any
// recursion over 100 000 levels overflows, however small its frames. Threads that the code
// under test starts get the same stack size. An overflow kills the test binary, which ctest
// reports as a failure. Printing is quadratic in the depth (one line per level with growing
// indentation), so it is checked at 10 000 levels on a 256 KiB stack, which a recursion with
// frames of 27 bytes or more would overflow. The end-to-end tests run the binary with an 8 MiB
// stack limit.

#include <gtest/gtest-spi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/fragments.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/analysis/inlining_path.h"
#include "profdiff/analysis/method_pairing.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/load/proftool/profile.h"
#include "profdiff/output/delta_tree_writer.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/record_builders.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/output/tree_writer.h"
#include "test_util.h"

namespace profdiff {
namespace {

constexpr int kDepth = 100'000;
constexpr int kPrintDepth = 10'000;
constexpr size_t kDefaultStack = size_t{8} << 20;
constexpr size_t kSmallStack = size_t{512} << 10;
constexpr size_t kPrintStack = size_t{256} << 10;

// Runs `body` on a new thread with a `bytes` stack; threads started meanwhile get the same size.
void RunOnStack(size_t bytes, const std::function<void()>& body) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
  pthread_attr_t saved_default;
  ASSERT_EQ(pthread_getattr_default_np(&saved_default), 0);
  ASSERT_EQ(pthread_setattr_default_np(&attr), 0);
  pthread_t thread;
  auto run = [](void* arg) -> void* {
    (*static_cast<const std::function<void()>*>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&body)), 0);
  pthread_join(thread, nullptr);
  pthread_setattr_default_np(&saved_default);
  pthread_attr_destroy(&saved_default);
  pthread_attr_destroy(&attr);
}

// Runs RunOnStack(bytes, body) in a child process that is killed after `budget_seconds`, so
// that a stack overflow or a hang (an algorithm quadratic in the depth takes hours at 100 000
// levels, where a linear one takes well under a second) fails this test alone. Failures inside
// the body are printed by the child as they happen.
void RunIsolated(size_t bytes, unsigned budget_seconds, const std::function<void()>& body) {
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    alarm(budget_seconds);
    RunOnStack(bytes, body);
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(testing::Test::HasFailure() ? 1 : 0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
    ADD_FAILURE() << "did not finish within " << budget_seconds
                  << " s: an algorithm is probably quadratic in the depth of the input";
  } else if (WIFSIGNALED(status)) {
    ADD_FAILURE() << "killed by signal " << WTERMSIG(status) << " (" << strsignal(WTERMSIG(status))
                  << "): a stack overflow is a recursion on the depth of the input";
  } else {
    EXPECT_EQ(WEXITSTATUS(status), 0)
        << "a failure (see above), or a crash such as a stack overflow (a recursion on the depth "
           "of the input) reported by a sanitizer";
  }
}

// A recursion that the compiler cannot turn into a loop; returns `depth`.
int Recurse(int depth) {
  volatile char frame[64] = {};
  frame[0] = static_cast<char>(depth);
  if (depth == 0) return 0;
  return 1 + Recurse(depth - 1) + (frame[0] - static_cast<char>(depth));
}

// The harness itself: it must catch what the tests below are about.
TEST(DeepHarnessTest, CatchesRecursionAndHangs) {
  EXPECT_NONFATAL_FAILURE(RunIsolated(size_t{512} << 10, 60, [] { Recurse(100'000); }),
                          "stack overflow");
  EXPECT_NONFATAL_FAILURE(RunIsolated(size_t{512} << 10, 1, [] { sleep(10); }), "did not finish");
  RunIsolated(size_t{512} << 10, 60, [] { EXPECT_EQ(Recurse(1000), 1000); });
}

// Generous for linear work on 100 000 levels, even under sanitizers on a busy machine.
constexpr unsigned kBudgetSeconds = 90;

// --- Deep records --------------------------------------------------------------------------

std::string MethodName(int i) { return "m" + std::to_string(i) + "()"; }

// An inlining node without its closing "}" (children follow in "invokes").
std::string OpenInliningNode(const std::string& name, int bci, bool inlined = true) {
  return R"j({"methodName":")j" + name + R"j(","callsiteBci":)j" + std::to_string(bci) +
         R"j(,"inlined":)j" + (inlined ? "true" : "false") + R"j(,"indirect":false,"alive":)j" +
         (inlined ? "false" : "true") + R"j(,"invokes":[)j";
}

// A chain r() -> m1() -> ... -> m<depth-1>() -> `leaf` (at bci 7), each inlined; node i is
// called at bci i % 1000. `leaf_inlined` false makes the leaf a direct call.
std::string DeepInlining(int depth, const std::string& leaf = "h()", bool leaf_inlined = true) {
  std::string text = OpenInliningNode("r()", -1);
  for (int i = 1; i < depth; ++i) text += OpenInliningNode(MethodName(i), i % 1000);
  text += OpenInliningNode(leaf, 7, leaf_inlined);
  text += "]}";
  for (int i = 0; i < depth; ++i) text += "]}";
  return text;
}

// The position of an optimization in `leaf` at bci 3 at the bottom of DeepInlining(depth).
std::string DeepPosition(int depth, const std::string& leaf = "h()") {
  std::string text = R"j({")j" + leaf + R"j(":3,)j";
  text += "\"" + MethodName(depth - 1) + "\":7";
  for (int i = depth - 2; i >= 1; --i)
    text += ",\"" + MethodName(i) + "\":" + std::to_string((i + 1) % 1000);
  if (depth > 1) text += R"j(,"r()":1)j";
  return text + "}";
}

// RootPhase -> [HighTier [shallow], P1 -> P2 -> ... -> P<depth> -> [deep optimization]].
std::string DeepPhases(int depth, const std::string& deep_optimization,
                       const std::string& shallow = "") {
  std::string text = R"j({"phaseName":"RootPhase","optimizations":[{"phaseName":"HighTier",)j"
                     R"j("optimizations":[)j" +
                     shallow + "]},";
  for (int i = 1; i <= depth; ++i) {
    text += R"j({"phaseName":"P)j" + std::to_string(i) + R"j(","optimizations":[)j";
  }
  text += deep_optimization;
  for (int i = 0; i <= depth; ++i) text += "]}";
  return text;
}

std::string DeepOptimization(int depth, const std::string& leaf = "h()", int peelings = 1) {
  return R"j({"optimizationName":"O","eventName":"E","position":)j" + DeepPosition(depth, leaf) +
         R"j(,"peelings":)j" + std::to_string(peelings) + "}";
}

std::string UnitRecord(const std::string& method, const std::string& id,
                       const std::string& inlining, const std::string& optimization) {
  return R"j({"methodName":")j" + method + R"j(","compilationId":")j" + id +
         R"j(","inliningTree":)j" + inlining + R"j(,"optimizationTree":)j" + optimization + "}";
}

// The unit r() whose inlining tree and optimization tree both nest `depth` levels, with an
// optimization at the bottom positioned in the deepest inlined method.
std::string DeepUnit(int depth, const std::string& leaf = "h()", int peelings = 1) {
  return UnitRecord("r()", "1", DeepInlining(depth, leaf),
                    DeepPhases(depth, DeepOptimization(depth, leaf, peelings)));
}

// A property value nested `depth` arrays deep, and one nested `depth` objects deep.
std::string DeepArrays(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }
std::string DeepObjects(int depth) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += R"j({"a":)j";
  return text + "1" + std::string(depth, '}');
}

RecordTrees ParseOrFail(const std::string& record) {
  RecordTrees trees;
  RecordError error;
  EXPECT_TRUE(ParseRecordTrees(record, &trees, &error)) << error.column << ": " << error.message;
  return trees;
}

// The deepest node of a tree and its depth (iteratively).
template <class Tree>
std::pair<NodeIndex, int> Deepest(const Tree& tree) {
  std::pair<NodeIndex, int> best{tree.root, 0};
  std::vector<std::pair<NodeIndex, int>> stack{{tree.root, 0}};
  while (!stack.empty()) {
    auto [n, depth] = stack.back();
    stack.pop_back();
    if (depth > best.second) best = {n, depth};
    for (NodeIndex child : tree.nodes[n].children) stack.emplace_back(child, depth + 1);
  }
  return best;
}

class DeepLibraryTest : public testing::TestWithParam<size_t> {
 protected:
  void Run(const std::function<void()>& body) { RunIsolated(GetParam(), kBudgetSeconds, body); }
};

INSTANTIATE_TEST_SUITE_P(Stacks, DeepLibraryTest, testing::Values(kDefaultStack, kSmallStack),
                         [](const testing::TestParamInfo<size_t>& info) {
                           return info.param == kDefaultStack ? std::string("Stack8MiB")
                                                              : std::string("Stack512KiB");
                         });

TEST_P(DeepLibraryTest, ValidatingAndParsing) {
  Run([] {
    std::string record = DeepUnit(kDepth);
    // A deep property value and a deep value under an unknown key, too.
    record.insert(record.find(R"j("peelings")j"), R"j("deep":)j" + DeepArrays(kDepth) + ",");
    record.insert(1, R"j("ignored":)j" + DeepObjects(kDepth) + ",");
    UnitHeader header;
    RecordError error;
    ASSERT_TRUE(ValidateRecord(record, &header, &error)) << error.column << ": " << error.message;
    EXPECT_EQ(header.method_name, "r()");
    RecordTrees trees = ParseOrFail(record);
    ASSERT_EQ(trees.inlining_tree.nodes.size(), size_t{kDepth} + 1);
    auto [leaf, depth] = Deepest(trees.inlining_tree);
    EXPECT_EQ(depth, kDepth);
    EXPECT_EQ(trees.inlining_tree.node(leaf).method_name, "h()");
    ASSERT_EQ(trees.optimization_tree.nodes.size(), size_t{kDepth} + 3);
    auto [optimization, phase_depth] = Deepest(trees.optimization_tree);
    EXPECT_EQ(phase_depth, kDepth + 1);
    const OptimizationTreeNode& node = trees.optimization_tree.node(optimization);
    ASSERT_EQ(node.position.size(), size_t{kDepth} + 1);
    EXPECT_EQ(node.position.front(), (PositionEntry{"h()", 3}));
    EXPECT_EQ(node.position.back(), (PositionEntry{"r()", 1}));
    ASSERT_EQ(node.properties.size(), 2u);
    EXPECT_EQ(node.properties[0].value.rendered, DeepArrays(kDepth));

    // An error at the bottom of the deepest nesting is found and located.
    std::string bad = DeepUnit(kDepth);
    const size_t bottom = bad.rfind(R"j("callsiteBci":7)j");  // the leaf's
    bad.replace(bottom, 15, R"j("callsiteBci":"7")j");
    EXPECT_FALSE(ValidateRecord(bad, &header, &error));
    EXPECT_EQ(error.column, bottom + 15);
    EXPECT_EQ(error.message, R"j(expected "callsiteBci" to be an integer between -2147483648 )j"
                             "and 2147483647");
    bad = DeepUnit(kDepth);
    bad.resize(bad.size() - kDepth);  // cut inside the optimization tree's closing brackets
    EXPECT_FALSE(ValidateRecord(bad, &header, &error));
    EXPECT_EQ(error.column, bad.size() + 1);
  });
}

TEST_P(DeepLibraryTest, LoadingALogAndItsTrees) {
  test::TempDir dir;
  std::string bad = DeepUnit(kDepth);
  const size_t bottom = bad.find(R"j("phaseName":"P100000")j");
  bad.replace(bottom + 12, 9, "100000");
  dir.WriteLines("log/a", {DeepUnit(kDepth), bad});
  Run([&] {
    std::vector<std::string> warnings;
    absl::StatusOr<OptimizationLog> log = LoadOptimizationLog(
        dir.Path("log"), 1, [&](std::string_view line) { warnings.emplace_back(line); });
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_EQ(log->units.size(), 1u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], "Warning: Invalid compilation unit: " + dir.Path("log/a") +
                               ":2:" + std::to_string(bottom + 13) +
                               R"j(: expected "phaseName" to be a string)j");
    absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, log->units[0], 1);
    ASSERT_TRUE(trees.ok()) << trees.status();
    EXPECT_EQ(trees->inlining_tree.nodes.size(), size_t{kDepth} + 1);
    EXPECT_EQ(trees->optimization_tree.nodes.size(), size_t{kDepth} + 3);
  });
}

TEST_P(DeepLibraryTest, Profiles) {
  Run([] {
    std::string text = R"j({"executionId":"e","deep":)j" + DeepArrays(kDepth) +
                       R"j(,"totalPeriod":10,"code":[{"name":"a()","period":5,"x":)j" +
                       DeepObjects(kDepth) + R"j(,"level":4,"compileId":"1"}]})j";
    absl::StatusOr<Profile> profile = ParseProfile(text, "/p.json", 1);
    ASSERT_TRUE(profile.ok()) << profile.status();
    ASSERT_EQ(profile->code.size(), 1u);
    EXPECT_EQ(profile->code[0].name, "a()");
    EXPECT_FALSE(ParseProfile(DeepArrays(kDepth).substr(0, kDepth + 10), "/p.json", 1).ok());
  });
}

TEST_P(DeepLibraryTest, SortingAndPhaseRemoval) {
  // The deep chain sits under a CanonicalizerPhase in one copy, so that removing detailed phases
  // deletes a 100 000-level subtree; the other copy is sorted.
  std::string optimization = DeepPhases(kDepth, DeepOptimization(kDepth));
  std::string canonical = optimization;
  canonical.replace(canonical.find(R"j("phaseName":"P1")j"), 16,
                    R"j("phaseName":"CanonicalizerPhase")j");
  const std::string record = UnitRecord("r()", "1", DeepInlining(kDepth), optimization);
  const std::string canonical_record = UnitRecord("r()", "1", DeepInlining(kDepth), canonical);
  Run([&] {
    RecordTrees trees = ParseOrFail(record);
    Options options;
    PreprocessInliningTree(trees.inlining_tree, options);
    PreprocessOptimizationTree(trees.optimization_tree, options);
    EXPECT_EQ(trees.inlining_tree.Preorder().size(), size_t{kDepth} + 1);
    EXPECT_EQ(Deepest(trees.inlining_tree).second, kDepth);
    EXPECT_EQ(trees.optimization_tree.Preorder().size(), size_t{kDepth} + 3);
    SortInliningTree(trees.inlining_tree);
    SortUnorderedPhases(trees.optimization_tree);

    RecordTrees removed = ParseOrFail(canonical_record);
    RemoveDetailedPhases(removed.optimization_tree);
    EXPECT_EQ(removed.optimization_tree.nodes.size(), 2u);  // RootPhase, HighTier
    EXPECT_EQ(removed.optimization_tree.Preorder().size(), 2u);
  });
}

TEST_P(DeepLibraryTest, OptimizationContextTrees) {
  const std::string record = DeepUnit(kDepth);
  const std::string right_record = DeepUnit(kDepth, "g()", 2);
  Run([&] {
    RecordTrees trees = ParseOrFail(record);
    OptimizationContextTree oct =
        BuildOptimizationContextTree(trees.inlining_tree, trees.optimization_tree);
    // The root info node, every inlining node and the one optimization.
    ASSERT_EQ(oct.nodes.size(), size_t{kDepth} + 3);
    EXPECT_EQ(oct.Preorder().size(), oct.nodes.size());
    auto [deepest, depth] = Deepest(oct);
    EXPECT_EQ(depth, kDepth + 2);  // below h(), which is below the info root
    ASSERT_EQ(oct.node(deepest).kind, OctNode::Kind::kOptimization);
    const OctNode& parent = oct.node(oct.node(deepest).parent);
    ASSERT_EQ(parent.kind, OctNode::Kind::kInlining);
    EXPECT_EQ(trees.inlining_tree.node(parent.ref).method_name, "h()");
    TreeRecord record;
    BuildContextTreeRecord(oct, Options(), &record);
    const NodeRecord* optimization = nullptr;
    for (const NodeRecord& node : record.nodes) {
      if (node.left.kind == LabelKind::kOptimization) optimization = &node;
    }
    ASSERT_NE(optimization, nullptr);
    EXPECT_EQ(optimization->depth, kDepth + 2);
    EXPECT_EQ(LabelText(record, optimization->left, false), "O E at bci 3 with {peelings: 1}");
    const std::string long_text = LabelText(record, optimization->left, true);
    EXPECT_EQ(long_text.rfind("O E at bci {h(): 3, m99999(): 7, m99998(): 999, m99997(): 998, ", 0),
              0u)
        << long_text.substr(0, 200);
    const std::string end = "m2(): 3, m1(): 2, r(): 1} with {peelings: 1}";
    EXPECT_EQ(long_text.substr(long_text.size() - end.size()), end);

    const Path path = InliningPathOf(trees.inlining_tree, parent.ref);
    ASSERT_EQ(path.size(), size_t{kDepth} + 1);
    EXPECT_EQ(FindNodesByPath(trees.inlining_tree, path, path.size()),
              std::vector<NodeIndex>{parent.ref});
    std::vector<uint32_t> lengths = InliningPathLengths(trees.inlining_tree);
    EXPECT_EQ(lengths[parent.ref], kDepth + 1u);

    // Matching: the leaves differ, h() with its optimization against g() with its own.
    RecordTrees right = ParseOrFail(right_record);
    OptimizationContextTree right_oct =
        BuildOptimizationContextTree(right.inlining_tree, right.optimization_tree);
    OptimizationContextTreeEditPolicy policy(oct, right_oct);
    TreeMatch match = MatchTreesWithCost(policy);
    EXPECT_EQ(match.cost, 4);
    DeltaTree delta =
        PruneIdentities(match.delta, [&](const DeltaNode& n) { return policy.IsInfoNode(n); });
    ExpandDeltaTree(policy, delta);
    EXPECT_EQ(delta.Preorder().size(), size_t{kDepth} + 5);
    EXPECT_EQ(Deepest(delta).second, kDepth + 2);
    OptimizationContextTree copy = oct;  // copies and teardown
    EXPECT_EQ(copy.Preorder().size(), oct.nodes.size());
  });
}

TEST_P(DeepLibraryTest, Matching) {
  const std::string left_record = DeepUnit(kDepth, "h()", 1);
  const std::string right_record = DeepUnit(kDepth, "g()", 2);
  const std::string shallow_record =
      UnitRecord("r()", "1",
                 R"j({"methodName":"r()","callsiteBci":-1,"inlined":true,"indirect":false,)j"
                 R"j("alive":false})j",
                 R"j({"phaseName":"RootPhase"})j");
  Run([&] {
    RecordTrees left = ParseOrFail(left_record);
    RecordTrees right = ParseOrFail(right_record);
    RecordTrees shallow = ParseOrFail(shallow_record);

    // The leaves differ by name: one deletion and one insertion at the bottom.
    InliningTreeEditPolicy inlining(left.inlining_tree, right.inlining_tree);
    TreeMatch match = MatchTreesWithCost(inlining);
    EXPECT_EQ(match.cost, 2);
    EXPECT_EQ(TreeEditDistance(inlining), 2);
    DeltaTree pruned = PruneIdentities(match.delta);
    EXPECT_EQ(pruned.nodes.size(), size_t{kDepth} + 2);  // the path down, then - h(), + g()
    ExpandDeltaTree(inlining, pruned);
    EXPECT_EQ(pruned.Preorder().size(), size_t{kDepth} + 2);

    OptimizationTreeEditPolicy optimization(left.optimization_tree, right.optimization_tree);
    match = MatchTreesWithCost(optimization);
    EXPECT_EQ(match.cost, 2);
    EXPECT_EQ(PruneIdentities(match.delta).nodes.size(), size_t{kDepth} + 3);

    // A deep tree against a single node: the whole chain is deleted and expanded.
    InliningTreeEditPolicy deleted(left.inlining_tree, shallow.inlining_tree);
    match = MatchTreesWithCost(deleted);
    EXPECT_EQ(match.cost, kDepth);
    DeltaTree expanded = PruneIdentities(match.delta);
    ExpandDeltaTree(deleted, expanded);
    EXPECT_EQ(expanded.Preorder().size(), size_t{kDepth} + 1);
    EXPECT_EQ(Deepest(expanded).second, kDepth);
    OptimizationTreeEditPolicy inserted(shallow.optimization_tree, left.optimization_tree);
    match = MatchTreesWithCost(inserted);
    EXPECT_EQ(match.cost, kDepth + 2);
    ExpandDeltaTree(inserted, match.delta);
    EXPECT_EQ(match.delta.Preorder().size(), size_t{kDepth} + 3);
  });
}

// Writes two files below `dir` for experiment `name`: <name>/log/units with the deep unit r()
// (ID 1) and a unit of h() (ID 2), and <name>.json giving both a period.
void WriteDeepExperiment(const test::TempDir& dir, const std::string& name, int depth) {
  const std::string h =
      UnitRecord("h()", "2",
                 R"j({"methodName":"h()","callsiteBci":-1,"inlined":true,"indirect":false,)j"
                 R"j("alive":false})j",
                 R"j({"phaseName":"RootPhase"})j");
  dir.WriteLines(name + "/log/units", {DeepUnit(depth), h});
  dir.Write(name + ".json",
            R"j({"totalPeriod":100,"code":[{"compileId":"1","name":"r()","level":4,"period":60},)j"
            R"j({"compileId":"2","name":"h()","level":4,"period":30}]})j");
}

TEST_P(DeepLibraryTest, FragmentsAndJitProfileMarking) {
  test::TempDir dir;
  WriteDeepExperiment(dir, "one", kDepth);
  WriteDeepExperiment(dir, "two", kDepth);
  // An AOT experiment with units of methods inlined deep down in the JIT experiment's hot unit.
  dir.WriteLines("aot/log/units", {test::Record("m99999()", "a1"), test::Record("m50000()", "a2"),
                                   test::Record("cold()", "a3")});
  Run([&] {
    auto load = [&](int id, const std::string& name, std::optional<std::string> profile,
                    ExperimentKind kind) {
      ExperimentInput input;
      input.id = id;
      input.log_directory = dir.Path(name + "/log");
      if (profile) input.profile_path = dir.Path(*profile);
      input.expected_kind = kind;
      absl::StatusOr<Experiment> experiment = LoadExperiment(input, [](std::string_view) {});
      EXPECT_TRUE(experiment.ok()) << experiment.status();
      return experiment.ok() ? std::move(*experiment) : Experiment(id, kind);
    };
    Experiment first = load(1, "one", "one.json", ExperimentKind::kJit);
    Experiment second = load(2, "two", "two.json", ExperimentKind::kJit);
    const HotPolicy both{/*min_limit=*/2, /*max_limit=*/10, /*percentile=*/0.9};
    SelectHotUnits(first, both);
    SelectHotUnits(second, both);
    ASSERT_TRUE(CreateFragments(first, second).ok());
    // h() is inlined 100 000 levels deep into r() in both experiments: one fragment each.
    std::vector<CompilationIndex> fragments;
    for (CompilationIndex c = 0; c < first.compilations().size(); ++c) {
      if (first.compilation(c).is_fragment) fragments.push_back(c);
    }
    ASSERT_EQ(fragments.size(), 1u);
    const Compilation& fragment = first.compilation(fragments[0]);
    EXPECT_EQ(fragment.id, "1#1");
    EXPECT_EQ(first.method(fragment.method).name, "h()");
    EXPECT_EQ(fragment.child_path.size(), size_t{kDepth});
    EXPECT_EQ(fragment.inlining_path.size(), size_t{kDepth} + 1);
    absl::StatusOr<RecordTrees> trees = LoadPreprocessedTrees(first, fragments[0], Options());
    ASSERT_TRUE(trees.ok()) << trees.status();
    ASSERT_EQ(trees->inlining_tree.nodes.size(), 1u);
    EXPECT_EQ(trees->inlining_tree.node(trees->inlining_tree.root).method_name, "h()");
    // Every phase stays; the deep optimization is inside the fragment, its position now {h(): 3}.
    ASSERT_EQ(trees->optimization_tree.nodes.size(), size_t{kDepth} + 3);
    auto [deepest, depth] = Deepest(trees->optimization_tree);
    EXPECT_EQ(depth, kDepth + 1);
    EXPECT_EQ(trees->optimization_tree.node(deepest).position, (Position{{"h()", 3}}));

    Experiment aot = load(2, "aot", std::nullopt, ExperimentKind::kAot);
    ASSERT_TRUE(MarkHotFromJitProfile(first, {&aot}).ok());
    for (const char* name : {"m99999()", "m50000()"}) {
      EXPECT_TRUE(aot.IsMethodHot(*aot.FindMethod(name))) << name;
    }
    EXPECT_FALSE(aot.IsMethodHot(*aot.FindMethod("cold()")));
  });
}

TEST_P(DeepLibraryTest, TeardownOfDeepStructures) {
  const std::string record = DeepUnit(kDepth);
  Run([&] {
    std::vector<RecordTrees> copies;
    {
      RecordTrees trees = ParseOrFail(record);
      for (int i = 0; i < 3; ++i) copies.push_back(trees);
      RecordTrees moved = std::move(trees);
      InliningTreeEditPolicy policy(moved.inlining_tree, copies[0].inlining_tree);
      DeltaTree delta = MatchTrees(policy);
      DeltaTree delta_copy = delta;
      EXPECT_EQ(delta_copy.nodes.size(), size_t{kDepth} + 1);
    }  // trees, OCTs and delta trees are destroyed here
    copies.clear();
    EXPECT_TRUE(copies.empty());
  });
}

// --- Printing --------------------------------------------------------------------------------

// A FILE* that only counts what is written to it and keeps the end of the last line.
struct Counts {
  size_t bytes = 0;
  size_t lines = 0;
  std::string current;    // the end of the line being written
  std::string last_line;  // the end of the last complete line, without its indentation
};

FILE* CountingFile(Counts* counts) {
  cookie_io_functions_t io = {};
  io.write = [](void* cookie, const char* data, size_t size) -> ssize_t {
    auto* c = static_cast<Counts*>(cookie);
    c->bytes += size;
    for (size_t i = 0; i < size; ++i) {
      if (data[i] != '\n') {
        c->current.push_back(data[i]);
        if (c->current.size() > 400) c->current.erase(0, 200);
        continue;
      }
      ++c->lines;
      size_t text = c->current.find_first_not_of(' ');
      c->last_line = text == std::string::npos ? "" : c->current.substr(text);
      c->current.clear();
    }
    return static_cast<ssize_t>(size);
  };
  return fopencookie(counts, "w", io);
}

// Bytes of `lines` lines at levels 0..lines-1, each carrying `text` plus its indentation.
size_t StaircaseBytes(size_t lines) { return 4 * lines * (lines - 1) / 2; }

TEST(DeepPrintingTest, TreesAndDeltaTreesPrintWithoutRecursion) {
  const std::string left_record = DeepUnit(kPrintDepth, "h()", 1);
  const std::string right_record = DeepUnit(kPrintDepth, "g()", 2);
  RunIsolated(kPrintStack, kBudgetSeconds, [&] {
    RecordTrees left = ParseOrFail(left_record);
    RecordTrees right = ParseOrFail(right_record);
    Options options;
    PreprocessInliningTree(left.inlining_tree, options);
    PreprocessOptimizationTree(left.optimization_tree, options);
    PreprocessInliningTree(right.inlining_tree, options);
    PreprocessOptimizationTree(right.optimization_tree, options);
    auto print = [](const std::function<void(LineWriter&)>& write) {
      Counts counts;
      FILE* file = CountingFile(&counts);
      {
        LineWriter out(file);
        write(out);
      }
      fclose(file);
      return counts;
    };

    Counts counts =
        print([&](LineWriter& out) { WriteInliningTree(out, left.inlining_tree, options); });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 1);
    EXPECT_EQ(counts.last_line, "(inlined) h() at bci 7");
    EXPECT_GT(counts.bytes, StaircaseBytes(kPrintDepth + 1));

    counts = print(
        [&](LineWriter& out) { WriteOptimizationTree(out, left.optimization_tree, options); });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 3);
    EXPECT_EQ(counts.last_line, "O E at bci 1 with {peelings: 1}");
    EXPECT_GT(counts.bytes, StaircaseBytes(kPrintDepth + 2));

    OptimizationContextTree left_oct =
        BuildOptimizationContextTree(left.inlining_tree, left.optimization_tree);
    OptimizationContextTree right_oct =
        BuildOptimizationContextTree(right.inlining_tree, right.optimization_tree);
    counts = print([&](LineWriter& out) { WriteOptimizationContextTree(out, left_oct, options); });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 3);
    EXPECT_EQ(counts.last_line, "O E at bci 3 with {peelings: 1}");

    InliningTreeEditPolicy inlining(left.inlining_tree, right.inlining_tree);
    DeltaTree delta = PruneIdentities(MatchTrees(inlining));
    ExpandDeltaTree(inlining, delta);
    counts = print([&](LineWriter& out) {
      WriteInliningDeltaTree(out, delta, left.inlining_tree, right.inlining_tree, options);
    });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 2);
    EXPECT_EQ(counts.last_line, "+ (inlined) g() at bci 7");

    OptimizationTreeEditPolicy optimization(left.optimization_tree, right.optimization_tree);
    delta = PruneIdentities(MatchTrees(optimization));
    counts = print([&](LineWriter& out) {
      WriteOptimizationDeltaTree(out, delta, left.optimization_tree, right.optimization_tree,
                                 options);
    });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 3);
    EXPECT_EQ(counts.last_line, "+ O E at bci 1 with {peelings: 2}");

    OptimizationContextTreeEditPolicy oct(left_oct, right_oct);
    delta = PruneIdentities(MatchTrees(oct), [&](const DeltaNode& n) { return oct.IsInfoNode(n); });
    ExpandDeltaTree(oct, delta);
    counts = print(
        [&](LineWriter& out) { WriteOctDeltaTree(out, delta, left_oct, right_oct, options); });
    EXPECT_EQ(counts.lines, size_t{kPrintDepth} + 5);
    EXPECT_EQ(counts.last_line, "+ O E at bci 3 with {peelings: 2}");
  });
}

// --- End to end --------------------------------------------------------------------------------

constexpr rlim_t kStackLimit = 8 << 20;

TEST(DeepEndToEndTest, ColdRecordsNesting100000LevelsLoadWithAProfile) {
  test::TempDir dir;
  const std::string hot = test::Record("hot()", "1");
  const std::string leaf = R"j({"methodName":"x()","callsiteBci":-1,"inlined":true,)j"
                           R"j("indirect":false,"alive":false})j";
  std::string deep_property = UnitRecord(
      "p()", "4", leaf,
      R"j({"phaseName":"RootPhase","optimizations":[{"optimizationName":"O","eventName":"E",)j"
      R"j("deep":)j" +
          DeepArrays(kDepth) + R"j(,"deeper":)j" + DeepObjects(kDepth) + "}]}");
  std::string deep_ignored = test::Record("i()", "5");
  deep_ignored.insert(1, R"j("ignored":)j" + DeepObjects(kDepth) + ",");
  std::string invalid = DeepUnit(kDepth);
  const size_t bottom = invalid.rfind(R"j("callsiteBci":7)j");  // the leaf's
  invalid.replace(bottom, 15, R"j("callsiteBci":[])j");
  dir.WriteLines("log/units",
                 {hot, UnitRecord("r()", "2", DeepInlining(kDepth), R"j({"phaseName":"R"})j"),
                  UnitRecord("q()", "3", leaf, DeepPhases(kDepth, DeepOptimization(kDepth))),
                  deep_property, deep_ignored, invalid});
  dir.Write("prof.json", R"j({"totalPeriod":100,"ignored":)j" + DeepArrays(kDepth) +
                             R"j(,"code":[{"compileId":"1","name":"hot()","level":4,)j"
                             R"j("period":50},{"compileId":"2","name":"r()","level":4,)j"
                             R"j("period":0}]})j");
  test::RunResult result =
      test::RunProfdiffWithLimits({"report", "log", "prof.json"}, dir.path(), kStackLimit);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const std::string out = test::StripExplanation(result.out);
  EXPECT_EQ(
      out.rfind("Warning: Invalid compilation unit: log/units:6:" + std::to_string(bottom + 15) +
                    R"j(: expected "callsiteBci" to be an integer between -2147483648 )j"
                    "and 2147483647\n"
                    "Experiment 1 (JIT)\n"
                    "    Collected optimization logs for 5 compilation units\n",
                0),
      0u)
      << out.substr(0, 1000);
  EXPECT_NE(out.find("\nMethod hot()\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("\nMethod r()\n"), std::string::npos) << out;

  // Both experiments of a comparison load the same way; cold units are never compared.
  result = test::RunProfdiffWithLimits({"jit-vs-jit", "log", "prof.json", "log", "prof.json"},
                                       dir.path(), kStackLimit);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Experiment 2 (JIT)\n    Collected optimization logs for 5 compilation "
                            "units\n"),
            std::string::npos);
}

// jit-vs-jit of two hot units r() whose optimization trees nest 10 000 levels: a chain of
// phases with an optimization at the bottom, 10 000 nodes, the most the size guard of
// algorithms.md §11.1 lets a comparison match (10 000 x 10 000 node pairs). Their inlining
// trees nest almost as deep (9 997 levels) and differ only near the root, so the pruned output
// stays small. h(), inlined at the bottom, is hot too, so fragments with a 9 996-level inlining
// path are created and compared with h()'s own compilations (whose trees are the same).
TEST(DeepEndToEndTest, JitVsJitOfUnitsNesting10000Levels) {
  test::TempDir dir;
  constexpr int kInliningDepth = 9996;  // r() m1() .. m9995() h(), and a(): 9 998 nodes
  constexpr int kPhaseDepth = 9998;     // RootPhase P1 .. P9998 O: 10 000 nodes
  auto write = [&](const std::string& name, bool inlined) {
    std::string inlining = DeepInlining(kInliningDepth);
    // The root gets a second child whose kind differs between the experiments.
    inlining.insert(inlining.size() - 2,
                    std::string(",") + OpenInliningNode("a()", 2, inlined) + "]}");
    auto phases = [](const std::string& optimization) {
      std::string text;
      for (int i = 0; i <= kPhaseDepth; ++i) {
        text += R"j({"phaseName":")j" +
                (i == 0 ? std::string("RootPhase") : "P" + std::to_string(i)) +
                R"j(","optimizations":[)j";
      }
      return text + optimization + [] {
        std::string close;
        for (int i = 0; i <= kPhaseDepth; ++i) close += "]}";
        return close;
      }();
    };
    const std::string unit =
        UnitRecord("r()", "1", inlining, phases(DeepOptimization(kInliningDepth)));
    const std::string h =
        UnitRecord("h()", "2",
                   R"j({"methodName":"h()","callsiteBci":-1,"inlined":true,"indirect":false,)j"
                   R"j("alive":false})j",
                   phases(R"j({"optimizationName":"O","eventName":"E","position":{"h()":3},)j"
                          R"j("peelings":1})j"));
    dir.WriteLines(name + "/units", {unit, h});
    dir.Write(name + ".json",
              R"j({"totalPeriod":100,"code":[{"compileId":"1","name":"r()","level":4,)j"
              R"j("period":60},{"compileId":"2","name":"h()","level":4,"period":30}]})j");
  };
  write("one", true);
  write("two", false);
  test::RunResult result = test::RunProfdiffWithLimits(
      {"--hot-min-limit=2", "jit-vs-jit", "one", "one.json", "two", "two.json"}, dir.path(),
      kStackLimit, 300);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const std::string out = test::StripExplanation(result.out);
  EXPECT_EQ(out.find("too big"), std::string::npos) << out.substr(0, 3000);
  std::string path;  // the fragments' inlining path, one line per level
  for (int i = 1; i < kInliningDepth; ++i) {
    path += std::string(31, ' ') + MethodName(i) + " at bci " + std::to_string(i % 1000) + "\n";
  }
  path += std::string(31, ' ') + "h() at bci 7\n";
  const std::string r_section = test::Block(R"j(
Method r()
    In experiment 1
        1 compilations (1 of which are hot)
        Compilations
                1 consumed 66.67% of Graal execution, 60.00% of total *hot*
    In experiment 2
        1 compilations (1 of which are hot)
        Compilations
                1 consumed 66.67% of Graal execution, 60.00% of total *hot*
    Compilation unit     1 consumed 66.67% of Graal execution, 60.00% of total in experiment 1 vs
    Compilation unit     1 consumed 66.67% of Graal execution, 60.00% of total in experiment 2
        Inlining tree matching
            . (root) r()
                * (inlined -> direct) a() at bci 2
                    |_ no inlining decisions in experiment 1
                    |_ no inlining decisions in experiment 2
        Optimization tree matching
            There are no differences

Method h()
    In experiment 1
        2 compilations (2 of which are hot)
        Compilations
              1#1 consumed 66.67% of Graal execution, 60.00% of total *hot*
              |_ a fragment of r()
)j");
  const size_t r_start = out.find("Method r()\n");
  ASSERT_NE(r_start, std::string::npos) << out.substr(0, 3000);
  EXPECT_EQ(out.substr(r_start, r_section.size()), r_section);
  EXPECT_EQ(out.compare(r_start + r_section.size(), path.size(), path), 0)
      << out.substr(r_start + r_section.size(), 2000);
  const std::string same = test::Block(R"j(
        Inlining tree matching
            There are no differences
        Optimization tree matching
            There are no differences
)j");
  const std::string unit2 = "consumed 33.33% of Graal execution, 30.00% of total";
  const std::string fragment = "consumed 66.67% of Graal execution, 60.00% of total";
  const std::string expected_tail =
      "                2 " + unit2 +
      " *hot*\n"
      "    In experiment 2\n"
      "        2 compilations (2 of which are hot)\n"
      "        Compilations\n"
      "              1#2 " +
      fragment +
      " *hot*\n"
      "              |_ a fragment of r()\n" +
      path + "                2 " + unit2 +
      " *hot*\n"
      "    Compilation fragment   1#1 " +
      fragment +
      " in experiment 1 vs\n"
      "    Compilation unit     2 " +
      unit2 + " in experiment 2\n" + same + "    Compilation unit     2 " + unit2 +
      " in experiment 1 vs\n"
      "    Compilation fragment   1#2 " +
      fragment + " in experiment 2\n" + same + "    Compilation unit     2 " + unit2 +
      " in experiment 1 vs\n"
      "    Compilation unit     2 " +
      unit2 + " in experiment 2\n" + same;
  EXPECT_TRUE(out.substr(r_start + r_section.size() + path.size()) == expected_tail)
      << out.substr(r_start + r_section.size() + path.size(), 3000);
  EXPECT_LT(out.size(), size_t{4} << 20);  // nothing printed the deep levels

  // The optimization-context trees nest 9 998 levels (10 000 nodes).
  result = test::RunProfdiffWithLimits({"--hot-min-limit=2", "--optimization-context-tree=true",
                                        "jit-vs-jit", "one", "one.json", "two", "two.json"},
                                       dir.path(), kStackLimit, 300);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out.find("too big"), std::string::npos);
  EXPECT_NE(result.out.find(test::Block(R"j(
    Compilation unit     1 consumed 66.67% of Graal execution, 60.00% of total in experiment 2
        . Optimization-context tree
            . (root) r()
                * (inlined -> direct) a() at bci 2
                    |_ no inlining decisions in experiment 1
                    |_ no inlining decisions in experiment 2

Method h()
)j")),
            std::string::npos)
      << result.out.substr(0, 5000);
}

TEST(DeepEndToEndTest, DeepTreesPrintOneLinePerLevel) {
  test::TempDir dir;
  constexpr int depth = 1000;
  dir.WriteLines("log/units", {DeepUnit(depth)});
  test::RunResult result = test::RunProfdiffWithLimits({"report", "log"}, dir.path(), kStackLimit);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::string expected = "            Inlining tree\n                (root) r()\n";
  for (int i = 1; i < depth; ++i) {
    expected += std::string(4 * (4 + i), ' ') + "(inlined) " + MethodName(i) + " at bci " +
                std::to_string(i % 1000) + "\n";
  }
  expected += std::string(4 * (4 + depth), ' ') + "(inlined) h() at bci 7\n";
  expected +=
      "            Optimization tree\n                RootPhase\n                    HighTier\n";
  for (int i = 1; i <= depth; ++i) {
    expected += std::string(4 * (4 + i), ' ') + "P" + std::to_string(i) + "\n";
  }
  expected += std::string(4 * (5 + depth), ' ') + "O E at bci 1 with {peelings: 1}\n";
  const std::string out = result.out;
  ASSERT_GE(out.size(), expected.size());
  EXPECT_EQ(out.substr(out.size() - expected.size()), expected);
}

}  // namespace
}  // namespace profdiff
