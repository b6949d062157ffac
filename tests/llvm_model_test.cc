// The model of LLVM remarks (docs/llvm.md): names, inlining contexts, trees rebuilt from them,
// the placement of missed call sites, hotness, detection.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "load/llvm/llvm_log.h"
#include "load/llvm/remark_trees.h"
#include "load/log_format.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/output/record_builders.h"
#include "test_paths.h"

namespace profdiff {
namespace {

using llvm_remarks::DemangledFunctionName;
using llvm_remarks::InliningContext;
using llvm_remarks::LlvmPosition;

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "llvm_model_XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = std::filesystem::path(path_) / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// An inline remark as clang writes it: `callee` inlined into `function` with the context.
std::string Inlined(const std::string& function, const std::string& callee, int callee_line,
                    const std::string& context, int hotness = -1, const std::string& cost = "35",
                    const std::string& threshold = "225") {
  std::string text = "--- !Passed\nPass: inline\nName: Inlined\n";
  text += "DebugLoc: { File: 'a.c', Line: 50, Column: 3 }\nFunction: " + function + "\n";
  if (hotness >= 0) text += "Hotness: " + std::to_string(hotness) + "\n";
  text += "Args:\n  - String: ''''\n  - Callee: " + callee +
          "\n    DebugLoc: { File: 'a.c', Line: " + std::to_string(callee_line) +
          ", Column: 0 }\n  - String: ''' inlined into '''\n  - Caller: " + function +
          "\n  - String: ''''\n  - String: ' with '\n  - String: '(cost='\n  - Cost: '" + cost +
          "'\n  - String: ', threshold='\n  - Threshold: '" + threshold +
          "'\n  - String: ')'\n  - String: ' at callsite '\n" + context + "  - String: ';'\n...\n";
  return text;
}

// One step of a context: `f:line:column`, with " @ " before all but the first.
std::string Step(const std::string& function, int line, int column, bool first) {
  std::string text = first ? "" : "  - String: ' @ '\n";
  text += "  - String: " + function + "\n  - String: ':'\n  - Line: '" + std::to_string(line) +
          "'\n  - String: ':'\n  - Column: '" + std::to_string(column) + "'\n";
  return text;
}

std::string Missed(const std::string& function, const std::string& callee, int line, int column,
                   int caller_line) {
  return "--- !Missed\nPass: inline\nName: NoDefinition\nDebugLoc: { File: 'a.c', Line: " +
         std::to_string(line) + ", Column: " + std::to_string(column) +
         " }\nFunction: " + function + "\nArgs:\n  - Callee: " + callee +
         "\n  - String: ' will not be inlined into '\n  - Caller: " + function +
         "\n    DebugLoc: { File: 'a.c', Line: " + std::to_string(caller_line) +
         ", Column: 0 }\n  - String: ' because its definition is unavailable'\n...\n";
}

// A call not inlined because it costs more than the threshold, as clang writes it.
std::string TooCostly(const std::string& function, const std::string& callee, int line, int column,
                      int caller_line, int hotness, int cost, int threshold) {
  return "--- !Missed\nPass: inline\nName: TooCostly\nDebugLoc: { File: 'a.c', Line: " +
         std::to_string(line) + ", Column: " + std::to_string(column) +
         " }\nFunction: " + function + "\nHotness: " + std::to_string(hotness) +
         "\nArgs:\n  - String: ''''\n  - Callee: " + callee +
         "\n  - String: ''' not inlined into '''\n  - Caller: " + function +
         "\n    DebugLoc: { File: 'a.c', Line: " + std::to_string(caller_line) +
         ", Column: 0 }\n  - String: ''' because too costly to inline '\n  - String: '(cost='\n"
         "  - Cost: '" +
         std::to_string(cost) + "'\n  - String: ', threshold='\n  - Threshold: '" +
         std::to_string(threshold) + "'\n  - String: ')'\n...\n";
}

std::string Gvn(const std::string& function, int line, int column, int hotness) {
  return "--- !Missed\nPass: gvn\nName: LoadClobbered\nDebugLoc: { File: 'a.c', Line: " +
         std::to_string(line) + ", Column: " + std::to_string(column) +
         " }\nFunction: " + function + "\nHotness: " + std::to_string(hotness) +
         "\nArgs:\n  - String: 'load of type '\n  - Type: i32\n  - String: ' not eliminated'\n"
         "...\n";
}

absl::StatusOr<Experiment> Load(const std::string& path) {
  ExperimentInput input;
  input.log_directory = path;
  return LoadExperiment(input, [](std::string_view) {});
}

// "name@bci(kind)" of every node in preorder, indented by depth.
std::vector<std::string> Shape(const InliningTree& tree) {
  std::vector<std::string> lines;
  for (NodeIndex n : tree.Preorder()) {
    int depth = 0;
    for (NodeIndex p = tree.node(n).parent; p != kNoNode; p = tree.node(p).parent) ++depth;
    lines.push_back(std::string(2 * depth, ' ') + tree.node(n).method_name.value_or("?") + "@" +
                    std::to_string(tree.node(n).bci) + "(" +
                    std::string(n == tree.root ? "root" : CallsiteKindName(tree.Kind(n))) + ")");
  }
  return lines;
}

RecordTrees TreesOf(const Experiment& experiment, std::string_view method) {
  const std::optional<MethodIndex> m = experiment.FindMethod(method);
  EXPECT_TRUE(m.has_value()) << method;
  if (!m.has_value()) return {};
  const Compilation& unit = experiment.compilation(experiment.method(*m).compilations[0]);
  absl::StatusOr<RecordTrees> trees =
      LoadUnitTrees(experiment.log(), experiment.log().units[unit.unit_record], 1);
  EXPECT_TRUE(trees.ok()) << trees.status();
  return trees.ok() ? std::move(*trees) : RecordTrees{};
}

TEST(LlvmModelTest, DemanglesItaniumAndRustNamesAndKeepsCNames) {
  EXPECT_EQ(DemangledFunctionName("_ZN6shapes4areaERKNS_5ShapeE"),
            "shapes::area(shapes::Shape const&)");
  EXPECT_EQ(DemangledFunctionName("_ZN4core3fmt5write17h0123456789abcdefE"), "core::fmt::write");
  // Not a hash: 15 digits, or not hexadecimal.
  EXPECT_EQ(DemangledFunctionName("_ZN3foo16h0123456789abcdeE"), "foo::h0123456789abcde");
  EXPECT_EQ(DemangledFunctionName("main"), "main");
  EXPECT_EQ(DemangledFunctionName("sqlite3VdbeExec"), "sqlite3VdbeExec");
  EXPECT_EQ(DemangledFunctionName("_Znot a name"), "_Znot a name");
}

TEST(LlvmModelTest, PositionsPackLineOffsetAndColumn) {
  EXPECT_EQ(LlvmPosition(3, 14), 3014);
  EXPECT_EQ(LlvmPosition(0, 7), 7);
  EXPECT_EQ(LlvmPosition(2, 5000), 2999);
}

TEST(LlvmModelTest, ReadsInliningContextsInnermostFirst) {
  TempDir dir;
  const std::string path = dir.Write(
      "a.opt.yaml",
      Inlined("outer", "leaf", 1, Step("middle", 4, 1, true) + Step("outer", 3, 4, false)));
  absl::StatusOr<Experiment> experiment = Load(path);
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  const RecordTrees trees = TreesOf(*experiment, "outer");
  // The context names middle inlined at outer:3:4 before any remark of it.
  EXPECT_EQ(Shape(trees.inlining_tree),
            (std::vector<std::string>{"outer@-1(root)", "  middle@3004(inlined)",
                                      "    leaf@4001(inlined)"}));
  llvm_remarks::Remark remark;
  remark.args = {{"String", " at callsite ", std::nullopt},
                 {"String", "f", std::nullopt},
                 {"String", ":", std::nullopt},
                 {"Line", "3", std::nullopt},
                 {"String", ":", std::nullopt},
                 {"Column", "14", std::nullopt},
                 {"String", " @ ", std::nullopt},
                 {"String", "g", std::nullopt},
                 {"String", ":", std::nullopt},
                 {"Line", "10", std::nullopt},
                 {"String", ":", std::nullopt},
                 {"Column", "2", std::nullopt},
                 {"String", ";", std::nullopt}};
  const std::vector<llvm_remarks::CallsiteStep> steps = InliningContext(remark);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].function, "f");
  EXPECT_EQ(steps[0].line, 3);
  EXPECT_EQ(steps[0].column, 14);
  EXPECT_EQ(steps[1].function, "g");
  EXPECT_EQ(steps[1].line, 10);
  EXPECT_EQ(steps[1].column, 2);
}

