#include "profdiff/load/graal/record_reader.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test_paths.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr std::string_view kLeaf =
    R"j({"methodName":"a.A.m()","callsiteBci":-1,"inlined":true,"indirect":false,"alive":false})j";
constexpr std::string_view kRootPhase = R"j({"phaseName":"RootPhase","optimizations":[]})j";

std::string Record(std::string_view inlining, std::string_view optimization = kRootPhase) {
  return std::string(R"j({"methodName":"a.A.m()","compilationId":"7","inliningTree":)j") +
         std::string(inlining) + R"j(,"optimizationTree":)j" + std::string(optimization) + "}";
}

// An inlining node with the required keys and `extra` members appended.
std::string Node(std::string_view extra, std::string_view bci = "1") {
  std::string node = R"j({"callsiteBci":)j" + std::string(bci) +
                     R"j(,"inlined":false,"indirect":false,"alive":true)j";
  if (!extra.empty()) node += "," + std::string(extra);
  return node + "}";
}

// A record whose root inlining node has `invokes`.
std::string WithInvokes(std::string_view invokes) {
  std::string root(kLeaf);
  root.pop_back();
  return Record(root + R"j(,"invokes":)j" + std::string(invokes) + "}");
}

// A record whose root phase holds `children` (a JSON array).
std::string WithOptimizations(std::string_view children) {
  return Record(kLeaf,
                R"j({"phaseName":"RootPhase","optimizations":)j" + std::string(children) + "}");
}

std::string Optimization(std::string_view extra) {
  std::string entry = R"j({"optimizationName":"Opt","eventName":"Ev")j";
  if (!extra.empty()) entry += "," + std::string(extra);
  return entry + "}";
}

RecordTrees Parse(std::string_view line) {
  UnitHeader header;
  RecordError error;
  EXPECT_TRUE(ValidateRecord(line, &header, &error))
      << "column " << error.column << ": " << error.message << "\n  in " << line.substr(0, 300);
  RecordTrees trees;
  EXPECT_TRUE(ParseRecordTrees(line, &trees, &error))
      << "column " << error.column << ": " << error.message << "\n  in " << line.substr(0, 300);
  return trees;
}

UnitHeader Header(std::string_view line) {
  UnitHeader header;
  RecordError error;
  EXPECT_TRUE(ValidateRecord(line, &header, &error))
      << "column " << error.column << ": " << error.message << "\n  in " << line;
  return header;
}

// Both entry points must reject the record with the same error.
RecordError Invalid(std::string_view line) {
  UnitHeader header;
  RecordError error;
  EXPECT_FALSE(ValidateRecord(line, &header, &error)) << line.substr(0, 300);
  RecordTrees trees;
  RecordError build_error;
  EXPECT_FALSE(ParseRecordTrees(line, &trees, &build_error)) << line.substr(0, 300);
  EXPECT_EQ(build_error.column, error.column) << line.substr(0, 300);
  EXPECT_EQ(build_error.message, error.message) << line.substr(0, 300);
  EXPECT_TRUE(trees.inlining_tree.empty());
  EXPECT_TRUE(trees.optimization_tree.nodes.empty());
  // Building only the inlining tree still checks the whole record.
  RecordError inlining_only_error;
  EXPECT_FALSE(ParseRecordTrees(line, &trees, &inlining_only_error, TreeParts::kInliningTreeOnly))
      << line.substr(0, 300);
  EXPECT_EQ(inlining_only_error.column, error.column) << line.substr(0, 300);
  EXPECT_EQ(inlining_only_error.message, error.message) << line.substr(0, 300);
  return error;
}

size_t ColumnOf(std::string_view line, std::string_view needle, size_t occurrence = 0) {
  size_t pos = line.find(needle);
  for (size_t i = 0; i < occurrence; ++i) pos = line.find(needle, pos + 1);
  EXPECT_NE(pos, std::string_view::npos) << needle;
  return pos + 1;
}

const OptimizationTreeNode& FirstChild(const RecordTrees& trees) {
  const OptimizationTree& tree = trees.optimization_tree;
  return tree.node(tree.node(tree.root).children.at(0));
}

std::vector<std::string> PropertyTexts(const OptimizationTreeNode& node) {
  std::vector<std::string> texts;
  for (const Property& p : node.properties) texts.push_back(p.key + "=" + p.value.rendered);
  return texts;
}

// The value of property "p" of a single optimization entry.
PropertyValue Prop(std::string_view json) {
  RecordTrees trees =
      Parse(WithOptimizations("[" + Optimization("\"p\":" + std::string(json)) + "]"));
  if (trees.optimization_tree.empty()) return {};
  const OptimizationTreeNode& node = FirstChild(trees);
  EXPECT_EQ(node.properties.size(), 1u);
  return node.properties.empty() ? PropertyValue{} : node.properties[0].value;
}

// ---------------------------------------------------------------------------------------------
// Valid records.

TEST(RecordReaderTest, MinimalRecord) {
  std::string line = Record(kLeaf);
  UnitHeader header = Header(line);
  EXPECT_EQ(header.method_name, "a.A.m()");
  EXPECT_EQ(header.compilation_id, "7");
  RecordTrees trees = Parse(line);
  ASSERT_EQ(trees.inlining_tree.nodes.size(), 1u);
  const InliningTreeNode& root = trees.inlining_tree.node(trees.inlining_tree.root);
  EXPECT_EQ(root.method_name, "a.A.m()");
  EXPECT_EQ(root.bci, -1);
  EXPECT_TRUE(root.inlined);
  EXPECT_FALSE(root.indirect);
  EXPECT_FALSE(root.alive);
  EXPECT_TRUE(root.reasons.empty());
  EXPECT_FALSE(root.receiver_type_profile.has_value());
  EXPECT_EQ(root.parent, kNoNode);
  ASSERT_EQ(trees.optimization_tree.nodes.size(), 1u);
  const OptimizationTreeNode& phase = trees.optimization_tree.node(trees.optimization_tree.root);
  EXPECT_TRUE(phase.is_phase);
  EXPECT_EQ(phase.name, "RootPhase");
  EXPECT_EQ(phase.parent, kNoNode);
}

TEST(RecordReaderTest, InliningTreeShapeAndFields) {
  std::string line =
      WithInvokes("[" +
                  Node(R"j("methodName":"b.B.f(int)","reason":["r1","r2"],"invokes":[)j" +
                           Node(R"j("methodName":"c.C.g()")j", "7") + "]",
                       "3") +
                  "," + Node(R"j("methodName":null,"reason":null,"invokes":null)j", "5") + "]");
  RecordTrees trees = Parse(line);
  const InliningTree& tree = trees.inlining_tree;
  ASSERT_EQ(tree.nodes.size(), 4u);
  const InliningTreeNode& root = tree.node(tree.root);
  ASSERT_EQ(root.children.size(), 2u);
  const InliningTreeNode& b = tree.node(root.children[0]);
  EXPECT_EQ(b.method_name, "b.B.f(int)");
  EXPECT_EQ(b.bci, 3);
  EXPECT_EQ(b.parent, tree.root);
  EXPECT_THAT(b.reasons, ElementsAre("r1", "r2"));
  ASSERT_EQ(b.children.size(), 1u);
  const InliningTreeNode& c = tree.node(b.children[0]);
  EXPECT_EQ(c.method_name, "c.C.g()");
  EXPECT_EQ(c.bci, 7);
  EXPECT_EQ(c.parent, root.children[0]);
  const InliningTreeNode& unknown = tree.node(root.children[1]);
  EXPECT_FALSE(unknown.method_name.has_value());
  EXPECT_EQ(unknown.bci, 5);
  EXPECT_TRUE(unknown.alive);
  EXPECT_TRUE(unknown.reasons.empty());
  EXPECT_TRUE(unknown.children.empty());
}

