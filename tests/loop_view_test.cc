// The loop view's record and text (profdiff/output/loop_view.h) from hand-made records: the loops
// of the counted pairs only, ranked by their method's share with unknown shares last, every side
// as the text shows it, and nothing for logs that are not LLVM remarks.

#include "profdiff/output/loop_view.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

LoopChange Loop(std::string function, int32_t bci, std::vector<VectorizedLoop> before,
                std::vector<VectorizedLoop> after, bool remarked_after = true) {
  LoopChange change;
  change.position.push_back(PositionEntry{InternedName(function), bci});
  change.side[0].remarked = true;
  change.side[0].vectorized = std::move(before);
  if (change.side[0].vectorized.empty()) change.side[0].reasons = {"loop not vectorized"};
  change.side[1].remarked = remarked_after;
  change.side[1].vectorized = std::move(after);
  return change;
}

// A method section with one profiled compilation per experiment of `share` (none: unprofiled).
MethodRecord Method(std::string_view name, int64_t index, std::optional<double> share,
                    std::vector<CompilationListRecord>* lists) {
  for (int e = 1; e <= 2; ++e) {
    CompilationListRecord& list = lists->emplace_back();
    list.experiment = e;
    list.profiled = share.has_value();
    CompilationRecord& c = list.compilations.emplace_back();
    c.experiment = e;
    c.id = "a.opt.yaml";
    c.profiled = share.has_value();
    c.total_share = share.value_or(0);
  }
  MethodRecord record;
  record.name = name;
  record.index = index;
  record.experiments = *lists;
  return record;
}

void AddPair(LoopTally& tally, std::string_view method, std::string_view left,
             std::string_view right, const std::vector<LoopChange>* loops) {
  PairRecord pair;
  pair.method = method;
  pair.first.id = left;
  pair.second.id = right;
  pair.second.experiment = 2;
  pair.loops = loops;
  tally.Pair(pair);
}

TEST(LoopViewTest, RanksTheLoopsOfTheCountedPairsByShare) {
  LoopTally tally;
  ExperimentRecord remarks;
  remarks.llvm.emplace();
  tally.Experiment(remarks);
  std::vector<CompilationListRecord> lists[3];
  tally.Method(Method("cold", 0, 0.1, &lists[0]));
  tally.Method(Method("hot", 1, 0.6, &lists[1]));
  tally.Method(Method("unprofiled", 2, std::nullopt, &lists[2]));
  const std::vector<LoopChange> cold = {Loop("cold", 1003, {{"4", "2"}}, {})};
  const std::vector<LoopChange> hot = {Loop("hot", 2003, {}, {{"8", "1"}}),
                                       Loop("hot", 5003, {{"4", "2"}}, {{"8", "1"}})};
  const std::vector<LoopChange> unprofiled = {Loop("unprofiled", 3, {{"2", "1"}}, {}, false)};
  AddPair(tally, "unprofiled", "a.opt.yaml", "a.opt.yaml", &unprofiled);
  AddPair(tally, "cold", "a.opt.yaml", "a.opt.yaml", &cold);
  AddPair(tally, "hot", "a.opt.yaml", "a.opt.yaml", &hot);
  // A pair of no loop view (another log) adds nothing.
  AddPair(tally, "hot", "x", "y", nullptr);
  ASSERT_TRUE(tally.remarks());
  const LoopsRecord& record = tally.MakeRecord();
  EXPECT_EQ(record.methods, 3);
  EXPECT_EQ(record.pairs, 3);
  std::vector<std::string> order;
  for (const LoopRowRecord& row : record.loops) {
    order.push_back(std::string(row.method) + " " + std::string(LoopChangeName(row)));
  }
  EXPECT_THAT(order,
              ElementsAre("hot started", "hot changed", "cold stopped", "unprofiled stopped"));
  std::string text;
  {
    LineWriter out(&text);
    WriteLoopsText(out, record, TextStyle(), "hot");
  }
  EXPECT_THAT(text, HasSubstr("3 compared pairs of 3 hot methods\n"));
  EXPECT_THAT(text, HasSubstr("2 stopped, 1 started, 1 changed width or interleave count\n"));
  EXPECT_THAT(text, HasSubstr("60.00%  hot, compilations a.opt.yaml and a.opt.yaml\n"
                              "            loop at bci 2003 in hot: not vectorized → vectorized "
                              "8x1\n"
                              "                experiment 1: loop not vectorized\n"));
  EXPECT_THAT(text, HasSubstr("loop at bci 5003 in hot: vectorized 4x2 → vectorized 8x1\n"));
  EXPECT_THAT(text, HasSubstr("      -  unprofiled, compilations a.opt.yaml and a.opt.yaml\n"
                              "            loop at bci 3 in unprofiled: vectorized 2x1 → no "
                              "remark\n"));
  // Some shares known: the text does not say that the remarks have no Hotness.
  EXPECT_THAT(text, Not(HasSubstr("No Hotness")));
}

TEST(LoopViewTest, OnlyOnePairOfAFunctionInManyTranslationUnitsCounts) {
  // A static function in two translation units on each side: four pairs, of which the
  // one-to-one pairing counts two (the same units, at no cost).
  LoopTally tally;
  std::vector<CompilationListRecord> lists;
  tally.Method(Method("f", 0, std::nullopt, &lists));
  const std::vector<LoopChange> loops = {Loop("f", 1003, {{"4", "1"}}, {})};
  const std::vector<LoopChange> none;
  for (std::string_view left : {"a.opt.yaml", "b.opt.yaml"}) {
    for (std::string_view right : {"a.opt.yaml", "b.opt.yaml"}) {
      AddPair(tally, "f", left, right, left == right && left == "a.opt.yaml" ? &loops : &none);
    }
  }
  EXPECT_FALSE(tally.remarks());  // no experiment record of remarks came
  const LoopsRecord& record = tally.MakeRecord();
  EXPECT_EQ(record.pairs, 2);
  ASSERT_EQ(record.loops.size(), 1u);
  EXPECT_EQ(record.loops[0].compilation[1], "a.opt.yaml");
  std::string text;
  {
    LineWriter out(&text);
    WriteLoopsText(out, record, TextStyle(), "compiled");
  }
  EXPECT_THAT(text, HasSubstr("No Hotness in the remarks"));
}

}  // namespace
}  // namespace profdiff
