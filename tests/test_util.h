#ifndef PROFDIFF_TESTS_TEST_UTIL_H_
#define PROFDIFF_TESTS_TEST_UTIL_H_

// Helpers shared by the tests: temporary directories, running the profdiff binary, building
// trees by hand, and the example inputs of spec/output.md §11.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/json_text.h"
#include "profdiff/model/optimization_tree.h"
#include "test_paths.h"

namespace profdiff::test {

namespace fs = std::filesystem;

// Joins the lines of `pretty`, dropping every line break and the indentation after it. Lets a
// one-line JSON record be written over several source lines (never break inside a string).
inline std::string Compact(std::string_view pretty) {
  std::string out;
  bool line_start = true;
  for (char c : pretty) {
    if (c == '\n') {
      line_start = true;
      continue;
    }
    if (line_start && (c == ' ' || c == '\t')) continue;
    line_start = false;
    out.push_back(c);
  }
  return out;
}

// Lines of `text` ("a\nb\n" -> {"a", "b"}); a final line without '\n' counts too.
inline std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// `text` without its first character if that is a line break, so that an expected output can
// start on the line after R"(.
inline std::string Block(std::string_view text) {
  if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  return std::string(text);
}

// A fresh directory below the system temp directory, removed with its contents at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "profdiff_test_XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = fs::canonical(pattern).string();
  }
  ~TempDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string Path(std::string_view relative) const { return path_ + "/" + std::string(relative); }

  // Writes `text` to `relative` (parent directories created); returns the absolute path.
  std::string Write(std::string_view relative, std::string_view text) const {
    std::string full = Path(relative);
    fs::create_directories(fs::path(full).parent_path());
    std::ofstream(full, std::ios::binary) << text;
    return full;
  }
  // Writes one record per line, each terminated by '\n'.
  std::string WriteLines(std::string_view relative, const std::vector<std::string>& lines) const {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return Write(relative, text);
  }
  std::string MakeDir(std::string_view relative) const {
    std::string full = Path(relative);
    fs::create_directories(full);
    return full;
  }

 private:
  std::string path_;
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct RunResult {
  std::string out;
  std::string err;
  int exit_code = -1;
};

// In a forked child: replaces it with `binary` run with `args` (exit status 127 if that fails).
[[noreturn]] inline void ExecBinary(const std::string& binary,
                                    const std::vector<std::string>& args) {
  std::vector<std::string> copies = args;
  std::vector<char*> argv{const_cast<char*>(binary.c_str())};
  for (std::string& arg : copies) argv.push_back(arg.data());
  argv.push_back(nullptr);
  execv(binary.c_str(), argv.data());
  _exit(127);
}