TEST(RecordReaderTest, ReceiverTypeProfile) {
  std::string line = WithInvokes(
      "[" +
      Node(R"j("receiverTypeProfile":{"mature":true,"profiledTypes":[)j"
           R"j({"typeName":"x.X%%K()","probability":0.75,"concreteMethodName":"x.X%%K.m()"},)j"
           R"j({"typeName":"y.Y","probability":1,"concreteMethodName":null},)j"
           R"j({"typeName":"z.Z","probability":1e-1}]})j") +
      "," + Node(R"j("receiverTypeProfile":{"mature":false,"profiledTypes":null})j") + "," +
      Node(R"j("receiverTypeProfile":null)j") + "]");
  RecordTrees trees = Parse(line);
  const InliningTree& tree = trees.inlining_tree;
  const auto& children = tree.node(tree.root).children;
  ASSERT_EQ(children.size(), 3u);
  const auto& profile = tree.node(children[0]).receiver_type_profile;
  ASSERT_TRUE(profile.has_value());
  EXPECT_TRUE(profile->mature);
  ASSERT_EQ(profile->profiled_types.size(), 3u);
  // Names in profiles keep their multi-method keys.
  EXPECT_EQ(profile->profiled_types[0].type_name, "x.X%%K()");
  EXPECT_EQ(profile->profiled_types[0].probability, 0.75);
  EXPECT_EQ(profile->profiled_types[0].concrete_method_name, "x.X%%K.m()");
  EXPECT_EQ(profile->profiled_types[1].probability, 1.0);
  EXPECT_FALSE(profile->profiled_types[1].concrete_method_name.has_value());
  EXPECT_EQ(profile->profiled_types[2].probability, 0.1);
  const auto& empty = tree.node(children[1]).receiver_type_profile;
  ASSERT_TRUE(empty.has_value());
  EXPECT_FALSE(empty->mature);
  EXPECT_TRUE(empty->profiled_types.empty());
  EXPECT_FALSE(tree.node(children[2]).receiver_type_profile.has_value());
}

TEST(RecordReaderTest, OptimizationTreeShapeAndFields) {
  std::string line = WithOptimizations(
      R"j([{"phaseName":"Outer","optimizations":[)j" +
      Optimization(R"j("position":{"a.A.m()":3})j") + R"j(,{"phaseName":"Inner"}]},)j" +
      Optimization(R"j("position":{"b.B.n()":2,"a.A.m()":-1},"k":1)j") + "]");
  RecordTrees trees = Parse(line);
  const OptimizationTree& tree = trees.optimization_tree;
  ASSERT_EQ(tree.nodes.size(), 5u);
  const OptimizationTreeNode& root = tree.node(tree.root);
  ASSERT_EQ(root.children.size(), 2u);
  const OptimizationTreeNode& outer = tree.node(root.children[0]);
  EXPECT_TRUE(outer.is_phase);
  EXPECT_EQ(outer.name, "Outer");
  EXPECT_EQ(outer.parent, tree.root);
  ASSERT_EQ(outer.children.size(), 2u);
  const OptimizationTreeNode& first = tree.node(outer.children[0]);
  EXPECT_FALSE(first.is_phase);
  EXPECT_EQ(first.name, "Opt");
  EXPECT_EQ(first.event_name, "Ev");
  EXPECT_EQ(first.position, (Position{{"a.A.m()", 3}}));
  EXPECT_TRUE(first.properties.empty());
  EXPECT_EQ(first.parent, root.children[0]);
  const OptimizationTreeNode& inner = tree.node(outer.children[1]);
  EXPECT_TRUE(inner.is_phase);
  EXPECT_EQ(inner.name, "Inner");
  EXPECT_TRUE(inner.children.empty());
  const OptimizationTreeNode& second = tree.node(root.children[1]);
  EXPECT_EQ(second.position, (Position{{"b.B.n()", 2}, {"a.A.m()", -1}}));
  EXPECT_THAT(PropertyTexts(second), ElementsAre("k=1"));
}

TEST(RecordReaderTest, InliningTreeOnlyLeavesTheOptimizationTreeEmpty) {
  std::string root(kLeaf);
  root.pop_back();
  std::string line =
      Record(root + R"j(,"invokes":[)j" + Node(R"j("methodName":"b.B.n()")j", "4") + "]}",
             R"j({"phaseName":"RootPhase","optimizations":[)j" +
                 Optimization(R"j("position":{"a.A.m()":3})j") + "]}");
  RecordTrees all = Parse(line);
  RecordTrees inlining_only;
  RecordError error;
  ASSERT_TRUE(ParseRecordTrees(line, &inlining_only, &error, TreeParts::kInliningTreeOnly));
  EXPECT_TRUE(inlining_only.optimization_tree.empty());
  EXPECT_TRUE(inlining_only.optimization_tree.nodes.empty());
  EXPECT_EQ(all.optimization_tree.nodes.size(), 2u);
  ASSERT_EQ(inlining_only.inlining_tree.nodes.size(), all.inlining_tree.nodes.size());
  for (NodeIndex n = 0; n < all.inlining_tree.nodes.size(); ++n) {
    EXPECT_EQ(inlining_only.inlining_tree.node(n).method_name,
              all.inlining_tree.node(n).method_name);
    EXPECT_EQ(inlining_only.inlining_tree.node(n).bci, all.inlining_tree.node(n).bci);
    EXPECT_EQ(inlining_only.inlining_tree.node(n).children, all.inlining_tree.node(n).children);
  }
}

TEST(RecordReaderTest, KeysInAnyOrderAndUnknownKeysIgnored) {
  std::string line =
      R"j({"extra":{"ignored":[1,{"x":null}]},"optimizationTree":{"optimizations":[],)j"
      R"j("phaseName":"R","position":5,"optimizationName":7},"compilationId":"9",)j"
      R"j("inliningTree":{"alive":true,"invokes":[],"indirect":true,"zzz":[],"inlined":false,)j"
      R"j("callsiteBci":4,"position":"x"},"methodName":"m()"} )j";
  UnitHeader header = Header(line);
  EXPECT_EQ(header.method_name, "m()");
  EXPECT_EQ(header.compilation_id, "9");
  RecordTrees trees = Parse(line);
  const InliningTreeNode& root = trees.inlining_tree.node(trees.inlining_tree.root);
  EXPECT_FALSE(root.method_name.has_value());
  EXPECT_EQ(root.bci, 4);
  EXPECT_TRUE(root.alive);
  EXPECT_TRUE(root.indirect);
  EXPECT_EQ(trees.optimization_tree.node(trees.optimization_tree.root).name, "R");
}

TEST(RecordReaderTest, EscapesAndWhitespace) {
  std::string line =
      " \t{ \"method\\u004eame\" : \"a\\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00()\" ,\r\n"
      "\"compilationId\":\"1\",\"inliningTree\":" +
      std::string(kLeaf) + ",\"optimizationTree\":{\"phase\\u004eame\":\"\\u0052ootPhase\"}}\t ";
  UnitHeader header = Header(line);
  EXPECT_EQ(header.method_name, "a\"b\\c/d\xC3\xA9\xF0\x9F\x98\x80()");
  RecordTrees trees = Parse(line);
  EXPECT_EQ(trees.optimization_tree.node(trees.optimization_tree.root).name, "RootPhase");
}

