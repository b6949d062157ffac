// End-to-end tests of what profdiff does with broken, odd or unusable input (issue 5, README
// "Decisions"): it never crashes, hangs or silently loses data.
//  - A rejected record prints "Warning: Invalid compilation unit: <file>:<line>:<column>: ..."
//    and is ignored; every other record is still processed.
//  - Accepted oddities (CRLF, big numbers, exponents, duplicate and unknown keys, invalid UTF-8,
//    empty files and directories, subdirectories) give the normal output.
//  - Unusable input prints one clear message on stderr and exits 1, and stdout holds only
//    complete lines.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"

namespace profdiff {
namespace {

using test::Block;
using test::RunProfdiff;
using test::RunResult;
using test::StripExplanation;

// --- A record template in which any member can be replaced or removed -----------------------

// Each ${name} is one member of an object (or a whole value where noted); expansion is
// repeated, so a replaced member may itself contain placeholders. Prefixes: u = the unit,
// n = root inlining node, r = its receiver-type profile, t = a profiled type, c = a child
// inlining node, p = the root phase, q = a child phase, o = an optimization entry.
const std::map<std::string, std::string>& Defaults() {
  static const auto* const kDefaults = new std::map<std::string, std::string>{
      {"u.methodName", R"j("methodName":"a.A.m()")j"},
      {"u.compilationId", R"j("compilationId":"7")j"},
      {"u.inliningTree",
       R"j("inliningTree":{${n.methodName},${n.callsiteBci},${n.inlined},${n.reason},)j"
       R"j(${n.indirect},${n.alive},${n.receiverTypeProfile},${n.invokes}})j"},
      {"u.optimizationTree", R"j("optimizationTree":{${p.phaseName},${p.optimizations}})j"},
      {"n.methodName", R"j("methodName":"a.A.m()")j"},
      {"n.callsiteBci", R"j("callsiteBci":-1)j"},
      {"n.inlined", R"j("inlined":true)j"},
      {"n.reason", R"j("reason":["root"])j"},
      {"n.indirect", R"j("indirect":false)j"},
      {"n.alive", R"j("alive":false)j"},
      {"n.receiverTypeProfile", R"j("receiverTypeProfile":{${r.mature},${r.profiledTypes}})j"},
      {"r.mature", R"j("mature":true)j"},
      {"r.profiledTypes",
       R"j("profiledTypes":[{${t.typeName},${t.probability},${t.concreteMethodName}}])j"},
      {"t.typeName", R"j("typeName":"a.T")j"},
      {"t.probability", R"j("probability":0.5)j"},
      {"t.concreteMethodName", R"j("concreteMethodName":"a.T.m()")j"},
      {"n.invokes",
       R"j("invokes":[{${c.methodName},${c.callsiteBci},${c.inlined},${c.reason},${c.indirect},)j"
       R"j(${c.alive},${c.invokes}}])j"},
      {"c.methodName", R"j("methodName":"a.B.n()")j"},
      {"c.callsiteBci", R"j("callsiteBci":3)j"},
      {"c.inlined", R"j("inlined":true)j"},
      {"c.reason", R"j("reason":null)j"},
      {"c.indirect", R"j("indirect":false)j"},
      {"c.alive", R"j("alive":false)j"},
      {"c.invokes", R"j("invokes":[])j"},
      {"p.phaseName", R"j("phaseName":"RootPhase")j"},
      {"p.optimizations", R"j("optimizations":[{${q.phaseName},${q.optimizations}}])j"},
      {"q.phaseName", R"j("phaseName":"P")j"},
      {"q.optimizations",
       R"j("optimizations":[{${o.optimizationName},${o.eventName},${o.position},${o.extra}}])j"},
      {"o.optimizationName", R"j("optimizationName":"O")j"},
      {"o.eventName", R"j("eventName":"E")j"},
      {"o.position", R"j("position":{"a.A.m()":3})j"},
      {"o.extra", R"j("k":1)j"},
  };
  return *kDefaults;
}

// The record with `overrides` applied; an empty replacement removes the member.
std::string Unit(const std::map<std::string, std::string>& overrides = {}) {
  std::string text = "{${u.methodName},${u.compilationId},${u.inliningTree},${u.optimizationTree}}";
  while (true) {
    size_t start = text.find("${");
    if (start == std::string::npos) break;
    size_t end = text.find('}', start);
    std::string name = text.substr(start + 2, end - start - 2);
    auto it = overrides.find(name);
    text.replace(start, end - start + 1, it != overrides.end() ? it->second : Defaults().at(name));
  }
  // Removed members leave stray commas (no string of the template contains ',', '{' or '}').
  std::string clean;
  for (char c : text) {
    if (c == ',' && !clean.empty() && (clean.back() == ',' || clean.back() == '{')) continue;
    if (c == '}' && !clean.empty() && clean.back() == ',') clean.pop_back();
    clean.push_back(c);
  }
  return clean;
}

std::string UnitWithId(const std::string& id) {
  return Unit({{"u.compilationId", R"j("compilationId":")j" + id + R"j(")j"}});
}

// The 0-based offset of the '{' of the object that encloses offset `pos` (no braces in strings).
size_t EnclosingBrace(const std::string& text, size_t pos) {
  int depth = 0;
  for (size_t i = pos; i-- > 0;) {
    if (text[i] == '}' || text[i] == ']') ++depth;
    if (text[i] == '{' || text[i] == '[') {
      if (depth == 0 && text[i] == '{') return i;
      if (depth > 0) --depth;
    }
  }
  return std::string::npos;
}

// The normal report of Unit(): what every rejected record must leave untouched.
const std::string kUnitReport = Block(R"j(
        Compilation unit     7 in experiment 1
            Inlining tree
                (root) a.A.m()
                    |_ receiver-type profile
                            50.00% a.T -> a.T.m()
                    (inlined) a.B.n() at bci 3
            Optimization tree
                RootPhase
                    P
                        O E at bci 3 with {k: 1}
)j");

class InvalidInputTest : public testing::Test {
 protected:
  RunResult Run(const std::vector<std::string>& args) { return RunProfdiff(args, dir_.path()); }

