// `stats` (issue 15): the figures of each scope, the comparison of two experiments, and the
// command end to end (text, JSON, CSV, warnings, argument errors) on hand-made experiments.

#include "profdiff/analysis/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "profdiff/analysis/hot_selection.h"
#include "profdiff/load/experiment_loader.h"
#include "rapidjson/document.h"
#include "stats_data.h"
#include "test_util.h"

namespace profdiff::test {
namespace {

using M = StatisticMetric;

Experiment Load(const TempDir& dir, const std::string& name, int id, bool profiled) {
  ExperimentInput input{id, dir.Path(name + "/log"), std::nullopt, std::nullopt,
                        LogCounting::kCount};
  if (profiled) input.profile_path = dir.Path(name + "/prof.json");
  absl::StatusOr<Experiment> experiment = LoadExperiment(input, [](std::string_view) {});
  EXPECT_TRUE(experiment.ok()) << experiment.status();
  if (profiled) SelectHotUnits(*experiment, HotPolicy{});
  return std::move(*experiment);
}

// The value of a figure; fails the test when it is missing.
double Value(const ScopeStatistics& scope, M metric, std::string_view key = {}) {
  for (const StatisticFigure& figure : scope.figures) {
    if (figure.metric == metric && figure.key == key) return figure.value;
  }
  ADD_FAILURE() << "no figure " << MetricName(metric) << " " << key;
  return -1;
}

std::vector<std::string> Keys(const ScopeStatistics& scope, M metric) {
  std::vector<std::string> keys;
  for (const StatisticFigure& figure : scope.figures) {
    if (figure.metric == metric) keys.emplace_back(figure.key);
  }
  return keys;
}

const StatisticsChangeRow* Row(const ScopeChange& change, M metric, std::string_view key = {}) {
  for (const StatisticsChangeRow& row : change.rows) {
    if (row.metric == metric && row.key == key) return &row;
  }
  ADD_FAILURE() << "no row " << MetricName(metric) << " " << key;
  return nullptr;
}

class StatisticsTest : public testing::Test {
 protected:
  void SetUp() override {
    stats::WriteExperiment1(dir_);
    stats::WriteExperiment2(dir_);
  }
  TempDir dir_;
};

TEST_F(StatisticsTest, ScopesOfAProfiledExperiment) {
  Experiment experiment = Load(dir_, "exp1", 1, true);
  std::vector<ScopeStatistics> scopes = ComputeStatistics(experiment);
  ASSERT_EQ(scopes.size(), 4u);
  EXPECT_EQ(scopes[0].scope.kind, StatisticsScopeKind::kHot);
  // Hot methods by the period of their hot units (300 each: table order), multi-method keys
  // removed.
  EXPECT_EQ(scopes[1].scope.kind, StatisticsScopeKind::kMethod);
  EXPECT_EQ(scopes[1].scope.method, "a.Main.run()");
  EXPECT_EQ(scopes[2].scope.method, "a.Util.work(int)");
  EXPECT_EQ(scopes[3].scope.kind, StatisticsScopeKind::kAll);

  const ScopeStatistics& hot = scopes[0];  // units 1, 3 and 4
  EXPECT_EQ(Value(hot, M::kUnits), 3);
  EXPECT_EQ(Value(hot, M::kCallsites, "inlined"), 4);
  EXPECT_EQ(Value(hot, M::kCallsites, "direct"), 1);
  EXPECT_EQ(Value(hot, M::kCallsites, "indirect"), 1);
  EXPECT_EQ(Value(hot, M::kCallsites, "deleted"), 4);
  EXPECT_EQ(Value(hot, M::kCallsites, "devirtualized"), 1);
  EXPECT_EQ(Value(hot, M::kCallsiteTotal), 11);
  EXPECT_DOUBLE_EQ(Value(hot, M::kInlinedShare), 4.0 / 11);
  EXPECT_EQ(Value(hot, M::kOptimizations, "LoopTransformation LoopPeeling"), 4);
  EXPECT_EQ(Value(hot, M::kOptimizationTotal), 8);
  // By count, then by name.
  EXPECT_EQ(Keys(hot, M::kOptimizations),
            (std::vector<std::string>{
                "LoopTransformation LoopPeeling", "Canonicalizer CanonicalReplacement",
                "Canonicalizer UnusedNodeRemoval", "Escape Virtualized", "Misc Example"}));
  EXPECT_EQ(Keys(hot, M::kPhases), (std::vector<std::string>{"LoopPeelingPhase", "RootPhase",
                                                             "GraphBuilderPhase", "MidTier"}));
  EXPECT_EQ(Value(hot, M::kPhases, "RootPhase"), 2);
  // Weighted by period: units 1 (300), 3 and 4 (150 each).
  EXPECT_EQ(Value(hot, M::kPeriod), 600e6);
  EXPECT_DOUBLE_EQ(Value(hot, M::kShare), 0.6);
  EXPECT_DOUBLE_EQ(Value(hot, M::kWeightedCallsites, "inlined"), (300 * 3 + 150 * 1) / 600.0);
  EXPECT_DOUBLE_EQ(Value(hot, M::kWeightedCallsites, "deleted"), (300 * 3 + 150 * 1) / 600.0);
  EXPECT_DOUBLE_EQ(Value(hot, M::kWeightedCallsites, "devirtualized"), 300 / 600.0);
  EXPECT_DOUBLE_EQ(Value(hot, M::kWeightedCallsiteTotal), (300 * 9 + 150 + 150) / 600.0);
  EXPECT_DOUBLE_EQ(Value(hot, M::kWeightedInlinedShare), (300 * 3.0 / 9 + 150 * 1.0) / 600);

  // Both multi-method units of a.Util.work(int) are hot; a.Main.run()'s unit 2 is not.
  EXPECT_EQ(Value(scopes[1], M::kUnits), 1);
  EXPECT_EQ(Value(scopes[1], M::kCallsiteTotal), 9);
  EXPECT_EQ(Value(scopes[2], M::kUnits), 2);
  EXPECT_EQ(Value(scopes[2], M::kCallsites, "inlined"), 1);
  EXPECT_EQ(Value(scopes[2], M::kCallsites, "deleted"), 1);
  EXPECT_EQ(Keys(scopes[2], M::kOptimizations),
            (std::vector<std::string>{"LoopTransformation LoopPeeling"}));
  EXPECT_EQ(Value(scopes[2], M::kOptimizations, "LoopTransformation LoopPeeling"), 2);

  // All units but the invalid record (whose first call site, inlined, must not count).
  const ScopeStatistics& all = scopes[3];
  EXPECT_EQ(Value(all, M::kUnits), 5);
  EXPECT_EQ(Value(all, M::kCallsites, "inlined"), 6);
  EXPECT_EQ(Value(all, M::kCallsites, "direct"), 2);
  EXPECT_EQ(Value(all, M::kCallsiteTotal), 14);
  EXPECT_EQ(Value(all, M::kOptimizations, "LoopTransformation LoopPeeling"), 4);
  EXPECT_EQ(Value(all, M::kPeriod), 710e6);
  EXPECT_DOUBLE_EQ(Value(all, M::kShare), 0.71);

  // Figures in metric order.
  for (const ScopeStatistics& scope : scopes) {
    for (size_t i = 1; i < scope.figures.size(); ++i) {
      EXPECT_LE(scope.figures[i - 1].metric, scope.figures[i].metric);
    }
  }
}

TEST_F(StatisticsTest, WithoutAProfileOnlyAllUnitsAndNoExecutionFigures) {
  Experiment experiment = Load(dir_, "exp1", 1, false);
  std::vector<ScopeStatistics> scopes = ComputeStatistics(experiment);
  ASSERT_EQ(scopes.size(), 1u);
  EXPECT_EQ(scopes[0].scope.kind, StatisticsScopeKind::kAll);
  EXPECT_EQ(Value(scopes[0], M::kUnits), 5);
  for (const StatisticFigure& figure : scopes[0].figures) {
    EXPECT_FALSE(MetricNeedsProfile(figure.metric)) << MetricName(figure.metric);
  }
}

TEST_F(StatisticsTest, AScopeWithoutCallSitesHasNoInlinedShare) {
  dir_.WriteLines("empty/log/units", {Record("a.B.c()", "1")});
  std::vector<ScopeStatistics> scopes = ComputeStatistics(Load(dir_, "empty", 1, false));
  EXPECT_EQ(Value(scopes[0], M::kCallsiteTotal), 0);
  EXPECT_TRUE(std::isnan(Value(scopes[0], M::kInlinedShare)));
  EXPECT_EQ(Value(scopes[0], M::kOptimizationTotal), 0);
  EXPECT_TRUE(Keys(scopes[0], M::kOptimizations).empty());
}

TEST_F(StatisticsTest, ComparisonOrderAndMethodsHotInOneExperimentOnly) {
  Experiment first = Load(dir_, "exp1", 1, true);
  Experiment second = Load(dir_, "exp2", 2, true);
  std::vector<ScopeChange> changes =
      CompareStatistics(ComputeStatistics(first), ComputeStatistics(second));
  ASSERT_EQ(changes.size(), 5u);
  EXPECT_EQ(changes[0].scope.kind, StatisticsScopeKind::kHot);
  // The largest change first: a.Main.run() (call sites 1+1+3+1, optimizations 2+1+1+1+1), then
  // two methods with 4 each, by name.
  EXPECT_EQ(changes[1].scope.method, "a.Main.run()");
  EXPECT_EQ(changes[1].hot_only_in, 0);
  EXPECT_EQ(changes[2].scope.method, "a.Cold.c()");
  EXPECT_EQ(changes[2].hot_only_in, 2);
  EXPECT_EQ(changes[3].scope.method, "a.Util.work(int)");
  EXPECT_EQ(changes[3].hot_only_in, 1);
  EXPECT_EQ(changes[4].scope.kind, StatisticsScopeKind::kAll);

  const ScopeChange& hot = changes[0];
  const StatisticsChangeRow* inlined = Row(hot, M::kCallsites, "inlined");
  ASSERT_NE(inlined, nullptr);
  EXPECT_EQ(inlined->value_1, 4);
  EXPECT_EQ(inlined->value_2, 6);
  EXPECT_EQ(inlined->change, 2);
  EXPECT_DOUBLE_EQ(inlined->relative_change, 0.5);
  // Only in experiment 1: 0 in experiment 2.
  const StatisticsChangeRow* gone =
      Row(hot, M::kOptimizations, "Canonicalizer CanonicalReplacement");
  ASSERT_NE(gone, nullptr);
  EXPECT_EQ(gone->value_2, 0);
  EXPECT_EQ(gone->relative_change, -1);
  // Keyed rows by the size of their change, ties by name.
  std::vector<std::string> keys;
  for (const StatisticsChangeRow& row : hot.rows) {
    if (row.metric == M::kOptimizations) keys.emplace_back(row.key);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"LoopTransformation LoopPeeling", "Escape Virtualized",
                                            "Canonicalizer CanonicalReplacement",
                                            "Canonicalizer UnusedNodeRemoval", "Misc Example"}));
  // Callsite kinds keep their order.
  std::vector<std::string> kinds;
  for (const StatisticsChangeRow& row : hot.rows) {
    if (row.metric == M::kCallsites) kinds.emplace_back(row.key);
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"inlined", "direct", "indirect", "deleted",
                                             "devirtualized"}));

  // A method not hot in experiment 2 has no hot units there.
  const ScopeChange& util = changes[3];
  EXPECT_EQ(Row(util, M::kUnits)->value_1, 2);
  EXPECT_EQ(Row(util, M::kUnits)->value_2, 0);
  EXPECT_EQ(Row(util, M::kShare)->value_2, 0);
  EXPECT_TRUE(std::isnan(Row(util, M::kInlinedShare)->value_2));
  EXPECT_TRUE(std::isnan(Row(util, M::kWeightedCallsites, "inlined")->value_2));
  EXPECT_EQ(Row(util, M::kOptimizations, "LoopTransformation LoopPeeling")->value_2, 0);
  // ... and a method hot only in experiment 2 none in experiment 1: its relative changes are
  // infinite.
  const StatisticsChangeRow* cold = Row(changes[2], M::kCallsites, "inlined");
  EXPECT_EQ(cold->value_1, 0);
  EXPECT_EQ(cold->value_2, 2);
  EXPECT_TRUE(std::isinf(cold->relative_change));
  EXPECT_TRUE(std::isnan(Row(changes[2], M::kCallsites, "direct")->relative_change));

  // Rows in metric order.
  for (const ScopeChange& change : changes) {
    for (size_t i = 1; i < change.rows.size(); ++i) {
      EXPECT_LE(change.rows[i - 1].metric, change.rows[i].metric);
    }
  }
}