std::filesystem::path CorpusData() {
  return std::filesystem::path(test::SourceDir()) / ".." / "shared" / "conformance" / "data";
}

// Every record of the conformance corpus is valid (none of its cases prints a warning).
TEST(RecordReaderTest, ConformanceCorpusRecordsAreValid) {
  std::filesystem::path data = CorpusData();
  if (!std::filesystem::is_directory(data)) GTEST_SKIP() << "no corpus at " << data;
  size_t records = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(data)) {
    if (!entry.is_regular_file()) continue;
    if (entry.path().parent_path().filename().string().find("log") == std::string::npos) {
      continue;
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      ++records;
      UnitHeader header;
      RecordError error;
      ASSERT_TRUE(ValidateRecord(line, &header, &error))
          << entry.path() << " column " << error.column << ": " << error.message;
      EXPECT_FALSE(header.compilation_id.empty());
      RecordTrees trees;
      ASSERT_TRUE(ParseRecordTrees(line, &trees, &error)) << entry.path();
      EXPECT_EQ(trees.inlining_tree.Preorder().size(), trees.inlining_tree.nodes.size());
      EXPECT_EQ(trees.optimization_tree.Preorder().size(), trees.optimization_tree.nodes.size());
    }
  }
  EXPECT_GT(records, 100u);
}

TEST(RecordReaderTest, RealLogLine) {
  std::ifstream in(CorpusData() / "edge" / "json-layout" / "log" / "1_27", std::ios::binary);
  std::string line;
  if (!std::getline(in, line)) GTEST_SKIP() << "no corpus";
  UnitHeader header = Header(line);
  EXPECT_EQ(header.method_name, "layout.Rev.m()");
  EXPECT_EQ(header.compilation_id, "703");
  RecordTrees trees = Parse(line);
  const InliningTree& inlining = trees.inlining_tree;
  ASSERT_EQ(inlining.nodes.size(), 2u);
  const NodeIndex callee_index = inlining.node(inlining.root).children.at(0);
  const InliningTreeNode& callee = inlining.node(callee_index);
  EXPECT_EQ(callee.method_name, "layout.Rev.callee()");
  EXPECT_EQ(callee.bci, 1);
  EXPECT_THAT(callee.reasons, ElementsAre("a/b"));
  EXPECT_EQ(inlining.Kind(callee_index), CallsiteKind::kDirect);
  const OptimizationTreeNode& peeling = FirstChild(trees);
  EXPECT_EQ(peeling.name, "LoopTransformations");
  EXPECT_EQ(peeling.event_name, "LoopPeeling");
  EXPECT_EQ(peeling.position, (Position{{"layout.Rev.m()", 3}}));
  EXPECT_THAT(PropertyTexts(peeling), ElementsAre("peelings=1"));
}

TEST(RecordReaderTest, RealPropertiesLine) {
  std::ifstream in(CorpusData() / "edge" / "properties" / "exp1" / "log" / "1", std::ios::binary);
  std::string line;
  if (!std::getline(in, line)) GTEST_SKIP() << "no corpus";
  RecordTrees trees = Parse(line);
  std::vector<std::string> all;
  for (const OptimizationTreeNode& node : trees.optimization_tree.nodes) {
    if (node.is_phase) continue;
    for (const std::string& text : PropertyTexts(node)) all.push_back(text);
  }
  for (std::string expected :
       {"nothing=null", "lst=[1, a, null, [2.5]]", "obj=map(size=2, {(k,1),(z,[true])})",
        "quote=say \"hi\"\\", "newline=a\nb\tc", "empty=",
        "uni=\xCF\x80\xE2\x89\x88"
        "3.14",
        "tenth=0.1", "ten=1.0E10", "mid=1.23456789E8", "big=4294967297", "negative=-3",
        "canonicalNodeClass=null", "yes=true", "no=false"}) {
    EXPECT_NE(std::find(all.begin(), all.end(), expected), all.end()) << expected;
  }
}

// ---------------------------------------------------------------------------------------------
// The header (formats.md §3.1).

TEST(RecordReaderTest, HeaderRepeatedKeyWinsUntilBothSeen) {
  std::string tail = R"j(,"inliningTree":)j" + std::string(kLeaf) + R"j(,"optimizationTree":)j" +
                     std::string(kRootPhase) + "}";
  EXPECT_EQ(
      Header(R"j({"methodName":5,"methodName":"b()","compilationId":"1")j" + tail).method_name,
      "b()");
  // After both keys were seen, later occurrences are ignored, even invalid ones.
  UnitHeader header = Header(
      R"j({"methodName":"a()","compilationId":"1","methodName":5,"compilationId":null)j" + tail);
  EXPECT_EQ(header.method_name, "a()");
  EXPECT_EQ(header.compilation_id, "1");
  header = Header(R"j({"compilationId":"1","compilationId":"2","methodName":"m()",)j"
                  R"j("compilationId":"3","methodName":"n()")j" +
                  tail);
  EXPECT_EQ(header.method_name, "m()");
  EXPECT_EQ(header.compilation_id, "2");
  // A nested "methodName" is not the header's.
  header = Header(R"j({"x":{"methodName":"no()","compilationId":"0"},"methodName":"m()",)j"
                  R"j("compilationId":"4")j" +
                  tail);
  EXPECT_EQ(header.method_name, "m()");
  EXPECT_EQ(header.compilation_id, "4");
}

TEST(RecordReaderTest, HeaderErrors) {
  std::string trees = R"j("inliningTree":)j" + std::string(kLeaf) + R"j(,"optimizationTree":)j" +
                      std::string(kRootPhase);
  std::string line = "  {\"compilationId\":\"1\"," + trees + "}";
  RecordError error = Invalid(line);
  EXPECT_EQ(error.column, 3u);
  EXPECT_EQ(error.message,
            "missing required key \"methodName\" (a string) in the compilation unit");

  line = R"j({"methodName":null,"compilationId":"1",)j" + trees + "}";
  EXPECT_EQ(Invalid(line).message,
            "missing required key \"methodName\" (a string) in the compilation unit");

  line = R"j({"compilationId":"1","methodName":["x"],)j" + trees + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "[\"x\"]"));
  EXPECT_EQ(error.message, "expected \"methodName\" to be a string");

  // methodName is checked before compilationId.
  line = R"j({"compilationId":2,"methodName":3,)j" + trees + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "3"));
  EXPECT_THAT(error.message, HasSubstr("\"methodName\""));

  line = R"j({"methodName":"m()","compilationId":2,)j" + trees + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "2,"));
  EXPECT_EQ(error.message, "expected \"compilationId\" to be a string");

  line = R"j({"methodName":"m()",)j" + trees + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, 1u);
  EXPECT_EQ(error.message,
            "missing required key \"compilationId\" (a string) in the compilation unit");

  line = R"j({"methodName":"a%%b","compilationId":"1",)j" + trees + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "\"a%%b\""));
  EXPECT_EQ(error.message, "malformed multi-method name \"a%%b\"");

  // A valid key in the root method name is kept in the header.
  line = R"j({"methodName":"a.B.m%%Key(int)","compilationId":"1",)j" + trees + "}";
  EXPECT_EQ(Header(line).method_name, "a.B.m%%Key(int)");
}

TEST(RecordReaderTest, HeaderErrorsBeforeTreeErrors) {
  std::string line = R"j({"methodName":1,"compilationId":"1","inliningTree":5})j";
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"methodName\""));
}

