// How sure a share is (issue 32, part 4; docs/jfr.md "How sure is a share"): the samples behind
// each share of a JFR profile and the test of a share change against sampling noise, in every
// format, on the real recordings of ../shared/real-hotspot (JDK 17 against JDK 25, 36 and 34
// samples); and proftool profiles' output without any of it.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/analysis/sampled_share_test.h"
#include "rapidjson/document.h"
#include "test_util.h"

namespace profdiff::test {
namespace {

const std::string kReal = SourceDir() + "/../shared/real-hotspot/NumericShapes";

std::vector<std::string> JitVsJit(std::vector<std::string> extra) {
  std::vector<std::string> args{"jit-vs-jit",
                                kReal + "/jdk17/run-1/hotspot.log.gz",
                                kReal + "/jdk17/run-1/rec.jfr",
                                kReal + "/jdk25/run-1/hotspot.log.gz",
                                kReal + "/jdk25/run-1/rec.jfr",
                                "--summary=true",
                                "--explanation=false"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

std::vector<rapidjson::Document> Records(const std::string& out) {
  std::vector<rapidjson::Document> records;
  for (const std::string& line : SplitLines(out)) {
    if (line.empty()) continue;
    rapidjson::Document& d = records.emplace_back();
    d.Parse(line.data(), line.size());
    EXPECT_FALSE(d.HasParseError()) << line;
  }
  return records;
}

int64_t Round(double v) { return static_cast<int64_t>(std::llround(v)); }

// A percentage as the text prints it, two decimals.
std::string Fixed2(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

// The method's samples in one experiment entry of its record, as its share is counted.
int64_t MethodSamples(const rapidjson::Value& entry) {
  int64_t sum = entry.HasMember("left_out_samples") ? entry["left_out_samples"].GetInt64() : 0;
  for (const rapidjson::Value& c : entry["compilations"].GetArray()) {
    EXPECT_TRUE(c.HasMember("samples")) << "a compilation of a JFR profile without samples";
    if (!c["fragment"].GetBool() && c.HasMember("samples")) sum += c["samples"].GetInt64();
  }
  return sum;
}

class RealRecordingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kReal + "/jdk17/run-1/rec.jfr")) {
      GTEST_SKIP() << "no " << kReal;
    }
  }
};

TEST_F(RealRecordingsTest, JsonCarriesEverySharesSamplesAndEveryChangesTest) {
  RunResult run = RunProfdiff(JitVsJit({"--format=json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<rapidjson::Document> records = Records(run.out);
  int64_t total[3] = {0, 0, 0};
  std::map<std::string, std::vector<int64_t>> method_samples;
  std::map<std::string, const rapidjson::Value*> method_records;
  size_t pairs = 0, rows = 0, within = 0;
  for (const rapidjson::Document& r : records) {
    const std::string type = r["type"].GetString();
    if (type == "experiment") {
      const rapidjson::Value& p = r["profile"];
      const int e = r["experiment"].GetInt();
      total[e] = p["samples"].GetInt64();
      // Every period is a whole number of samples: the samples are the share of all of them.
      EXPECT_EQ(p["graal_samples"].GetInt64(), Round(p["graal_share"].GetDouble() * total[e]));
      EXPECT_EQ(p["hot_samples"].GetInt64(), Round(p["hot_share"].GetDouble() * total[e]));
      EXPECT_EQ(p["left_out_samples"].GetInt64(),
                Round(p["left_out_share"].GetDouble() * total[e]));
      for (const rapidjson::Value& top : p["top_methods"].GetArray()) {
        EXPECT_EQ(top["samples"].GetInt64(), Round(top["share"].GetDouble() * total[e]));
      }
    } else if (type == "method") {
      std::vector<int64_t>& samples = method_samples[r["method"].GetString()];
      for (const rapidjson::Value& entry : r["experiments"].GetArray()) {
        for (const rapidjson::Value& c : entry["compilations"].GetArray()) {
          const int e = c["experiment"].GetInt();
          EXPECT_EQ(c["samples"].GetInt64(), Round(c["total_share"].GetDouble() * total[e]));
        }
        samples.push_back(MethodSamples(entry));
      }
      ASSERT_EQ(samples.size(), 2u);
      // The method's test is the binomial test of its samples against the experiments'.
      const std::optional<SampledShareTest> test =
          TestSampledShares(samples[0], total[1], samples[1], total[2]);
      ASSERT_TRUE(test.has_value());
      ASSERT_TRUE(r.HasMember("within_noise")) << r["method"].GetString();
      EXPECT_DOUBLE_EQ(r["noise_p"].GetDouble(), test->p);
      EXPECT_EQ(r["within_noise"].GetBool(), test->within_noise);
      method_records[r["method"].GetString()] = &r;
    } else if (type == "pair") {
      ++pairs;
      const rapidjson::Value& c = r["compilations"];
      const std::optional<SampledShareTest> test = TestSampledShares(
          c[0]["samples"].GetInt64(), total[1], c[1]["samples"].GetInt64(), total[2]);
      ASSERT_TRUE(test.has_value());
      EXPECT_DOUBLE_EQ(r["noise_p"].GetDouble(), test->p);
      EXPECT_EQ(r["within_noise"].GetBool(), test->within_noise);
    } else if (type == "summary") {
      for (const rapidjson::Value& row : r["methods"].GetArray()) {
        ++rows;
        const std::string method = row["method"].GetString();
        ASSERT_TRUE(method_samples.count(method)) << method;
        EXPECT_EQ(row["samples"][0].GetInt64(), method_samples[method][0]) << method;
        EXPECT_EQ(row["samples"][1].GetInt64(), method_samples[method][1]) << method;
        EXPECT_EQ(row["within_noise"].GetBool(),
                  (*method_records[method])["within_noise"].GetBool());
        EXPECT_DOUBLE_EQ(row["noise_p"].GetDouble(),
                         (*method_records[method])["noise_p"].GetDouble());
        within += row["within_noise"].GetBool() ? 1 : 0;
      }
    }
  }
  EXPECT_EQ(total[1], 36);
  EXPECT_EQ(total[2], 34);
  EXPECT_GT(pairs, 0u);
  EXPECT_GT(rows, 0u);
  EXPECT_GT(within, 0u);  // 36 against 34 samples: most changes are chance
}

TEST_F(RealRecordingsTest, TextShowsTheSamplesAndMarksTheRowsWithinNoise) {
  // RunProfdiff also checks that the JSON stream renders back to this text.
  RunResult text = RunProfdiff(JitVsJit({}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  RunResult json = RunProfdiff(JitVsJit({"--format=json"}));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::map<std::string, bool> within;
  std::map<std::string, int> hot_only_in;
  for (const rapidjson::Document& r : Records(json.out)) {
    const std::string type = r["type"].GetString();
    if (type == "summary") {
      for (const rapidjson::Value& row : r["methods"].GetArray()) {
        within[row["method"].GetString()] = row["within_noise"].GetBool();
      }
    }
    if (type == "method" && r["hot_only_in"].IsInt()) {
      hot_only_in[r["method"].GetString()] = r["within_noise"].GetBool() ? 1 : 2;
    }
  }
  const std::vector<std::string> lines = SplitLines(text.out);
  auto has_line = [&](const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  };
  EXPECT_TRUE(has_line("    JIT-compiled methods account for 97.22% of execution (35 samples)"));
  EXPECT_TRUE(has_line("        Execution    Seconds  Samples  Level      ID  Method"));
  EXPECT_TRUE(
      has_line("           13.89%       0.05        5      4    1351  "
               "NumericShapes$Circle.scale(double)"));
  EXPECT_TRUE(has_line(
      "    ~ after the shares: the share change is within sampling noise (exact binomial test of "
      "the samples, p >= 0.05; docs/jfr.md)"));
  EXPECT_TRUE(
      has_line("    Share 1   Share 2    Samples 1  Samples 2  Pairs  Inlining +/-/*  "
               "Optimization +/-/*  Method"));
  // 1 of 36 samples against 6 of 34.
  EXPECT_TRUE(
      has_line("      2.78%    17.65% ~          1          6      1           0/0/0    "
               "           6/5/0  NumericShapes.totalArea(NumericShapes$Shape[])"));
  size_t rows = 0;
  for (const std::string& line : lines) {
    for (const auto& [method, noise] : within) {
      if (!line.ends_with("  " + method) || line.find("/") == std::string::npos) continue;
      ++rows;
      EXPECT_EQ(line.substr(21, 2) == " ~", noise) << line;
    }
    if (line.find(" is hot only in experiment ") != std::string::npos) {
      const std::string method = line.substr(7, line.find(" is hot only") - 7);
      ASSERT_TRUE(hot_only_in.count(method)) << line;
      EXPECT_EQ(line.find(", within sampling noise (") != std::string::npos,
                hot_only_in[method] == 1)
          << line;
    }
  }
  EXPECT_EQ(rows, within.size());
  EXPECT_TRUE(
      has_line("Method NumericShapes$Circle.scale(double) is hot only in experiment 1, "
               "within sampling noise (6 samples against 1, p = 0.1261)"));
  // A compilation's share says its samples.
  EXPECT_NE(text.out.find("% of total (1 sample) in experiment"), std::string::npos);
}

// Every method section's title and every pair's header say when the share change is within
// sampling noise, as the JSON records' tests say (issue 32 part 4): compared methods too, not
// only those hot in one experiment.
TEST_F(RealRecordingsTest, SectionTitlesAndPairHeadersMarkChangesWithinNoise) {
  RunResult text = RunProfdiff(JitVsJit({}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  RunResult json = RunProfdiff(JitVsJit({"--format=json"}));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::map<std::string, bool> method_within;
  std::vector<bool> pair_within;  // in stream order, as the text prints them
  for (const rapidjson::Document& r : Records(json.out)) {
    const std::string type = r["type"].GetString();
    if (type == "method") method_within[r["method"].GetString()] = r["within_noise"].GetBool();
    if (type == "pair") pair_within.push_back(r["within_noise"].GetBool());
  }
  ASSERT_TRUE(std::count(pair_within.begin(), pair_within.end(), true) > 0);
  ASSERT_TRUE(std::count(pair_within.begin(), pair_within.end(), false) > 0);
  size_t titles = 0, within_titles = 0;
  std::vector<bool> headers;
  const std::vector<std::string> lines = SplitLines(text.out);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.starts_with("Method ")) {
      const std::string name = line.substr(7, line.find_first_of(",", line.find(')')) - 7);
      std::string method = name.substr(0, name.find(" is hot only"));
      ASSERT_TRUE(method_within.count(method)) << line;
      ++titles;
      const bool marked = line.find(" within sampling noise (") != std::string::npos;
      EXPECT_EQ(marked, method_within[method]) << line;
      if (marked) ++within_titles;
      if (line.find(" is hot only") == std::string::npos && marked) {
        EXPECT_NE(line.find(", share change within sampling noise ("), std::string::npos) << line;
      }
    }
    if (line.ends_with(" in experiment 1 vs") && i + 1 < lines.size()) {
      const std::string& second = lines[i + 1];
      const size_t at = second.find(" in experiment 2");
      ASSERT_NE(at, std::string::npos) << second;
      const std::string rest = second.substr(at + 16);
      EXPECT_TRUE(rest.empty() || rest.starts_with(", share change within sampling noise (p = "))
          << second;
      headers.push_back(!rest.empty());
    }
  }
  EXPECT_EQ(titles, method_within.size());
  EXPECT_GT(within_titles, 0u);
  EXPECT_EQ(headers, pair_within);
}

TEST_F(RealRecordingsTest, CsvColumnsCarrySamplesAndTheTest) {
  RunResult csv = RunProfdiff(JitVsJit({"--format=csv"}));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  RunResult json = RunProfdiff(JitVsJit({"--format=json"}));
  std::vector<std::string> expected;
  for (const rapidjson::Document& r : Records(json.out)) {
    if (std::string(r["type"].GetString()) != "pair") continue;
    const rapidjson::Value& c = r["compilations"];
    expected.push_back(std::to_string(c[0]["samples"].GetInt64()) + "," +
                       std::to_string(c[1]["samples"].GetInt64()) + "," +
                       (r["within_noise"].GetBool() ? "true" : "false") + ",");
  }
  const std::vector<std::string> rows = SplitLines(csv.out);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(rows[0].ends_with(",samples_1,samples_2,within_noise,noise_p")) << rows[0];
  size_t i = 0;
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].empty()) continue;
    ASSERT_LT(i, expected.size());
    EXPECT_NE(rows[r].find(expected[i]), std::string::npos) << rows[r] << " / " << expected[i];
    ++i;
  }
  EXPECT_EQ(i, expected.size());

  RunResult report = RunProfdiff({"report", kReal + "/jdk25/run-1/hotspot.log.gz",
                                  kReal + "/jdk25/run-1/rec.jfr", "--format=csv"});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const std::vector<std::string> report_rows = SplitLines(report.out);
  EXPECT_TRUE(report_rows[0].ends_with(",context_nodes,samples")) << report_rows[0];
  ASSERT_GT(report_rows.size(), 1u);
  EXPECT_FALSE(report_rows[1].ends_with(",")) << report_rows[1];  // a JFR profile: a count
}

TEST_F(RealRecordingsTest, HtmlPageHoldsTheSamplesAndTheTest) {
  RunResult html = RunProfdiff(JitVsJit({"--format=html"}));
  ASSERT_EQ(html.exit_code, 0) << html.err;
  // The page's records are the JSON records: its script shows them (tests/browser).
  EXPECT_NE(html.out.find("\"within_noise\":true,\"noise_p\":"), std::string::npos);
  EXPECT_NE(html.out.find("\"samples\":[1,6]"), std::string::npos);
  EXPECT_NE(html.out.find("\"graal_samples\":35"), std::string::npos);
  EXPECT_NE(html.out.find("data-noise"), std::string::npos);  // the badge of page.js
}

// --decisions (docs/decisions-view.md): every call site's share says the samples behind it (of
// the experiment whose share is the larger) and carries its method's test; a transition sums its
// methods' samples; in JSON, text, CSV and the HTML page's records. Every unit hot, so that the
// real runs have changed call sites.
TEST_F(RealRecordingsTest, DecisionsSayTheSamplesAndTheTestOfEachShare) {
  const std::vector<std::string> every_unit_hot = {"--decisions=true", "--hot-min-limit=1000000",
                                                   "--hot-max-limit=1000000", "--hot-percentile=1"};
  auto args = [&](const std::string& format) {
    std::vector<std::string> extra = every_unit_hot;
    extra.push_back("--format=" + format);
    return JitVsJit(extra);
  };
  RunResult json = RunProfdiff(args("json"));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  struct Method {
    int64_t samples = 0;
    bool within = false;
    double p = 0;
  };
  std::map<std::string, Method> methods;
  const rapidjson::Value* decisions = nullptr;
  std::vector<rapidjson::Document> records = Records(json.out);
  for (const rapidjson::Document& r : records) {
    const std::string type = r["type"].GetString();
    if (type == "decisions") decisions = &r;
    if (type != "method") continue;
    const rapidjson::Value& e = r["experiments"];
    double share[2] = {0, 0};
    int64_t samples[2] = {MethodSamples(e[0]), MethodSamples(e[1])};
    for (int i = 0; i < 2; ++i) {
      share[i] = e[i].HasMember("left_out_share") ? e[i]["left_out_share"].GetDouble() : 0;
      for (const rapidjson::Value& c : e[i]["compilations"].GetArray()) {
        if (!c["fragment"].GetBool()) share[i] += c["total_share"].GetDouble();
      }
    }
    methods[r["method"].GetString()] = {samples[share[1] > share[0] ? 1 : 0],
                                        r["within_noise"].GetBool(), r["noise_p"].GetDouble()};
  }
  ASSERT_NE(decisions, nullptr);
  const rapidjson::Value& changes = (*decisions)["changes"];
  ASSERT_GT(changes.Size(), 0u) << "the real runs have no changed call site";
  std::vector<std::string> expected_csv;
  size_t within = 0;
  for (const rapidjson::Value& site : changes.GetArray()) {
    const std::string method = site["method"].GetString();
    ASSERT_TRUE(methods.count(method)) << method;
    const Method& m = methods[method];
    ASSERT_TRUE(site.HasMember("samples")) << method;
    EXPECT_EQ(site["samples"].GetInt64(), m.samples) << method;
    EXPECT_EQ(site["within_noise"].GetBool(), m.within) << method;
    EXPECT_EQ(site["noise_p"].GetDouble(), m.p) << method;
    if (m.within) ++within;
  }
  EXPECT_GT(within, 0u);
  for (const rapidjson::Value& t : (*decisions)["transitions"].GetArray()) {
    ASSERT_TRUE(t.HasMember("samples"));
  }

  RunResult text = RunProfdiff(args("text"));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  size_t heads = 0, marked = 0;
  for (const std::string& line : SplitLines(text.out)) {
    // "      2.94% (1 sample)  M, compilations 1287% and 1294%" at level 2.
    if (line.starts_with("        ") && line.size() > 15 && line[14] == '%' &&
        line.find(", compilations ") != std::string::npos) {
      ++heads;
      EXPECT_NE(line.find("% ("), std::string::npos) << line;
      if (line.find(", share change within sampling noise (p ") != std::string::npos) ++marked;
    }
  }
  EXPECT_EQ(heads, std::min<size_t>(changes.Size(), 20) +
                       std::min<size_t>((*decisions)["reason_changes"].Size(), 20));
  EXPECT_GT(marked, 0u);

  RunResult csv = RunProfdiff(args("csv"));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const std::vector<std::string> rows = SplitLines(csv.out);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(rows[0].ends_with(",bci_1,bci_2,samples,within_noise,noise_p")) << rows[0];
  size_t i = 0;
  for (size_t r = 1; r < rows.size() && i < changes.Size(); ++r) {
    if (!rows[r].starts_with("kind,")) continue;
    const rapidjson::Value& site = changes[static_cast<rapidjson::SizeType>(i++)];
    const std::string tail = "," + std::to_string(site["samples"].GetInt64()) + "," +
                             (site["within_noise"].GetBool() ? "true" : "false") + ",";
    EXPECT_NE(rows[r].find(tail), std::string::npos) << rows[r] << " / " << tail;
  }
  EXPECT_EQ(i, changes.Size());

  RunResult html = RunProfdiff(args("html"));
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.out.find("\"type\":\"decisions\""), std::string::npos);
  EXPECT_NE(html.out.find("\"samples\":" + std::to_string(changes[0]["samples"].GetInt64()) +
                          ",\"within_noise\":"),
            std::string::npos);
}

// stats (docs/statistics.md): each scope's share of a JFR profile says its samples (period / the
// period of one sample) in text, JSON, CSV; comparing two, a "samples" row beside the share's;
// against a proftool profile, unknown (n/a) on its side.
TEST_F(RealRecordingsTest, StatsSayTheSamplesOfEachShare) {
  const std::string log = kReal + "/jdk17/run-1/hotspot.log.gz",
                    rec = kReal + "/jdk17/run-1/rec.jfr";
  RunResult json = RunProfdiff({"stats", log, rec, "--format=json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  int64_t total_samples = 0;
  double total_period = 0;
  std::vector<std::pair<double, int64_t>> scopes;  // period, samples
  for (const rapidjson::Document& r : Records(json.out)) {
    const std::string type = r["type"].GetString();
    if (type == "experiment") {
      total_samples = r["profile"]["samples"].GetInt64();
      total_period = r["profile"]["total_period"].GetDouble();
    }
    if (type != "statistics" || r["execution"].IsNull()) continue;
    ASSERT_TRUE(r["execution"].HasMember("samples"));
    scopes.emplace_back(r["execution"]["period"].GetDouble(), r["execution"]["samples"].GetInt64());
  }
  ASSERT_GT(total_samples, 0);
  ASSERT_GT(scopes.size(), 2u);
  for (const auto& [period, samples] : scopes) {
    EXPECT_EQ(samples, Round(period / (total_period / static_cast<double>(total_samples))));
  }
  RunResult text = RunProfdiff({"stats", log, rec, "--explanation=false"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find(" compilation units account for 47.22% of execution (0.17 seconds "
                          "sampled, 17 samples)\n"),
            std::string::npos)
      << text.out;
  RunResult csv = RunProfdiff({"stats", log, rec, "--format=csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find("\nhot,,,samples,,17,,,\n"), std::string::npos);

  RunResult change = RunProfdiff({"stats", log, rec, kReal + "/jdk25/run-1/hotspot.log.gz",
                                  kReal + "/jdk25/run-1/rec.jfr", "--explanation=false"});
  ASSERT_EQ(change.exit_code, 0) << change.err;
  EXPECT_NE(change.out.find("              47.22%        64.71%  +17.48%   +37.02%  share of "
                            "execution\n                  17            22       +5   +29.41%  "
                            "samples\n"),
            std::string::npos)
      << change.out;

  // A proftool profile against a recording: its samples are unknown.
  TempDir dir;
  WriteExample4(dir);
  RunResult mixed = RunProfdiff(
      {"stats", dir.Path("jit1"), dir.Path("prof1.json"), log, rec, "--explanation=false"});
  ASSERT_EQ(mixed.exit_code, 0) << mixed.err;
  EXPECT_NE(mixed.out.find("n/a  samples\n"), std::string::npos) << mixed.out;
}

// jit-vs-jit-runs' runs tables (docs/runs.md): with JFR recordings each run's shares say their
// samples and a column the run's, as its JSON experiment record has them.
TEST_F(RealRecordingsTest, RunsTablesSayTheSamplesOfEachShare) {
  const std::string a_log = kReal + "/jdk17/run-1/hotspot.log.gz",
                    a_rec = kReal + "/jdk17/run-1/rec.jfr",
                    b_log = kReal + "/jdk25/run-1/hotspot.log.gz",
                    b_rec = kReal + "/jdk25/run-1/rec.jfr";
  const std::vector<std::string> args = {"jit-vs-jit-runs", "--exp1", a_log, a_rec, a_log, a_rec,
                                         "--exp2",          b_log,    b_rec, b_log, b_rec};
  std::vector<std::string> json_args = args;
  json_args.push_back("--format=json");
  RunResult json = RunProfdiff(json_args);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  // Per run, its shares' cells ("     86.11% (31)     97.22% (35)") and its samples.
  std::vector<std::pair<std::string, int64_t>> expected;
  for (const rapidjson::Document& r : Records(json.out)) {
    if (std::string(r["type"].GetString()) != "experiment") continue;
    const rapidjson::Value& p = r["profile"];
    auto cell = [](double share, int64_t samples) {
      char text[64];
      std::snprintf(text, sizeof text, "%14s",
                    (Fixed2(share * 100) + "% (" + std::to_string(samples) + ")").c_str());
      return std::string(text);
    };
    expected.emplace_back(cell(p["hot_share"].GetDouble(), p["hot_samples"].GetInt64()) + "  " +
                              cell(p["graal_share"].GetDouble(), p["graal_samples"].GetInt64()),
                          p["samples"].GetInt64());
  }
  ASSERT_EQ(expected.size(), 4u);
  RunResult text = RunProfdiff(args);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::string header =
      "    Run  Execution ID  Units  Hot units       Hot share       JIT share    Sampled (s)  "
      "Samples  Inputs";
  std::vector<std::string> rows;
  size_t headers = 0;
  for (const std::string& line : SplitLines(text.out)) {
    if (line == header) ++headers;
    if (line.ends_with(" " + a_rec) || line.ends_with(" " + b_rec)) rows.push_back(line);
  }
  EXPECT_EQ(headers, 2u) << text.out;
  ASSERT_EQ(rows.size(), 4u);
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_NE(rows[i].find(expected[i].first), std::string::npos)
        << rows[i] << " / " << expected[i].first;
    EXPECT_NE(
        rows[i].find(" " + std::to_string(expected[i].second) + "  " + (i < 2 ? a_log : b_log)),
        std::string::npos)
        << rows[i];
  }
}

// The CI gate (docs/ci.md "Sampling noise"): methods whose share change is within the noise
// still fail it, and its line says how many, with the samples of the most executed one's share.
TEST_F(RealRecordingsTest, GateCountsSharesWithinNoiseAndSaysSo) {
  RunResult json = RunProfdiff(JitVsJit({"--format=json"}));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  int64_t differing = 0, within = 0;
  for (const rapidjson::Document& r : Records(json.out)) {
    if (std::string(r["type"].GetString()) != "summary") continue;
    for (const rapidjson::Value& row : r["methods"].GetArray()) {
      const rapidjson::Value& share = row["shares"];
      if (std::max(share[0].GetDouble(), share[1].GetDouble()) < 0.05) continue;
      if (row["pairs"].GetInt64() == 0) continue;
      int64_t differences = 0;
      for (const char* tree : {"inlining", "optimization"}) {
        for (const char* op : {"insert", "delete", "relabel"}) {
          differences += row[tree][op].GetInt64();
        }
        differences += row[tree]["too_big"].GetInt64();
      }
      if (differences == 0) continue;
      ++differing;
      if (row["within_noise"].GetBool()) ++within;
    }
  }
  ASSERT_GT(within, 0) << "the recordings no longer have a differing method within the noise";
  RunResult gate = RunProfdiff(JitVsJit({"--fail-on=any", "--fail-min-share=0.05"}));
  EXPECT_EQ(gate.exit_code, 2) << gate.err;
  EXPECT_NE(gate.err.find(" samples); the share change of " + std::to_string(within) + " of the " +
                          std::to_string(differing) + " is within sampling noise (docs/jfr.md)"),
            std::string::npos)
      << gate.err;
}

// proftool's profiles give cycles and no sample count: nothing of the above, so that their
// output is what it was (the conformance corpus checks the text byte for byte).
TEST(ProftoolSharesTest, NoSamplesAndNoTest) {
  TempDir dir;
  WriteExample4(dir);
  const std::vector<std::string> args{"jit-vs-jit",           dir.Path("jit1"),
                                      dir.Path("prof1.json"), dir.Path("jit2"),
                                      dir.Path("prof2.json"), "--summary=true"};
  RunResult text = RunProfdiff(args);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.find("sample"), std::string::npos);
  EXPECT_NE(text.out.find("Share 1   Share 2  Pairs  Inlining"), std::string::npos);
  std::vector<std::string> json_args = args;
  json_args.push_back("--format=json");
  RunResult json = RunProfdiff(json_args);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out.find("samples"), std::string::npos);
  EXPECT_EQ(json.out.find("within_noise"), std::string::npos);
  // stats and --decisions, in every format.
  for (const std::string format : {"text", "json", "csv", "html"}) {
    // The page's script names the members; its records (the JSON ones) hold none.
    const std::string sampled = format == "json" || format == "html" ? "\"samples\":" : "sample";
    RunResult stats = RunProfdiff({"stats", dir.Path("jit1"), dir.Path("prof1.json"),
                                   dir.Path("jit2"), dir.Path("prof2.json"), "--format=" + format});
    ASSERT_EQ(stats.exit_code, 0) << stats.err;
    EXPECT_EQ(stats.out.find(sampled), std::string::npos) << format;
    std::vector<std::string> decisions_args = args;
    decisions_args.push_back("--decisions=true");
    decisions_args.push_back("--format=" + format);
    RunResult decisions = RunProfdiff(decisions_args);
    ASSERT_EQ(decisions.exit_code, 0) << decisions.err;
    if (format != "csv") {
      EXPECT_EQ(decisions.out.find(sampled), std::string::npos) << format;
      continue;
    }
    // The columns are there, empty.
    const std::vector<std::string> decision_rows = SplitLines(decisions.out);
    ASSERT_GT(decision_rows.size(), 1u);
    for (size_t r = 1; r < decision_rows.size(); ++r) {
      if (decision_rows[r].empty()) continue;
      EXPECT_TRUE(decision_rows[r].ends_with(",,,")) << decision_rows[r];
    }
  }
  std::vector<std::string> csv_args = args;
  csv_args.push_back("--format=csv");
  RunResult csv = RunProfdiff(csv_args);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const std::vector<std::string> rows = SplitLines(csv.out);
  ASSERT_GT(rows.size(), 1u);
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].empty()) continue;
    EXPECT_TRUE(rows[r].ends_with(",,,,")) << rows[r];
  }
}

}  // namespace
}  // namespace profdiff::test
