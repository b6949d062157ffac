// The decisions view (docs/decisions-view.md) from hand-made trees and records: the callee's
// bytecode size on each side and how the text shows it, and what jit-vs-jit-runs adds (the runs'
// inlining rates, their test, the stable reason-only changes).

#include "profdiff/output/decision_view.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands/run_reason_changes.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/diff/decision_changes.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

NodeIndex AddRoot(InliningTree& tree) {
  InliningTreeNode node;
  node.method_name = "Root.m()";
  return tree.AddNode(std::move(node), kNoNode);
}

NodeIndex AddCall(InliningTree& tree, std::string name, int32_t bci, bool inlined,
                  int32_t bytecode_size, std::vector<std::string> reasons = {"r"}) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  node.bci = bci;
  node.inlined = inlined;
  node.alive = !inlined;
  node.bytecode_size = bytecode_size;
  node.reasons = std::move(reasons);
  return tree.AddNode(std::move(node), 0);
}

PairDecisions Decide(const InliningTree& left, const InliningTree& right) {
  InliningTreeEditPolicy policy(left, right);
  std::optional<TreeMatch> match = tree_matcher_internal::MatchTreesUnlessTooBig(
      tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(policy), false,
      kMaxMatchedNodePairs);
  PairDecisions decisions;
  CollectDecisionChanges(match, left, right, &decisions);
  return decisions;
}

// Tells `tally` of a pair of `method`'s compilations 1 and 2 with `decisions`.
void AddPair(DecisionTally& tally, std::string_view method, const PairDecisions& decisions) {
  PairRecord pair;
  pair.method = method;
  pair.first.id = "1";
  pair.second.id = "2";
  pair.second.experiment = 2;
  pair.decisions = &decisions;
  tally.Pair(pair);
}

std::string TextOf(const DecisionsRecord& record) {
  std::string text;
  {
    LineWriter out(&text);
    WriteDecisionsText(out, record, TextStyle(), "hot");
  }
  return text;
}

// The text of the decisions of one pair of Root.m() (compilations 1 and 2).
std::string TextOf(const PairDecisions& decisions) {
  DecisionTally tally;
  AddPair(tally, "Root.m()", decisions);
  return TextOf(tally.MakeRecord());
}

// The node does not grow for the size: it lives in what was padding (the Graal reader builds
// millions of nodes, none of which has a size).
struct NodeWithoutSize {
  std::optional<std::string> method_name;
  int32_t bci;
  bool inlined, indirect, alive;
  std::vector<std::string> reasons;
  std::optional<ReceiverTypeProfile> receiver_type_profile;
  NodeIndex parent;
  ChildList children;
};

TEST(DecisionViewTest, TheBytecodeSizeCostsTheNodeNoMemory) {
  EXPECT_EQ(sizeof(InliningTreeNode), sizeof(NodeWithoutSize));
  EXPECT_EQ(InliningTreeNode().bytecode_size, -1);
}

TEST(DecisionViewTest, EachSideKeepsItsCalleesBytecodeSize) {
  InliningTree left, right;
  AddRoot(left);
  AddRoot(right);
  AddCall(left, "A.same()", 1, true, 35);
  AddCall(right, "A.same()", 1, false, 35);
  AddCall(left, "A.grew()", 2, false, 42);
  AddCall(right, "A.grew()", 2, true, 9);
  AddCall(left, "A.unknown()", 3, false, -1);
  AddCall(right, "A.unknown()", 3, true, -1);
  AddCall(left, "A.loaded()", 4, false, -1);
  AddCall(right, "A.loaded()", 4, true, 11);
  AddCall(left, "A.gone()", 5, true, 7);
  AddCall(right, "A.new()", 6, true, 1);
  const PairDecisions decisions = Decide(left, right);
  std::vector<std::pair<int32_t, int32_t>> sizes;
  for (const DecisionChange& change : decisions.changes) {
    sizes.emplace_back(change.side[0].bytecode_size, change.side[1].bytecode_size);
  }
  std::sort(sizes.begin(), sizes.end());
  EXPECT_THAT(sizes, ::testing::ElementsAre(std::pair(-1, -1), std::pair(-1, 1), std::pair(-1, 11),
                                            std::pair(7, -1), std::pair(35, 35), std::pair(42, 9)));

  const std::string text = TextOf(decisions);
  // The same size once; sizes that differ both, "?" for a side present without one; a side
  // absent has no size to show; no size at all, nothing.
  EXPECT_THAT(text, HasSubstr("A.same() (bytecode 35 bytes) at bci 1 in Root.m(): inlined → "
                              "direct\n"));
  EXPECT_THAT(text, HasSubstr("A.grew() (bytecode 42 → 9 bytes) at bci 2 in Root.m()"));
  EXPECT_THAT(text, HasSubstr("A.unknown() at bci 3 in Root.m()"));
  EXPECT_THAT(text, HasSubstr("A.loaded() (bytecode ? → 11 bytes) at bci 4"));
  EXPECT_THAT(text, HasSubstr("A.gone() (bytecode 7 bytes) at bci 5 in Root.m(): inlined → "
                              "absent\n"));
  EXPECT_THAT(text, HasSubstr("A.new() (bytecode 1 byte) at bci 6 in Root.m(): absent → "
                              "inlined\n"));
}

