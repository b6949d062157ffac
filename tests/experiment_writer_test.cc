// Experiment summaries, compilation lists and headers (output.md §4, §5.2, §5.3, §9).

#include "profdiff/output/experiment_writer.h"

#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/analysis/fragments.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/output/line_writer.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::Block;

class ExperimentWriterTest : public testing::Test {
 protected:
  Experiment Load(int id, const std::string& log, std::optional<std::string> profile,
                  std::optional<ExperimentKind> kind) {
    ExperimentInput input{id, dir_.Path(log), std::nullopt, kind};
    if (profile) input.profile_path = dir_.Path(*profile);
    absl::StatusOr<Experiment> experiment = LoadExperiment(input, [](std::string_view) {});
    EXPECT_TRUE(experiment.ok()) << experiment.status();
    Experiment loaded = std::move(experiment).value();
    SelectHotUnits(loaded, HotPolicy{});
    return loaded;
  }

  static std::string Summary(const Experiment& experiment) {
    std::string text;
    LineWriter out(&text);
    WriteExperimentSummary(out, experiment);
    out.Flush();
    return text;
  }

  static std::string List(const Experiment& experiment, const std::string& method) {
    std::string text;
    LineWriter out(&text);
    std::optional<MethodIndex> m = experiment.FindMethod(method);
    if (!m) return "<no method " + method + ">";
    WriteCompilationList(out, experiment, *m);
    out.Flush();
    return text;
  }

  static CompilationIndex Index(const Experiment& experiment, const std::string& id) {
    for (CompilationIndex c = 0; c < experiment.compilations().size(); ++c) {
      if (experiment.compilation(c).id == id) return c;
    }
    ADD_FAILURE() << "no compilation " << id;
    return 0;
  }

  // Experiment 1 of a one-entry JIT profile per unit: `units` = (id, period) of methods
  // "m<id>()"; `total` is the profile's totalPeriod.
  Experiment WithProfile(const std::vector<std::pair<std::string, int64_t>>& units, int64_t total) {
    std::vector<std::string> records;
    std::string code;
    for (const auto& [id, period] : units) {
      records.push_back(test::Record("m" + id + "()", id));
      if (!code.empty()) code += ",";
      code += R"({"compileId":")" + id + R"(","name":")" + id + ": m" + id +
              R"json(()","level":4,"period":)json" + std::to_string(period) + "}";
    }
    dir_.WriteLines("p/log", records);
    dir_.Write("p.json",
               R"({"totalPeriod":)" + std::to_string(total) + R"(,"code":[)" + code + "]}");
    return Load(1, "p", "p.json", ExperimentKind::kJit);
  }

  test::TempDir dir_;
};

