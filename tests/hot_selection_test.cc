// Hot compilation selection (algorithms.md §2).

#include "profdiff/analysis/hot_selection.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "profdiff/model/experiment.h"

namespace profdiff {
namespace {

// An experiment whose units are given as (method, period) in registration order.
class HotSelectionTest : public testing::Test {
 protected:
  CompilationIndex AddUnit(const std::string& method, int64_t period) {
    Compilation unit;
    unit.method = experiment_.GetOrCreateMethod(method);
    unit.id = std::to_string(next_id_++);
    unit.period = period;
    return experiment_.AddCompilation(std::move(unit));
  }

  // One unit per period, each of its own method, in order.
  std::vector<CompilationIndex> AddUnits(const std::vector<int64_t>& periods) {
    std::vector<CompilationIndex> units;
    for (int64_t period : periods) units.push_back(AddUnit("m" + std::to_string(next_id_), period));
    return units;
  }

  void Select(int32_t min, int32_t max, double percentile) {
    SelectHotUnits(experiment_, HotPolicy{min, max, percentile});
  }

  // The hot flags of `units`, in the given order.
  std::vector<bool> Hot(const std::vector<CompilationIndex>& units) const {
    std::vector<bool> hot;
    for (CompilationIndex c : units) hot.push_back(experiment_.compilation(c).hot);
    return hot;
  }

  Experiment experiment_{1, ExperimentKind::kJit};
  int next_id_ = 1;
};

TEST_F(HotSelectionTest, UnitsFittingIntoThePercentileAreHot) {
  // Graal period 100, limit 90: 50 (40 left), 30 (10 left) fit; 15 would leave -5.
  std::vector<CompilationIndex> units = AddUnits({50, 30, 15, 5});
  Select(1, 10, 0.9);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, false, false}));
}

TEST_F(HotSelectionTest, RunningRemainderIncludesTheCurrentUnit) {
  // Limit 50: the second unit (40) starts inside the limit but does not fit completely.
  std::vector<CompilationIndex> units = AddUnits({30, 40, 30});
  Select(1, 10, 0.5);
  EXPECT_EQ(Hot(units), (std::vector<bool>{false, true, false}));
}

TEST_F(HotSelectionTest, RemainderOfExactlyZeroStillCounts) {
  // Limit 90: 60 leaves 30, 30 leaves exactly 0 (hot), 10 leaves -10.
  std::vector<CompilationIndex> units = AddUnits({60, 30, 10});
  Select(1, 10, 0.9);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, false}));
}

TEST_F(HotSelectionTest, UnitsAreConsideredByPeriodDescending) {
  // Table order 5, 50, 30: the policy visits 50, 30, 5. Limit 80.75: 50 and 30 fit, 5 does not
  // (in table order 5 and 50 would fit and 30 would not).
  std::vector<CompilationIndex> units = AddUnits({5, 50, 30});
  Select(0, 10, 0.95);
  EXPECT_EQ(Hot(units), (std::vector<bool>{false, true, true}));
}

TEST_F(HotSelectionTest, MinLimitForcesTheFirstUnitsHot) {
  std::vector<CompilationIndex> units = AddUnits({10, 40, 20, 30});
  Select(3, 10, 0.1);  // limit 10: nothing fits, but the 3 largest are forced
  EXPECT_EQ(Hot(units), (std::vector<bool>{false, true, true, true}));
}

TEST_F(HotSelectionTest, MaxLimitCapsTheHotUnits) {
  std::vector<CompilationIndex> units = AddUnits({5, 4, 3, 2, 1});
  Select(1, 2, 1.0);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, false, false, false}));
}

TEST_F(HotSelectionTest, MinLimitBeyondMaxLimitStillForces) {
  std::vector<CompilationIndex> units = AddUnits({5, 4, 3});
  Select(3, 1, 0.0);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, true}));
}