TEST(DecisionViewTest, ReasonOnlyChangesShowTheSizeToo) {
  InliningTree left, right;
  AddRoot(left);
  AddRoot(right);
  AddCall(left, "A.m()", 1, true, 20, {"inline (hot)"});
  AddCall(right, "A.m()", 1, true, 20, {"accessor"});
  const std::string text = TextOf(Decide(left, right));
  EXPECT_THAT(text, HasSubstr("Reasons changed, the kind the same: 1 call site\n"));
  EXPECT_THAT(text, HasSubstr("A.m() (bytecode 20 bytes) at bci 1 in Root.m(): inlined → "
                              "inlined\n"));
}

// The decisions of a pair whose one call site A.m()@1 went from inlined to direct.
struct InlinedThenNot {
  InliningTree left, right;
  PairDecisions decisions;
  InlinedThenNot() {
    AddRoot(left);
    AddRoot(right);
    AddCall(left, "A.m()", 1, true, -1, {"inline"});
    AddCall(right, "A.m()", 1, false, -1, {"too big"});
    decisions = Decide(left, right);
  }
};

// A method record of `name` with one compilation of `share` and `samples` in each experiment
// (a JFR profile's), and the test of its share change.
MethodRecord SampledMethod(std::string_view name, int64_t index, double share1, int64_t samples1,
                           double share2, int64_t samples2, double p) {
  MethodRecord method;
  method.index = index;
  method.name = name;
  for (int e = 1; e <= 2; ++e) {
    CompilationListRecord& list = method.experiments.emplace_back();
    list.experiment = e;
    list.profiled = true;
    CompilationRecord& c = list.compilations.emplace_back();
    c.experiment = e;
    c.profiled = true;
    c.total_share = e == 1 ? share1 : share2;
    c.samples = e == 1 ? samples1 : samples2;
  }
  method.sampling_noise = SamplingNoiseRecord{p, p >= 0.05};
  return method;
}

