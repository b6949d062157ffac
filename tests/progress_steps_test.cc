// What the commands tell a progress line (--progress, progress.h): the steps they begin and how
// far each got. The drawing itself is tested on a terminal (run_terminal.py); these tests check
// that the figures it would draw add up.

#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "profdiff/commands/commands.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/output/renderers.h"
#include "test_paths.h"

namespace profdiff {
namespace {

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";

struct Step {
  std::string what;
  std::string item_name;
  int64_t total_items = 0;
  int64_t total_bytes = 0;
  int64_t items = 0;  // advanced
  int64_t bytes = 0;
  int64_t units = 0;
};

// Records the steps; Advance may come from worker threads.
class RecordingProgress : public ProgressSink {
 public:
  void Begin(std::string_view what, int64_t total_items, std::string_view item_name,
             int64_t total_bytes) override {
    std::lock_guard<std::mutex> lock(mutex_);
    steps_.push_back(Step{std::string(what), std::string(item_name), total_items, total_bytes});
  }
  void Advance(int64_t items, int64_t bytes, int64_t units) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ASSERT_FALSE(steps_.empty()) << "Advance before any Begin";
    steps_.back().items += items;
    steps_.back().bytes += bytes;
    steps_.back().units += units;
  }
  std::vector<Step> steps() {
    std::lock_guard<std::mutex> lock(mutex_);
    return steps_;
  }

 private:
  std::mutex mutex_;
  std::vector<Step> steps_;
};

// Runs `command` with its output thrown away; returns the steps it reported.
std::vector<Step> Steps(const std::string& command, const std::vector<std::string>& positionals,
                        const RunsOptions* runs = nullptr) {
  RecordingProgress progress;
  std::FILE* sink = std::tmpfile();
  EXPECT_NE(sink, nullptr);
  {
    std::unique_ptr<Renderer> out = NewRenderer(OutputFormat::kText, sink, sink);
    absl::StatusOr<CommandResult> result =
        RunCommand(command, positionals, Options(), *out, &progress, runs);
    EXPECT_TRUE(result.ok()) << result.status();
    out->Flush();
  }
  std::fclose(sink);
  return progress.steps();
}

TEST(ProgressStepsTest, JitVsJitLoadsEachExperimentThenCompares) {
  const std::vector<Step> steps = Steps(
      "jit-vs-jit",
      {kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log", kJit + "/exp2/prof.json"});
  ASSERT_EQ(steps.size(), 3u);
  for (int e = 0; e < 2; ++e) {
    const Step& load = steps[e];
    const LogExtent extent = MeasureLog(kJit + "/exp" + std::to_string(e + 1) + "/log");
    EXPECT_EQ(load.what, "Loading experiment " + std::to_string(e + 1));
    EXPECT_EQ(load.item_name, "files");
    EXPECT_EQ(load.total_items, extent.files);
    EXPECT_EQ(load.total_bytes, extent.bytes);
    EXPECT_EQ(load.items, load.total_items);  // done when the step ends
    EXPECT_EQ(load.bytes, load.total_bytes);
    EXPECT_GT(load.units, 0);
  }
  EXPECT_EQ(steps[2].what, "Comparing");
  EXPECT_EQ(steps[2].items, steps[2].total_items);
}

TEST(ProgressStepsTest, JitVsJitRunsLoadsAllRunsAsOneStepThenComparesMethods) {
  RunsOptions runs;
  runs.runs[0] = {{kJit + "/exp1/log", kJit + "/exp1/prof.json"},
                  {kJit + "/exp1/log", kJit + "/exp1/prof.json"}};
  runs.runs[1] = {{kJit + "/exp2/log", kJit + "/exp2/prof.json"},
                  {kJit + "/exp2/log", kJit + "/exp2/prof.json"},
                  {kJit + "/exp2/log", kJit + "/exp2/prof.json"}};
  const std::vector<Step> steps = Steps("jit-vs-jit-runs", {}, &runs);
  ASSERT_EQ(steps.size(), 2u);
  const LogExtent one = MeasureLog(kJit + "/exp1/log");
  const LogExtent two = MeasureLog(kJit + "/exp2/log");
  ASSERT_GT(one.files, 0);
  ASSERT_GT(one.bytes, 0);
  const Step& load = steps[0];
  EXPECT_EQ(load.what, "Loading runs");
  EXPECT_EQ(load.item_name, "files");
  EXPECT_EQ(load.total_items, 2 * one.files + 3 * two.files);
  EXPECT_EQ(load.total_bytes, 2 * one.bytes + 3 * two.bytes);
  // The five loads, each its own part of the one step, add up to the whole.
  EXPECT_EQ(load.items, load.total_items);
  EXPECT_EQ(load.bytes, load.total_bytes);
  EXPECT_GT(load.units, 0);
  // Checkout.total is compared (ArrayList.get is hot in no run of experiment 1).
  const Step& compare = steps[1];
  EXPECT_EQ(compare.what, "Comparing");
  EXPECT_EQ(compare.item_name, "methods");
  EXPECT_EQ(compare.total_items, 1);
  EXPECT_EQ(compare.items, 1);
}

TEST(ProgressStepsTest, MeasureLogCountsRegularFilesOnly) {
  const LogExtent missing = MeasureLog(kJit + "/no-such-log");
  EXPECT_EQ(missing.files, 0);
  EXPECT_EQ(missing.bytes, 0);
  // fixtures/jit-example/exp1 holds the log directory (not a regular file) and prof.json.
  const LogExtent parent = MeasureLog(kJit + "/exp1");
  EXPECT_EQ(parent.files, 1);
  std::FILE* profile = std::fopen((kJit + "/exp1/prof.json").c_str(), "rb");
  ASSERT_NE(profile, nullptr);
  std::fseek(profile, 0, SEEK_END);
  EXPECT_EQ(parent.bytes, std::ftell(profile));
  std::fclose(profile);
}

}  // namespace
}  // namespace profdiff