TEST(LlvmModelTest, AnInlinedCalleeBringsTheTreeItHadWhenItWasInlined) {
  TempDir dir;
  // Bottom-up: leaf into middle, middle into outer, then (later) other into middle: outer's copy
  // of middle has leaf only.
  std::string text = Inlined("middle", "leaf", 5, Step("middle", 2, 5, true));
  text += Inlined("outer", "middle", 1, Step("outer", 3, 4, true));
  text += Inlined("middle", "other", 7, Step("middle", 6, 1, true));
  const std::string path = dir.Write("a.opt.yaml", text);
  absl::StatusOr<Experiment> experiment = Load(path);
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  EXPECT_EQ(Shape(TreesOf(*experiment, "outer").inlining_tree),
            (std::vector<std::string>{"outer@-1(root)", "  middle@3004(inlined)",
                                      "    leaf@2005(inlined)"}));
  EXPECT_EQ(Shape(TreesOf(*experiment, "middle").inlining_tree),
            (std::vector<std::string>{"middle@-1(root)", "  leaf@2005(inlined)",
                                      "  other@6001(inlined)"}));
}

TEST(LlvmModelTest, MissedCallsArePlacedByTheNearestFunctionStart) {
  TempDir dir;
  // outer starts at line 10, middle (inlined once into outer) at line 1: a missed call at line
  // 3 is in middle's copy, one at line 12 in outer itself.
  std::string text = Inlined("outer", "middle", 1, Step("outer", 3, 4, true));
  text += Missed("outer", "ext", 3, 9, 10);
  text += Missed("outer", "ext2", 12, 3, 10);
  const std::string path = dir.Write("a.opt.yaml", text);
  absl::StatusOr<Experiment> experiment = Load(path);
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  EXPECT_EQ(Shape(TreesOf(*experiment, "outer").inlining_tree),
            (std::vector<std::string>{"outer@-1(root)", "  middle@3004(inlined)",
                                      "    ext@2009(direct)", "  ext2@2003(direct)"}));
}