TEST_F(HotSelectionTest, TiesKeepTableOrderNotRegistrationOrder) {
  // Table order is method insertion order, each method's list: a1, a2, b1.
  CompilationIndex a1 = AddUnit("a", 10);
  CompilationIndex b1 = AddUnit("b", 10);
  CompilationIndex a2 = AddUnit("a", 10);
  Select(2, 10, 0.0);
  EXPECT_TRUE(experiment_.compilation(a1).hot);
  EXPECT_TRUE(experiment_.compilation(a2).hot);
  EXPECT_FALSE(experiment_.compilation(b1).hot);
}

TEST_F(HotSelectionTest, TiesAmongEqualPeriodsKeepTableOrderBetweenLargerOnes) {
  CompilationIndex small = AddUnit("x", 1);
  CompilationIndex first_tie = AddUnit("y", 7);
  CompilationIndex big = AddUnit("z", 9);
  CompilationIndex second_tie = AddUnit("w", 7);
  Select(2, 10, 0.0);  // visiting order: big, first_tie, second_tie, small
  EXPECT_TRUE(experiment_.compilation(big).hot);
  EXPECT_TRUE(experiment_.compilation(first_tie).hot);
  EXPECT_FALSE(experiment_.compilation(second_tie).hot);
  EXPECT_FALSE(experiment_.compilation(small).hot);
}

TEST_F(HotSelectionTest, AllPeriodsZeroMakesTheFirstMaxUnitsHot) {
  std::vector<CompilationIndex> units = AddUnits({0, 0, 0, 0, 0});
  Select(1, 3, 0.9);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, true, false, false}));
}

TEST_F(HotSelectionTest, AllPeriodsZeroWithDefaultsMarksTenInTableOrder) {
  std::vector<CompilationIndex> units = AddUnits(std::vector<int64_t>(12, 0));
  Select(1, 10, 0.9);
  std::vector<bool> expected(12, true);
  expected[10] = expected[11] = false;
  EXPECT_EQ(Hot(units), expected);
}

TEST_F(HotSelectionTest, PercentileZeroLeavesOnlyTheMinimum) {
  std::vector<CompilationIndex> units = AddUnits({10, 5, 3});
  Select(1, 10, 0.0);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, false, false}));
}

TEST_F(HotSelectionTest, PercentileZeroNeverRecoversAfterANegativeRemainder) {
  // Limit 0: after 10 the remainder is -10 and stays negative for the zero-period units.
  std::vector<CompilationIndex> units = AddUnits({10, 0, 0});
  Select(1, 10, 0.0);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, false, false}));
}

TEST_F(HotSelectionTest, PercentileZeroWithZeroPeriodsUsesMax) {
  std::vector<CompilationIndex> units = AddUnits({0, 0, 0});
  Select(0, 2, 0.0);  // 0 - 0 >= 0 for every unit
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, false}));
}

TEST_F(HotSelectionTest, MinZeroAllowsNoHotUnits) {
  std::vector<CompilationIndex> units = AddUnits({60, 40});
  Select(0, 10, 0.5);
  EXPECT_EQ(Hot(units), (std::vector<bool>{false, false}));
}

TEST_F(HotSelectionTest, PercentileOneMakesEverythingUpToMaxHot) {
  std::vector<CompilationIndex> units = AddUnits({3, 1, 7, 2});
  Select(0, 10, 1.0);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, true, true}));
}

TEST_F(HotSelectionTest, NanPercentileLeavesOnlyTheMinimum) {
  std::vector<CompilationIndex> units = AddUnits({3, 2, 1});
  Select(2, 10, std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, true, false}));
}

TEST_F(HotSelectionTest, EveryFlagIsOverwritten) {
  std::vector<CompilationIndex> units = AddUnits({50, 30, 20});
  experiment_.compilation(units[2]).hot = true;
  Select(1, 10, 0.5);
  EXPECT_EQ(Hot(units), (std::vector<bool>{true, false, false}));
}

TEST(HotSelectionEmptyTest, NoUnitsIsFine) {
  Experiment experiment(1, ExperimentKind::kJit);
  experiment.GetOrCreateMethod("empty");
  SelectHotUnits(experiment, HotPolicy{});
  EXPECT_FALSE(experiment.IsMethodHot(0));
}

}  // namespace
}  // namespace profdiff