// The reference's scan stops after both header keys; a syntax error before that point wins over
// header errors, one after it loses to them.
TEST(RecordReaderTest, SyntaxErrorVersusHeaderErrors) {
  std::string line = R"j({"methodName":1,"x":tru,"compilationId":"1"})j";
  RecordError error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, ",\"compilationId"));
  EXPECT_EQ(error.message, "expected a JSON value");

  line = R"j({"methodName":1,"compilationId":"1","x":tru})j";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "1,"));
  EXPECT_EQ(error.message, "expected \"methodName\" to be a string");

  // Right after the completing value.
  line = R"j({"methodName":"m()","compilationId":7 x)j";
  EXPECT_EQ(Invalid(line).message, "expected \"compilationId\" to be a string");

  // Inside the completing value: before the stop point.
  line = R"j({"methodName":1,"compilationId":"abc)j";
  error = Invalid(line);
  EXPECT_EQ(error.column, line.size() + 1);
  EXPECT_EQ(error.message, "expected a closing quotation mark");

  // The scan also stops at the record's '}': trailing garbage loses to the missing key.
  line = R"j({"methodName":"m()"} x)j";
  EXPECT_THAT(Invalid(line).message, HasSubstr("missing required key \"compilationId\""));

  // A malformed root name is reported before syntax errors after the stop point.
  line = R"j({"methodName":"m%%x","compilationId":"1","inliningTree":})j";
  EXPECT_THAT(Invalid(line).message, HasSubstr("malformed multi-method name"));

  // Valid header, later syntax error: the syntax error beats tree errors.
  line = R"j({"methodName":"m()","compilationId":"1","inliningTree":5,"x":[1,]})j";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "]"));
  EXPECT_EQ(error.message, "expected a JSON value");
}

// ---------------------------------------------------------------------------------------------
// Syntax errors and the line as a whole.

TEST(RecordReaderTest, SyntaxErrorColumns) {
  RecordError error = Invalid("");
  EXPECT_EQ(error.column, 1u);
  EXPECT_EQ(error.message, "expected a JSON value, found an empty line");

  error = Invalid("   ");
  EXPECT_EQ(error.column, 4u);
  EXPECT_EQ(error.message, "expected a JSON value, found an empty line");

  std::string line = R"j({"methodName":"b()")j";  // truncated
  error = Invalid(line);
  EXPECT_EQ(error.column, 20u);
  EXPECT_EQ(error.message, "expected ',' or '}' after an object member");

  line = R"j({"methodName":"b()","compilationId":"1","inliningTree":{"methodName":"x.Y)j";
  error = Invalid(line);
  EXPECT_EQ(error.column, line.size() + 1);
  EXPECT_EQ(error.message, "expected a closing quotation mark");

  line = Record(kLeaf) + " x";
  error = Invalid(line);
  EXPECT_EQ(error.column, line.size());
  EXPECT_EQ(error.message, "expected the end of the line after the JSON value");

  line = Record(kLeaf) + Record(kLeaf);
  EXPECT_EQ(Invalid(line).column, Record(kLeaf).size() + 1);

  line = R"j({"a" 1})j";
  error = Invalid(line);
  EXPECT_EQ(error.column, 6u);
  EXPECT_EQ(error.message, "expected ':' after the key");

  line = R"j({"a":1,})j";
  error = Invalid(line);
  EXPECT_EQ(error.column, 8u);
  EXPECT_EQ(error.message, "expected a quoted key");

  EXPECT_EQ(Invalid(R"j({"a":01})j").column, 7u);
  EXPECT_EQ(Invalid(R"j({"a":"\q"})j").message, "expected a valid escape character after '\\'");
  EXPECT_EQ(Invalid("{\"a\":\"x\ty\"}").message,
            "expected no raw control character inside a string");
  // RapidJSON 1.1's SSE2 string scan compares with 0x19, not 0x1f: raw 0x1a-0x1f after the first
  // bytes of a string got through and the record was taken as valid. Every control character, at
  // every distance from the string's start (the scan works in 16-byte blocks), must be refused
  // at its own column; escaped, they are valid.
  for (int c = 0; c < 0x20; ++c) {
    for (size_t before : {0, 1, 5, 15, 16, 17, 31, 40, 1200}) {
      SCOPED_TRACE(std::to_string(c) + " after " + std::to_string(before));
      std::string with = "{\"a\":\"" + std::string(before, 'x') + std::string(1, char(c)) + "\"}";
      error = Invalid(with);
      EXPECT_EQ(error.column, 7 + before);
      EXPECT_EQ(error.message, c == 0 ? "expected JSON text, found a NUL byte"
                                      : "expected no raw control character inside a string");
    }
  }
  // An earlier syntax error is still the one reported; a later one is not.
  error = Invalid("{\"a\":[1,,\"xxxxxxxxxxxxxxxxxxxx\x1e\"]}");
  EXPECT_EQ(error.column, 9u);  // the second comma
  error = Invalid("{\"a\":\"xxxxxxxxxxxxxxxxxxxx\x1f\",,}");
  EXPECT_EQ(error.column, 27u);
  EXPECT_EQ(error.message, "expected no raw control character inside a string");

  // RapidJSON rejects lone surrogate escapes.
  EXPECT_EQ(Invalid(R"j({"a":"\ud800"})j").message,
            "expected a valid UTF-16 surrogate pair in \\u escapes");
  // Numbers beyond the double range are valid JSON (they read as infinities): the error is the
  // next one, and a syntax error after such a number keeps its exact column.
  EXPECT_EQ(Invalid(R"j({"a":1e400})j").message,
            "missing required key \"methodName\" (a string) in the compilation unit");
  EXPECT_EQ(Invalid(R"j({"a":-1.5E999 x})j").column, 15u);
}

TEST(RecordReaderTest, RecordMustBeAnObject) {
  for (std::string_view line : {"[1]", "5", "\"x\"", "null", "  [1,", "x"}) {
    RecordError error = Invalid(line);
    EXPECT_EQ(error.column, line.find_first_not_of(' ') + 1) << line;
    EXPECT_EQ(error.message, "expected the record to be a JSON object") << line;
  }
}

TEST(RecordReaderTest, NulBytesAreRejected) {
  using namespace std::string_literals;
  std::string valid = Record(kLeaf);
  // After a complete record (RapidJSON alone would stop there and accept it).
  std::string line = valid + "\0"s;
  RecordError error = Invalid(line);
  EXPECT_EQ(error.column, valid.size() + 1);
  EXPECT_EQ(error.message, "expected JSON text, found a NUL byte");
  line = valid + " \0 "s;
  EXPECT_EQ(Invalid(line).column, valid.size() + 2);
  // Inside a string of the header.
  line = valid;
  line[line.find("a.A.m") + 2] = '\0';
  error = Invalid(line);
  EXPECT_EQ(error.column, line.find('\0') + 1);
  EXPECT_EQ(error.message, "expected JSON text, found a NUL byte");
  // Inside the trees (after the header's stop point: still a syntax error before tree checks).
  line = valid;
  line[line.find("RootPhase") + 1] = '\0';
  error = Invalid(line);
  EXPECT_EQ(error.column, line.find('\0') + 1);
  // As the only content.
  EXPECT_EQ(Invalid("\0"s).column, 1u);
  // An escaped NUL is just a character.
  line = R"j({"methodName":"a\u0000()","compilationId":"1","inliningTree":)j" + std::string(kLeaf) +
         R"j(,"optimizationTree":)j" + std::string(kRootPhase) + "}";
  EXPECT_EQ(Header(line).method_name, "a\0()"s);
}

// ---------------------------------------------------------------------------------------------
// Inlining-tree nodes (formats.md §3.4, §3.5).

