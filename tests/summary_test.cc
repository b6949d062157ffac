// --summary=true (issue 14): after the normal output, the compared hot methods ranked so that
// the most executed with the most differences come first; a record in JSON that render
// reproduces.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "profdiff/output/method_differences.h"
#include "profdiff/output/record_stream_reader.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::Block;
using test::RunProfdiff;
using test::RunResult;

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
const std::string kAot = test::SourceDir() + "/fixtures/aot-example";

std::vector<std::string> Differing(std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                   kJit + "/exp2/log", kJit + "/exp2/prof.json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(SummaryTest, ATableAfterTheNormalOutput) {
  RunResult plain = RunProfdiff(Differing());
  RunResult summary = RunProfdiff(Differing({"--summary=true"}));
  ASSERT_EQ(summary.exit_code, 0) << summary.err;
  EXPECT_EQ(summary.err, "");
  ASSERT_EQ(summary.out.rfind(plain.out, 0), 0u) << "the normal output changed";
  EXPECT_EQ(summary.out.substr(plain.out.size()), "\n" + Block(R"(
Summary: the compared hot methods, the most executed with the most differences first
    Share 1   Share 2  Pairs  Inlining +/-/*  Optimization +/-/*  Method
     45.83%    51.92%      1           1/1/2               1/1/0  org.example.shop.Checkout.total(java.util.List)
     15.83%    11.92%      1           0/0/0               0/6/0  java.util.ArrayList.get(int)
)"));
}

TEST(SummaryTest, OffByDefault) {
  EXPECT_EQ(RunProfdiff(Differing()).out, RunProfdiff(Differing({"--summary=false"})).out);
  RunResult json = RunProfdiff(Differing({"--format=json"}));
  EXPECT_EQ(json.out.find("\"type\":\"summary\""), std::string::npos);
}

TEST(SummaryTest, RankedByDifferencesThenShare) {
  // An experiment compared with itself: nothing differs, so the most executed comes first.
  RunResult same =
      RunProfdiff({"jit-vs-jit", kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp1/log",
                   kJit + "/exp1/prof.json", "--summary=true", "--explanation=false"});
  ASSERT_EQ(same.exit_code, 0);
  const std::string table = same.out.substr(same.out.find("\nSummary: ") + 1);
  EXPECT_EQ(table, Block(R"(
Summary: the compared hot methods, the most executed with the most differences first
    Share 1   Share 2  Pairs  Inlining +/-/*  Optimization +/-/*  Method
     45.83%    45.83%      1           0/0/0               0/0/0  org.example.shop.Checkout.total(java.util.List)
)"));
  // AOT builds judged by a JIT profile have no shares of their own.
  RunResult aot =
      RunProfdiff({"aot-vs-aot-jit-profile", kJit + "/exp1/log", kJit + "/exp1/prof.json",
                   kAot + "/exp1/log", kAot + "/exp2/log", "--summary=true"});
  ASSERT_EQ(aot.exit_code, 0) << aot.err;
  const std::string aot_table = aot.out.substr(aot.out.find("\nSummary: ") + 1);
  std::vector<std::string> rows = test::SplitLines(aot_table);
  // The AOT builds have several compilations of a method: a line says which pairs count.
  ASSERT_GE(rows.size(), 4u) << aot_table;
  EXPECT_EQ(rows[1],
            "    Differences count the compilations paired one to one by least edit cost "
            "(docs/ci.md)");
  EXPECT_EQ(rows[3].rfind("          -         -", 0), 0u) << rows[3];
}

TEST(SummaryTest, JsonRecordBeforeTheEndAndRenderReproducesIt) {
  test::TempDir dir;
  for (const std::string context : {"false", "true"}) {
    SCOPED_TRACE(context);
    const std::vector<std::string> extra = {"--summary=true",
                                            "--optimization-context-tree=" + context};
    RunResult text = RunProfdiff(Differing(extra));
    std::vector<std::string> json_args = extra;
    json_args.push_back("--format=json");
    RunResult json = RunProfdiff(Differing(json_args));
    ASSERT_EQ(json.exit_code, 0);
    std::vector<std::string> lines = test::SplitLines(json.out);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[lines.size() - 2].rfind("{\"type\":\"summary\",\"methods\":[{\"rank\":1,", 0),
              0u)
        << lines[lines.size() - 2];
    EXPECT_NE(lines.front().find("\"summary\":true"), std::string::npos);
    dir.Write("run.jsonl", json.out);
    RunResult rendered = RunProfdiff({"render", dir.Path("run.jsonl")});
    EXPECT_EQ(rendered.exit_code, 0) << rendered.err;
    EXPECT_EQ(rendered.out, text.out);
    // render passes the stream's summary on; it does not add one of its own.
    RunResult again =
        RunProfdiff({"render", dir.Path("run.jsonl"), "--format=json", "--summary=true"});
    EXPECT_EQ(again.out, json.out);
  }
}

TEST(SummaryTest, TheRecordIsReadBack) {
  RunResult json = RunProfdiff(Differing({"--summary=true", "--format=json"}));
  struct Catch : MethodDifferenceTally {
    void Summary(const SummaryRecord& record) override {
      for (const SummaryRowRecord& row : record.methods) {
        methods.emplace_back(row.method);
        ranks.push_back(row.rank);
        if (row.share[1]) shares.push_back(*row.share[1]);
        optimization_deletes.push_back(row.optimization.remove);
      }
    }
    std::vector<std::string> methods;
    std::vector<int64_t> ranks;
    std::vector<double> shares;
    std::vector<int64_t> optimization_deletes;
  } sink;
  ASSERT_TRUE(ReadRecordStreamText(json.out, "run", sink, [](std::string_view) {}).ok());
  EXPECT_EQ(sink.methods,
            (std::vector<std::string>{"org.example.shop.Checkout.total(java.util.List)",
                                      "java.util.ArrayList.get(int)"}));
  EXPECT_EQ(sink.ranks, (std::vector<int64_t>{1, 2}));
  ASSERT_EQ(sink.shares.size(), 2u);
  EXPECT_DOUBLE_EQ(sink.shares[0], 0.5192307692307693);
  EXPECT_EQ(sink.optimization_deletes, (std::vector<int64_t>{1, 6}));
}

// Sections are rendered on worker threads: the tally may see them in any order, and what it
// gives (the HTML page's counted pairs) must not depend on it.
TEST(SummaryTest, CountedPairIdsAreInSectionOrder) {
  MethodDifferenceTally tally;
  for (int64_t index : {2, 0, 1}) {
    const std::string name = "m" + std::to_string(index);
    const std::string left = "a" + std::to_string(index);
    const std::string right = "b" + std::to_string(index);
    PairRecord pair;
    pair.method = name;
    pair.first.id = left;
    pair.second.id = right;
    tally.Pair(pair);
    MethodRecord method;
    method.index = index;
    method.name = name;
    tally.Method(method);
  }
  const auto ids = tally.CountedPairIds();
  ASSERT_EQ(ids.size(), 3u);
  for (int64_t index = 0; index < 3; ++index) {
    EXPECT_EQ(ids[index].first, "m" + std::to_string(index));
    EXPECT_EQ(ids[index].second, (std::vector<std::pair<std::string, std::string>>{
                                     {"a" + std::to_string(index), "b" + std::to_string(index)}}));
  }
}

TEST(SummaryTest, CsvStaysOneTableAndReportIsAnError) {
  EXPECT_EQ(RunProfdiff(Differing({"--summary=true", "--format=csv"})).out,
            RunProfdiff(Differing({"--format=csv"})).out);
  RunResult report = RunProfdiff({"report", kJit + "/exp1/log", "--summary=true"});
  EXPECT_EQ(report.exit_code, 1);
  EXPECT_EQ(report.out, "");
  EXPECT_NE(report.err.find("--summary ranks compared methods"), std::string::npos) << report.err;
}

}  // namespace
}  // namespace profdiff