TEST_F(ExperimentWriterTest, Example4Summaries) {
  test::WriteExample4(dir_);
  EXPECT_EQ(Summary(Load(1, "jit1", "prof1.json", ExperimentKind::kJit)), Block(R"(
Experiment 1 with execution ID 4242 (JIT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 6 compilation units
    Graal-compiled methods account for 60.00% of execution
    2 hot compilation units account for 53.33% of execution
    1.50 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           33.33%       0.50      4     101  demo.Main.run()
           20.00%       0.30      4     102  demo.Util.add(int, int)
           13.33%       0.20                 libjvm.so
            6.67%       0.10      4     103  demo.Other.cold()
            3.33%       0.05      4     999  demo.Gone.method()
            3.00%       0.05      3     104  demo.Main.run()
)"));
  EXPECT_EQ(Summary(Load(2, "jit2", "prof2.json", ExperimentKind::kJit)), Block(R"(
Experiment 2 with execution ID 4343 (JIT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 3 compilation units
    Graal-compiled methods account for 75.00% of execution
    2 hot compilation units account for 60.00% of execution
    2.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           45.00%       0.90      4     201  demo.Main.run()
           15.00%       0.30      4     202  demo.Main.run()
           15.00%       0.30      4     203  demo.Other.cold()
)"));
}

// Example 8: AOT profile without execution ID; empty Level and ID columns.
TEST_F(ExperimentWriterTest, Example8AotSummary) {
  dir_.WriteLines("aot1/units",
                  {test::WithHeader(test::kJit1Unit101, "demo.Main.run()", "1"),
                   test::WithHeader(test::kJit1Unit103, "demo.Other.cold()", "2"),
                   test::WithHeader(test::kJit1Unit101, "demo.Main.run%%Variant()", "3")});
  dir_.Write("aotprof1.json", test::kAotProf1);
  Experiment experiment = Load(1, "aot1", "aotprof1.json", ExperimentKind::kAot);
  EXPECT_EQ(Summary(experiment), Block(R"(
Experiment 1 (AOT)
    Collected optimization logs for 3 compilation units
    Collected proftool data for 3 compilation units
    Graal-compiled methods account for 80.00% of execution
    1 hot compilation units account for 70.00% of execution
    0.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
           70.00%       0.00                 demo.Main.run()
           20.00%       0.00                 libc.so.6
           10.00%       0.00                 demo.Other.cold()
)"));
  EXPECT_EQ(List(experiment, "demo.Main.run()"), Block(R"(
In experiment 1
    2 compilations (1 of which are hot)
    Compilations
            1 consumed 87.50% of Graal execution, 70.00% of total *hot*
            3 of multi-method Variant consumed  0.00% of Graal execution,  0.00% of total
)"));
}

TEST_F(ExperimentWriterTest, SummaryWithoutProfile) {
  dir_.WriteLines("log/units", {test::Record("a()", "1"), test::Record("b()", "2")});
  EXPECT_EQ(Summary(Load(1, "log", std::nullopt, std::nullopt)), Block(R"(
Experiment 1
    Collected optimization logs for 2 compilation units
)"));
  EXPECT_EQ(Summary(Load(2, "log", std::nullopt, ExperimentKind::kAot)), Block(R"(
Experiment 2 (AOT)
    Collected optimization logs for 2 compilation units
)"));
}

TEST_F(ExperimentWriterTest, SummaryWithoutExecutionId) {
  dir_.WriteLines("log/units", {test::Record("a()", "1")});
  dir_.Write("null.json", R"({"executionId":null,"totalPeriod":10,"code":[]})");
  dir_.Write("aot.json", R"({"compilationKind":"AOT","totalPeriod":10,"code":[]})");
  EXPECT_EQ(test::SplitLines(Summary(Load(1, "log", "null.json", std::nullopt)))[0],
            "Experiment 1 (JIT)");
  // report: the kind comes from the profile.
  EXPECT_EQ(test::SplitLines(Summary(Load(1, "log", "aot.json", std::nullopt)))[0],
            "Experiment 1 (AOT)");
}

TEST_F(ExperimentWriterTest, TopMethodsAreTheTenLargestInStableOrder) {
  const std::vector<int64_t> periods = {1, 9, 5, 5, 7, 5, 2, 2, 2, 2, 2, 2};
  std::string code;
  for (size_t i = 0; i < periods.size(); ++i) {
    if (!code.empty()) code += ",";
    code +=
        R"({"name":"e)" + std::to_string(i) + R"(","period":)" + std::to_string(periods[i]) + "}";
  }
  dir_.WriteLines("log/units", {test::Record("a()", "1")});
  dir_.Write("prof.json", R"({"totalPeriod":100,"code":[)" + code + "]}");
  std::vector<std::string> lines =
      test::SplitLines(Summary(Load(1, "log", "prof.json", ExperimentKind::kJit)));
  ASSERT_EQ(lines.size(), 8u + 10u);
  std::vector<std::string> names;
  for (size_t i = 8; i < lines.size(); ++i)
    names.push_back(lines[i].substr(lines[i].rfind(' ') + 1));
  EXPECT_EQ(names, (std::vector<std::string>{"e1", "e4", "e2", "e3", "e5", "e6", "e7", "e8", "e9",
                                             "e10"}));
  EXPECT_EQ(lines[8], "            9.00%       0.00                 e1");
  EXPECT_EQ(lines[2], "    Collected proftool data for 12 compilation units");
}

TEST_F(ExperimentWriterTest, LongValuesAreNotTruncated) {
  dir_.WriteLines("log/units", {test::Record("a()", "1")});
  dir_.Write("prof.json",
             R"({"totalPeriod":1,"code":[{"compileId":"123456789","name":"123456789: x",)"
             R"("level":1234567,"period":123456789000}]})");
  std::vector<std::string> lines =
      test::SplitLines(Summary(Load(1, "log", "prof.json", ExperimentKind::kJit)));
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[8], "        12345678900000.00%     123.46 1234567 123456789  x");
}

TEST_F(ExperimentWriterTest, ZeroTotalPeriodPrintsInfinityAndNaN) {
  Experiment experiment = WithProfile({{"1", 5}, {"2", 0}}, 0);
  EXPECT_EQ(Summary(experiment), Block(R"(
Experiment 1 (JIT)
    Collected optimization logs for 2 compilation units
    Collected proftool data for 2 compilation units
    Graal-compiled methods account for Infinity% of execution
    1 hot compilation units account for Infinity% of execution
    0.00 billion cycles total
    Top methods
        Execution     Cycles  Level      ID  Method
        Infinity%       0.00      4       1  m1()
             NaN%       0.00      4       2  m2()
)"));
  EXPECT_EQ(ExecutionSummary(experiment, experiment.compilation(Index(experiment, "1"))),
            "100.00% of Graal execution, Infinity% of total");
  EXPECT_EQ(ExecutionSummary(experiment, experiment.compilation(Index(experiment, "2"))),
            " 0.00% of Graal execution,   NaN% of total");
}

TEST_F(ExperimentWriterTest, AllPeriodsZeroPrintNaN) {
  Experiment experiment = WithProfile({{"1", 0}}, 0);
  std::vector<std::string> lines = test::SplitLines(Summary(experiment));
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[3], "    Graal-compiled methods account for NaN% of execution");
  EXPECT_EQ(ExecutionSummary(experiment, experiment.compilation(0)),
            "  NaN% of Graal execution,   NaN% of total");
}

TEST_F(ExperimentWriterTest, CompilationListSortedByPeriodWithHotMarks) {
  // Three units of one method: periods 10, 30, 10 (registration order); 30 and the first 10 hot.
  dir_.WriteLines("log/units", {test::Record("m()", "1"), test::Record("m()", "22"),
                                test::Record("m()", "333333")});
  dir_.Write("prof.json", R"({"totalPeriod":100,"code":[)"
                          R"json({"compileId":"1","name":"m()","level":4,"period":10},)json"
                          R"json({"compileId":"22","name":"m()","level":4,"period":30},)json"
                          R"json({"compileId":"333333","name":"m()","level":4,"period":10}]})json");
  Experiment experiment = Load(1, "log", "prof.json", ExperimentKind::kJit);
  SelectHotUnits(experiment, HotPolicy{0, 2, 1.0});
  EXPECT_EQ(List(experiment, "m()"), Block(R"(
In experiment 1
    3 compilations (2 of which are hot)
    Compilations
           22 consumed 60.00% of Graal execution, 30.00% of total *hot*
            1 consumed 20.00% of Graal execution, 10.00% of total *hot*
        333333 consumed 20.00% of Graal execution, 10.00% of total
)"));
}

TEST_F(ExperimentWriterTest, WithoutProfileNoCountsOfHotNoSummaryNoMarks) {
  dir_.WriteLines("log/units", {test::Record("m()", "1"), test::Record("m%%Key()", "2")});
  Experiment experiment = Load(2, "log", std::nullopt, ExperimentKind::kAot);
  ASSERT_TRUE(experiment.compilation(0).hot);  // hot, but nothing shows it without a profile
  EXPECT_EQ(List(experiment, "m()"), Block(R"(
In experiment 2
    2 compilations
    Compilations
            1
            2 of multi-method Key
)"));
  EXPECT_EQ(CompilationHeader(experiment, 1),
            "Compilation unit     2 of multi-method Key in experiment 2");
  EXPECT_EQ(CompilationHeader(experiment, 0), "Compilation unit     1 in experiment 2");
}

// %5s counts UTF-16 code units: U+00E9 is one unit, U+1F600 two.
TEST_F(ExperimentWriterTest, IdWidthIsCountedInUtf16Units) {
  Experiment experiment(1, ExperimentKind::kJit);
  for (const char* id : {"\xC3\xA9"
                         "1",
                         "\xF0\x9F\x98\x80"
                         "1",
                         "\xF0\x9F\x98\x80\xF0\x9F\x98\x80"
                         "1"}) {
    Compilation unit;
    unit.method = experiment.GetOrCreateMethod("m()");
    unit.id = id;
    experiment.AddCompilation(unit);
  }
  EXPECT_EQ(List(experiment, "m()"),
            "In experiment 1\n    3 compilations\n    Compilations\n"
            "           \xC3\xA9"
            "1\n"
            "          \xF0\x9F\x98\x80"
            "1\n"
            "        \xF0\x9F\x98\x80\xF0\x9F\x98\x80"
            "1\n");
  EXPECT_EQ(CompilationHeader(experiment, 1),
            "Compilation unit   \xF0\x9F\x98\x80"
            "1 in experiment 1");
}

TEST_F(ExperimentWriterTest, MethodWithoutCompilations) {
  Experiment experiment(2, ExperimentKind::kJit);
  experiment.GetOrCreateMethod("placeholder()");
  EXPECT_EQ(List(experiment, "placeholder()"), "In experiment 2\n    No compilations\n");
}

TEST_F(ExperimentWriterTest, Example4FragmentRowsAndHeaders) {
  test::WriteExample4(dir_);
  Experiment first = Load(1, "jit1", "prof1.json", ExperimentKind::kJit);
  Experiment second = Load(2, "jit2", "prof2.json", ExperimentKind::kJit);
  ASSERT_TRUE(CreateFragments(first, second).ok());
  EXPECT_EQ(List(first, "demo.Util.add(int, int)"), Block(R"(
In experiment 1
    2 compilations (2 of which are hot)
    Compilations
        101#1 consumed 55.56% of Graal execution, 33.33% of total *hot*
          |_ a fragment of demo.Main.run()
                           demo.Util.add(int, int) at bci 5
          102 consumed 33.33% of Graal execution, 20.00% of total *hot*
)"));
  EXPECT_EQ(CompilationHeader(first, Index(first, "101")),
            "Compilation unit   101 consumed 55.56% of Graal execution, 33.33% of total in "
            "experiment 1");
  EXPECT_EQ(CompilationHeader(second, Index(second, "201#2")),
            "Compilation fragment 201#2 consumed 60.00% of Graal execution, 45.00% of total in "
            "experiment 2");
}

TEST_F(ExperimentWriterTest, FragmentPathLinesWithUnknownNamesAndShortIds) {
  Experiment experiment(2, ExperimentKind::kAot);
  Compilation unit;
  unit.method = experiment.GetOrCreateMethod("r()");
  unit.id = "1";
  CompilationIndex parent = experiment.AddCompilation(unit);
  Compilation fragment;
  fragment.method = experiment.GetOrCreateMethod("x()");
  fragment.id = "1#2";
  fragment.hot = true;
  fragment.is_fragment = true;
  fragment.parent = parent;
  fragment.child_path = {0, 0};
  fragment.inlining_path = {{"r()", -1}, {std::nullopt, 3}, {"x()", -1}};
  CompilationIndex index = experiment.AddCompilation(fragment);
  EXPECT_EQ(List(experiment, "x()"), Block(R"(
In experiment 2
    1 compilations
    Compilations
          1#2
          |_ a fragment of r()
                           null at bci 3
                           x()
)"));
  EXPECT_EQ(CompilationHeader(experiment, index), "Compilation fragment   1#2 in experiment 2");
}

}  // namespace
}  // namespace profdiff