// Runs the profdiff binary once with `args` in the working directory `cwd` (the test's own if
// empty), capturing stdout, stderr and the exit code.
inline RunResult RunProfdiffOnce(const std::vector<std::string>& args,
                                 const std::string& cwd = "") {
  TempDir capture;
  const std::string out_path = capture.Path("stdout");
  const std::string err_path = capture.Path("stderr");
  RunResult result;
  pid_t pid = fork();
  if (pid == 0) {
    int out_fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0 || err_fd < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
    ExecBinary(test::ProfdiffBinary(), args);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = ReadFile(out_path);
  result.err = ReadFile(err_path);
  return result;
}

// The structured output loses nothing (issue 11): a text run's output is what `render` makes of
// the same run's --format=json stream, exit status included. Checked for every run of the
// end-to-end tests that writes text; runs that choose a format or a command of their own
// (render, help) are left alone.
inline void ExpectJsonRendersBackToText(const std::vector<std::string>& args,
                                        const std::string& cwd, const RunResult& text) {
  for (const std::string& arg : args) {
    if (arg.rfind("--format", 0) == 0 || arg == "render" || arg == "help" || arg == "--help" ||
        arg == "-h" || arg == "--version") {
      return;
    }
  }
  std::vector<std::string> json_args = args;
  json_args.push_back("--format=json");
  RunResult json = RunProfdiffOnce(json_args, cwd);
  EXPECT_EQ(json.exit_code, text.exit_code) << "--format=json of the same run: " << json.err;
  if (json.out.empty()) {  // refused before any output (a command-line error)
    EXPECT_EQ(text.out, "");
    return;
  }
  TempDir dir;
  const std::string stream = dir.Write("stream.jsonl", json.out);
  // The gates are render's own options (they gate the saved stream), so they are given again.
  std::vector<std::string> render_args{"render", stream};
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].rfind("--fail-on", 0) != 0 && args[i].rfind("--fail-min-share", 0) != 0 &&
        args[i].rfind("--require", 0) != 0) {
      continue;
    }
    render_args.push_back(args[i]);
    if (args[i].find('=') == std::string::npos && i + 1 < args.size()) {
      render_args.push_back(args[++i]);
    }
  }
  RunResult rendered = RunProfdiffOnce(render_args);
  EXPECT_EQ(rendered.exit_code, text.exit_code) << rendered.err;
  EXPECT_TRUE(rendered.out == text.out)
      << "render of the --format=json stream differs from the text output of the same run";
}

// RunProfdiffOnce, and for a text run the check that its JSON renders back to the same text.
inline RunResult RunProfdiff(const std::vector<std::string>& args, const std::string& cwd = "") {
  RunResult result = RunProfdiffOnce(args, cwd);
  ExpectJsonRendersBackToText(args, cwd, result);
  return result;
}

// A fixture's reviewed outputs (fixtures/*-example/expected/): each case's file and the command
// that printed it, run in `dir`, whose output must still be the file's, and render back to it.
inline void ExpectOutputsAsReviewed(
    const std::string& dir,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& cases) {
  for (const auto& [expected, args] : cases) {
    RunResult run = RunProfdiff(args, dir);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, ReadFile(dir + "/expected/" + expected)) << expected;
  }
}

// The explanation block at the start of `out` (output.md §2): an unindented title line, then
// only lines "<4*d spaces>- text" with d >= 1. Returns its length in bytes, or nullopt (with
// the reason in `why`) if `out` does not start with such a block.
inline std::optional<size_t> ExplanationLength(std::string_view out, std::string* why) {
  size_t end = out.find('\n');
  if (end == std::string_view::npos || end == 0 || out[0] == ' ') {
    *why = "no unindented title line";
    return std::nullopt;
  }
  size_t pos = end + 1;
  size_t bullets = 0;
  while (pos < out.size()) {
    size_t line_end = out.find('\n', pos);
    if (line_end == std::string_view::npos) break;
    std::string_view line = out.substr(pos, line_end - pos);
    size_t spaces = line.find_first_not_of(' ');
    if (spaces == 0 || spaces == std::string_view::npos) break;  // not a bullet line
    if (line.substr(spaces, 2) != "- " || spaces % 4 != 0) {
      *why = "indented line that is not a bullet: '" + std::string(line) + "'";
      return std::nullopt;
    }
    ++bullets;
    pos = line_end + 1;
  }
  if (bullets == 0) {
    *why = "no bullet lines after the title";
    return std::nullopt;
  }
  return pos;
}

// `out` without its explanation block and, if `blank_after`, the one empty line that must
// follow it. Adds a test failure if the shape is wrong.
inline std::string StripExplanation(const std::string& out, bool blank_after = true) {
  std::string why;
  std::optional<size_t> length = ExplanationLength(out, &why);
  if (!length.has_value()) {
    ADD_FAILURE() << "bad explanation block: " << why << "\n" << out.substr(0, 500);
    return out;
  }
  std::string rest = out.substr(*length);
  if (blank_after) {
    if (rest.empty() || rest[0] != '\n') {
      ADD_FAILURE() << "no empty line after the explanation block:\n" << rest.substr(0, 300);
      return rest;
    }
    return rest.substr(1);
  }
  if (!rest.empty() && rest[0] == '\n') ADD_FAILURE() << "unexpected empty line after the block";
  return rest;
}