TEST(LlvmModelTest, AMissedCallInACalleeInlinedTwiceGoesToTheRoot) {
  TempDir dir;
  std::string text = Inlined("outer", "middle", 1, Step("outer", 3, 4, true));
  text += Inlined("outer", "middle", 1, Step("outer", 4, 4, true));
  text += Missed("outer", "ext", 3, 9, 10);
  const std::string path = dir.Write("a.opt.yaml", text);
  absl::StatusOr<Experiment> experiment = Load(path);
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  // Ambiguous: line 3 is before outer's start (10), so its absolute line is kept.
  EXPECT_EQ(Shape(TreesOf(*experiment, "outer").inlining_tree),
            (std::vector<std::string>{"outer@-1(root)", "  middle@3004(inlined)",
                                      "  middle@4004(inlined)", "  ext@3009(direct)"}));
}

TEST(LlvmModelTest, HotnessIsTheLargestOfAFunctionsRemarksAndPassesArePhases) {
  TempDir dir;
  std::string text = Inlined("outer", "middle", 1, Step("outer", 3, 4, true), 40);
  text += Gvn("outer", 12, 7, 900);
  text += Gvn("middle", 2, 1, 5);
  text += Missed("outer", "ext2", 12, 3, 10);
  dir.Write("sub/a.opt.yaml", text);
  dir.Write("sub/notes.txt", "not remarks");
  absl::StatusOr<Experiment> experiment = Load(dir.path());
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  ASSERT_TRUE(experiment->has_profile());
  const Compilation& outer =
      experiment->compilation(experiment->method(*experiment->FindMethod("outer")).compilations[0]);
  EXPECT_EQ(outer.period, 900);
  EXPECT_EQ(outer.id, "sub/a.opt.yaml");
  const Compilation& middle = experiment->compilation(
      experiment->method(*experiment->FindMethod("middle")).compilations[0]);
  EXPECT_EQ(middle.period, 5);
  EXPECT_EQ(experiment->total_period(), 905);
  const OptimizationTree tree = TreesOf(*experiment, "outer").optimization_tree;
  std::vector<std::string> nodes;
  for (NodeIndex n : tree.Preorder()) {
    const OptimizationTreeNode& node = tree.node(n);
    std::string line = node.name.str();
    if (!node.is_phase) {
      line += " " + node.event_name.str() + "@" + std::to_string(node.position[0].bci);
      for (const Property& property : node.properties) {
        line += " " + property.key + "=" + property.value.rendered;
      }
    }
    nodes.push_back(line);
  }
  EXPECT_EQ(nodes, (std::vector<std::string>{
                       "RootPhase", "gvn",
                       "LoadClobbered Missed@2007 message=load of type i32 not eliminated "
                       "Type=i32"}));
}