TEST(RecordReaderTest, InliningRequiredKeysMissing) {
  const std::string full = R"j("callsiteBci":1,"inlined":false,"indirect":false,"alive":true)j";
  for (std::string key : {"callsiteBci", "inlined", "indirect", "alive"}) {
    for (bool null_value : {false, true}) {
      std::string members = full;
      size_t start = members.find("\"" + key + "\"");
      size_t end = members.find(',', start);
      if (end == std::string::npos) end = members.size();
      members.replace(start, end - start, null_value ? "\"" + key + "\":null" : "\"zz\":0");
      std::string line = WithInvokes("[{" + members + "}]");
      RecordError error = Invalid(line);
      EXPECT_EQ(error.column, ColumnOf(line, "[{") + 1) << line;
      std::string type =
          key == "callsiteBci" ? "an integer between -2147483648 and 2147483647" : "a boolean";
      EXPECT_EQ(error.message,
                "missing required key \"" + key + "\" (" + type + ") in an inlining-tree node")
          << line;
    }
  }
}

TEST(RecordReaderTest, InliningWrongTypes) {
  struct Case {
    std::string extra;
    std::string value;  // the offending value as it appears in `extra`
    std::string message;
  };
  std::vector<Case> cases = {
      {R"j("methodName":5)j", "5", "expected \"methodName\" to be a string or null"},
      {R"j("methodName":"x%%y")j", "\"x%%y\"", "malformed multi-method name \"x%%y\""},
      {R"j("reason":"r")j", "\"r\"", "expected \"reason\" to be an array of strings or null"},
      {R"j("reason":["a",3])j", "3", "expected a string in \"reason\""},
      {R"j("reason":["a",null])j", "null", "expected a string in \"reason\""},
      {R"j("receiverTypeProfile":[])j", "[]",
       "expected \"receiverTypeProfile\" to be an object or null"},
      {R"j("receiverTypeProfile":{"mature":1})j", "1}", "expected \"mature\" to be a boolean"},
      {R"j("receiverTypeProfile":{"profiledTypes":[]})j", "{\"p",
       "missing required key \"mature\" (a boolean) in a receiver-type profile"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":{}})j", "{}",
       "expected \"profiledTypes\" to be an array of objects or null"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":[7]})j", "7",
       "expected an object in \"profiledTypes\""},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":[{"probability":1}]})j",
       "{\"probability", "missing required key \"typeName\" (a string) in a profiled type"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":[{"typeName":1}]})j", "1}",
       "expected \"typeName\" to be a string"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":[{"typeName":"T"}]})j",
       "{\"typeName", "missing required key \"probability\" (a number) in a profiled type"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":)j"
       R"j([{"typeName":"T","probability":"1"}]})j",
       "\"1\"", "expected \"probability\" to be a number"},
      {R"j("receiverTypeProfile":{"mature":true,"profiledTypes":)j"
       R"j([{"typeName":"T","probability":1,"concreteMethodName":false}]})j",
       "false", "expected \"concreteMethodName\" to be a string or null"},
      {R"j("invokes":{})j", "{}", "expected \"invokes\" to be an array of objects or null"},
      {R"j("invokes":[[]])j", "[]]", "expected an object in \"invokes\""},
      {R"j("invokes":[null])j", "null", "expected an object in \"invokes\""},
  };
  for (const Case& c : cases) {
    std::string line = WithInvokes("[" + Node(c.extra) + "]");
    RecordError error = Invalid(line);
    EXPECT_EQ(error.message, c.message) << line;
    size_t node = line.find("[{\"callsiteBci\"") + 1;
    size_t extra = line.find(c.extra, node);
    EXPECT_EQ(error.column, line.find(c.value, extra) + 1) << line;
  }
  std::vector<std::pair<std::string, std::string>> scalars = {
      {"inlined", "\"true\""}, {"indirect", "0"}, {"alive", "[]"}, {"callsiteBci", "\"1\""}};
  for (const auto& [key, value] : scalars) {
    std::string node = Node("");
    // "key":<value>,"zz":<old value>
    node.replace(node.find(key) + key.size() + 2, 0, value + ",\"zz\":");
    std::string line = WithInvokes("[" + node + "]");
    RecordError error = Invalid(line);
    EXPECT_EQ(error.column, line.find(value, line.find("[{")) + 1) << line;
    EXPECT_THAT(error.message, HasSubstr("expected \"" + key + "\" to be ")) << line;
  }
}

TEST(RecordReaderTest, NullEqualsAbsentForOptionalKeys) {
  RecordTrees trees = Parse(WithInvokes(
      "[" + Node(R"j("methodName":null,"reason":null,"receiverTypeProfile":null,"invokes":null)j") +
      "]"));
  EXPECT_EQ(trees.inlining_tree.nodes.size(), 2u);
}

TEST(RecordReaderTest, InliningCheckOrder) {
  // Own checks follow the table order, not the JSON order.
  std::string line = WithInvokes(R"j([{"alive":"no","callsiteBci":1.5,"indirect":false}])j");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"callsiteBci\""));
  line = WithInvokes(R"j([{"invokes":5,"reason":5,"callsiteBci":1,"inlined":1}])j");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"inlined\""));
  line = WithInvokes(R"j([{"invokes":5,"alive":true,"reason":5,"callsiteBci":1,"inlined":true}])j");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"reason\""));
  line = WithInvokes(R"j([{"invokes":5,"methodName":7,"callsiteBci":"x"}])j");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"methodName\""));
  // A node's own fields before its children's.
  line = WithInvokes("[" + Node(R"j("invokes":[7],"receiverTypeProfile":3)j") + "]");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"receiverTypeProfile\""));
  // Depth first: the first child's subtree before the second child.
  line = WithInvokes("[" + Node(R"j("invokes":[)j" + Node("", "\"deep\"") + "]") + "," +
                     Node("", "\"shallow\"") + "]");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "\"deep\""));
  line = WithInvokes("[" + Node(R"j("invokes":[)j" + Node("", "\"deep\"") + "]") + ",5]");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "\"deep\""));
  // The inlining tree before the optimization tree, whatever the key order.
  line = R"j({"methodName":"m()","compilationId":"1","optimizationTree":{"phaseName":1},)j"
         R"j("inliningTree":{"callsiteBci":"x"}})j";
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"callsiteBci\""));
}

TEST(RecordReaderTest, MissingTrees) {
  std::string head = R"j({"methodName":"m()","compilationId":"1")j";
  std::string line = head + R"j(,"optimizationTree":)j" + std::string(kRootPhase) + "}";
  RecordError error = Invalid(line);
  EXPECT_EQ(error.column, 1u);
  EXPECT_EQ(error.message,
            "missing required key \"inliningTree\" (an object) in the compilation unit");
  line = head + R"j(,"inliningTree":null,"optimizationTree":)j" + std::string(kRootPhase) + "}";
  EXPECT_THAT(Invalid(line).message, HasSubstr("missing required key \"inliningTree\""));
  line = head + R"j(,"inliningTree":[],"optimizationTree":)j" + std::string(kRootPhase) + "}";
  error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "[]"));
  EXPECT_EQ(error.message, "expected \"inliningTree\" to be an object");
  line = head + R"j(,"inliningTree":)j" + std::string(kLeaf) + "}";
  EXPECT_EQ(Invalid(line).message,
            "missing required key \"optimizationTree\" (an object) in the compilation unit");
  line = head + R"j(,"inliningTree":)j" + std::string(kLeaf) + R"j(,"optimizationTree":"R"})j";
  EXPECT_EQ(Invalid(line).message, "expected \"optimizationTree\" to be an object");
}