// --- Building trees by hand -------------------------------------------------------------------

struct InliningSpec {
  std::optional<std::string> name;
  int32_t bci = -1;
  bool inlined = false;
  bool indirect = false;
  bool alive = false;
  std::vector<std::string> reasons = {};
};

inline NodeIndex AddInlining(InliningTree& tree, NodeIndex parent, const InliningSpec& spec) {
  InliningTreeNode node;
  node.method_name = spec.name;
  node.bci = spec.bci;
  node.inlined = spec.inlined;
  node.indirect = spec.indirect;
  node.alive = spec.alive;
  node.reasons = spec.reasons;
  NodeIndex index = tree.AddNode(std::move(node), parent);
  if (parent == kNoNode) tree.root = index;
  return index;
}

inline NodeIndex AddPhase(OptimizationTree& tree, NodeIndex parent, std::string name) {
  OptimizationTreeNode node;
  node.is_phase = true;
  node.name = std::move(name);
  NodeIndex index = tree.AddNode(std::move(node), parent);
  if (parent == kNoNode) tree.root = index;
  return index;
}

// A property whose Java rendering is `rendered` (canonically a string unless given; as JSON, the
// string `rendered`).
inline Property Prop(std::string key, std::string rendered, std::string canonical = "") {
  if (canonical.empty()) canonical = "s" + std::to_string(rendered.size()) + ":" + rendered;
  std::string json;
  AppendJsonString(rendered, &json);
  return Property{std::move(key),
                  PropertyValue{std::move(rendered), std::move(canonical), std::move(json)}};
}

inline NodeIndex AddOptimization(OptimizationTree& tree, NodeIndex parent, std::string name,
                                 std::string event, Position position = {},
                                 Properties properties = {}) {
  OptimizationTreeNode node;
  node.name = std::move(name);
  node.event_name = std::move(event);
  node.position = std::move(position);
  node.properties = std::move(properties);
  return tree.AddNode(std::move(node), parent);
}

// Parses a record (one line) into trees; adds a failure if it is invalid.
inline RecordTrees ParseTrees(const std::string& record) {
  RecordTrees trees;
  RecordError error;
  EXPECT_TRUE(ParseRecordTrees(record, &trees, &error))
      << "column " << error.column << ": " << error.message;
  return trees;
}

// A minimal record: unit `id` of `method` whose trees are given as JSON objects.
inline std::string Record(const std::string& method, const std::string& id,
                          const std::string& inlining_tree = "",
                          const std::string& optimization_tree = "") {
  std::string inlining =
      inlining_tree.empty()
          ? R"({"methodName":")" + method +
                R"(","callsiteBci":-1,"inlined":true,"indirect":false,"alive":false})"
          : inlining_tree;
  std::string optimization =
      optimization_tree.empty() ? R"({"phaseName":"RootPhase"})" : optimization_tree;
  return R"({"methodName":")" + method + R"(","compilationId":")" + id + R"(","inliningTree":)" +
         inlining + R"(,"optimizationTree":)" + optimization + "}";
}

// --- The example inputs of spec/output.md §11 (one record per constant) -----------------------