// Every function is an entry of the profile; only the top ones (by Hotness, ties in file order)
// are kept, in file order, and the others counted.
TEST(LlvmModelTest, TheProfileKeepsItsTopEntriesAndCountsTheOthers) {
  TempDir dir;
  std::string text;
  // f2 and f6 tie for the tenth place: f2, first in the file, is kept.
  const std::vector<int> hotness = {5, 70, 3, 70, 9, 1, 3, 8, 6, 4, 7, 0, 10};
  for (size_t f = 0; f < hotness.size(); ++f)
    text += Gvn("f" + std::to_string(f), 2, 1, hotness[f]);
  dir.Write("a.opt.yaml", text);
  absl::StatusOr<Experiment> experiment = Load(dir.path());
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  const Profile& profile = *experiment->profile();
  EXPECT_EQ(profile.source, ProfileSource::kLlvmHotness);
  EXPECT_EQ(profile.total_period, 196);
  EXPECT_EQ(static_cast<int64_t>(profile.code.size()) + profile.code_not_kept, 13);
  std::vector<std::string> kept;
  for (const ProfileEntry& entry : profile.code) {
    EXPECT_EQ(entry.compile_id, "a.opt.yaml");
    kept.push_back(entry.name + "=" + std::to_string(entry.period));
  }
  EXPECT_EQ(kept, (std::vector<std::string>{"f0=5", "f1=70", "f2=3", "f3=70", "f4=9", "f7=8",
                                            "f8=6", "f9=4", "f10=7", "f12=10"}));
  // The summary counts every entry and lists the top ones, largest first.
  const ExperimentRecord record = MakeExperimentRecord(*experiment);
  EXPECT_EQ(record.profiled_code, 13);
  ASSERT_EQ(record.top_methods.size(), 10u);
  EXPECT_EQ(record.top_methods[0].name, "f1");
  EXPECT_EQ(record.top_methods[1].name, "f3");
  EXPECT_EQ(record.top_methods[9].name, "f2");
}

TEST(LlvmModelTest, RustFunctionsPairAcrossBuildsWithoutTheirHash) {
  TempDir one, two;
  const std::string a = one.Write("r.opt.yaml", Gvn("_ZN5crate4work17h0123456789abcdefE", 1, 1, 3));
  const std::string b = two.Write("r.opt.yaml", Gvn("_ZN5crate4work17hfedcba9876543210E", 1, 1, 3));
  absl::StatusOr<Experiment> first = Load(a);
  absl::StatusOr<Experiment> second = Load(b);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_TRUE(first->FindMethod("crate::work").has_value());
  EXPECT_TRUE(second->FindMethod("crate::work").has_value());
}

TEST(LlvmModelTest, DetectionTellsRemarksBitstreamAndEmptyFilesApart) {
  TempDir dir;
  std::string why;
  EXPECT_EQ(ClassifyLogPath(dir.Write("x.opt.yaml", Gvn("f", 1, 1, 1)), &why),
            LogPathKind::kLlvmRemarks);
  EXPECT_EQ(ClassifyLogPath(dir.Write("b.opt.bitstream", std::string("RMRK\0\0\0\0", 8)), &why),
            LogPathKind::kOther);
  EXPECT_NE(why.find("-fsave-optimization-record=yaml"), std::string::npos) << why;
  EXPECT_EQ(ClassifyLogPath(dir.Write("e.yaml", ""), &why), LogPathKind::kOther);
  EXPECT_EQ(why, "an empty file");
  // A directory is remarks when it holds a *.opt.yaml at any depth; otherwise a Graal log.
  EXPECT_EQ(ClassifyLogPath(dir.path(), &why), LogPathKind::kLlvmRemarks);
  TempDir graal;
  graal.Write("log.txt", "{}\n");
  EXPECT_EQ(ClassifyLogPath(graal.path(), &why), LogPathKind::kGraalDirectory);
}

TEST(LlvmModelTest, ARemarksDirectoryWithOnlyEmptyFilesWarns) {
  TempDir dir;
  dir.Write("a.opt.yaml", "");
  std::vector<std::string> warnings;
  ExperimentInput input;
  input.log_directory = dir.path();
  absl::StatusOr<Experiment> experiment =
      LoadExperiment(input, [&](std::string_view line) { warnings.emplace_back(line); });
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("holds no remarks"), std::string::npos) << warnings[0];
}

struct CommandRun {
  int status = 0;
  std::string out;
};

