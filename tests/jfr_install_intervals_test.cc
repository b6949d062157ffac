// JFR attribution with a HotSpot log's install times (docs/jfr.md "A finer source of install
// times"): a small hand-made log read by the HotSpot reader, its <nmethod> and <make_not_entrant>
// stamps turned into intervals, and one sample at a time placed on the boundaries: exactly at an
// install stamp, exactly at a make_not_entrant stamp, an OSR compilation beside a normal one of
// the same method, and a recompilation after the method's code was made not entrant.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "profdiff/load/jfr/jfr_profile.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "profdiff/load/optimization_log.h"
#include "test_util.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

// The VM started 1000 ms after the epoch; stamps are seconds since then.
constexpr int64_t kVmStart = 1'000'000'000;
constexpr int64_t kSecond = 1'000'000'000;

// Demo.work(int):  10 C1 installed 1.0, made not entrant 2.0
//                  11 C2 OSR installed 1.5, never made not entrant
//                  12 C2 installed 2.0 (the stamp at which 10 is made not entrant), made not
//                     entrant 3.0 (a deoptimization)
//                  13 C2 installed 4.0 (the recompilation)
// Demo.main(String[]): invoked once, its loop running all along:
//                  30 C1 OSR installed 1.0, made not entrant 3.0
//                  31 C1 installed 1.1 while invoked once (count='1'), never run
//                  32 C2 OSR installed 3.0
// Demo.other():    20 C2 installed 1.0, made not entrant 2.0
//                  21 C2 installed 3.0 (recompiled after a second without installed code)
constexpr const char* kLog = R"(<?xml version='1.0' encoding='UTF-8'?>
<hotspot_log version='160 1' process='4242' time_ms='1000'>
<vm_version><name>OpenJDK 64-Bit Server VM</name><release>17.0.15</release></vm_version>
<tty>
<nmethod compile_id='10' compiler='c1' level='3' entry='0x1' size='64' address='0x1' method='Demo work (I)I' bytes='12' count='300' iicount='300' stamp='1.000'/>
<nmethod compile_id='20' compiler='c2' level='4' entry='0x2' size='64' address='0x2' method='Demo other ()V' bytes='5' count='900' iicount='900' stamp='1.000'/>
<nmethod compile_id='11' compile_kind='osr' compiler='c2' level='4' entry='0x3' size='64' address='0x3' method='Demo work (I)I' bytes='12' count='300' backedge_count='60000' iicount='300' stamp='1.500'/>
<nmethod compile_id='12' compiler='c2' level='4' entry='0x4' size='64' address='0x4' method='Demo work (I)I' bytes='12' count='5000' iicount='5000' stamp='2.000'/>
<nmethod compile_id='30' compile_kind='osr' compiler='c1' level='3' entry='0x7' size='64' address='0x7' method='Demo main ([Ljava/lang/String;)V' bytes='40' count='1' backedge_count='60000' iicount='1' stamp='1.000'/>
<nmethod compile_id='31' compiler='c1' level='3' entry='0x8' size='64' address='0x8' method='Demo main ([Ljava/lang/String;)V' bytes='40' count='1' backedge_count='70000' iicount='1' stamp='1.100'/>
<make_not_entrant thread='7' compile_id='10' compiler='c1' level='3' stamp='2.000'/>
<make_not_entrant thread='7' compile_id='20' compiler='c2' level='4' stamp='2.000'/>
<make_not_entrant thread='7' compile_id='12' compiler='c2' level='4' stamp='3.000'/>
<nmethod compile_id='21' compiler='c2' level='4' entry='0x5' size='64' address='0x5' method='Demo other ()V' bytes='5' count='900' iicount='900' stamp='3.000'/>
<nmethod compile_id='32' compile_kind='osr' compiler='c2' level='4' entry='0x9' size='64' address='0x9' method='Demo main ([Ljava/lang/String;)V' bytes='40' count='1' backedge_count='900000' iicount='1' stamp='3.000'/>
<make_not_entrant thread='7' compile_id='30' compile_kind='osr' compiler='c1' level='3' stamp='3.000'/>
<nmethod compile_id='13' compiler='c2' level='4' entry='0x6' size='64' address='0x6' method='Demo work (I)I' bytes='12' count='9000' iicount='9000' stamp='4.000'/>
</tty>
<compilation_log thread='8'>
<start_compile_thread name='C2 CompilerThread0' thread='8' process='4242' stamp='0.100'/>
<task compile_id='12' method='Demo work (I)I' bytes='12' count='5000' iicount='5000' level='4' stamp='1.900'>
<task_done success='1' nmsize='64' count='5000' stamp='2.000'/>
</task>
</compilation_log>
</hotspot_log>
)";

class InstallIntervalsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = dir_.Write("hotspot.log", kLog);
    absl::StatusOr<OptimizationLog> log =
        LoadOptimizationLog(path, 1, [this](std::string_view line) { warnings_ += line; });
    ASSERT_TRUE(log.ok()) << log.status();
    intervals_ = HotSpotInstallIntervals(log->installs);
  }

  // The compile id the one sample taken `seconds` after the VM's start in a JIT-compiled frame of
  // Demo.work(int) (or Demo.other()) counts for; nullopt when it counts for no compilation.
  std::optional<std::string> CompileIdAt(double seconds, bool other = false) {
    return CompileIdOf(
        other ? JfrMethod{"Demo", "other", "()V", false} : JfrMethod{"Demo", "work", "(I)I", false},
        seconds);
  }

  std::optional<std::string> CompileIdOf(const JfrMethod& method, double seconds) {
    JfrRecording recording;
    recording.methods.push_back(method);
    recording.frames.push_back({0, 1, 0, JfrFrameType::kJitCompiled, 0});
    recording.stack_traces.push_back({false, 0, 1});
    recording.samples.push_back({kVmStart + static_cast<int64_t>(seconds * kSecond), 0});
    recording.settings.push_back({0, 0, "jdk.ExecutionSample", "period", "10 ms"});
    recording.declares_samples = true;
    recording.declares_compilations = true;
    JfrAttributionInput input;
    input.display_path = "rec.jfr";
    input.install_intervals = intervals_;
    absl::StatusOr<Profile> profile =
        AttributeJfrSamples(recording, input, [this](std::string_view line) { warnings_ += line; });
    EXPECT_TRUE(profile.ok()) << profile.status();
    if (!profile.ok() || profile->code.size() != 1) {
      ADD_FAILURE() << "expected one profile entry";
      return std::nullopt;
    }
    EXPECT_EQ(profile->code[0].period, 10'000'000);
    return profile->code[0].compile_id;
  }

  TempDir dir_;
  std::vector<CodeInstallInterval> intervals_;
  std::string warnings_;
};

TEST_F(InstallIntervalsTest, TheLogsStampsBecomeIntervalsOnTheRecordingsClock) {
  ASSERT_EQ(intervals_.size(), 9u);
  const CodeInstallInterval& c1 = intervals_[0];
  EXPECT_EQ(c1.compile_id, "10");
  EXPECT_EQ(c1.method, "Demo.work(int)");
  EXPECT_EQ(c1.level, 3);
  EXPECT_FALSE(c1.osr);
  EXPECT_EQ(c1.installed, kVmStart + 1 * kSecond);
  EXPECT_EQ(c1.not_entrant, kVmStart + 2 * kSecond);
  EXPECT_EQ(c1.invocations, 300);
  const CodeInstallInterval& osr = intervals_[2];
  EXPECT_EQ(osr.compile_id, "11");  // no '%': the profile's ids carry none
  EXPECT_TRUE(osr.osr);
  EXPECT_EQ(osr.installed, kVmStart + kSecond * 3 / 2);
  EXPECT_FALSE(osr.not_entrant.has_value());
  EXPECT_EQ(intervals_[3].not_entrant, kVmStart + 3 * kSecond);
}

TEST_F(InstallIntervalsTest, BeforeTheFirstInstallNoCompilationRuns) {
  EXPECT_EQ(CompileIdAt(0.999), std::nullopt);
  EXPECT_NE(warnings_.find("1 of 1 execution samples are in compiled code"), std::string::npos);
}

TEST_F(InstallIntervalsTest, ASampleAtAnInstallStampCountsForTheInstalledCode) {
  EXPECT_EQ(CompileIdAt(1.0), "10");
  EXPECT_EQ(CompileIdAt(1.2), "10");
}

TEST_F(InstallIntervalsTest, TheLatestRunningCompilationRunsOsrIncluded) {
  // C1's code hands a long loop over to C2's OSR code once it is installed, and short calls
  // are rarely sampled (docs/jfr.md "Which compilation ran").
  EXPECT_EQ(CompileIdAt(1.5), "11");
  EXPECT_EQ(CompileIdAt(1.9), "11");
}

// Issue 32: a method invoked once (a program's main) whose loop runs in OSR code; its normal
// compilation, made while it had been invoked once, never runs.
TEST_F(InstallIntervalsTest, ANormalCompilationOfAMethodInvokedOnceYieldsToItsOsrCode) {
  const JfrMethod main{"Demo", "main", "([Ljava/lang/String;)V", false};
  EXPECT_EQ(CompileIdOf(main, 1.05), "30");
  EXPECT_EQ(CompileIdOf(main, 1.1), "30");
  EXPECT_EQ(CompileIdOf(main, 2.9), "30");
  EXPECT_EQ(CompileIdOf(main, 3.0), "32");
  EXPECT_EQ(CompileIdOf(main, 50.0), "32");
}

TEST_F(InstallIntervalsTest, AtAMakeNotEntrantStampTheReplacementInstalledThenRuns) {
  EXPECT_EQ(CompileIdAt(2.0), "12");
  EXPECT_EQ(CompileIdAt(2.5), "12");
}

TEST_F(InstallIntervalsTest, WithTheNormalCodeNotEntrantTheOsrCodeRuns) {
  EXPECT_EQ(CompileIdAt(3.0), "11");
  EXPECT_EQ(CompileIdAt(3.999), "11");
}

TEST_F(InstallIntervalsTest, TheRecompilationRunsFromItsInstallStamp) {
  EXPECT_EQ(CompileIdAt(4.0), "13");
  EXPECT_EQ(CompileIdAt(100.0), "13");
}

// A compiled frame of a method whose only code was made not entrant is an activation still in
// that code (make_not_entrant stops new calls, not the running ones): it counts for that code,
// not for no compilation, and is not reported as a missing jdk.Compilation event.
TEST_F(InstallIntervalsTest, CodeMadeNotEntrantStillRunsItsActivations) {
  EXPECT_EQ(CompileIdAt(1.5, /*other=*/true), "20");
  EXPECT_EQ(CompileIdAt(2.0, /*other=*/true), "20");
  EXPECT_EQ(CompileIdAt(2.5, /*other=*/true), "20");
  EXPECT_EQ(CompileIdAt(3.0, /*other=*/true), "21");
  EXPECT_EQ(warnings_, "");
}

}  // namespace
}  // namespace profdiff