// Two JFR profiles (issue 32 part 4, docs/decisions-view.md): each call site's share says the
// samples behind it (of the experiment whose share it is), a transition sums its methods', and a
// call site of a method whose share change is within sampling noise says so.
TEST(DecisionViewTest, SharesSayTheirSamplesAndWhetherTheChangeIsNoise) {
  const InlinedThenNot change;
  const PairDecisions& decisions = change.decisions;
  DecisionTally tally;
  // Hot.a(): 30% (6 samples) against 35% (7 samples), within the noise; Hot.b(): 2% (1) against
  // 40% (8), beyond it.
  tally.Method(SampledMethod("Hot.a()", 0, 0.30, 6, 0.35, 7, 0.78));
  tally.Method(SampledMethod("Hot.b()", 1, 0.02, 1, 0.40, 8, 0.01));
  for (std::string_view method : {"Hot.a()", "Hot.b()"}) AddPair(tally, method, decisions);
  const DecisionsRecord& record = tally.MakeRecord();
  ASSERT_EQ(record.changes.size(), 2u);
  EXPECT_EQ(record.changes[0].method, "Hot.b()");
  EXPECT_EQ(record.changes[0].samples, 8);
  ASSERT_TRUE(record.changes[0].sampling_noise.has_value());
  EXPECT_FALSE(record.changes[0].sampling_noise->within_noise);
  EXPECT_EQ(record.changes[1].samples, 7);
  ASSERT_TRUE(record.changes[1].sampling_noise.has_value());
  EXPECT_TRUE(record.changes[1].sampling_noise->within_noise);
  ASSERT_EQ(record.transitions.size(), 1u);
  EXPECT_EQ(record.transitions[0].samples, 15);

  const std::string text = TextOf(record);
  EXPECT_THAT(text, HasSubstr("inlined (inline) → direct (too big): 2 call sites in 2 methods, "
                              "75.00% of execution (15 samples)\n"));
  EXPECT_THAT(text, HasSubstr("\n         40.00% (8 samples)  Hot.b(), compilations 1 and 2\n"));
  EXPECT_THAT(text, HasSubstr("\n         35.00% (7 samples)  Hot.a(), compilations 1 and 2, share "
                              "change within sampling noise (p = 0.7800)\n"));
}

// Other profiles (proftool's cycles) have no samples: the lines are what they were.
TEST(DecisionViewTest, SharesOfOtherProfilesSayNoSamples) {
  const InlinedThenNot change;
  const PairDecisions& decisions = change.decisions;
  DecisionTally tally;
  MethodRecord method = SampledMethod("Root.m()", 0, 0.5, 0, 0.25, 0, 1);
  for (CompilationListRecord& list : method.experiments) list.compilations[0].samples.reset();
  method.sampling_noise.reset();
  tally.Method(method);
  AddPair(tally, "Root.m()", decisions);
  const std::string text = TextOf(tally.MakeRecord());
  EXPECT_THAT(text, HasSubstr(": 1 call site in 1 method, 50.00% of execution\n"));
  EXPECT_THAT(text, HasSubstr("\n         50.00%  Root.m(), compilations 1 and 2\n"));
  EXPECT_THAT(text, Not(HasSubstr("sampl")));
}

// --- jit-vs-jit-runs ---------------------------------------------------------------------------

// A pair of runs' decisions with a reason-only change of A.m()@1 from `before` to `after`.
struct RunPair {
  InliningTree left, right;
  PairDecisions decisions;
  RunPair(const std::string& before, const std::string& after) {
    AddRoot(left);
    AddRoot(right);
    AddCall(left, "A.m()", 1, true, -1, {before});
    AddCall(right, "A.m()", 1, true, -1, {after});
    decisions = Decide(left, right);
  }
};

RunsOptions Thresholds() {
  RunsOptions options;
  options.stable_share = 0.8;
  options.noise_share = 0.2;
  return options;
}

// The stable reason-only changes of the pairs (their trees must outlive the result).
PairDecisions Stable(const std::vector<const PairDecisions*>& cross,
                     const std::vector<const PairDecisions*>& within, bool unconfirmed = false) {
  ReasonChangeSupport support;
  for (const PairDecisions* pair : cross) support.AddCrossPair(*pair);
  for (const PairDecisions* pair : within) support.AddWithinPair(*pair);
  PairDecisions stable;
  support.Finish(Thresholds(), unconfirmed, &stable);
  return stable;
}

TEST(RunReasonChangesTest, StableWhenInTheCrossPairsAndNotTheSameSidePairs) {
  // Numbers in the reasons are not part of the change: each cross pair has the same one.
  RunPair cross1("inline (hot, 35 bytes)", "too big"), cross2("inline (hot, 36 bytes)", "too big");
  RunPair same1("inline (hot)", "inline (hot)"), same2("too big", "too big");
  const PairDecisions stable =
      Stable({&cross1.decisions, &cross2.decisions}, {&same1.decisions, &same2.decisions});
  ASSERT_EQ(stable.changes.size(), 1u);
  const DecisionChange& change = stable.changes[0];
  EXPECT_FALSE(change.kind_changed);
  // The reasons of the first cross pair that has it.
  EXPECT_EQ(change.side[0].reasons->back(), "inline (hot, 35 bytes)");
  ASSERT_EQ(change.path_end - change.path_begin, 1u);
  EXPECT_EQ(*stable.path[change.path_begin].method, "A.m()");
  // Unconfirmed: nothing is stable.
  EXPECT_TRUE(Stable({&cross1.decisions, &cross2.decisions}, {&same1.decisions, &same2.decisions},
                     /*unconfirmed=*/true)
                  .changes.empty());
}

