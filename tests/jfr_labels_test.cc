// What a JFR profile's figures are called (docs/jfr.md): seconds of sampled time, never cycles,
// in `stats` and `jit-vs-jit-runs`; and the recording's identity, its JVM's process id, shown
// as proftool's execution ID is and checked against a HotSpot log's.

#include <filesystem>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

const std::string kSource = test::SourceDir();
const std::string kRecording = kSource + "/fixtures/jfr/groundtruth-jdk17.jfr";
const std::string kRealGraal =
    kSource + "/../shared/conformance/data/real-graal/NumericShapes/default/run-1";

TEST(JfrLabelsTest, StatsSaysSecondsSampled) {
  if (!std::filesystem::exists(kRealGraal)) GTEST_SKIP() << "no " << kRealGraal;
  const std::string log = kRealGraal + "/log";
  // One experiment with its recording.
  RunResult one = RunProfdiff({"stats", log, kRealGraal + "/rec.jfr"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out.find("cycles"), std::string::npos);
  // With the samples the share is made of (docs/statistics.md).
  EXPECT_NE(one.out.find(" seconds sampled, "), std::string::npos);
  EXPECT_NE(one.out.find(" samples)\n"), std::string::npos);
  // The same run with its proftool profile: byte for byte what it was.
  RunResult proftool = RunProfdiff({"stats", log, kRealGraal + "/prof.json"});
  ASSERT_EQ(proftool.exit_code, 0) << proftool.err;
  EXPECT_EQ(proftool.out.find("seconds sampled"), std::string::npos);
  EXPECT_NE(proftool.out.find(" billion cycles)\n"), std::string::npos);
  // Two recordings: the changes' period row.
  RunResult both =
      RunProfdiff({"stats", log, kRealGraal + "/rec.jfr", log, kRealGraal + "/rec.jfr"});
  ASSERT_EQ(both.exit_code, 0) << both.err;
  EXPECT_EQ(both.out.find("cycles"), std::string::npos);
  EXPECT_GT(CountOf(both.out, "  seconds sampled\n"), 0u);
  // A profile of each kind: the row names both units.
  RunResult mixed =
      RunProfdiff({"stats", log, kRealGraal + "/prof.json", log, kRealGraal + "/rec.jfr"});
  ASSERT_EQ(mixed.exit_code, 0) << mixed.err;
  EXPECT_GT(CountOf(mixed.out, "  billion cycles (experiment 1), seconds sampled (experiment 2)\n"),
            0u);
  EXPECT_EQ(CountOf(mixed.out, "  billion cycles\n"), 0u);
}

TEST(JfrLabelsTest, RunsTableSaysSecondsSampled) {
  if (!std::filesystem::exists(kRealGraal)) GTEST_SKIP() << "no " << kRealGraal;
  const std::string log = kRealGraal + "/log";
  const std::string jfr = kRealGraal + "/rec.jfr";
  const std::string prof = kRealGraal + "/prof.json";
  RunResult run = RunProfdiff({"jit-vs-jit-runs", "--exp1", log, jfr, log, prof, "--exp2", log,
                               prof, log, jfr, "--explanation=false"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string sampled =
      "    Run  Execution ID  Units  Hot units       Hot share     Graal share    Sampled (s)  "
      "Samples  Inputs\n";
  const std::string cycles =
      "    Run  Execution ID  Units  Hot units  Hot share  Graal share  Cycles (10^9)  Inputs\n";
  // Experiment 1's first run is a recording, experiment 2's a proftool profile.
  ASSERT_NE(run.out.find(sampled), std::string::npos) << run.out.substr(0, 1500);
  ASSERT_NE(run.out.find(cycles), std::string::npos);
  EXPECT_LT(run.out.find(sampled), run.out.find(cycles));
  // The other kind's run says its unit.
  EXPECT_EQ(CountOf(run.out, " Gcycles        -  " + log + " " + prof + "\n"), 1u) << run.out;
  EXPECT_EQ(CountOf(run.out, " s  " + log + " " + jfr + "\n"), 1u) << run.out;
  RunResult html =
      RunProfdiff({"jit-vs-jit-runs", "--exp1", log, jfr, "--exp2", log, jfr, "--format=html"});
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.out.find("'Sampled (s)'"), std::string::npos);
}

TEST(JfrIdentityTest, TheRecordedProcessIdIsReadAsJfrPrintShowsIt) {
  absl::StatusOr<JfrRecording> recording = ReadJfrRecording(kRecording, kRecording);
  ASSERT_TRUE(recording.ok()) << recording.status();
  // `jfr print --events jdk.JVMInformation fixtures/jfr/groundtruth-jdk17.jfr`: pid = 22679.
  EXPECT_EQ(recording->pid, 22679);
}

TEST(JfrIdentityTest, TheProcessIdIsTheExecutionId) {
  RunResult run = RunProfdiff(
      {"report", kSource + "/fixtures/jit-example/exp1/log", kRecording, "--explanation=false"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\nExperiment 1 with execution ID 22679 (JIT)\n"), std::string::npos)
      << run.out;
  RunResult json = RunProfdiff(
      {"report", kSource + "/fixtures/jit-example/exp1/log", kRecording, "--format=json"});
  EXPECT_NE(json.out.find("\"execution_id\":\"22679\""), std::string::npos);
}

// A HotSpot log and a recording of different processes are not of the same run.
TEST(JfrIdentityTest, ALogOfAnotherProcessIsNamed) {
  TempDir dir;
  const std::string log = dir.Write("hotspot.log", R"(<?xml version='1.0' encoding='UTF-8'?>
<hotspot_log version='160 1' process='4242' time_ms='1764137283000'>
<compilation_log thread='8'>
<start_compile_thread name='C2 CompilerThread0' thread='8' process='4242' stamp='0.100'/>
<task compile_id='12' method='Demo work (I)I' bytes='12' count='5000' iicount='5000' level='4' stamp='1.900'>
<task_done success='1' nmsize='64' count='5000' stamp='2.000'/>
</task>
</compilation_log>
</hotspot_log>
)");
  RunResult run = RunProfdiff({"report", log, kRecording});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string said = run.out + run.err;  // text warnings go with the text
  EXPECT_NE(said.find("Warning: " + kRecording +
                      " was recorded by process 22679, but the HotSpot log of experiment 1 was "
                      "written by process 4242: they are not of the same run"),
            std::string::npos)
      << said;
  // The same process: no such warning.
  std::string same = ReadFile(log);
  same.replace(same.find("process='4242'"), 14, "process='22679'");
  RunResult matching = RunProfdiff({"report", dir.Write("same.log", same), kRecording});
  ASSERT_EQ(matching.exit_code, 0) << matching.err;
  EXPECT_EQ((matching.out + matching.err).find("not of the same run"), std::string::npos);
}

}  // namespace
}  // namespace profdiff