TEST(RecordReaderTest, DuplicateKeysLaterValueWins) {
  // The earlier value's validity does not matter.
  RecordTrees trees = Parse(WithInvokes(
      "[" + Node(R"j("methodName":5,"methodName":"x()","reason":[1],"reason":["r"])j") + "]"));
  const InliningTree& tree = trees.inlining_tree;
  const InliningTreeNode& child = tree.node(tree.node(tree.root).children.at(0));
  EXPECT_EQ(child.method_name, "x()");
  EXPECT_THAT(child.reasons, ElementsAre("r"));
  // A later invalid value makes the record invalid.
  std::string line = WithInvokes("[" + Node(R"j("callsiteBci":"x")j") + "]");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "\"x\""));
  // Replaced subtrees leave no orphan nodes behind.
  trees = Parse(WithInvokes(
      "[" +
      Node(R"j("invokes":[{"bad":1},)j" + Node("") + R"j(],"invokes":[)j" + Node("", "9") + "]") +
      "]"));
  ASSERT_EQ(trees.inlining_tree.nodes.size(), 3u);
  EXPECT_EQ(trees.inlining_tree.Preorder().size(), 3u);
  EXPECT_EQ(trees.inlining_tree.node(2).bci, 9);
  // The same for the trees themselves and for phases.
  line = R"j({"methodName":"m()","compilationId":"1","inliningTree":5,"inliningTree":)j" +
         std::string(kLeaf) + R"j(,"optimizationTree":{"phaseName":"A","optimizations":[)j" +
         R"j({"phaseName":"X"}],"optimizations":[{"phaseName":"Y"}],"phaseName":"B"}})j";
  trees = Parse(line);
  const OptimizationTree& opt = trees.optimization_tree;
  ASSERT_EQ(opt.nodes.size(), 2u);
  EXPECT_EQ(opt.node(opt.root).name, "B");
  EXPECT_EQ(opt.node(opt.node(opt.root).children.at(0)).name, "Y");
}

// ---------------------------------------------------------------------------------------------
// Numbers.

TEST(RecordReaderTest, Int32Fields) {
  struct Case {
    std::string literal;
    int32_t bci;
  };
  for (const Case& c : std::vector<Case>{{"1e1", 10},
                                         {"4.0", 4},
                                         {"-0", 0},
                                         {"1E+1", 10},
                                         {"100e-2", 1},
                                         {"-2147483648", INT32_MIN},
                                         {"2147483647", INT32_MAX},
                                         {"2.147483647e9", INT32_MAX},
                                         {"0.5e1", 5}}) {
    RecordTrees trees = Parse(WithInvokes("[" + Node("", c.literal) + "]"));
    const InliningTree& tree = trees.inlining_tree;
    EXPECT_EQ(tree.node(tree.node(tree.root).children.at(0)).bci, c.bci) << c.literal;
    trees = Parse(
        WithOptimizations("[" + Optimization("\"position\":{\"m()\":" + c.literal + "}") + "]"));
    EXPECT_EQ(FirstChild(trees).position, (Position{{"m()", c.bci}})) << c.literal;
  }
  for (std::string literal : {"1.5", "3000000000", "2147483648", "-2147483649", "1e10", "0.55e1",
                              "99999999999999999999", "1e-1"}) {
    std::string line = WithInvokes("[" + Node("", literal) + "]");
    RecordError error = Invalid(line);
    EXPECT_EQ(error.column, ColumnOf(line, literal)) << literal;
    EXPECT_EQ(error.message,
              "expected \"callsiteBci\" to be an integer between -2147483648 and 2147483647");
    line = WithOptimizations("[" + Optimization("\"position\":{\"m()\":" + literal + "}") + "]");
    error = Invalid(line);
    EXPECT_EQ(error.column, ColumnOf(line, literal)) << literal;
    EXPECT_EQ(error.message,
              "expected the bci of \"m()\" in \"position\" to be an integer between "
              "-2147483648 and 2147483647");
  }
}

// ---------------------------------------------------------------------------------------------
// Optimization trees (formats.md §3.6-3.8).

TEST(RecordReaderTest, PhaseOrOptimization) {
  // "phaseName": null makes an optimization entry that keeps phaseName as a property.
  RecordTrees trees = Parse(WithOptimizations(
      "[" + Optimization(R"j("phaseName":null,"optimizations":[{"phaseName":"P"}])j") + "]"));
  const OptimizationTreeNode& entry = FirstChild(trees);
  EXPECT_FALSE(entry.is_phase);
  EXPECT_TRUE(entry.children.empty());
  EXPECT_THAT(PropertyTexts(entry),
              ElementsAre("phaseName=null", "optimizations=[map(size=1, {(phaseName,P)})]"));
  EXPECT_EQ(trees.optimization_tree.nodes.size(), 2u);

  // phaseName after optimizations: still a phase, whose children are parsed as such.
  trees = Parse(WithOptimizations(
      R"j([{"optimizations":[{"optimizationName":"O","eventName":"E"}],"phaseName":"P",)j"
      R"j("optimizationName":5,"position":"bad"}])j"));
  const OptimizationTreeNode& phase = FirstChild(trees);
  EXPECT_TRUE(phase.is_phase);
  EXPECT_EQ(phase.name, "P");
  ASSERT_EQ(phase.children.size(), 1u);
  EXPECT_EQ(trees.optimization_tree.node(phase.children[0]).name, "O");

  // A later null phaseName turns the item into an optimization; an earlier null does not.
  trees = Parse(WithOptimizations(R"j([{"phaseName":"P","phaseName":null,"optimizationName":"O",)j"
                                  R"j("eventName":"E","optimizations":5}])j"));
  EXPECT_FALSE(FirstChild(trees).is_phase);
  EXPECT_THAT(PropertyTexts(FirstChild(trees)), ElementsAre("phaseName=null", "optimizations=5"));
  trees = Parse(WithOptimizations(R"j([{"phaseName":null,"phaseName":"P"}])j"));
  EXPECT_TRUE(FirstChild(trees).is_phase);

  // A non-null, non-string phaseName is a phase with a bad name.
  std::string line =
      WithOptimizations(R"j([{"phaseName":5,"optimizationName":"O","eventName":"E"}])j");
  RecordError error = Invalid(line);
  EXPECT_EQ(error.column, ColumnOf(line, "5"));
  EXPECT_EQ(error.message, "expected \"phaseName\" to be a string");

  // An optimization's "optimizations" value is a property, whatever it holds.
  trees = Parse(WithOptimizations("[" + Optimization(R"j("optimizations":[5,{"x":null}])j") + "]"));
  EXPECT_THAT(PropertyTexts(FirstChild(trees)),
              ElementsAre("optimizations=[5, map(size=1, {(x,null)})]"));
}