TEST(RunReasonChangesTest, NoiseWhenTheSameSidePairsHaveItInEitherDirection) {
  RunPair cross1("a", "b"), cross2("a", "b");
  // A same-side pair with the mirror image counts as much as one with the change itself: in 1
  // of 2 same-side pairs is more than 0.2.
  RunPair mirror("b", "a"), same("a", "a");
  EXPECT_TRUE(Stable({&cross1.decisions, &cross2.decisions}, {&mirror.decisions, &same.decisions})
                  .changes.empty());
  // In too few cross pairs: noise as well.
  RunPair other("a", "c");
  EXPECT_TRUE(Stable({&cross1.decisions, &other.decisions}, {&same.decisions}).changes.empty());
  // Too big to compare: the pair counts for nothing.
  PairDecisions too_big;
  too_big.too_big = true;
  EXPECT_EQ(Stable({&cross1.decisions, &too_big}, {&same.decisions}).changes.size(), 1u);
}

TEST(DecisionViewTest, RunsAddTheirRatesTheTestAndTheStableReasonChanges) {
  RunPair change("a", "b");
  RunsDecisions runs;
  // Experiment 1: 3 of 4 call sites inlined in each run; experiment 2: 1 of 4 and 2 of 4.
  runs.runs[0] = {{0, 4, 3}, {1, 4, 3}};
  runs.runs[1] = {{0, 4, 1}, {1, 4, 2}};
  runs.reason_changes = change.decisions;
  RunsMethodRecord record;
  record.name = "Root.m()";
  record.compared = true;
  record.cross_pairs = 4;
  record.hotness.resize(2);
  record.hotness[0].mean = 0.5;
  record.hotness[1].mean = 0.25;
  record.decisions = &runs;
  DecisionTally tally;
  tally.RunsMethod(record);
  const DecisionsRecord& result = tally.MakeRecord();
  EXPECT_EQ(result.rate[0].call_sites, 8);
  EXPECT_EQ(result.rate[0].inlined, 6);
  EXPECT_EQ(result.rate[1].inlined, 3);
  EXPECT_DOUBLE_EQ(result.rate[1].weighted_call_sites, 0.5 * 8);
  ASSERT_TRUE(result.runs_rate.has_value());
  EXPECT_THAT(result.runs_rate->rates[0], ::testing::ElementsAre(0.75, 0.75));
  EXPECT_THAT(result.runs_rate->rates[1], ::testing::ElementsAre(0.25, 0.5));
  EXPECT_TRUE(result.runs_rate->change[0].tested);
  EXPECT_DOUBLE_EQ(result.runs_rate->change[0].difference, 0.375 - 0.75);
  ASSERT_EQ(result.reason_changes.size(), 1u);
  EXPECT_EQ(result.reason_changes[0].callee, "A.m()");
  EXPECT_TRUE(result.reason_changes[0].compilation[0].empty());

  const std::string text = TextOf(result);
  EXPECT_THAT(text, HasSubstr("75.00%        37.50%    -37.50  call sites (6 of 8, 3 of 8)\n"));
  EXPECT_THAT(text, HasSubstr("        Change over 2 runs and 2 runs: within the noise (Welch's "
                              "t-test: t = -3.00, df = 1.0, p = 0.2048)\n"));
  EXPECT_THAT(text, HasSubstr("Reasons changed, the kind the same: 1 call site\n"));
  // A jit-vs-jit record has no such lines.
  EXPECT_THAT(TextOf(change.decisions), Not(HasSubstr("Change over")));
}

}  // namespace
}  // namespace profdiff
