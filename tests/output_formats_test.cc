// The structured outputs (issue "Structured output"): JSON records of every kind, CSV quoting,
// and every kind of bad input to `render`.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "output/records/stream_schema.h"
#include "profdiff/model/json_text.h"
#include "profdiff/output/csv_renderer.h"
#include "profdiff/output/json_renderer.h"
#include "profdiff/output/record_stream_reader.h"
#include "profdiff/output/text_renderer.h"
#include "rapidjson/document.h"
#include "test_util.h"

namespace profdiff::test {
namespace {

rapidjson::Document ParseLine(const std::string& line) {
  rapidjson::Document document;
  // With a length: the zero-terminated form lets RAPIDJSON_SSE2 read whole 16-byte blocks past
  // the string's end, which AddressSanitizer reports.
  document.Parse(line.data(), line.size());
  EXPECT_FALSE(document.HasParseError()) << line;
  return document;
}

std::vector<std::string> JsonLines(const std::string& text) {
  std::vector<std::string> lines = SplitLines(text);
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Example 4 (output.md), run as JSON.
class JsonExampleTest : public ::testing::Test {
 protected:
  void SetUp() override { WriteExample4(dir_); }
  RunResult Run(std::vector<std::string> extra) {
    std::vector<std::string> args{
        "jit-vs-jit",      dir_.Path("jit1"),       dir_.Path("prof1.json"),
        dir_.Path("jit2"), dir_.Path("prof2.json"), "--format=json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunProfdiff(args);
  }
  TempDir dir_;
};

TEST_F(JsonExampleTest, EveryRecordKindInTextOrder) {
  RunResult run = Run({});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> types;
  for (const std::string& line : JsonLines(run.out)) {
    rapidjson::Document record = ParseLine(line);
    ASSERT_TRUE(record.IsObject());
    ASSERT_TRUE(record.HasMember("type"));
    std::string type = record["type"].GetString();
    if (type != "warning") types.push_back(type);  // Example 4 has warnings of its own
  }
  ASSERT_GE(types.size(), 5u);
  EXPECT_EQ(types.front(), "header");
  EXPECT_EQ(types[1], "experiment");
  EXPECT_EQ(types[2], "experiment");
  EXPECT_EQ(types[3], "method");
  EXPECT_EQ(types.back(), "end");
  EXPECT_NE(std::find(types.begin(), types.end(), "pair"), types.end());

  rapidjson::Document header = ParseLine(JsonLines(run.out).front());
  EXPECT_STREQ(header["format"].GetString(), "profdiff");
  EXPECT_EQ(header["version"].GetInt(), 1);
  EXPECT_STREQ(header["command"].GetString(), "jit-vs-jit");
  EXPECT_EQ(header["arguments"].Size(), 4u);
  EXPECT_DOUBLE_EQ(header["options"]["hot-percentile"].GetDouble(), 0.9);
  EXPECT_FALSE(header["options"]["long-bci"].GetBool());
  EXPECT_STREQ(header["options"]["format"].GetString(), "json");
}

TEST_F(JsonExampleTest, PairsHoldDeltaTreesAsFlatPreorderArrays) {
  RunResult run = Run({"--long-bci=false"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  int pairs = 0;
  int64_t inserted = 0, deleted = 0, relabelled = 0;
  rapidjson::Document end;
  for (const std::string& line : JsonLines(run.out)) {
    rapidjson::Document record = ParseLine(line);
    std::string type = record["type"].GetString();
    if (type == "end") end = ParseLine(line);
    if (type != "pair") continue;
    ++pairs;
    ASSERT_EQ(record["compilations"].Size(), 2u);
    for (const char* kind : {"inlining", "optimization"}) {
      const rapidjson::Value& tree = record[kind];
      int previous = -1;
      for (const rapidjson::Value& node : tree["nodes"].GetArray()) {
        int depth = node["depth"].GetInt();
        EXPECT_TRUE(previous < 0 ? depth == 0 : depth >= 1 && depth <= previous + 1);
        previous = depth;
        std::string op = node["op"].GetString();
        EXPECT_TRUE(op == "identity" || op == "insert" || op == "delete" || op == "relabel");
        EXPECT_EQ(node.HasMember("left"), op != "insert");
        EXPECT_EQ(node.HasMember("right"), op != "delete");
        if (op == "insert") ++inserted;
        if (op == "delete") ++deleted;
        if (op == "relabel") ++relabelled;
        const rapidjson::Value& label = node.HasMember("left") ? node["left"] : node["right"];
        if (std::string(label["node"].GetString()) == "optimization") {
          // The full position whatever --long-bci says, innermost method first.
          EXPECT_TRUE(label["position"].IsArray());
          EXPECT_TRUE(label["properties"].IsObject());
        }
      }
    }
  }
  EXPECT_GT(pairs, 0);
  ASSERT_TRUE(end.IsObject());
  EXPECT_EQ(end["pairs"].GetInt(), pairs);
  const rapidjson::Value& differences = end["differences"];
  EXPECT_EQ(differences["inlining"]["insert"].GetInt64() +
                differences["optimization"]["insert"].GetInt64(),
            inserted);
  EXPECT_EQ(differences["inlining"]["delete"].GetInt64() +
                differences["optimization"]["delete"].GetInt64(),
            deleted);
  EXPECT_EQ(differences["inlining"]["relabel"].GetInt64() +
                differences["optimization"]["relabel"].GetInt64(),
            relabelled);
}

// The labels of each node kind, as the JSON of a run with optimization-context trees holds
// them; `nodes_of` collects [op or "node", label kind] per node of the given tree of each record.
std::multiset<std::pair<std::string, std::string>> NodeKinds(const std::string& out,
                                                             const char* record_type,
                                                             const char* tree) {
  std::multiset<std::pair<std::string, std::string>> kinds;
  for (const std::string& line : JsonLines(out)) {
    rapidjson::Document record = ParseLine(line);
    if (std::string(record["type"].GetString()) != record_type) continue;
    EXPECT_TRUE(record.HasMember(tree)) << line;
    if (!record.HasMember(tree)) continue;
    EXPECT_EQ(record.HasMember("inlining"), std::string(tree) != "optimization_context");
    bool first = true;
    for (const rapidjson::Value& node : record[tree]["nodes"].GetArray()) {
      const std::string op = node.HasMember("op") ? node["op"].GetString() : "node";
      const rapidjson::Value& label =
          op == "node" ? node : (node.HasMember("left") ? node["left"] : node["right"]);
      const std::string kind = label["node"].GetString();
      if (first) {
        EXPECT_EQ(kind, "info") << "an optimization-context tree starts with its info";
      }
      if (kind == "info") {
        EXPECT_TRUE(label["text"].IsString());
      }
      if (kind == "inlining") {
        EXPECT_TRUE(label["callsite"].IsString());
        EXPECT_TRUE(label["method"].IsString() || label["method"].IsNull());
      }
      if (kind == "optimization") {
        EXPECT_TRUE(label["name"].IsString());
        EXPECT_TRUE(label["event"].IsString());
        EXPECT_TRUE(label["position"].IsArray());
      }
      first = false;
      kinds.emplace(op, kind);
    }
  }
  return kinds;
}

TEST_F(JsonExampleTest, OptimizationContextDeltaTreesMixInliningAndOptimizationNodes) {
  RunResult run = Run({"--optimization-context-tree=true"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto kinds = NodeKinds(run.out, "pair", "optimization_context");
  EXPECT_GT(kinds.count({"identity", "info"}), 0u);
  EXPECT_GT(kinds.count({"identity", "inlining"}), 0u);
  size_t optimizations = 0;
  for (const auto& [op, kind] : kinds) optimizations += kind == "optimization" && op != "identity";
  EXPECT_GT(optimizations, 0u) << "Example 4's optimization differences appear in the tree";
}

TEST_F(JsonExampleTest, ReportTreesCarryLabelsWithoutOps) {
  RunResult run = RunProfdiff({"report", dir_.Path("jit1"), dir_.Path("prof1.json"),
                               "--format=json", "--optimization-context-tree=true"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto kinds = NodeKinds(run.out, "compilation", "optimization_context");
  ASSERT_FALSE(kinds.empty());
  for (const auto& [op, kind] : kinds) EXPECT_EQ(op, "node");
  EXPECT_GT(kinds.count({"node", "inlining"}), 0u);
  EXPECT_GT(kinds.count({"node", "optimization"}), 0u);

  // Without optimization-context trees: an inlining tree and an optimization tree (phases).
  RunResult plain =
      RunProfdiff({"report", dir_.Path("jit1"), dir_.Path("prof1.json"), "--format=json"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  bool phase = false;
  for (const std::string& line : JsonLines(plain.out)) {
    rapidjson::Document record = ParseLine(line);
    if (std::string(record["type"].GetString()) != "compilation") continue;
    ASSERT_TRUE(record["inlining"]["nodes"].IsArray());
    for (const rapidjson::Value& node : record["optimization"]["nodes"].GetArray()) {
      EXPECT_FALSE(node.HasMember("op"));
      if (std::string(node["node"].GetString()) == "phase") {
        phase = true;
        EXPECT_TRUE(node["name"].IsString());
      }
    }
  }
  EXPECT_TRUE(phase);
}

TEST_F(JsonExampleTest, WarningsBecomeRecordsInPlace) {
  dir_.Write("jit1/zz-broken", "{not json\n");
  RunResult text = RunProfdiff({"jit-vs-jit", dir_.Path("jit1"), dir_.Path("prof1.json"),
                                dir_.Path("jit2"), dir_.Path("prof2.json")});
  ASSERT_NE(text.out.find("Warning: "), std::string::npos);
  RunResult run = Run({});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> lines = JsonLines(run.out);
  ASSERT_GE(lines.size(), 3u);
  rapidjson::Document warning = ParseLine(lines[1]);  // before experiment 1's summary
  EXPECT_STREQ(warning["type"].GetString(), "warning");
  std::string message = warning["message"].GetString();
  EXPECT_NE(text.out.find("Warning: " + message + "\n"), std::string::npos) << message;
}

TEST_F(JsonExampleTest, AFailedRunEndsWithAnErrorRecord) {
  // Experiment 2's profile is of the wrong kind: found while loading, after the header.
  dir_.Write("aot.json", kAotProf1);
  RunResult run = RunProfdiff({"jit-vs-jit", dir_.Path("jit1"), dir_.Path("prof1.json"),
                               dir_.Path("jit2"), dir_.Path("aot.json"), "--format=json"});
  EXPECT_EQ(run.exit_code, 1);
  std::vector<std::string> lines = JsonLines(run.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_STREQ(ParseLine(lines.front())["type"].GetString(), "header");
  rapidjson::Document last = ParseLine(lines.back());
  EXPECT_STREQ(last["type"].GetString(), "error");
  EXPECT_NE(run.err.find(last["message"].GetString()), std::string::npos);
}

TEST_F(JsonExampleTest, APathErrorWritesNoStreamAtAll) {
  // Checked before the header: a stream never starts with anything but a header.
  RunResult run = RunProfdiff({"jit-vs-jit", dir_.Path("jit1"), dir_.Path("prof1.json"),
                               dir_.Path("jit2"), dir_.Path("missing.json"), "--format=json"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("missing.json (No such file or directory)"), std::string::npos) << run.err;
}

TEST(JsonOptionTest, BadFormatValueIsAnError) {
  RunResult run = RunProfdiff({"--format=yaml", "report", "x"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("--format: expected text, json, csv or html"), std::string::npos)
      << run.err;
  RunResult after = RunProfdiff({"report", "x", "--format", "xml"});
  EXPECT_EQ(after.exit_code, 1);
}

TEST(JsonTextTest, EscapesWhatJsonAndJavaScriptNeed) {
  std::string out;
  AppendJsonString("a\"b\\c\n\t\x01 \xE2\x80\xA8 \xF0\x9F\x98\x80", &out);
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\u0001 \\u2028 \xF0\x9F\x98\x80\"");
}

TEST(JsonTextTest, OtherCharactersLedBy0xE2AndPlainRunsStayAsTheyAre) {
  std::string out;
  // U+20AC and U+2029 share U+2028's lead byte; a name without escapes is copied whole.
  AppendJsonString("\xE2\x82\xAC \xE2\x80\xA9 x\xE2", &out);
  AppendJsonString("java.util.HashMap.get(java.lang.Object)", &out);
  EXPECT_EQ(out, "\"\xE2\x82\xAC \\u2029 x\xE2\"\"java.util.HashMap.get(java.lang.Object)\"");
}

TEST(JsonTextTest, PropertyKeysFromTheLogAreEscaped) {
  // A property key is input: a quote or backslash in it must not end the member name.
  TempDir dir;
  dir.WriteLines("log/units",
                 {Record("a.B.c()", "7", "",
                         R"j({"phaseName":"RootPhase","optimizations":[{"optimizationName":"Opt",)j"
                         R"j("eventName":"Ev","position":{"a.B.c()":3},"k\"ey\\":1}]})j")});
  RunResult run = RunProfdiff({"report", dir.Path("log"), "--format=json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(R"j("properties":{"k\"ey\\":1})j"), std::string::npos) << run.out;
  for (const std::string& line : JsonLines(run.out)) ParseLine(line);
}

TEST(CsvTest, QuotesFieldsWithCommasQuotesAndLineBreaks) {
  auto field = [](std::string_view text) {
    std::string row;
    AppendCsvField(text, &row);
    return row;
  };
  EXPECT_EQ(field("a.B.c(int)"), "a.B.c(int)");
  EXPECT_EQ(field("m(int, long)"), "\"m(int, long)\"");
  EXPECT_EQ(field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(field("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(field(""), "");
}

TEST(CsvTest, OneRowPerPairWithAFixedHeader) {
  TempDir dir;
  WriteExample4(dir);
  RunResult run = RunProfdiff({"jit-vs-jit", dir.Path("jit1"), dir.Path("prof1.json"),
                               dir.Path("jit2"), dir.Path("prof2.json"), "--format=csv"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> rows = JsonLines(run.out);
  ASSERT_GE(rows.size(), 2u);
  auto columns = [](const std::string& row) {  // RFC 4180: commas inside quotes do not count
    int count = 1;
    bool quoted = false;
    for (char c : row) {
      if (c == '"') quoted = !quoted;
      if (c == ',' && !quoted) ++count;
    }
    return count;
  };
  EXPECT_TRUE(rows[0].starts_with("method,compilation_1,compilation_2,"));
  for (const std::string& row : rows) EXPECT_EQ(columns(row), columns(rows[0])) << row;
  RunResult json = RunProfdiff({"jit-vs-jit", dir.Path("jit1"), dir.Path("prof1.json"),
                                dir.Path("jit2"), dir.Path("prof2.json"), "--format=json"});
  size_t pairs = 0;
  for (const std::string& line : JsonLines(json.out)) {
    if (line.find("{\"type\":\"pair\"") == 0) ++pairs;
  }
  EXPECT_EQ(rows.size() - 1, pairs);
}

TEST(CsvTest, ReportHasOneRowPerCompilationAndWarningsOnStderr) {
  TempDir dir;
  WriteExample4(dir);
  dir.Write("jit1/zz-broken", "{not json\n");
  RunResult run = RunProfdiff({"report", dir.Path("jit1"), dir.Path("prof1.json"), "--format=csv"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> rows = JsonLines(run.out);
  ASSERT_GE(rows.size(), 2u);
  EXPECT_TRUE(rows[0].starts_with("method,experiment,compilation,fragment_of,"));
  EXPECT_EQ(run.out.find("Warning"), std::string::npos);
  EXPECT_NE(run.err.find("Warning: "), std::string::npos);
}

// --- render ----------------------------------------------------------------------------------

constexpr char kHeader[] =
    R"({"type":"header","format":"profdiff","version":1,"command":"report","arguments":["log"],)"
    R"("options":{"format":"json"}})";
constexpr char kEnd[] =
    R"({"type":"end","methods":0,"compilations":0,"pairs":0,"too_big":0,"differences":{)"
    R"("inlining":{"insert":0,"delete":0,"relabel":0},"optimization":{"insert":0,"delete":0,)"
    R"("relabel":0},"optimization_context":{"insert":0,"delete":0,"relabel":0}}})";

struct Rendered {
  absl::Status status;
  std::string text;
  std::string warnings;
};

Rendered Render(const std::string& stream) {
  Rendered result;
  TextRenderer text(&result.text);
  result.status = ReadRecordStreamText(stream, "s.jsonl", text, [&](std::string_view warning) {
    result.warnings += std::string(warning) + "\n";
  });
  return result;
}

TEST(RenderTest, AGoodStreamRenders) {
  Rendered r = Render(std::string(kHeader) + "\n" + kEnd + "\n");
  EXPECT_TRUE(r.status.ok()) << r.status;
  EXPECT_TRUE(r.text.starts_with("How to read this output\n"));
  EXPECT_EQ(r.warnings, "");
}

TEST(RenderTest, NotJsonNamesTheLine) {
  Rendered r = Render(std::string(kHeader) + "\n{oops\n" + kEnd + "\n");
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(std::string(r.status.message()).find("s.jsonl:2: not JSON"), std::string::npos)
      << r.status;
  EXPECT_TRUE(r.text.starts_with("How to read"));  // the header before it was rendered
}

TEST(RenderTest, AnotherFormatOrVersionIsRefused) {
  Rendered other = Render("{\"type\":\"header\",\"format\":\"ripgrep\",\"version\":1}\n");
  EXPECT_FALSE(other.status.ok());
  EXPECT_NE(std::string(other.status.message()).find("s.jsonl:1:"), std::string::npos);
  std::string newer = kHeader;
  newer.replace(newer.find("\"version\":1"), 11, "\"version\":2");
  Rendered version = Render(newer + "\n");
  EXPECT_FALSE(version.status.ok());
  EXPECT_NE(std::string(version.status.message()).find("version"), std::string::npos)
      << version.status;
  Rendered not_a_header = Render(std::string(kEnd) + "\n");
  EXPECT_FALSE(not_a_header.status.ok());
  Rendered empty = Render("");
  EXPECT_FALSE(empty.status.ok());
}

TEST(RenderTest, ARecordThatBreaksTheSchemaNamesLineAndPlace) {
  Rendered r = Render(std::string(kHeader) + "\n" + R"({"type":"warning","message":17})" + "\n" +
                      kEnd + "\n");
  EXPECT_FALSE(r.status.ok());
  std::string message(r.status.message());
  EXPECT_NE(message.find("s.jsonl:2: the warning record does not match the schema"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("/message"), std::string::npos) << message;
}

TEST(RenderTest, OptionsOutOfRangeAreRefused) {
  // Found by the stream fuzzer: RapidJSON 1.1's validator lets the integer 5 pass "maximum": 1.
  for (const char* option : {"hot-percentile", "fail-min-share"}) {
    for (const char* value : {"5", "5.0", "-1"}) {
      std::string header = kHeader;
      header.replace(header.find("\"format\":\"json\""), 15,
                     std::string("\"format\":\"json\",\"") + option + "\":" + value);
      Rendered r = Render(header + "\n" + kEnd + "\n");
      EXPECT_FALSE(r.status.ok()) << option << "=" << value;
      EXPECT_EQ(std::string(r.status.message()).rfind("s.jsonl:1: ", 0), 0u) << r.status;
    }
  }
}

TEST(RenderTest, ARawControlCharacterInAStringIsNotJson) {
  // Found by the stream fuzzer: RapidJSON 1.1's SSE2 string scan lets a raw control character
  // through after the first bytes of a string, so the record was taken without its schema check.
  for (size_t before : {0, 5, 40, 1200}) {
    const std::string warning =
        "{\"type\":\"warning\",\"message\":\"" + std::string(before, 'x') + "\x1e\"}";
    Rendered r = Render(std::string(kHeader) + "\n" + warning + "\n" + kEnd + "\n");
    EXPECT_FALSE(r.status.ok()) << before;
    EXPECT_NE(std::string(r.status.message()).find("s.jsonl:2: not JSON: "), std::string::npos)
        << r.status;
  }
}

TEST(RenderTest, TheSummaryRecordIsCheckedAgainstTheSchema) {
  const std::string row = R"({"rank":1,"index":0,"method":"m","shares":[0.5,null],"pairs":1,)"
                          R"("inlining":{"insert":1,"delete":0,"relabel":0,"too_big":0},)"
                          R"("optimization":{"insert":0,"delete":0,"relabel":0,"too_big":0}})";
  Rendered good = Render(std::string(kHeader) + "\n{\"type\":\"summary\",\"methods\":[" + row +
                         "]}\n" + kEnd + "\n");
  EXPECT_TRUE(good.status.ok()) << good.status;
  EXPECT_NE(good.text.find("\nSummary: "), std::string::npos) << good.text;
  std::string three_shares = row;
  three_shares.replace(three_shares.find("[0.5,null]"), 10, "[0.5,null,1]");
  std::string rank_zero = row;
  rank_zero.replace(rank_zero.find("\"rank\":1"), 8, "\"rank\":0");
  for (const std::string& bad : {three_shares, rank_zero}) {
    Rendered r = Render(std::string(kHeader) + "\n{\"type\":\"summary\",\"methods\":[" + bad +
                        "]}\n" + kEnd + "\n");
    EXPECT_FALSE(r.status.ok()) << bad;
    EXPECT_NE(std::string(r.status.message()).find("s.jsonl:2: the summary record does not match"),
              std::string::npos)
        << r.status;
  }
}

TEST(RenderTest, BrokenTreeOrderIsAnError) {
  std::string compilation =
      R"({"type":"compilation","method":"m","compilation":{"experiment":1,"id":"1",)"
      R"("fragment":false,"multi_method_key":null,"period":null,"graal_share":null,)"
      R"("total_share":null,"hot":null},"inlining":{"nodes":[)"
      R"({"depth":0,"node":"inlining","callsite":"root","method":"m","bci":null},)"
      R"({"depth":2,"node":"inlining","callsite":"inlined","method":"n","bci":1}]},)"
      R"("optimization":{"nodes":[]}})";
  Rendered r = Render(std::string(kHeader) + "\n" + compilation + "\n" + kEnd + "\n");
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(std::string(r.status.message()).find("s.jsonl:2:"), std::string::npos) << r.status;
  EXPECT_NE(std::string(r.status.message()).find("preorder"), std::string::npos) << r.status;
}

TEST(RenderTest, TruncatedLastLineIsAnErrorAfterWhatCameBefore) {
  std::string cut = kEnd;
  cut.resize(cut.size() / 2);
  Rendered r = Render(std::string(kHeader) + "\n" + cut);
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(std::string(r.status.message()).find("s.jsonl:2: the last record is cut short"),
            std::string::npos)
      << r.status;
  EXPECT_TRUE(r.text.starts_with("How to read"));
}

TEST(RenderTest, StreamCutShortWarnsAndRendersEverything) {
  Rendered r = Render(std::string(kHeader) + "\n" + R"({"type":"warning","message":"w"})" + "\n");
  EXPECT_TRUE(r.status.ok()) << r.status;
  EXPECT_NE(r.text.find("\nWarning: w\n"), std::string::npos) << r.text;
  EXPECT_NE(r.warnings.find("ends without an end record after line 2"), std::string::npos)
      << r.warnings;
}

TEST(RenderTest, AnErrorRecordFailsWithItsMessage) {
  Rendered r = Render(std::string(kHeader) + "\n" +
                      R"({"type":"error","message":"Error: it broke"})" + "\n");
  EXPECT_FALSE(r.status.ok());
  EXPECT_EQ(r.status.message(), "Error: it broke");
  EXPECT_EQ(r.warnings, "");
}

TEST(RenderTest, RecordsAfterTheEndAreAnError) {
  Rendered r = Render(std::string(kHeader) + "\n" + kEnd + "\n" + kEnd + "\n");
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(std::string(r.status.message()).find("s.jsonl:3:"), std::string::npos);
}

TEST(RenderTest, UnknownRecordTypesAreSkipped) {
  Rendered r = Render(std::string(kHeader) + "\n" + R"({"type":"from-the-future","x":1})" + "\n" +
                      kEnd + "\n");
  EXPECT_TRUE(r.status.ok()) << r.status;
}

std::string DeepCompilationRecord(int depth_count) {
  std::string nodes;
  for (int depth = 0; depth < depth_count; ++depth) {
    if (depth > 0) nodes += ",";
    nodes += "{\"depth\":" + std::to_string(depth) + ",\"node\":\"inlining\",\"callsite\":\"" +
             (depth == 0 ? "root" : "inlined") +
             "\",\"method\":\"m\",\"bci\":" + (depth == 0 ? "null" : "1") + "}";
  }
  return R"({"type":"compilation","method":"m","compilation":{"experiment":1,"id":"1",)"
         R"("fragment":false,"multi_method_key":null,"period":null,"graal_share":null,)"
         R"("total_share":null,"hot":null},"inlining":{"nodes":[)" +
         nodes + R"(]},"optimization":{"nodes":[]}})";
}

TEST(RenderTest, HundredThousandDeepTreeWithoutRecursion) {
  // Read and written again as JSON (as text, its indentation alone would be 20 GB). 20 000 levels,
  // not 100 000: reading is still superlinear in the depth somewhere (docs/output-formats.md).
  constexpr int kDepth = 20000;
  std::string json;
  JsonRenderer out(&json);
  absl::Status status = ReadRecordStreamText(
      std::string(kHeader) + "\n" + DeepCompilationRecord(kDepth) + "\n" + kEnd + "\n", "s.jsonl",
      out, [](std::string_view) {});
  out.Flush();
  ASSERT_TRUE(status.ok()) << status;
  EXPECT_NE(json.find("{\"depth\":19999,\"node\":\"inlining\""), std::string::npos);
  // As text, a smaller one.
  Rendered r =
      Render(std::string(kHeader) + "\n" + DeepCompilationRecord(2000) + "\n" + kEnd + "\n");
  ASSERT_TRUE(r.status.ok()) << r.status;
  EXPECT_NE(r.text.find("\n" + std::string(4 * (1999 + 4), ' ') + "(inlined) m at bci 1\n"),
            std::string::npos);
}

TEST(RenderTest, DeeplyNestedPropertyValueWithoutRecursion) {
  constexpr int kDepth = 20000;
  std::string value = std::string(kDepth, '[') + std::string(kDepth, ']');
  std::string compilation =
      R"({"type":"compilation","method":"m","compilation":{"experiment":1,"id":"1",)"
      R"("fragment":false,"multi_method_key":null,"period":null,"graal_share":null,)"
      R"("total_share":null,"hot":null},"inlining":{"nodes":[]},"optimization":{"nodes":[)"
      R"({"depth":0,"node":"optimization","name":"O","event":"E","bci":null,"position":[],)"
      R"("properties":{"deep":)" +
      value + "}}]}}";
  Rendered r = Render(std::string(kHeader) + "\n" + compilation + "\n" + kEnd + "\n");
  ASSERT_TRUE(r.status.ok()) << r.status;
  EXPECT_NE(r.text.find("O E with {deep: [[["), std::string::npos);
}

TEST(RenderTest, RenderCommandReportsFileErrors) {
  RunResult missing = RunProfdiff({"render", "/nonexistent/x.jsonl"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/x.jsonl"), std::string::npos) << missing.err;
  TempDir dir;
  std::string path = dir.Write("bad.jsonl", "not json at all\n");
  RunResult bad = RunProfdiff({"render", path});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find(path + ":1:"), std::string::npos) << bad.err;
}

TEST(StreamSchemaTest, FindsTheTypeWhereverItIsAndOnlyAtTheTop) {
  // "type" after other members: still validated as a warning (its message must be a string).
  EXPECT_NE(ValidateStreamRecord(R"({"message":5,"type":"warning"})"), "");
  EXPECT_EQ(ValidateStreamRecord(R"({"message":"m","type":"warning"})"), "");
  // A nested "type" is not the record's; an unknown or non-string type is not checked here.
  EXPECT_EQ(ValidateStreamRecord(R"({"a":{"type":"warning","message":5},"type":"x"})"), "");
  EXPECT_EQ(ValidateStreamRecord(R"({"type":{"x":1},"message":5})"), "");
  EXPECT_EQ(ValidateStreamRecord(R"([{"type":"warning","message":5}])"), "");
  EXPECT_NE(ValidateStreamRecord(R"({"type":"warning"})"), "");  // message is required
}

}  // namespace
}  // namespace profdiff::test