  // Runs a command that must succeed; returns stdout without the explanation block.
  std::string Succeed(const std::vector<std::string>& args) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.err, "");
    return StripExplanation(result.out);
  }

  // Runs a command that must fail with exactly `message` on stderr; returns stdout (which must
  // consist of complete lines) without the explanation block.
  std::string Fail(const std::vector<std::string>& args, const std::string& message,
                   bool blank_after = true) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err, message + "\n");
    EXPECT_TRUE(result.out.empty() || result.out.back() == '\n') << "partial line:\n" << result.out;
    return StripExplanation(result.out, blank_after);
  }

  // Runs a command whose path arguments are wrong: `message` on stderr, nothing on stdout, exit 1.
  // Returns stdout.
  std::string FailBeforeOutput(const std::vector<std::string>& args, const std::string& message) {
    RunResult result = Run(args);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err, message + "\n");
    return result.out;
  }

  // Writes `records` to logs/f between two valid units (IDs 1 and 2), runs `report logs` and
  // checks that exactly the `warnings` were printed, before everything else, and that the rest
  // of the output is that of a log holding only the two valid units.
  void ExpectRejected(const std::vector<std::string>& records,
                      const std::vector<std::string>& warnings) {
    std::vector<std::string> lines = {UnitWithId("1")};
    lines.insert(lines.end(), records.begin(), records.end());
    lines.push_back(UnitWithId("2"));
    dir_.WriteLines("logs/f", lines);
    dir_.WriteLines("clean/f", {UnitWithId("1"), UnitWithId("2")});
    const std::string clean = Succeed({"report", "clean"});
    ASSERT_EQ(
        clean.rfind("Experiment 1\n    Collected optimization logs for 2 compilation units\n", 0),
        0u)
        << clean;
    std::string expected;
    for (const std::string& warning : warnings) expected += warning + "\n";
    const std::string out = Succeed({"report", "logs"});
    ASSERT_EQ(out.substr(0, expected.size()), expected);
    EXPECT_EQ(out.substr(expected.size()), clean);
  }

  test::TempDir dir_;
};

// "Warning: Invalid compilation unit: logs/f:<line>:<column>: <message>"
std::string Invalid(size_t line, size_t column, const std::string& message) {
  return "Warning: Invalid compilation unit: logs/f:" + std::to_string(line) + ":" +
         std::to_string(column) + ": " + message;
}

// --- Rejected records ------------------------------------------------------------------------

TEST_F(InvalidInputTest, ValidTemplateGivesTheNormalReport) {
  dir_.WriteLines("logs/f", {Unit()});
  std::string out = Succeed({"report", "logs"});
  EXPECT_NE(out.find(kUnitReport), std::string::npos) << out;
}

TEST_F(InvalidInputTest, EveryTruncationOfARecordIsRejected) {
  // A crashed run leaves a record cut anywhere: every proper prefix is invalid, and the error
  // lies within the prefix or just after its end.
  const std::string unit = Unit();
  std::vector<std::string> prefixes;
  for (size_t length = 1; length < unit.size(); ++length)
    prefixes.push_back(unit.substr(0, length));
  std::vector<std::string> lines = {UnitWithId("1")};
  lines.insert(lines.end(), prefixes.begin(), prefixes.end());
  lines.push_back(UnitWithId("2"));
  dir_.WriteLines("logs/f", lines);
  std::vector<std::string> out = test::SplitLines(Succeed({"report", "logs"}));
  ASSERT_GT(out.size(), prefixes.size() + 1);
  for (size_t i = 0; i < prefixes.size(); ++i) {
    const std::string prefix =
        "Warning: Invalid compilation unit: logs/f:" + std::to_string(i + 2) + ":";
    ASSERT_EQ(out[i].rfind(prefix, 0), 0u) << out[i];
    size_t column = std::stoul(out[i].substr(prefix.size()));
    EXPECT_GE(column, 1u) << out[i];
    EXPECT_LE(column, prefixes[i].size() + 1) << out[i];
    EXPECT_NE(out[i].find(": expected", prefix.size()), std::string::npos) << out[i];
  }
  // Everything after the warnings is the report of the two valid units.
  dir_.WriteLines("clean/f", {UnitWithId("1"), UnitWithId("2")});
  const std::vector<std::string> clean = test::SplitLines(Succeed({"report", "clean"}));
  EXPECT_EQ(std::vector<std::string>(out.begin() + static_cast<std::ptrdiff_t>(prefixes.size()),
                                     out.end()),
            clean);
}

TEST_F(InvalidInputTest, TruncatedRecords) {
  const std::string unit = Unit();
  const size_t tree = unit.find(R"j("inliningTree")j");
  ExpectRejected(
      {unit.substr(0, unit.size() - 1), unit.substr(0, tree), unit.substr(0, tree + 15), "{"},
      {Invalid(2, unit.size(), "expected ',' or '}' after an object member"),
       Invalid(3, tree + 1, "expected a quoted key"),
       Invalid(4, tree + 16, "expected a JSON value"), Invalid(5, 2, "expected a quoted key")});
}