// The binary with `arguments` (single-quoted), stdout and stderr together.
CommandRun RunProfdiff(const std::string& arguments) {
  CommandRun run;
  FILE* pipe =
      popen((std::string("'") + test::ProfdiffBinary() + "' " + arguments + " 2>&1").c_str(), "r");
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) run.out.append(buffer, n);
  run.status = WEXITSTATUS(pclose(pipe));
  return run;
}

TEST(LlvmModelTest, CommandsTakeRemarksOrSayWhichCommandDoes) {
  TempDir one, two;
  one.Write("a.opt.yaml", Inlined("outer", "middle", 1, Step("outer", 3, 4, true), 40));
  two.Write("a.opt.yaml", Inlined("outer", "middle", 1, Step("outer", 5, 4, true), 40));
  const std::string a = "'" + one.path() + "'", b = "'" + two.path() + "'";
  const CommandRun compared = RunProfdiff("aot-vs-aot " + a + " " + b + " --explanation=false");
  EXPECT_EQ(compared.status, 0) << compared.out;
  EXPECT_NE(compared.out.find("Method outer"), std::string::npos) << compared.out;
  EXPECT_NE(compared.out.find("middle at bci 3004"), std::string::npos) << compared.out;
  EXPECT_NE(compared.out.find("middle at bci 5004"), std::string::npos) << compared.out;
  const CommandRun report = RunProfdiff("report " + a + " --explanation=false");
  EXPECT_EQ(report.status, 0) << report.out;
  EXPECT_NE(report.out.find("LLVM optimization remarks: 1 remarks in 1 file"), std::string::npos)
      << report.out;
  const CommandRun jit = RunProfdiff("jit-vs-jit " + a + " " + b);
  EXPECT_NE(jit.status, 0);
  EXPECT_NE(jit.out.find("compare two builds with aot-vs-aot REMARKS_1 REMARKS_2"),
            std::string::npos)
      << jit.out;
  const CommandRun mixed = RunProfdiff("aot-vs-aot " + a + " " + b + " " + a);
  EXPECT_NE(mixed.status, 0);
  EXPECT_NE(mixed.out.find("aot-vs-aot REMARKS_1 REMARKS_2"), std::string::npos) << mixed.out;
  const std::string bitstream = one.Write("b.bitstream", std::string("RMRK\0\0\0\0", 8));
  const CommandRun refused = RunProfdiff("report '" + bitstream + "'");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.out.find("-fsave-optimization-record=yaml"), std::string::npos) << refused.out;
}

// Regression: `stats` on remarks died of an uncaught std::out_of_range (the loader counted no
// unit's trees, and stats reads those counts).
TEST(LlvmModelTest, StatsCountsTheCallSitesOfRemarks) {
  TempDir one;
  one.Write("a.opt.yaml", Inlined("outer", "middle", 1, Step("outer", 3, 4, true), 40));
  const CommandRun stats = RunProfdiff("stats '" + one.path() + "'");
  EXPECT_EQ(stats.status, 0) << stats.out;
  EXPECT_NE(stats.out.find("All compilation units of experiment 1\n"
                           "    1 compilation units account for 100.00% of the hotness (40)\n"),
            std::string::npos)
      << stats.out;
  EXPECT_NE(stats.out.find("            1      1.00  inlined\n"), std::string::npos) << stats.out;
}

// --decisions on remarks (docs/decisions-view.md "LLVM remarks"): a changed inlining decision is
// grouped by the remarks' names and shows cost and threshold on both sides.
TEST(LlvmModelTest, DecisionsShowCostAndThresholdOnBothSides) {
  TempDir one, two;
  // main starts at line 10 (the Caller's DebugLoc): its call of foo at line 13, column 4.
  one.Write("a.opt.yaml", Inlined("main", "foo", 1, Step("main", 3, 4, true), 100, "35", "45") +
                              Missed("main", "ext", 12, 3, 10));
  two.Write("a.opt.yaml",
            TooCostly("main", "foo", 13, 4, 10, 100, 52, 45) + Missed("main", "ext", 12, 3, 10));
  const CommandRun run = RunProfdiff("aot-vs-aot '" + one.path() + "' '" + two.path() +
                                     "' --explanation=false --decisions=true");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("        inlined (Inlined) → direct (TooCostly): 1 call site in 1 method, "
                         "100.00% of the hotness\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("            foo at bci 3004 in main: inlined → direct, cost 35 → 52, "
                         "threshold 45\n"),
            std::string::npos)
      << run.out;
}

}  // namespace
}  // namespace profdiff
