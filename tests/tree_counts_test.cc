// Counting while records are checked (issue 15): call sites by kind, optimization entries by name
// and by phase, per unit, and their merging into the log's tables.

#include "profdiff/model/tree_counts.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "profdiff/load/graal/record_reader.h"
#include "profdiff/load/optimization_log.h"
#include "stats_data.h"
#include "test_util.h"

namespace profdiff::test {
namespace {

using stats::Call;
using stats::Entry;
using stats::Phase;
using stats::Root;

const std::string& kInlining = stats::kEveryKind;
const std::string& kOptimization = stats::kNestedPhases;

UnitCounts CountOf(const std::string& record, UnitCounter& counter) {
  UnitHeader header;
  RecordError error;
  EXPECT_TRUE(ValidateRecord(record, &header, &error, &counter))
      << error.column << ": " << error.message;
  return counter.Take();
}

std::map<std::string, uint32_t> Named(const std::vector<NameCount>& counts,
                                      const NameTable& names) {
  std::map<std::string, uint32_t> named;
  for (const NameCount& entry : counts) named[std::string(names.name(entry.name))] += entry.count;
  return named;
}

TEST(TreeCountsTest, EveryCallsiteKindTheRootExcluded) {
  UnitCounter counter;
  UnitCounts counts = CountOf(Record("a.Main.run()", "1", kInlining, kOptimization), counter);
  EXPECT_EQ(counts.callsite(CallsiteKind::kInlined), 3u);  // b, g, i
  EXPECT_EQ(counts.callsite(CallsiteKind::kDirect), 1u);   // d
  EXPECT_EQ(counts.callsite(CallsiteKind::kIndirect), 1u);
  EXPECT_EQ(counts.callsite(CallsiteKind::kDevirtualized), 1u);  // f
  EXPECT_EQ(counts.callsite(CallsiteKind::kDeleted), 3u);        // c, h, j
}

TEST(TreeCountsTest, KindsAgreeWithTheTreesReport) {
  // The same record parsed into trees: InliningTree::Kind is what report prints.
  const std::string record = Record("a.Main.run()", "1", kInlining, kOptimization);
  RecordTrees trees = ParseTrees(record);
  std::map<CallsiteKind, uint32_t> kinds;
  for (NodeIndex n = 0; n < trees.inlining_tree.nodes.size(); ++n) {
    ++kinds[trees.inlining_tree.Kind(n)];
  }
  UnitCounter counter;
  UnitCounts counts = CountOf(record, counter);
  EXPECT_EQ(kinds[CallsiteKind::kRoot], 1u);
  for (CallsiteKind kind : kCountedCallsiteKinds) {
    EXPECT_EQ(counts.callsite(kind), kinds[kind]) << CallsiteKindName(kind);
  }
}

TEST(TreeCountsTest, OptimizationsByNameAndEventAndByInnermostPhase) {
  UnitCounter counter;
  UnitCounts counts = CountOf(Record("a.Main.run()", "1", kInlining, kOptimization), counter);
  EXPECT_EQ(Named(counts.optimizations, counter.optimization_keys()),
            (std::map<std::string, uint32_t>{{"LoopTransformation LoopPeeling", 2},
                                             {"Canonicalizer CanonicalReplacement", 1},
                                             {"Canonicalizer UnusedNodeRemoval", 1},
                                             {"Misc Example", 1},
                                             {"Escape Virtualized", 1}}));
  // Entries inside the inlinee's RootPhase count under their own (innermost) phase; the entry
  // directly under the nested RootPhase and the one under the root both count as RootPhase.
  EXPECT_EQ(
      Named(counts.phases, counter.phase_names()),
      (std::map<std::string, uint32_t>{
          {"LoopPeelingPhase", 2}, {"GraphBuilderPhase", 1}, {"RootPhase", 2}, {"MidTier", 1}}));
}

TEST(TreeCountsTest, AnInvalidRecordLeavesNothingBehind) {
  UnitCounter counter;
  // Valid up to its last call site, whose bci is not an integer: found after much was counted.
  std::string broken =
      Record("a.Main.run()", "9",
             Call("a.Main.run()", -1, true, false, false,
                  {Call("a.B.b()", 1, true, false, false), Call("a.D.d()", 3, false, false, true)}),
             kOptimization);
  broken.replace(broken.find(R"("callsiteBci":3)"), 15, R"("callsiteBci":"3")");
  UnitHeader header;
  RecordError error;
  ASSERT_FALSE(ValidateRecord(broken, &header, &error, &counter));
  // The next record starts from nothing.
  UnitCounts counts = CountOf(Record("x.Y.z()", "2"), counter);
  for (CallsiteKind kind : kCountedCallsiteKinds) EXPECT_EQ(counts.callsite(kind), 0u);
  EXPECT_TRUE(counts.optimizations.empty());
  EXPECT_TRUE(counts.phases.empty());
}

TEST(TreeCountsTest, AnInvalidOptimizationTreeLeavesNothingBehind) {
  UnitCounter counter;
  // The entries before the bad one were counted, then the record failed.
  std::string broken = Record("a.Main.run()", "9", kInlining,
                              Phase("RootPhase", {Entry("Loop", "Peel"), R"({"eventName":"x"})"}));
  UnitHeader header;
  RecordError error;
  ASSERT_FALSE(ValidateRecord(broken, &header, &error, &counter));
  UnitCounts counts =
      CountOf(Record("x.Y.z()", "2", "", Phase("RootPhase", {Entry("Loop", "Unroll")})), counter);
  EXPECT_EQ(Named(counts.optimizations, counter.optimization_keys()),
            (std::map<std::string, uint32_t>{{"Loop Unroll", 1}}));
  EXPECT_EQ(Named(counts.phases, counter.phase_names()),
            (std::map<std::string, uint32_t>{{"RootPhase", 1}}));
}

TEST(TreeCountsTest, NameTablesNumberInOrderOfFirstSight) {
  NameTable names;
  EXPECT_EQ(names.Intern("b"), 0u);
  EXPECT_EQ(names.Intern("a"), 1u);
  EXPECT_EQ(names.Intern("b"), 0u);
  EXPECT_EQ(names.size(), 2u);
  EXPECT_EQ(names.name(1), "a");
  EXPECT_EQ(OptimizationKey("Loop", "Peel"), "Loop Peel");
}

TEST(TreeCountsTest, LoadedLogsMergeTheFilesCountsAndLeaveInvalidRecordsOut) {
  TempDir dir;
  // Two files, read on several threads: their names are numbered per file, then renumbered.
  dir.WriteLines("log/a", {Record("p.Q.r()", "1", "", Phase("RootPhase", {Entry("B", "b")})),
                           "{not json", Record("p.Q.r()", "2", kInlining, kOptimization)});
  dir.WriteLines(
      "log/b",
      {Record("s.T.u()", "3", "",
              Phase("RootPhase", {Phase("P", {Entry("Misc", "Example"), Entry("B", "b")})}))});
  std::vector<std::string> warnings;
  absl::StatusOr<OptimizationLog> log = LoadOptimizationLog(
      dir.Path("log"), 1, [&](std::string_view w) { warnings.emplace_back(w); },
      LogCounting::kCount);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->units.size(), 3u);
  ASSERT_EQ(log->counts.size(), 3u);
  EXPECT_EQ(log->invalid_records, 1);
  EXPECT_EQ(warnings.size(), 1u);
  EXPECT_EQ(Named(log->counts[0].optimizations, log->optimization_keys),
            (std::map<std::string, uint32_t>{{"B b", 1}}));
  EXPECT_EQ(log->counts[1].callsite(CallsiteKind::kInlined), 3u);
  EXPECT_EQ(Named(log->counts[2].optimizations, log->optimization_keys),
            (std::map<std::string, uint32_t>{{"B b", 1}, {"Misc Example", 1}}));
  EXPECT_EQ(Named(log->counts[2].phases, log->phase_names),
            (std::map<std::string, uint32_t>{{"P", 2}}));
  // Each name once in the log's tables.
  std::map<std::string, int> seen;
  for (uint32_t id = 0; id < log->optimization_keys.size(); ++id) {
    ++seen[std::string(log->optimization_keys.name(id))];
  }
  for (const auto& [name, times] : seen) EXPECT_EQ(times, 1) << name;
}

TEST(TreeCountsTest, WithoutCountingNothingIsCounted) {
  TempDir dir;
  dir.WriteLines("log/a", {Record("p.Q.r()", "1", kInlining, kOptimization), "[]"});
  absl::StatusOr<OptimizationLog> log =
      LoadOptimizationLog(dir.Path("log"), 1, [](std::string_view) {});
  ASSERT_TRUE(log.ok());
  EXPECT_TRUE(log->counts.empty());
  EXPECT_EQ(log->optimization_keys.size(), 0u);
  EXPECT_EQ(log->invalid_records, 1);
}

// The counts of the validating scan equal those of the trees built from every record of the
// bundled examples and of the conformance data (when present).
TEST(TreeCountsTest, ScanCountsEqualTreeCountsOverTheExampleData) {
  std::vector<std::string> roots = {test::SourceDir() + "/fixtures"};
  const std::string corpus = test::SourceDir() + "/../shared/conformance/data";
  if (std::filesystem::is_directory(corpus)) roots.push_back(corpus);
  size_t records = 0;
  for (const std::string& root : roots) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().parent_path().filename() != "log") continue;
      std::vector<std::string> lines = SplitLines(ReadFile(entry.path().string()));
      UnitCounter counter;
      for (std::string line : lines) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        UnitHeader header;
        RecordError error;
        if (!ValidateRecord(line, &header, &error, &counter)) continue;
        UnitCounts counts = counter.Take();
        RecordTrees trees;
        if (!ParseRecordTrees(line, &trees, &error)) continue;  // a name only the trees reject
        ++records;
        std::map<CallsiteKind, uint32_t> kinds;
        for (NodeIndex n = 0; n < trees.inlining_tree.nodes.size(); ++n) {
          ++kinds[trees.inlining_tree.Kind(n)];
        }
        for (CallsiteKind kind : kCountedCallsiteKinds) {
          EXPECT_EQ(counts.callsite(kind), kinds[kind])
              << entry.path() << " " << header.compilation_id;
        }
        std::map<std::string, uint32_t> optimizations, phases;
        const OptimizationTree& tree = trees.optimization_tree;
        for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
          const OptimizationTreeNode& node = tree.node(n);
          if (node.is_phase) continue;
          ++optimizations[OptimizationKey(node.name.view(), node.event_name.view())];
          ++phases[std::string(tree.node(node.parent).name.view())];
        }
        EXPECT_EQ(Named(counts.optimizations, counter.optimization_keys()), optimizations)
            << entry.path() << " " << header.compilation_id;
        EXPECT_EQ(Named(counts.phases, counter.phase_names()), phases)
            << entry.path() << " " << header.compilation_id;
      }
    }
  }
  EXPECT_GT(records, 10u);
}

}  // namespace
}  // namespace profdiff::test