TEST(RecordReaderTest, OptimizationTreeErrors) {
  struct Case {
    std::string tree;   // the value of "optimizationTree"
    std::string value;  // where the error points
    std::string message;
  };
  std::vector<Case> cases = {
      {R"j({"optimizations":[]})j", "{\"optimizations",
       "missing required key \"phaseName\" (a string) in an optimization phase"},
      {R"j({"phaseName":null})j", "{\"phaseName",
       "missing required key \"phaseName\" (a string) in an optimization phase"},
      {R"j({"phaseName":["R"]})j", "[\"R\"]", "expected \"phaseName\" to be a string"},
      {R"j({"phaseName":"R","optimizations":{}})j", "{}",
       "expected \"optimizations\" to be an array of objects or null"},
      {R"j({"phaseName":"R","optimizations":[1]})j", "1]",
       "expected an object in \"optimizations\""},
      {R"j({"phaseName":"R","optimizations":[{"eventName":"E"}]})j", "{\"eventName",
       "missing required key \"optimizationName\" (a string) in an optimization entry"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":"O","eventName":null}]})j",
       "{\"optimizationName",
       "missing required key \"eventName\" (a string) in an optimization entry"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":1,"eventName":"E"}]})j", "1,",
       "expected \"optimizationName\" to be a string"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":"O","eventName":true}]})j", "true",
       "expected \"eventName\" to be a string"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":"O","eventName":"E",)j"
       R"j("position":[]}]})j",
       "[]}", "expected \"position\" to be an object or null"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":"O","eventName":"E",)j"
       R"j("position":{"a()":"1"}}]})j",
       "\"1\"",
       "expected the bci of \"a()\" in \"position\" to be an integer between "
       "-2147483648 and 2147483647"},
      {R"j({"phaseName":"R","optimizations":[{"optimizationName":"O","eventName":"E",)j"
       R"j("position":{"a()":1,"b%%c":2}}]})j",
       "\"b%%c\"", "malformed multi-method name \"b%%c\""},
  };
  for (const Case& c : cases) {
    std::string line = Record(kLeaf, c.tree);
    RecordError error = Invalid(line);
    EXPECT_EQ(error.message, c.message) << line;
    EXPECT_EQ(error.column, line.find(c.value, line.find("optimizationTree")) + 1) << line;
  }
  // Check order inside an entry, and depth first across phases.
  std::string line = WithOptimizations(R"j([{"position":5,"eventName":1,"optimizationName":2}])j");
  EXPECT_THAT(Invalid(line).message, HasSubstr("\"optimizationName\""));
  line = WithOptimizations(
      R"j([{"phaseName":"A","optimizations":[{"phaseName":1}]},{"phaseName":2}])j");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "1}"));
  // Position: the key of an entry before its value.
  line = WithOptimizations("[" + Optimization(R"j("position":{"a%%b":1.5})j") + "]");
  EXPECT_THAT(Invalid(line).message, HasSubstr("malformed"));
  // Null / empty positions.
  RecordTrees trees = Parse(WithOptimizations("[" + Optimization(R"j("position":null)j") + "," +
                                              Optimization(R"j("position":{})j") + "]"));
  const OptimizationTree& tree = trees.optimization_tree;
  EXPECT_TRUE(tree.node(1).position.empty());
  EXPECT_TRUE(tree.node(2).position.empty());
}

TEST(RecordReaderTest, PositionDuplicatesAndMultiMethodKeys) {
  RecordTrees trees = Parse(
      WithOptimizations("[" +
                        Optimization(R"j("position":{"c.C.h%%K2()":4,"b.B.g()":3,"c.C.h%%K2()":5,)j"
                                     R"j("a.A.m%%K(int)":2})j") +
                        "]"));
  EXPECT_EQ(FirstChild(trees).position,
            (Position{{"c.C.h()", 5}, {"b.B.g()", 3}, {"a.A.m(int)", 2}}));
  // An earlier invalid value of a repeated key does not matter; the later one does.
  trees = Parse(WithOptimizations("[" + Optimization(R"j("position":{"a()":1.5,"a()":1})j") + "]"));
  EXPECT_EQ(FirstChild(trees).position, (Position{{"a()", 1}}));
  std::string line =
      WithOptimizations("[" + Optimization(R"j("position":{"a()":1,"b()":2,"a()":1.5})j") + "]");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "1.5"));
  // Many keys (hash-map collapse path).
  std::string position;
  for (int i = 0; i < 40; ++i) {
    position += "\"m" + std::to_string(i % 20) + "()\":" + std::to_string(i) + ",";
  }
  position.pop_back();
  trees = Parse(WithOptimizations("[" + Optimization("\"position\":{" + position + "}") + "]"));
  const Position& collapsed = FirstChild(trees).position;
  ASSERT_EQ(collapsed.size(), 20u);
  EXPECT_EQ(collapsed[0], (PositionEntry{"m0()", 20}));
  EXPECT_EQ(collapsed[19], (PositionEntry{"m19()", 39}));
}

TEST(RecordReaderTest, MultiMethodNamesInTrees) {
  std::string line = R"j({"methodName":"a.A%%Root.m()","compilationId":"1","inliningTree":)j"
                     R"j({"methodName":"a.A.m%%Root()","callsiteBci":-1,"inlined":true,)j"
                     R"j("indirect":false,"alive":false,"invokes":[)j" +
                     Node(R"j("methodName":"foo.Bar%%RemoveMe(Baz)")j") +
                     R"j(]},"optimizationTree":)j" + std::string(kRootPhase) + "}";
  EXPECT_EQ(Header(line).method_name, "a.A%%Root.m()");
  RecordTrees trees = Parse(line);
  const InliningTree& tree = trees.inlining_tree;
  EXPECT_EQ(tree.node(tree.root).method_name, "a.A.m()");
  EXPECT_EQ(tree.node(tree.node(tree.root).children.at(0)).method_name, "foo.Bar(Baz)");

  for (std::string bad : {"a%%b", "a(x)%%k", "a%%k(x%%y)"}) {
    line = WithInvokes("[" + Node("\"methodName\":\"" + bad + "\"") + "]");
    RecordError error = Invalid(line);
    EXPECT_EQ(error.column, ColumnOf(line, "\"" + bad + "\"")) << bad;
    EXPECT_EQ(error.message, "malformed multi-method name \"" + bad + "\"");
  }
  // The root inlining node's name is checked too.
  line = R"j({"methodName":"m()","compilationId":"1","inliningTree":{"methodName":"r%%",)j"
         R"j("callsiteBci":-1,"inlined":true,"indirect":false,"alive":false},)j"
         R"j("optimizationTree":)j" +
         std::string(kRootPhase) + "}";
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "\"r%%\""));
}

// ---------------------------------------------------------------------------------------------
// Properties (formats.md §3.7, §7.1) and their equality (algorithms.md §9.2 + Decisions).

TEST(RecordReaderTest, PropertyOrderAndDuplicates) {
  RecordTrees trees = Parse(WithOptimizations(
      R"j([{"z":1,"optimizationName":"O","a":2,"position":{"m()":1},"z":3,"eventName":"E",)j"
      R"j("nothing":null,"optimizationName":"O2"}])j"));
  const OptimizationTreeNode& entry = FirstChild(trees);
  EXPECT_EQ(entry.name, "O2");
  EXPECT_THAT(PropertyTexts(entry), ElementsAre("z=3", "a=2", "nothing=null"));
}