inline const std::string kLog1Unit = Compact(R"json(
    {"methodName":"demo.Main.run()","compilationId":"101",
    "inliningTree":{"methodName":"demo.Main.run()","callsiteBci":-1,
    "inlined":true,"reason":null,"indirect":false,"alive":false,
    "invokes":[{"methodName":"demo.Util.check(int)","callsiteBci":12,
    "inlined":false,"reason":["too large"],"indirect":false,
    "alive":true},{"methodName":"demo.Util.add(int, int)",
    "callsiteBci":5,"inlined":true,"reason":["trivial"],
    "indirect":false,"alive":false,"invokes":[{"methodName":"java.lang.Math.max(int, int)",
    "callsiteBci":3,"inlined":true,"reason":["intrinsic",
    "trivial"],"indirect":false,"alive":false}]},{"methodName":"demo.Shape.area()",
    "callsiteBci":20,"inlined":false,"reason":null,"indirect":true,
    "alive":false,"receiverTypeProfile":{"mature":true,
    "profiledTypes":[{"typeName":"demo.Circle","probability":0.875,
    "concreteMethodName":"demo.Circle.area()"},{"typeName":"demo.Square",
    "probability":0.125,"concreteMethodName":"demo.Square.area()"}]},
    "invokes":[{"methodName":"demo.Circle.area()","callsiteBci":20,
    "inlined":true,"reason":null,"indirect":false,"alive":false}]},
    {"methodName":"demo.Shape.perimeter()","callsiteBci":25,
    "inlined":false,"reason":null,"indirect":true,"alive":true,
    "receiverTypeProfile":{"mature":false,"profiledTypes":[
    {"typeName":"demo.Square","probability":1}]}},{"methodName":"demo.Util.log(String)",
    "callsiteBci":30,"inlined":false,"reason":null,"indirect":false,
    "alive":false}]},"optimizationTree":{"phaseName":"RootPhase",
    "optimizations":[{"phaseName":"HighTier","optimizations":[
    {"phaseName":"CanonicalizerPhase","optimizations":[
    {"optimizationName":"Canonicalizer","eventName":"CanonicalReplacement",
    "position":{"demo.Main.run()":8},"replacedNodeClass":"+",
    "canonicalNodeClass":"Constant"}]},{"phaseName":"LoopPeelingPhase",
    "optimizations":[{"optimizationName":"LoopTransformation",
    "eventName":"LoopPeeling","position":{"demo.Main.run()":40},
    "peelings":1}]},{"phaseName":"ConditionalEliminationPhase",
    "optimizations":[{"optimizationName":"ConditionalElimination",
    "eventName":"ConditionReplaced","position":{"demo.Util.add(int, int)":7,
    "demo.Main.run()":5}},{"optimizationName":"ConditionalElimination",
    "eventName":"ConditionReplaced","position":{"demo.Main.run()":2}}]}]},
    {"phaseName":"LowTier","optimizations":[{"phaseName":"DeadCodeEliminationPhase"},
    {"optimizationName":"Misc","eventName":"Example",
    "flag":true,"ratio":0.5,"items":[1,"a"],"nested":{
    "k":1},"nothing":null}]}]}}
)json");