TEST_F(InvalidInputTest, RecordCutInsideAString) {
  // The reader stops at the end of the line, so the column is the one after the last byte.
  const std::vector<std::string> records = {
      R"j({"methodName":"a.A.m(int)","compilationId":"1","inliningTree":{"methodName":"a.B.n(St)j",
      R"j({"methodName":"a.A.m(int)","compilationId":"1)j", R"j({"method)j",
      Unit().substr(0, Unit().find("RootPhase") + 4)};
  std::vector<std::string> warnings;
  for (size_t i = 0; i < records.size(); ++i) {
    warnings.push_back(Invalid(i + 2, records[i].size() + 1, "expected a closing quotation mark"));
  }
  EXPECT_EQ(warnings[1], Invalid(3, 46, "expected a closing quotation mark"));
  ExpectRejected(records, warnings);
}

// One field of the schema: its placeholder, its key, the wording of its type, and whether it
// may be absent or null.
struct Field {
  std::string placeholder;
  std::string key;
  enum Kind { kString, kBool, kInt32, kNumber, kObject, kArray } kind;
  std::string type;  // as in the message
  bool required;
};

const std::vector<Field>& Fields() {
  static const auto* const kFields = new std::vector<Field>{
      {"u.methodName", "methodName", Field::kString, "a string", true},
      {"u.compilationId", "compilationId", Field::kString, "a string", true},
      {"u.inliningTree", "inliningTree", Field::kObject, "an object", true},
      {"u.optimizationTree", "optimizationTree", Field::kObject, "an object", true},
      {"n.methodName", "methodName", Field::kString, "a string or null", false},
      {"n.callsiteBci", "callsiteBci", Field::kInt32,
       "an integer between -2147483648 and 2147483647", true},
      {"n.inlined", "inlined", Field::kBool, "a boolean", true},
      {"n.reason", "reason", Field::kArray, "an array of strings or null", false},
      {"n.indirect", "indirect", Field::kBool, "a boolean", true},
      {"n.alive", "alive", Field::kBool, "a boolean", true},
      {"n.receiverTypeProfile", "receiverTypeProfile", Field::kObject, "an object or null", false},
      {"r.mature", "mature", Field::kBool, "a boolean", true},
      {"r.profiledTypes", "profiledTypes", Field::kArray, "an array of objects or null", false},
      {"t.typeName", "typeName", Field::kString, "a string", true},
      {"t.probability", "probability", Field::kNumber, "a number", true},
      {"t.concreteMethodName", "concreteMethodName", Field::kString, "a string or null", false},
      {"n.invokes", "invokes", Field::kArray, "an array of objects or null", false},
      {"c.methodName", "methodName", Field::kString, "a string or null", false},
      {"c.callsiteBci", "callsiteBci", Field::kInt32,
       "an integer between -2147483648 and 2147483647", true},
      {"c.inlined", "inlined", Field::kBool, "a boolean", true},
      {"c.reason", "reason", Field::kArray, "an array of strings or null", false},
      {"c.indirect", "indirect", Field::kBool, "a boolean", true},
      {"c.alive", "alive", Field::kBool, "a boolean", true},
      {"c.invokes", "invokes", Field::kArray, "an array of objects or null", false},
      {"p.phaseName", "phaseName", Field::kString, "a string", true},
      {"p.optimizations", "optimizations", Field::kArray, "an array of objects or null", false},
      {"q.phaseName", "phaseName", Field::kString, "a string", true},
      {"q.optimizations", "optimizations", Field::kArray, "an array of objects or null", false},
      {"o.optimizationName", "optimizationName", Field::kString, "a string", true},
      {"o.eventName", "eventName", Field::kString, "a string", true},
      {"o.position", "position", Field::kObject, "an object or null", false},
  };
  return *kFields;
}

// JSON values of every type that `kind` does not accept.
std::vector<std::string> WrongValues(Field::Kind kind) {
  switch (kind) {
    case Field::kString:
      return {"5", "-1.5", "true", "[]", "{}", R"j(["a.A.m()"])j"};
    case Field::kBool:
      return {R"j("true")j", "1", "0", "[]", "{}", "[true]"};
    case Field::kInt32:
      return {R"j("1")j", "true", "1.5", "2147483648", "-2147483649", "1e10", "[]", "{}", "[1]"};
    case Field::kNumber:
      return {R"j("0.5")j", "true", "[]", "{}", "[0.5]"};
    case Field::kObject:
      return {R"j("x")j", "1", "false", "[]", "[{}]"};
    case Field::kArray:
      return {R"j("x")j", "1", "true", "{}"};
  }
  return {};
}

TEST_F(InvalidInputTest, WrongTypeForEveryField) {
  std::vector<std::string> records;
  std::vector<std::string> warnings;
  for (const Field& field : Fields()) {
    for (const std::string& value : WrongValues(field.kind)) {
      const std::string member = "\"" + field.key + "\":" + value;
      const std::string record = Unit({{field.placeholder, member}});
      const size_t column = record.find(member) + field.key.size() + 3 + 1;
      records.push_back(record);
      warnings.push_back(Invalid(records.size() + 1, column,
                                 "expected \"" + field.key + "\" to be " + field.type));
    }
  }
  ExpectRejected(records, warnings);
}

TEST_F(InvalidInputTest, WrongTypeForArrayItems) {
  struct Case {
    std::string placeholder;
    std::string key;
    std::string item_type;
    std::vector<std::string> items;
  };
  const std::vector<Case> cases = {
      {"n.reason", "reason", "a string", {"1", "null", "true", "[]", "{}"}},
      {"c.reason", "reason", "a string", {"2.5", "null"}},
      {"r.profiledTypes", "profiledTypes", "an object", {"1", R"j("x")j", "null", "[]", "true"}},
      {"n.invokes", "invokes", "an object", {"1", R"j("x")j", "null", "[]", "false"}},
      {"c.invokes", "invokes", "an object", {"null", "[{}]"}},
      {"p.optimizations", "optimizations", "an object", {"1", R"j("x")j", "null", "[]", "true"}},
      {"q.optimizations", "optimizations", "an object", {"null", "[]"}},
  };
  std::vector<std::string> records;
  std::vector<std::string> warnings;
  for (const Case& c : cases) {
    for (const std::string& item : c.items) {
      // The bad item comes after a good one where the field has a good item to copy.
      const std::string member = "\"" + c.key + "\":[" + item + "]";
      const std::string record = Unit({{c.placeholder, member}});
      records.push_back(record);
      warnings.push_back(Invalid(records.size() + 1, record.find(member) + c.key.size() + 4 + 1,
                                 "expected " + c.item_type + " in \"" + c.key + "\""));
    }
  }
  ExpectRejected(records, warnings);
}

TEST_F(InvalidInputTest, WrongPositionValues) {
  std::vector<std::string> records;
  std::vector<std::string> warnings;
  for (const std::string& value :
       {std::string(R"j("3")j"), std::string("1.5"), std::string("2147483648"), std::string("null"),
        std::string("true"), std::string("[3]"), std::string("{}")}) {
    const std::string member = R"j("position":{"a.A.m()":)j" + value + "}";
    const std::string record = Unit({{"o.position", member}});
    records.push_back(record);
    warnings.push_back(Invalid(
        records.size() + 1, record.find(member) + member.find(value) + 1,
        R"j(expected the bci of "a.A.m()" in "position" to be an integer between -2147483648 and )j"
        "2147483647"));
  }
  ExpectRejected(records, warnings);
}

TEST_F(InvalidInputTest, MissingRequiredKeys) {
  const std::map<std::string, std::string> where = {
      {"u", "the compilation unit"},  {"n", "an inlining-tree node"},
      {"c", "an inlining-tree node"}, {"r", "a receiver-type profile"},
      {"t", "a profiled type"},       {"p", "an optimization phase"},
      {"q", "an optimization phase"}, {"o", "an optimization entry"},
  };
  std::vector<std::string> records;
  std::vector<std::string> warnings;
  for (const Field& field : Fields()) {
    if (!field.required) continue;
    if (field.placeholder == "q.phaseName") continue;  // without it the item is an optimization
    // The key is missing when it is absent and when its value is null (formats.md conventions).
    const std::string marked = Unit({{field.placeholder, R"j("~":0)j"}});
    const size_t brace = EnclosingBrace(marked, marked.find(R"j("~":0)j"));
    const std::string type = field.type;
    for (const std::string& member : {std::string(), "\"" + field.key + "\":null"}) {
      records.push_back(Unit({{field.placeholder, member}}));
      warnings.push_back(Invalid(records.size() + 1, brace + 1,
                                 "missing required key \"" + field.key + "\" (" + type + ") in " +
                                     where.at(field.placeholder.substr(0, 1))));
    }
  }
  // A child phase whose "phaseName" is null or absent is an optimization entry.
  const std::string marked = Unit({{"q.phaseName", R"j("~":0)j"}});
  const size_t brace = EnclosingBrace(marked, marked.find(R"j("~":0)j"));
  for (const std::string& member : {std::string(), std::string(R"j("phaseName":null)j")}) {
    records.push_back(Unit({{"q.phaseName", member}}));
    warnings.push_back(Invalid(records.size() + 1, brace + 1,
                               R"j(missing required key "optimizationName" (a string) in an )j"
                               "optimization entry"));
  }
  ExpectRejected(records, warnings);
}

TEST_F(InvalidInputTest, TrailingGarbageAfterARecord) {
  const std::string unit = Unit();
  const size_t end = unit.size();
  ExpectRejected({unit + "x", unit + " {}", unit + ",", unit + "}", unit + unit, unit + " 1"},
                 {Invalid(2, end + 1, "expected the end of the line after the JSON value"),
                  Invalid(3, end + 2, "expected the end of the line after the JSON value"),
                  Invalid(4, end + 1, "expected the end of the line after the JSON value"),
                  Invalid(5, end + 1, "expected the end of the line after the JSON value"),
                  Invalid(6, end + 1, "expected the end of the line after the JSON value"),
                  Invalid(7, end + 2, "expected the end of the line after the JSON value")});
}

TEST_F(InvalidInputTest, NonJsonLines) {
  ExpectRejected({"hello", "# comment", "[1,2]", R"j("a string")j", "42", "null", "true", "", "   ",
                  "\t", "{'methodName':'a()'}", "<xml/>",
                  "\xEF\xBB\xBF" + Unit()},  // a byte-order mark is not JSON whitespace
                 {Invalid(2, 1, "expected the record to be a JSON object"),
                  Invalid(3, 1, "expected the record to be a JSON object"),
                  Invalid(4, 1, "expected the record to be a JSON object"),
                  Invalid(5, 1, "expected the record to be a JSON object"),
                  Invalid(6, 1, "expected the record to be a JSON object"),
                  Invalid(7, 1, "expected the record to be a JSON object"),
                  Invalid(8, 1, "expected the record to be a JSON object"),
                  Invalid(9, 1, "expected a JSON value, found an empty line"),
                  Invalid(10, 4, "expected a JSON value, found an empty line"),
                  Invalid(11, 2, "expected a JSON value, found an empty line"),
                  Invalid(12, 2, "expected a quoted key"),
                  Invalid(13, 1, "expected the record to be a JSON object"),
                  Invalid(14, 1, "expected the record to be a JSON object")});
}

TEST_F(InvalidInputTest, NulBytes) {
  const std::string unit = Unit();
  const std::string nul(1, '\0');
  const size_t name = unit.find("a.A.m()");
  const size_t comma = unit.find(',');
  ExpectRejected({nul, nul + unit, unit.substr(0, name) + nul + unit.substr(name),
                  unit.substr(0, comma) + nul + unit.substr(comma), unit + nul, "   " + nul},
                 {Invalid(2, 1, "expected JSON text, found a NUL byte"),
                  Invalid(3, 1, "expected JSON text, found a NUL byte"),
                  Invalid(4, name + 1, "expected JSON text, found a NUL byte"),
                  Invalid(5, comma + 1, "expected JSON text, found a NUL byte"),
                  Invalid(6, unit.size() + 1, "expected JSON text, found a NUL byte"),
                  Invalid(7, 4, "expected JSON text, found a NUL byte")});
}

TEST_F(InvalidInputTest, BadMultiMethodNames) {
  // formats.md §4.2: "%%" needs a '(' after the key, and the stripped name must not contain
  // "%%" any more; this holds for unit names, inlining-tree names and position keys.
  std::vector<std::string> records;
  std::vector<std::string> warnings;
  for (const std::string& bad : {std::string("a.A.m%%Key"), std::string("a.A.m(int)%%Key"),
                                 std::string("a.A.m%%K(x%%y)"), std::string("%%")}) {
    const std::map<std::string, std::string> placements[] = {
        {{"u.methodName", R"j("methodName":")j" + bad + "\""}},
        {{"n.methodName", R"j("methodName":")j" + bad + "\""}},
        {{"c.methodName", R"j("methodName":")j" + bad + "\""}},
        {{"o.position", R"j("position":{")j" + bad + R"j(":1})j"}},
    };
    for (const auto& placement : placements) {
      const std::string member = placement.begin()->second;
      const std::string record = Unit(placement);
      records.push_back(record);
      warnings.push_back(Invalid(records.size() + 1, record.find(member) + member.find(bad),
                                 "malformed multi-method name \"" + bad + "\""));
    }
  }
  ExpectRejected(records, warnings);
}

