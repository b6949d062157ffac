#ifndef PROFDIFF_LOAD_JFR_JFR_PROFILE_H_
#define PROFDIFF_LOAD_JFR_JFR_PROFILE_H_

// A profile from a JFR recording (docs/jfr.md): each execution sample weighs the sampling period
// and counts for the first frame of its stack that is not inlined. A compiled frame goes to the
// compilation of its method that was installed when the sample was taken, an interpreted frame
// to "Interpreter", a native frame to "native <method>".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/load/proftool/profile.h"
#include "profdiff/model/hotspot_installs.h"

namespace profdiff {

// When a compilation's code could run, from a source that knows exactly (a HotSpot compilation
// log's install and make_not_entrant times), in nanoseconds on the recording's clock. Given for a
// method, these intervals decide instead of the recording's jdk.Compilation end times. An interval
// is for every method of the recording with its name (and descriptor, when given and some has
// it), whatever order the recording lists them in.
struct CodeInstallInterval {
  std::string compile_id;
  std::string method;  // the Java name (JfrJavaMethodName's form)
  std::optional<int32_t> level;
  bool osr = false;
  int64_t installed = 0;
  std::optional<int64_t> not_entrant;  // nullopt: installed until the end
  // The JVM descriptor, "(I)Ljava/lang/Object;", or empty. The Java name leaves out the return
  // type, so a method and its bridge share it: given, the descriptor picks between them.
  std::string descriptor;
  // How many times the method had been invoked when the code was installed (HotSpotInstall's).
  std::optional<int64_t> invocations;
};

// A HotSpot log's install and make_not_entrant times (its tty section) as intervals on the
// recording's clock: the log's time_ms (the VM's start, milliseconds since the epoch) plus each
// stamp. Empty when the log does not say when the VM started.
std::vector<CodeInstallInterval> HotSpotInstallIntervals(const HotSpotInstalls& installs);

struct JfrAttributionInput {
  int experiment_id = 1;
  std::string display_path;  // the recording, as messages name it
  // Optional refinement (empty: the recording's jdk.Compilation events decide).
  std::vector<CodeInstallInterval> install_intervals;
};

// Builds the profile. Fails when the recording declares no execution samples or no compilations
// (naming the events and the settings that record them); warns through `warn` when samples in
// compiled code find no compilation of their method, when the sampling period is unknown, and
// when the recording was cut off.
absl::StatusOr<Profile> AttributeJfrSamples(const JfrRecording& recording,
                                            const JfrAttributionInput& input,
                                            const WarningSink& warn);

// The sampling period of jdk.ExecutionSample in nanoseconds from the recording's active settings
// (the smallest, as the JVM samples at the smallest period any recording asks for), or nullopt.
std::optional<int64_t> JfrSamplingPeriod(const JfrRecording& recording);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_JFR_JFR_PROFILE_H_