inline const std::string kJit1Unit101 = Compact(R"json(
    {"methodName":"demo.Main.run()","compilationId":"101",
    "inliningTree":{"methodName":"demo.Main.run()","callsiteBci":-1,
    "inlined":true,"reason":null,"indirect":false,"alive":false,
    "invokes":[{"methodName":"demo.Util.check(int)","callsiteBci":12,
    "inlined":false,"reason":["too large"],"indirect":false,
    "alive":true},{"methodName":"demo.Util.add(int, int)",
    "callsiteBci":5,"inlined":true,"reason":["trivial"],
    "indirect":false,"alive":false,"invokes":[{"methodName":"java.lang.Math.max(int, int)",
    "callsiteBci":3,"inlined":true,"reason":["intrinsic"],
    "indirect":false,"alive":false}]},{"methodName":"demo.Util.log(String)",
    "callsiteBci":30,"inlined":false,"reason":null,"indirect":false,
    "alive":false}]},"optimizationTree":{"phaseName":"RootPhase",
    "optimizations":[{"phaseName":"HighTier","optimizations":[
    {"phaseName":"LoopPeelingPhase","optimizations":[
    {"optimizationName":"LoopTransformation","eventName":"LoopPeeling",
    "position":{"demo.Main.run()":40},"peelings":1}]},
    {"phaseName":"ConditionalEliminationPhase","optimizations":[
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Util.add(int, int)":7,"demo.Main.run()":5}},
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Main.run()":2}}]}]},{"phaseName":"LowTier",
    "optimizations":[]}]}}
)json");

inline const std::string kJit1Unit102 = Compact(R"json(
    {"methodName":"demo.Util.add(int, int)","compilationId":"102",
    "inliningTree":{"methodName":"demo.Util.add(int, int)",
    "callsiteBci":-1,"inlined":true,"reason":null,"indirect":false,
    "alive":false,"invokes":[{"methodName":"java.lang.Math.max(int, int)",
    "callsiteBci":3,"inlined":true,"reason":["intrinsic"],
    "indirect":false,"alive":false}]},"optimizationTree":{
    "phaseName":"RootPhase","optimizations":[{"phaseName":"HighTier",
    "optimizations":[{"phaseName":"ConditionalEliminationPhase",
    "optimizations":[{"optimizationName":"ConditionalElimination",
    "eventName":"ConditionReplaced","position":{"demo.Util.add(int, int)":7}}]}]}]}}
)json");

inline const std::string kJit1Unit103 = Compact(R"json(
    {"methodName":"demo.Other.cold()","compilationId":"103",
    "inliningTree":{"methodName":"demo.Other.cold()",
    "callsiteBci":-1,"inlined":true,"reason":null,"indirect":false,
    "alive":false},"optimizationTree":{"phaseName":"RootPhase"}}
)json");

inline const std::string kJit2Unit201 = Compact(R"json(
    {"methodName":"demo.Main.run()","compilationId":"201",
    "inliningTree":{"methodName":"demo.Main.run()","callsiteBci":-1,
    "inlined":true,"reason":null,"indirect":false,"alive":false,
    "invokes":[{"methodName":"demo.Util.check(int)","callsiteBci":12,
    "inlined":true,"reason":["small enough"],"indirect":false,
    "alive":false},{"methodName":"demo.Util.add(int, int)",
    "callsiteBci":5,"inlined":true,"reason":["trivial"],
    "indirect":false,"alive":false,"invokes":[{"methodName":"java.lang.Math.max(int, int)",
    "callsiteBci":3,"inlined":true,"reason":["intrinsic"],
    "indirect":false,"alive":false}]},{"methodName":"demo.Util.trace()",
    "callsiteBci":35,"inlined":false,"reason":null,"indirect":false,
    "alive":true}]},"optimizationTree":{"phaseName":"RootPhase",
    "optimizations":[{"phaseName":"HighTier","optimizations":[
    {"phaseName":"LoopPeelingPhase","optimizations":[
    {"optimizationName":"LoopTransformation","eventName":"LoopPeeling",
    "position":{"demo.Main.run()":40},"peelings":2}]},
    {"phaseName":"ConditionalEliminationPhase","optimizations":[
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Util.add(int, int)":7,"demo.Main.run()":5}},
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Main.run()":2}}]}]},{"phaseName":"LowTier",
    "optimizations":[]}]}}
)json");

inline const std::string kJit2Unit202 = Compact(R"json(
    {"methodName":"demo.Main.run()","compilationId":"202",
    "inliningTree":{"methodName":"demo.Main.run()","callsiteBci":-1,
    "inlined":true,"reason":null,"indirect":false,"alive":false,
    "invokes":[{"methodName":"demo.Util.check(int)","callsiteBci":12,
    "inlined":false,"reason":["too large"],"indirect":false,
    "alive":true},{"methodName":"demo.Util.add(int, int)",
    "callsiteBci":5,"inlined":true,"reason":["trivial"],
    "indirect":false,"alive":false,"invokes":[{"methodName":"java.lang.Math.max(int, int)",
    "callsiteBci":3,"inlined":true,"reason":["intrinsic"],
    "indirect":false,"alive":false}]},{"methodName":"demo.Util.log(String)",
    "callsiteBci":30,"inlined":false,"reason":null,"indirect":false,
    "alive":false}]},"optimizationTree":{"phaseName":"RootPhase",
    "optimizations":[{"phaseName":"HighTier","optimizations":[
    {"phaseName":"LoopPeelingPhase","optimizations":[
    {"optimizationName":"LoopTransformation","eventName":"LoopPeeling",
    "position":{"demo.Main.run()":40},"peelings":1}]},
    {"phaseName":"ConditionalEliminationPhase","optimizations":[
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Util.add(int, int)":7,"demo.Main.run()":5}},
    {"optimizationName":"ConditionalElimination","eventName":"ConditionReplaced",
    "position":{"demo.Main.run()":2}}]}]},{"phaseName":"LowTier",
    "optimizations":[]}]}}
)json");

inline const std::string kJit2Unit203 = Compact(R"json(
    {"methodName":"demo.Other.cold()","compilationId":"203",
    "inliningTree":{"methodName":"demo.Other.cold()",
    "callsiteBci":-1,"inlined":true,"reason":null,"indirect":false,
    "alive":false},"optimizationTree":{"phaseName":"RootPhase"}}
)json");

inline const std::string kProf1 = Compact(R"json(
    {"executionId":"4242","totalPeriod":1500000000,"code":[
    {"compileId":"101","name":"101: demo.Main.run()",
    "level":4,"period":500000000},{"compileId":"102",
    "name":"102: demo.Util.add(int, int)","level":4,"period":300000000},
    {"compileId":null,"name":"libjvm.so","level":null,
    "period":200000000},{"compileId":"103","name":"103: demo.Other.cold()",
    "level":4,"period":100000000},{"compileId":"999",
    "name":"999: demo.Gone.method()","level":4,"period":50000000},
    {"compileId":"104","name":"104: demo.Main.run()",
    "level":3,"period":45000000}]}
)json");

inline const std::string kProf2 = Compact(R"json(
    {"executionId":"4343","totalPeriod":2000000000,"code":[
    {"compileId":"201","name":"201: demo.Main.run()",
    "level":4,"period":900000000},{"compileId":"202%",
    "name":"202%: demo.Main.run()","level":4,"period":300000000},
    {"compileId":"203","name":"203: demo.Other.cold()",
    "level":4,"period":300000000}]}
)json");

inline const std::string kDup1Unit = Compact(R"json(
    {"methodName":"a()","compilationId":"1","inliningTree":{
    "methodName":"a()","callsiteBci":-1,"inlined":true,
    "reason":null,"indirect":false,"alive":false,"invokes":[
    {"methodName":"b()","callsiteBci":1,"inlined":true,
    "reason":null,"indirect":false,"alive":false,"invokes":[
    {"methodName":"c()","callsiteBci":4,"inlined":false,
    "reason":null,"indirect":false,"alive":true}]},{"methodName":"b()",
    "callsiteBci":1,"inlined":true,"reason":null,"indirect":false,
    "alive":false,"invokes":[{"methodName":"c()","callsiteBci":4,
    "inlined":false,"reason":null,"indirect":false,"alive":true}]}]},
    "optimizationTree":{"phaseName":"RootPhase","optimizations":[
    {"phaseName":"LoopPeelingPhase","optimizations":[
    {"optimizationName":"Loop","eventName":"Peel","position":{
    "b()":2,"a()":1}},{"optimizationName":"Loop","eventName":"Peel",
    "position":{"x()":9,"a()":7}},{"optimizationName":"Loop",
    "eventName":"Unroll"}]}]}}
)json");

inline const std::string kDup2Unit = Compact(R"json(
    {"methodName":"a()","compilationId":"2","inliningTree":{
    "methodName":"a()","callsiteBci":-1,"inlined":true,
    "reason":null,"indirect":false,"alive":false,"invokes":[
    {"methodName":"b()","callsiteBci":1,"inlined":true,
    "reason":null,"indirect":false,"alive":false,"invokes":[
    {"methodName":"c()","callsiteBci":4,"inlined":true,
    "reason":null,"indirect":false,"alive":false}]},{
    "methodName":"b()","callsiteBci":1,"inlined":true,
    "reason":null,"indirect":false,"alive":false,"invokes":[
    {"methodName":"c()","callsiteBci":4,"inlined":false,
    "reason":null,"indirect":false,"alive":true}]}]},
    "optimizationTree":{"phaseName":"RootPhase","optimizations":[
    {"phaseName":"LoopPeelingPhase","optimizations":[
    {"optimizationName":"Loop","eventName":"Peel","position":{
    "b()":3,"a()":1}},{"optimizationName":"Loop","eventName":"Peel",
    "position":{"x()":9,"a()":7}}]}]}}
)json");

inline const std::string kAotProf1 = Compact(R"json(
    {"compilationKind":"AOT","totalPeriod":1000,"code":[
    {"name":"demo.Main.run()","period":700},{"name":"demo.Other.cold()",
    "period":100},{"name":"libc.so.6","period":200}]}
)json");

// Example 7's profiles.
inline const std::string kDupProf1 =
    R"json({"executionId":"1","totalPeriod":100,"code":[{"compileId":"1","name":"1: a()",)json"
    R"json("level":4,"period":50}]})json";
inline const std::string kDupProf2 =
    R"json({"executionId":"2","totalPeriod":100,"code":[{"compileId":"2","name":"2: a()",)json"
    R"json("level":4,"period":60}]})json";

// `record` with its leading "methodName"/"compilationId" replaced (the trees stay).
inline std::string WithHeader(const std::string& record, const std::string& method,
                              const std::string& id) {
  size_t trees = record.find(R"("inliningTree")");
  return R"({"methodName":")" + method + R"(","compilationId":")" + id + R"(",)" +
         record.substr(trees);
}

// Writes Example 4's experiments below `dir`: jit1/units, prof1.json, jit2/units, prof2.json.
inline void WriteExample4(const TempDir& dir) {
  dir.WriteLines("jit1/units", {kJit1Unit101, kJit1Unit102, kJit1Unit103});
  dir.WriteLines("jit2/units", {kJit2Unit201, kJit2Unit202, kJit2Unit203});
  dir.Write("prof1.json", kProf1);
  dir.Write("prof2.json", kProf2);
}

}  // namespace profdiff::test

// --- Running the binary under resource limits (robustness tests) ------------------------------

#include <sys/resource.h>

namespace profdiff::test {

// RunProfdiff with the child's stack limited to `stack_bytes` (RLIMIT_STACK, which also sizes
// the threads it starts) and killed by SIGALRM (exit code 142) after `timeout_seconds`, so that
// a recursion on input depth crashes and a hang fails instead of blocking the test run.
inline RunResult RunProfdiffWithLimits(const std::vector<std::string>& args, const std::string& cwd,
                                       rlim_t stack_bytes, unsigned timeout_seconds = 600) {
  TempDir capture;
  const std::string out_path = capture.Path("stdout");
  const std::string err_path = capture.Path("stderr");
  RunResult result;
  pid_t pid = fork();
  if (pid == 0) {
    int out_fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0 || err_fd < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
    struct rlimit stack = {stack_bytes, stack_bytes};
    if (setrlimit(RLIMIT_STACK, &stack) != 0) _exit(125);
    alarm(timeout_seconds);
    ExecBinary(test::ProfdiffBinary(), args);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = ReadFile(out_path);
  result.err = ReadFile(err_path);
  return result;
}

}  // namespace profdiff::test

#endif  // PROFDIFF_TESTS_TEST_UTIL_H_