TEST_F(InvalidInputTest, ErrorColumnsCountTheBytesOfTheFile) {
  // Malformed UTF-8 is decoded as U+FFFD (3 bytes); columns still point into the line as it
  // is in the file.
  const std::string bad = "\xff\xfe";
  const std::string member = R"j("compilationId":5)j";
  const std::string record = Unit({{"u.methodName", R"j("methodName":"a.A.m)j" + bad + R"j(()")j"},
                                   {"u.compilationId", member}});
  ExpectRejected({record}, {Invalid(2, record.find(member) + 16 + 1,
                                    R"j(expected "compilationId" to be a string)j")});
}

// --- Accepted input --------------------------------------------------------------------------

TEST_F(InvalidInputTest, CrlfFilesGiveTheSameOutputAsLfFiles) {
  const std::string other = Unit({{"u.methodName", R"j("methodName":"b.B.m()")j"},
                                  {"u.compilationId", R"j("compilationId":"8")j"},
                                  {"c.callsiteBci", R"j("callsiteBci":9)j"}});
  dir_.Write("lf/f", Unit() + "\n" + other + "\n");
  dir_.Write("crlf/f", Unit() + "\r\n" + other + "\r\n");
  dir_.Write("mixed/f", Unit() + "\r\n" + other);  // no terminator after the last line
  const std::string lf = Succeed({"report", "lf"});
  EXPECT_NE(lf.find("    Collected optimization logs for 2 compilation units\n"),
            std::string::npos);
  EXPECT_NE(lf.find("(inlined) a.B.n() at bci 9"), std::string::npos) << lf;
  EXPECT_EQ(Succeed({"report", "crlf"}), lf);
  EXPECT_EQ(Succeed({"report", "mixed"}), lf);
  // Both trees are read again from their offsets when a comparison needs them.
  dir_.Write("prof.json",
             R"j({"totalPeriod":100,"code":[{"compileId":"7","name":"a.A.m()","level":4,)j"
             R"j("period":50},{"compileId":"8","name":"b.B.m()","level":4,"period":40}]})j");
  EXPECT_EQ(Succeed({"jit-vs-jit", "crlf", "prof.json", "lf", "prof.json"}),
            Succeed({"jit-vs-jit", "lf", "prof.json", "lf", "prof.json"}));
  // Warnings in CRLF files count lines and columns as in LF files.
  dir_.Write("logs/f", Unit() + "\r\n{\"methodName\":5}\r\n" + Unit() + "\r\n");
  std::string out = Succeed({"report", "logs"});
  EXPECT_EQ(out.rfind(Invalid(2, 15, R"j(expected "methodName" to be a string)j") + "\n", 0), 0u)
      << out;
}