TEST_F(StatisticsTest, TwoExperimentsWithoutProfilesCompareAllUnits) {
  std::vector<ScopeChange> changes =
      CompareStatistics(ComputeStatistics(Load(dir_, "exp1", 1, false)),
                        ComputeStatistics(Load(dir_, "exp2", 2, false)));
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].scope.kind, StatisticsScopeKind::kAll);
  EXPECT_EQ(Row(changes[0], M::kUnits)->value_1, 5);
  EXPECT_EQ(Row(changes[0], M::kUnits)->value_2, 4);
  for (const StatisticsChangeRow& row : changes[0].rows) {
    EXPECT_FALSE(MetricNeedsProfile(row.metric));
  }
}

TEST(StatisticMetricTest, NamesRoundTrip) {
  for (size_t m = 0; m < kStatisticMetrics; ++m) {
    const auto metric = static_cast<M>(m);
    EXPECT_EQ(MetricNamed(MetricName(metric)), metric);
  }
  EXPECT_EQ(MetricNamed("bogus"), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// The command, end to end.

class StatsCommandTest : public StatisticsTest {
 protected:
  std::vector<std::string> Both() const {
    return {"stats", dir_.Path("exp1/log"), dir_.Path("exp1/prof.json"), dir_.Path("exp2/log"),
            dir_.Path("exp2/prof.json")};
  }
  static std::vector<std::string> With(std::vector<std::string> args,
                                       const std::vector<std::string>& extra) {
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  // The lines of a JSON stream with the given "type".
  static std::vector<std::string> Records(const std::string& out, std::string_view type) {
    std::vector<std::string> found;
    for (const std::string& line : SplitLines(out)) {
      if (line.find(std::string(R"("type":")") + std::string(type) + "\"") != std::string::npos) {
        found.push_back(line);
      }
    }
    return found;
  }
};

const std::string kOneExperimentText = Block(R"(
Warning: Invalid compilation unit: exp1/log/units-1:2:319: expected "callsiteBci" to be an integer between -2147483648 and 2147483647
Warning: 1 invalid compilation units of experiment 1 are left out of every count
Experiment 1 with execution ID e1 (JIT)
    Collected optimization logs for 5 compilation units
    Collected proftool data for 5 compilation units
    Graal-compiled methods account for 71.00% of execution
    3 hot compilation units account for 60.00% of execution
    1.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           30.00%       0.30      4       1  a.Main.run()
           15.00%       0.15      4       3  a.Util.work%%KeyA(int)
           15.00%       0.15      4       4  a.Util.work%%KeyB(int)
           10.00%       0.10      4       2  a.Main.run()
            1.00%       0.01      4       5  a.Cold.c()

Hot compilation units of experiment 1
    3 compilation units account for 60.00% of execution (0.60 billion cycles)
    Call sites
        Count  Weighted  Kind
            4      1.75  inlined
            1      0.50  direct
            1      0.50  indirect
            4      1.75  deleted
            1      0.50  devirtualized
           11      5.00  total
    Inlined share of call sites: 36.36%, weighted by execution: 41.67%
    Optimizations
        Count  Optimization
            4  LoopTransformation LoopPeeling
            1  Canonicalizer CanonicalReplacement
            1  Canonicalizer UnusedNodeRemoval
            1  Escape Virtualized
            1  Misc Example
            8  total
    Optimizations by phase
        Count  Phase
            4  LoopPeelingPhase
            2  RootPhase
            1  GraphBuilderPhase
            1  MidTier

Hot compilation units of method a.Main.run() in experiment 1
    1 compilation units account for 30.00% of execution (0.30 billion cycles)
    Call sites
        Count  Weighted  Kind
            3      3.00  inlined
            1      1.00  direct
            1      1.00  indirect
            3      3.00  deleted
            1      1.00  devirtualized
            9      9.00  total
    Inlined share of call sites: 33.33%, weighted by execution: 33.33%
    Optimizations
        Count  Optimization
            2  LoopTransformation LoopPeeling
            1  Canonicalizer CanonicalReplacement
            1  Canonicalizer UnusedNodeRemoval
            1  Escape Virtualized
            1  Misc Example
            6  total
    Optimizations by phase
        Count  Phase
            2  LoopPeelingPhase
            2  RootPhase
            1  GraphBuilderPhase
            1  MidTier

Hot compilation units of method a.Util.work(int) in experiment 1
    2 compilation units account for 30.00% of execution (0.30 billion cycles)
    Call sites
        Count  Weighted  Kind
            1      0.50  inlined
            0      0.00  direct
            0      0.00  indirect
            1      0.50  deleted
            0      0.00  devirtualized
            2      1.00  total
    Inlined share of call sites: 50.00%, weighted by execution: 50.00%
    Optimizations
        Count  Optimization
            2  LoopTransformation LoopPeeling
            2  total
    Optimizations by phase
        Count  Phase
            2  LoopPeelingPhase

All compilation units of experiment 1
    5 compilation units account for 71.00% of execution (0.71 billion cycles)
    Call sites
        Count  Weighted  Kind
            6      1.51  inlined
            2      0.56  direct
            1      0.42  indirect
            4      1.48  deleted
            1      0.42  devirtualized
           14      4.39  total
    Inlined share of call sites: 42.86%, weighted by execution: 36.62%
    Optimizations
        Count  Optimization
            4  LoopTransformation LoopPeeling
            1  Canonicalizer CanonicalReplacement
            1  Canonicalizer UnusedNodeRemoval
            1  Escape Virtualized
            1  Misc Example
            8  total
    Optimizations by phase
        Count  Phase
            4  LoopPeelingPhase
            2  RootPhase
            1  GraphBuilderPhase
            1  MidTier
)");

TEST_F(StatsCommandTest, TextOfOneProfiledExperiment) {
  RunResult run = RunProfdiff({"stats", "exp1/log", "exp1/prof.json"}, dir_.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(StripExplanation(run.out), kOneExperimentText);
}

TEST_F(StatsCommandTest, TextOfTwoExperimentsShowsOnlyTheChanges) {
  RunResult run = RunProfdiff(Both());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string out = StripExplanation(run.out);
  EXPECT_EQ(out.find("Hot compilation units of experiment"), std::string::npos);
  std::vector<std::string> titles;
  for (const std::string& line : SplitLines(out)) {
    if (line.starts_with("Changes")) titles.push_back(line);
  }
  EXPECT_EQ(titles,
            (std::vector<std::string>{
                "Changes in the hot compilation units",
                "Changes in the hot compilation units of method a.Main.run()",
                "Changes in the hot compilation units of method a.Cold.c(), which is hot only in "
                "experiment 2",
                "Changes in the hot compilation units of method a.Util.work(int), which is hot "
                "only in experiment 1",
                "Changes in all compilation units"}));
  // The hot units' call sites, columns aligned over the whole section.
  EXPECT_NE(out.find("Changes in the hot compilation units\n"
                     "    Compilation units\n"
                     "        Experiment 1  Experiment 2   Change  Relative  Figure\n"
                     "                   3             2       -1   -33.33%  compilation units\n"
                     "              60.00%        35.00%  -25.00%   -41.67%  share of execution\n"
                     "                0.60          0.70    +0.10   +16.67%  billion cycles\n"
                     "    Call sites\n"
                     "        Experiment 1  Experiment 2   Change  Relative  Kind\n"
                     "                   4             6       +2   +50.00%  inlined\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("                   0             2       +2       new  inlined\n"),
            std::string::npos);
  EXPECT_NE(out.find("              50.00%           n/a      n/a       n/a  inlined share\n"),
            std::string::npos);
}

TEST_F(StatsCommandTest, InvalidRecordsAreLeftOutAndTheWarningSaysSo) {
  RunResult run = RunProfdiff({"stats", dir_.Path("exp1/log"), "--format=json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> warnings = Records(run.out, "warning");
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("Invalid compilation unit: "), std::string::npos);
  EXPECT_NE(warnings[1].find("1 invalid compilation units of experiment 1 are left out of every "
                             "count"),
            std::string::npos);
  // A log without invalid records has no such warning.
  run = RunProfdiff({"stats", dir_.Path("exp2/log")});
  EXPECT_EQ(run.out.find("Warning"), std::string::npos);
}

TEST_F(StatsCommandTest, DisplayOptionsDoNotChangeTheCounts) {
  RunResult plain = RunProfdiff(With(Both(), {"--format=json"}));
  RunResult other = RunProfdiff(
      With(Both(), {"--format=json", "--remove-detailed-phases=false", "--sort-inlining-tree=false",
                    "--sort-unordered-phases=false", "--prune-identities=false",
                    "--create-fragments=false", "--optimization-context-tree=true",
                    "--long-bci=true", "--inliner-reasoning=true", "--diff-compilations=false"}));
  ASSERT_EQ(plain.exit_code, 0);
  ASSERT_EQ(other.exit_code, 0);
  EXPECT_FALSE(Records(plain.out, "statistics").empty());
  EXPECT_EQ(Records(plain.out, "statistics"), Records(other.out, "statistics"));
  EXPECT_EQ(Records(plain.out, "statistics-change"), Records(other.out, "statistics-change"));
}

TEST_F(StatsCommandTest, JsonRecords) {
  RunResult run = RunProfdiff(With(Both(), {"--format=json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> statistics = Records(run.out, "statistics");
  // Experiment 1: hot, a.Main.run(), a.Util.work(int), all; experiment 2: hot, a.Main.run(),
  // a.Cold.c(), all.
  ASSERT_EQ(statistics.size(), 8u);
  rapidjson::Document hot;
  hot.Parse(statistics[0].data(), statistics[0].size());
  ASSERT_FALSE(hot.HasParseError());
  EXPECT_EQ(hot["experiment"].GetInt(), 1);
  EXPECT_STREQ(hot["scope"].GetString(), "hot");
  EXPECT_EQ(hot["units"].GetInt(), 3);
  EXPECT_EQ(hot["callsites"]["inlined"].GetInt(), 4);
  EXPECT_EQ(hot["callsites"]["devirtualized"].GetInt(), 1);
  EXPECT_EQ(hot["callsite_total"].GetInt(), 11);
  EXPECT_EQ(hot["optimizations"]["LoopTransformation LoopPeeling"].GetInt(), 4);
  EXPECT_EQ(hot["phases"]["GraphBuilderPhase"].GetInt(), 1);
  EXPECT_EQ(hot["execution"]["period"].GetInt64(), 600000000);
  EXPECT_DOUBLE_EQ(hot["execution"]["weighted_callsites"]["inlined"].GetDouble(), 1.75);
  rapidjson::Document method;
  method.Parse(statistics[6].data(), statistics[6].size());
  EXPECT_EQ(method["experiment"].GetInt(), 2);
  EXPECT_STREQ(method["scope"]["method"].GetString(), "a.Cold.c()");

  std::vector<std::string> changes = Records(run.out, "statistics-change");
  ASSERT_EQ(changes.size(), 5u);
  rapidjson::Document cold;
  cold.Parse(changes[2].data(), changes[2].size());
  EXPECT_STREQ(cold["scope"]["method"].GetString(), "a.Cold.c()");
  EXPECT_EQ(cold["hot_only_in"].GetInt(), 2);
  const rapidjson::Value& row = cold["rows"][1];  // callsites: inlined
  EXPECT_STREQ(row["metric"].GetString(), "callsites");
  EXPECT_STREQ(row["key"].GetString(), "inlined");
  EXPECT_EQ(row["value_1"].GetInt(), 0);
  EXPECT_EQ(row["value_2"].GetInt(), 2);
  EXPECT_STREQ(row["relative_change"].GetString(), "Infinity");

  // Without profiles: no execution figures, no hot scopes.
  run = RunProfdiff({"stats", dir_.Path("exp1/log"), "--format=json"});
  statistics = Records(run.out, "statistics");
  ASSERT_EQ(statistics.size(), 1u);
  rapidjson::Document all;
  all.Parse(statistics[0].data(), statistics[0].size());
  EXPECT_STREQ(all["scope"].GetString(), "all");
  EXPECT_TRUE(all["execution"].IsNull());
  EXPECT_TRUE(Records(run.out, "statistics-change").empty());
}

// RFC 4180 fields of one line (no line breaks inside fields here).
std::vector<std::string> CsvFields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

TEST_F(StatsCommandTest, CsvIsOneLongTable) {
  RunResult json = RunProfdiff(With(Both(), {"--format=json"}));
  RunResult run = RunProfdiff(With(Both(), {"--format=csv"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("Warning: 1 invalid compilation units"), std::string::npos);
  std::vector<std::string> lines = SplitLines(run.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "scope,method,hot_only_in,metric,key,value_1,value_2,change,relative_change");
  // One row per change row.
  size_t rows = 0;
  for (const std::string& record : Records(json.out, "statistics-change")) {
    rapidjson::Document change;
    change.Parse(record.data(), record.size());
    rows += change["rows"].Size();
  }
  EXPECT_EQ(lines.size(), rows + 1);
  bool found = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = CsvFields(lines[i]);
    ASSERT_EQ(fields.size(), 9u) << lines[i];
    if (fields[0] == "method" && fields[1] == "a.Util.work(int)" && fields[3] == "optimizations") {
      EXPECT_EQ(fields,
                (std::vector<std::string>{"method", "a.Util.work(int)", "1", "optimizations",
                                          "LoopTransformation LoopPeeling", "2", "0", "-2", "-1"}));
      found = true;
    }
  }
  EXPECT_TRUE(found);

  // One experiment: a row per figure, without a second value.
  run = RunProfdiff({"stats", dir_.Path("exp2/log"), "--format=csv"});
  lines = SplitLines(run.out);
  ASSERT_GT(lines.size(), 2u);
  EXPECT_EQ(lines[1], "all,,,units,,4,,,");
}

TEST_F(StatsCommandTest, ArgumentErrors) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::string log = dir_.Path("exp1/log");
  const std::string profile = dir_.Path("exp1/prof.json");
  const std::string missing = dir_.Path("nope");
  for (const Case& c : std::vector<Case>{
           {{"stats", profile}, "\"" + profile + "\" is a file, but the first argument must be"},
           {{"stats", missing}, "cannot use \"" + missing + "\": No such file or directory"},
           {{"stats", log, profile, profile}, "is a file after the profile"},
           {{"stats", log, log, log}, "would be a third optimization log"},
           {{"stats", log, profile, log}, "experiment 1 has a profile and experiment 2 has none"},
           {{"stats", log, log, profile}, "experiment 2 has a profile and experiment 1 has none"},
           {{"stats", log, "/dev/null"},
            "is neither a directory (an optimization log) nor a "
            "regular file (a HotSpot compilation log or a profile)"},
           {{"stats"}, "stats: missing argument optimization_log"},
       }) {
    RunResult run = RunProfdiff(c.args);
    EXPECT_EQ(run.exit_code, 1) << c.message;
    EXPECT_EQ(run.out, "");
    EXPECT_TRUE(run.err.starts_with("Error: stats: ")) << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("Run 'profdiff help stats' for usage."), std::string::npos);
  }
}

TEST_F(StatsCommandTest, AFileThatIsNoProfileIsAnError) {
  RunResult run = RunProfdiff({"stats", dir_.Path("exp1/log"), dir_.Path("exp1/log/units-0")});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("Failed to parse experiment 1 in " + dir_.Path("exp1/log/units-0")),
            std::string::npos)
      << run.err;
}

TEST(StatsHelpTest, HelpExplainsTheArguments) {
  RunResult run = RunProfdiff({"help", "stats"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("Usage: profdiff stats [OPTIONS] optimization_log [proftool_output] "
                         "[optimization_log_2] [proftool_output_2]"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("a directory or a HotSpot compilation log (-XX:+LogCompilation) is an "
                         "optimization log, another file the proftool profile of the log before "
                         "it"),
            std::string::npos);
  EXPECT_NE(RunProfdiff({"help"}).out.find("\n  stats "), std::string::npos);
}

}  // namespace
}  // namespace profdiff::test