TEST(RecordReaderTest, PropertyRendering) {
  struct Case {
    std::string json;
    std::string rendered;
  };
  std::vector<Case> cases = {
      {"7", "7"},
      {"-3", "-3"},
      {"-0", "0"},
      {"4294967297", "4294967297"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"9223372036854775808", "9.223372036854776E18"},
      {"18446744073709551616", "1.8446744073709552E19"},
      {"1e5", "100000"},
      {"0.5", "0.5"},
      {"1.0", "1.0"},
      {"-0.0", "-0.0"},
      {"1.0E7", "1.0E7"},
      {"1.0E10", "1.0E10"},
      {"0.0001", "1.0E-4"},
      {"0.001", "0.001"},
      {"150000.0", "150000.0"},
      {"1.23456789E8", "1.23456789E8"},
      {"1e-1", "0.1"},
      {R"j("say \"hi\"\\")j", "say \"hi\"\\"},
      {R"j("a\nb\tc")j", "a\nb\tc"},
      {R"j("")j", ""},
      {"true", "true"},
      {"false", "false"},
      {"null", "null"},
      {"[]", "[]"},
      {R"j([1,"a",null,[2.5]])j", "[1, a, null, [2.5]]"},
      {"{}", "map(size=0, {})"},
      {R"j({"k":1})j", "map(size=1, {(k,1)})"},
      {R"j({"k":1,"z":[true]})j", "map(size=2, {(k,1),(z,[true])})"},
      {R"j({"k":1,"j":{"x":[]},"k":{"a":1,"a":2}})j",
       "map(size=2, {(k,map(size=1, {(a,2)})),(j,map(size=1, {(x,[])}))})"},
      {R"j([{},[],{"a":[{}]}])j", "[map(size=0, {}), [], map(size=1, {(a,[map(size=0, {})])})]"},
  };
  for (const Case& c : cases) EXPECT_EQ(Prop(c.json).rendered, c.rendered) << c.json;
  // Many keys in a nested object (hash-map collapse path) keep the first-occurrence order.
  std::string object = "{";
  for (int i = 0; i < 30; ++i) {
    object += "\"k" + std::to_string(i % 17) + "\":" + std::to_string(i) + ",";
  }
  object.back() = '}';
  std::string rendered = Prop(object).rendered;
  EXPECT_EQ(rendered.substr(0, 30), "map(size=17, {(k0,17),(k1,18),");
  EXPECT_NE(rendered.find("(k12,29),(k13,13)"), std::string::npos) << rendered;
}

TEST(RecordReaderTest, PropertyEquality) {
  auto same = [](std::string_view a, std::string_view b) { return Prop(a) == Prop(b); };
  EXPECT_TRUE(same("1", "1"));
  EXPECT_TRUE(same("1", "1e0"));
  EXPECT_TRUE(same("0.5", "5e-1"));   // 5e-1 is the double 0.5
  EXPECT_FALSE(same("1", "1.0"));     // an integer and a double differ
  EXPECT_FALSE(same("1", "\"1\""));   // same rendering, different types
  EXPECT_FALSE(same("0.0", "-0.0"));  // bit-identical doubles only
  EXPECT_TRUE(same("0.10", "0.1"));
  EXPECT_FALSE(same("null", "\"null\""));
  EXPECT_FALSE(same("true", "\"true\""));
  EXPECT_TRUE(same("[1,[2]]", "[1,[2]]"));
  EXPECT_FALSE(same("[1,[2]]", "[[1],2]"));
  EXPECT_FALSE(same(R"j(["ab"])j", R"j(["a","b"])j"));
  EXPECT_FALSE(same(R"j(["a, b"])j", R"j(["a","b"])j"));  // same rendering
  EXPECT_TRUE(same(R"j({"a":1,"b":[2]})j", R"j({"a":1,"b":[2]})j"));
  EXPECT_FALSE(same(R"j({"a":1,"b":2})j", R"j({"b":2,"a":1})j"));  // key order matters
  EXPECT_FALSE(same(R"j({"a":1})j", R"j({"a":1.0})j"));
  EXPECT_FALSE(same(R"j({"a":1})j", R"j({"a":1,"b":1})j"));
  EXPECT_TRUE(same(R"j({"a":0,"b":2,"a":1})j", R"j({"a":1,"b":2})j"));  // collapsed first
  EXPECT_FALSE(same(R"j({"a,b":1})j", R"j({"a":{"b":1}})j"));
  EXPECT_FALSE(same("{}", "[]"));
  EXPECT_FALSE(same("4294967297", "4294967297.0"));
}

// ---------------------------------------------------------------------------------------------
// Depth: nothing may recurse on the nesting of the input.

constexpr int kDepth = 100000;

TEST(DeepRecordTest, DeepInliningTree) {
  std::string open =
      R"j({"callsiteBci":1,"inlined":true,"indirect":false,"alive":false,"invokes":[)j";
  std::string inlining;
  for (int i = 0; i < kDepth; ++i) inlining += open;
  inlining += R"j({"callsiteBci":2,"inlined":true,"indirect":false,"alive":false})j";
  for (int i = 0; i < kDepth; ++i) inlining += "]}";
  std::string line = Record(inlining);
  RecordTrees trees = Parse(line);
  ASSERT_EQ(trees.inlining_tree.nodes.size(), static_cast<size_t>(kDepth) + 1);
  std::vector<NodeIndex> preorder = trees.inlining_tree.Preorder();
  ASSERT_EQ(preorder.size(), static_cast<size_t>(kDepth) + 1);
  EXPECT_EQ(trees.inlining_tree.node(preorder.back()).bci, 2);
  // An error at the bottom is found, too.
  line.replace(line.find("\"callsiteBci\":2"), 15, "\"callsiteBci\":true");
  EXPECT_EQ(Invalid(line).column, ColumnOf(line, "true,\"inlined\""));
}

TEST(DeepRecordTest, DeepPhases) {
  std::string tree;
  for (int i = 0; i < kDepth; ++i) tree += R"j({"phaseName":"P","optimizations":[)j";
  tree += R"j({"optimizationName":"O","eventName":"E","position":{"m()":1}})j";
  for (int i = 0; i < kDepth; ++i) tree += "]}";
  RecordTrees trees = Parse(Record(kLeaf, tree));
  ASSERT_EQ(trees.optimization_tree.nodes.size(), static_cast<size_t>(kDepth) + 1);
  EXPECT_EQ(trees.optimization_tree.Preorder().size(), static_cast<size_t>(kDepth) + 1);
}

TEST(DeepRecordTest, DeepOptimizationEntriesAndValues) {
  // Nested entries without phaseName: only the outermost is an entry, the rest is its value.
  std::string children;
  for (int i = 0; i < kDepth; ++i) {
    children += R"j([{"optimizationName":"O","eventName":"E","optimizations":)j";
  }
  children += "[]";
  for (int i = 0; i < kDepth; ++i) children += "}]";
  RecordTrees trees = Parse(WithOptimizations(children));
  ASSERT_EQ(trees.optimization_tree.nodes.size(), 2u);
  const OptimizationTreeNode& entry = FirstChild(trees);
  ASSERT_EQ(entry.properties.size(), 1u);
  EXPECT_EQ(entry.properties[0].key, "optimizations");
  const std::string& rendered = entry.properties[0].value.rendered;
  std::string expected;
  for (int i = 1; i < kDepth; ++i) {
    expected += "[map(size=3, {(optimizationName,O),(eventName,E),(optimizations,";
  }
  expected += "[]";
  for (int i = 1; i < kDepth; ++i) expected += ")})]";
  EXPECT_TRUE(rendered == expected) << rendered.substr(0, 200);

  std::string arrays(kDepth, '[');
  arrays += std::string(kDepth, ']');
  PropertyValue value = Prop(arrays);
  EXPECT_EQ(value.rendered, arrays);
  std::string objects;
  for (int i = 0; i < kDepth; ++i) objects += "{\"a\":";
  objects += "1";
  objects += std::string(kDepth, '}');
  value = Prop(objects);
  EXPECT_EQ(value.rendered.size(), kDepth * std::string("map(size=1, {(a,)})").size() + 1);
  EXPECT_EQ(value, Prop(objects));
}

TEST(DeepRecordTest, DeepIgnoredValueAndSyntaxError) {
  std::string deep(kDepth, '[');
  std::string line =
      R"j({"ignored":)j" + deep + std::string(kDepth, ']') + "," + Record(kLeaf).substr(1);
  Parse(line);
  line = R"j({"ignored":)j" + deep;
  EXPECT_EQ(Invalid(line).column, line.size() + 1);
}

}  // namespace
}  // namespace profdiff