TEST_F(InvalidInputTest, BigNumbersAndExponentsInProperties) {
  dir_.WriteLines(
      "logs/f",
      {Unit(
          {{"o.extra",
            R"j("big":18446744073709551616,"bigger":123456789012345678901234567890,)j"
            R"j("min":-9223372036854775808,"below":-9223372036854775809,)j"
            R"j("max":9223372036854775807,"e5":1e5,"E":2E+3,"neg":-1e2,"tiny":1e-2,)j"
            R"j("frac":1.5e3,"zero":0e7,"half":5e-1,"e19":1e19,"int":4.0,"nested":[1e1,{"x":1E1}])j"}})});
  std::string out = Succeed({"report", "logs"});
  EXPECT_NE(out.find("O E at bci 3 with {big: 1.8446744073709552E19, bigger: "
                     "1.2345678901234568E29, min: -9223372036854775808, below: "
                     "-9.223372036854776E18, max: 9223372036854775807, e5: 100000, E: 2000, neg: "
                     "-100, tiny: 0.01, frac: 1500.0, zero: 0, half: 0.5, e19: 1.0E19, int: 4.0, "
                     "nested: [10, map(size=1, {(x,10)})]}\n"),
            std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, IntegralFieldsWithExponentsOrFractions) {
  dir_.WriteLines("logs/f", {Unit({{"c.callsiteBci", R"j("callsiteBci":1e1)j"},
                                   {"o.position", R"j("position":{"a.A.m()":4.0})j"},
                                   {"n.callsiteBci", R"j("callsiteBci":-1.0e0)j"}})});
  dir_.Write("prof.json",
             R"j({"executionId":"x","totalPeriod":2e3,"code":[{"compileId":"7","name":"a.A.m()",)j"
             R"j("level":4e0,"period":1E3},{"compileId":null,"name":"libc","level":40e-1,)j"
             R"j("period":5.0e2}]})j");
  std::string out = Succeed({"report", "logs", "prof.json"});
  EXPECT_NE(out.find("                    (inlined) a.B.n() at bci 10\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("O E at bci 4 with {k: 1}"), std::string::npos) << out;
  EXPECT_NE(out.find("    Collected proftool data for 2 compilation units\n"), std::string::npos)
      << out;
  // Level 4 makes both Graal code: 1000 + 500 cycles of 2000; the unit got its period.
  EXPECT_NE(out.find("           50.00%       0.00      4       7  a.A.m()\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("           25.00%       0.00      4          libc\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("             7 consumed 100.00% of Graal execution, 50.00% of total *hot*"),
            std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, DuplicateKeys) {
  // formats.md §3.1: the header keys repeat "later wins" only until both have been seen;
  // §6.2 elsewhere: the later value wins, the key keeps its first position.
  dir_.WriteLines(
      "logs/f",
      {Unit({{"u.methodName", R"j("methodName":"x.X.x()","methodName":"a.A.m()")j"},
             {"u.optimizationTree",
              R"j("optimizationTree":{${p.phaseName},${p.optimizations},"compilationId":"9",)j"
              R"j("methodName":"z.Z.z()"})j"},
             {"c.callsiteBci", R"j("callsiteBci":1,"callsiteBci":6)j"},
             {"c.inlined", R"j("inlined":false,"inlined":true)j"},
             {"o.extra", R"j("k":1,"j":2,"k":"three","eventName":"F")j"}})});
  std::string out = Succeed({"report", "logs"});
  EXPECT_NE(out.find("\nMethod a.A.m()\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Compilation unit     7 in experiment 1"), std::string::npos) << out;
  EXPECT_NE(out.find("(inlined) a.B.n() at bci 6\n"), std::string::npos) << out;
  EXPECT_NE(out.find("O F at bci 3 with {k: three, j: 2}\n"), std::string::npos) << out;
  dir_.Write(
      "prof.json",
      R"j({"totalPeriod":1,"code":[],"totalPeriod":100,"code":[{"compileId":"7",)j"
      R"j("name":"a.A.m()","level":3,"level":4,"period":1,"period":60}],"executionId":"e"})j");
  out = Succeed({"report", "logs", "prof.json"});
  EXPECT_NE(out.find("Experiment 1 with execution ID e (JIT)"), std::string::npos) << out;
  EXPECT_NE(out.find("           60.00%       0.00      4       7  a.A.m()\n"), std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, UnknownKeysAreIgnored) {
  dir_.WriteLines(
      "logs/f",
      {Unit({{"u.compilationId", R"j("compilationId":"7","extra":{"deep":[1,{"x":null}]})j"},
             {"n.alive", R"j("alive":false,"unknown":[1,2])j"},
             {"r.mature", R"j("mature":true,"what":"ever")j"},
             {"t.typeName", R"j("typeName":"a.T","confidence":"high")j"},
             {"c.alive", R"j("alive":false,"annotations":null)j"},
             {"p.phaseName", R"j("phaseName":"RootPhase","time":12.5)j"},
             {"q.phaseName", R"j("phaseName":"P","id":{})j"}})});
  std::string out = Succeed({"report", "logs"});
  EXPECT_NE(out.find(kUnitReport), std::string::npos) << out;
  // In an optimization entry every other key is a property.
  dir_.WriteLines("logs/f", {Unit({{"o.extra", R"j("k":1,"newKey":[true])j"}})});
  out = Succeed({"report", "logs"});
  EXPECT_NE(out.find("O E at bci 3 with {k: 1, newKey: [true]}\n"), std::string::npos) << out;
  dir_.Write(
      "prof.json",
      R"j({"totalPeriod":100,"tool":"proftool 2","code":[{"compileId":"7","name":"a.A.m()",)j"
      R"j("level":4,"period":60,"address":"0x1"}],"executionId":"e","extra":[{}]})j");
  out = Succeed({"report", "logs", "prof.json"});
  EXPECT_NE(out.find("           60.00%       0.00      4       7  a.A.m()\n"), std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, InvalidUtf8IsDecodedAsReplacementCharacters) {
  // formats.md §2: each maximal ill-formed subsequence becomes one U+FFFD.
  const std::string fffd = "\xEF\xBF\xBD";
  const std::string raw = "a.A\xff.m\xe2\x82.\xc0\xaf.\xed\xa0\x80.\xf0\x9f\x98()";
  const std::string decoded =
      "a.A" + fffd + ".m" + fffd + "." + fffd + fffd + "." + fffd + fffd + fffd + "." + fffd + "()";
  dir_.WriteLines("logs/f", {Unit({{"u.methodName", R"j("methodName":")j" + raw + "\""},
                                   {"n.methodName", R"j("methodName":")j" + raw + "\""},
                                   {"o.extra", "\"k\":\"\xc3\x28\""}})});
  // The profile is decoded the same way, so its names still match (AOT links by name).
  dir_.Write("prof.json", R"j({"compilationKind":"AOT","totalPeriod":100,"code":[{"name":")j" +
                              raw + R"j(","period":60}]})j");
  std::string out = Succeed({"report", "logs", "prof.json"});
  EXPECT_NE(out.find("\nMethod " + decoded + "\n"), std::string::npos) << out;
  EXPECT_NE(out.find("                (root) " + decoded + "\n"), std::string::npos) << out;
  EXPECT_NE(out.find("O E at bci 3 with {k: " + fffd + "(}\n"), std::string::npos) << out;
  EXPECT_NE(out.find("           60.00%       0.00                 " + decoded + "\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(" consumed 100.00% of Graal execution, 60.00% of total *hot*"),
            std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, EmptyFilesAndEmptyDirectories) {
  dir_.Write("logs/a-empty", "");
  dir_.WriteLines("logs/b", {Unit()});
  dir_.Write("logs/c-empty", "");
  std::string out = Succeed({"report", "logs"});
  EXPECT_EQ(out.rfind("Experiment 1\n    Collected optimization logs for 1 compilation units\n\n"
                      "Method a.A.m()\n",
                      0),
            0u)
      << out;
  EXPECT_NE(out.find(kUnitReport), std::string::npos) << out;
  dir_.MakeDir("empty");
  EXPECT_EQ(Succeed({"report", "empty"}),
            "Experiment 1\n    Collected optimization logs for 0 compilation units\n");
  dir_.Write("prof.json", R"j({"totalPeriod":10,"code":[{"compileId":"3","name":"a()","level":4,)j"
                          R"j("period":5}]})j");
  out = Succeed({"report", "empty", "prof.json"});
  EXPECT_EQ(out.rfind("Warning: Compilation ID 3 not found in the optimization log\nExperiment 1 "
                      "(JIT)\n    Collected optimization logs for 0 compilation units\n",
                      0),
            0u)
      << out;
  dir_.MakeDir("empty2");
  out = Succeed({"jit-vs-jit", "empty", "prof.json", "empty2", "prof.json"});
  EXPECT_NE(
      out.find("Experiment 2 (JIT)\n    Collected optimization logs for 0 compilation units\n"),
      std::string::npos)
      << out;
}

TEST_F(InvalidInputTest, EntriesThatAreNotRegularFilesAreSkipped) {
  dir_.WriteLines("logs/a", {UnitWithId("1")});
  dir_.MakeDir("logs/b-sub");
  dir_.WriteLines("logs/b-sub/inner", {UnitWithId("9")});
  ASSERT_EQ(mkfifo(dir_.Path("logs/c-fifo").c_str(), 0644), 0);  // opening it would block
  ASSERT_EQ(symlink(dir_.Path("logs/b-sub").c_str(), dir_.Path("logs/d-link").c_str()), 0);
  dir_.WriteLines("logs/e", {UnitWithId("2")});
  std::string out = Succeed({"report", "logs"});
  EXPECT_EQ(out.rfind("Warning: Skipping logs/b-sub: not a regular file\n"
                      "Warning: Skipping logs/c-fifo: not a regular file\n"
                      "Warning: Skipping logs/d-link: not a regular file\n"
                      "Experiment 1\n    Collected optimization logs for 2 compilation units\n",
                      0),
            0u)
      << out;
  EXPECT_EQ(out.find("Compilation unit     9"), std::string::npos) << out;
}

// --- Unusable input --------------------------------------------------------------------------

TEST_F(InvalidInputTest, MissingLogDirectory) {
  const std::string message =
      "Could not read the files of the experiment 1: The provided optimization log path does "
      "not denote a directory: ";
  EXPECT_EQ(FailBeforeOutput(
                {"report", "nowhere"},
                message + "nowhere (No such file or directory)\nnowhere does not exist: an "
                          "optimization log is a directory (a Graal log) or a file (a HotSpot "
                          "compilation log, written by -XX:+LogCompilation)"),
            "");
  dir_.Write("file", Unit());
  EXPECT_EQ(FailBeforeOutput({"report", "file"},
                             "Could not read the files of the experiment 1: The provided "
                             "optimization log path is neither a directory (a Graal optimization "
                             "log) nor a HotSpot compilation log (a file written by "
                             "-XX:+LogCompilation, starting with <?xml ...?> and <hotspot_log "
                             "...>) nor LLVM optimization remarks (a YAML file written by clang "
                             "-fsave-optimization-record, starting with '--- !Passed', '--- "
                             "!Missed', ...): file (a file that is not a HotSpot compilation log "
                             "nor LLVM optimization remarks)"),
            "");
  dir_.WriteLines("logs/f", {Unit()});
  dir_.Write("prof.json", R"j({"totalPeriod":100,"code":[]})j");
  // The second experiment's paths are checked before the first experiment is loaded.
  EXPECT_EQ(FailBeforeOutput({"jit-vs-jit", "logs", "prof.json", "nowhere//", "prof.json"},
                             "Could not read the files of the experiment 2: The provided "
                             "optimization log path does not denote a directory: nowhere (No "
                             "such file or directory)\nnowhere does not exist: an optimization "
                             "log is a directory (a Graal log) or a file (a HotSpot compilation "
                             "log, written by -XX:+LogCompilation)"),
            "");
}

TEST_F(InvalidInputTest, ProfileThatIsADirectory) {
  dir_.WriteLines("logs/f", {Unit()});
  dir_.MakeDir("prof");
  EXPECT_EQ(FailBeforeOutput({"report", "logs", "prof"},
                             "Could not read the files of the experiment 1: prof (Is a directory)"),
            "");
  EXPECT_EQ(FailBeforeOutput({"report", "logs", "prof//"},
                             "Could not read the files of the experiment 1: prof (Is a directory)"),
            "");
}

TEST_F(InvalidInputTest, ProfileThatIsNotJson) {
  dir_.WriteLines("logs/f", {Unit()});
  const std::string path = dir_.Path("prof.json");
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "1:1: expected a JSON value, found an empty file"},
      {"not json", "1:2: expected a JSON value"},  // after the 'n' of "null"
      {"x", "1:1: expected a JSON value"},
      {"{\"totalPeriod\":1,\n\"code\":[}", "2:9: expected a JSON value"},
      {R"j({"totalPeriod":1,"code":[]} trailing)j",
       "1:29: expected the end of the file after the JSON value"},
      {std::string("{\"totalPeriod\":1,\"code\":[]}\0", 28),
       "1:28: expected the end of the file after the JSON value"},
      {"{\"totalPeriod\":1,\"code\":[{\"name\":\"a", "1:36: expected a closing quotation mark"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    dir_.Write("prof.json", c.text);
    EXPECT_EQ(Fail({"report", "logs", "prof.json"},
                   "Failed to parse experiment 1 in " + path + ":" + c.message),
              "");
  }
}

TEST_F(InvalidInputTest, ProfileOfTheWrongKind) {
  dir_.WriteLines("logs/f", {Unit()});
  const std::string path = dir_.Path("prof.json");
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"[]", "1:1: expected the profile to be a JSON object"},
      {R"j("prof")j", "1:1: expected the profile to be a JSON object"},
      {"{}", R"j(1:1: missing required key "totalPeriod" (a number))j"},
      {R"j({"totalPeriod":"1","code":[]})j", R"j(1:16: expected "totalPeriod" to be a number)j"},
      {R"j({"totalPeriod":1,"code":{}})j", R"j(1:25: expected "code" to be an array)j"},
      {R"j({"totalPeriod":1,"code":[1]})j",
       R"j(1:26: expected each element of "code" to be an object)j"},
      {R"j({"totalPeriod":1,"code":[{"period":1}]})j",
       R"j(1:26: missing required key "name" (a string))j"},
      {R"j({"totalPeriod":1,"code":[{"name":"a","period":1,"level":4.5}]})j",
       R"j(1:57: expected "level" to be a 32-bit integer or null)j"},
      {R"j({"compilationKind":"GPU","totalPeriod":1,"code":[]})j",
       "unexpected compilation kind: GPU"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    dir_.Write("prof.json", c.text);
    std::string separator = c.message[0] == 'u' ? ": " : ":";
    EXPECT_EQ(Fail({"report", "logs", "prof.json"},
                   "Failed to parse experiment 1 in " + path + separator + c.message),
              "");
  }
  // A profile of the other experiment kind (formats.md §5.2, README "Decisions").
  dir_.Write("aot.json", R"j({"compilationKind":"AOT","totalPeriod":1,"code":[]})j");
  dir_.Write("jit.json", R"j({"compilationKind":"JIT","totalPeriod":1,"code":[]})j");
  EXPECT_EQ(Fail({"jit-vs-jit", "logs", "aot.json", "logs", "jit.json"},
                 "Failed to parse experiment 1 in " + dir_.Path("aot.json") +
                     ": mismatched experiment kind: expected JIT, got AOT"),
            "");
  std::string out = Fail({"aot-vs-aot", "logs", "aot.json", "logs", "jit.json"},
                         "Failed to parse experiment 2 in " + dir_.Path("jit.json") +
                             ": mismatched experiment kind: expected AOT, got JIT",
                         /*blank_after=*/false);
  EXPECT_EQ(out.rfind("Experiment 1 (AOT)\n", 0), 0u) << out;
}

TEST_F(InvalidInputTest, UnreadableFiles) {
  if (geteuid() == 0) GTEST_SKIP() << "root can read every file";
  dir_.WriteLines("logs/a", {UnitWithId("1")});
  dir_.WriteLines("logs/b", {UnitWithId("2")});
  ASSERT_EQ(chmod(dir_.Path("logs/b").c_str(), 0), 0);
  EXPECT_EQ(Fail({"report", "logs"},
                 "Could not read the files of the experiment 1: logs/b (Permission denied)"),
            "");
  ASSERT_EQ(chmod(dir_.Path("logs/b").c_str(), 0644), 0);
  dir_.Write("prof.json", R"j({"totalPeriod":1,"code":[]})j");
  ASSERT_EQ(chmod(dir_.Path("prof.json").c_str(), 0), 0);
  EXPECT_EQ(FailBeforeOutput(
                {"report", "logs", "prof.json"},
                "Could not read the files of the experiment 1: prof.json (Permission denied)"),
            "");
  ASSERT_EQ(chmod(dir_.Path("prof.json").c_str(), 0644), 0);
  dir_.MakeDir("locked");
  dir_.WriteLines("locked/a", {Unit()});
  ASSERT_EQ(chmod(dir_.Path("locked").c_str(), 0), 0);
  EXPECT_EQ(FailBeforeOutput({"report", "locked"},
                             "Could not read the files of the experiment 1: The provided "
                             "optimization log path does not denote a directory: locked "
                             "(Permission denied)"),
            "");
  ASSERT_EQ(chmod(dir_.Path("locked").c_str(), 0755), 0);
}

}  // namespace
}  // namespace profdiff
