#ifndef PROFDIFF_LOAD_JFR_JFR_RECORDING_H_
#define PROFDIFF_LOAD_JFR_JFR_RECORDING_H_

// What profdiff reads from a Java Flight Recorder recording (docs/jfr.md): the execution samples
// with their stack traces, the compilations and the sampling period. Everything else in the
// recording is skipped by its declared size.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace profdiff {

// JFR's frame types (jdk.types.FrameType); kOther for a description this reader does not know.
enum class JfrFrameType : uint8_t { kInterpreted, kJitCompiled, kInlined, kNative, kOther };

struct JfrMethod {
  std::string class_name;  // as recorded: "java/util/HashMap"
  std::string name;        // "putVal"
  std::string descriptor;  // "(ILjava/lang/Object;Ljava/lang/Object;ZZ)Ljava/lang/Object;"
  bool hidden = false;
};

struct JfrFrame {
  uint32_t method = 0;  // index into JfrRecording::methods; kNoMethod when the frame has none
  int32_t line = 0;
  int32_t bytecode_index = 0;
  JfrFrameType type = JfrFrameType::kOther;
  uint32_t type_name = 0;  // index into JfrRecording::frame_type_names
};

struct JfrStackTrace {
  bool truncated = false;
  uint32_t first_frame = 0;  // index into JfrRecording::frames, top frame first
  uint32_t frame_count = 0;  // all of them, or down to the first not inlined (JfrReadOptions)
};

struct JfrSample {
  int64_t time = 0;          // nanoseconds since the epoch
  uint32_t stack_trace = 0;  // index into JfrRecording::stack_traces; kNoStackTrace when none
};

struct JfrCompilation {
  int64_t start = 0;     // nanoseconds since the epoch
  int64_t duration = 0;  // nanoseconds
  int64_t compile_id = 0;
  uint32_t method = 0;  // index into JfrRecording::methods; kNoMethod when none
  int32_t level = 0;
  bool succeeded = false;
  bool osr = false;
};

struct JfrActiveSetting {
  int64_t time = 0;      // nanoseconds since the epoch
  int64_t event_id = 0;  // the type id of the event the setting is for
  std::string event;     // that event's name ("jdk.ExecutionSample"), empty when unknown
  std::string name;      // "period"
  std::string value;     // "10 ms"
};

struct JfrRecording {
  static constexpr uint32_t kNoMethod = UINT32_MAX;
  static constexpr uint32_t kNoStackTrace = UINT32_MAX;

  std::vector<JfrMethod> methods;  // unique across chunks
  std::vector<std::string> frame_type_names;
  std::vector<JfrFrame> frames;
  std::vector<JfrStackTrace> stack_traces;
  std::vector<JfrSample> samples;  // in recording order, chunk by chunk
  std::vector<JfrCompilation> compilations;
  std::vector<JfrActiveSetting> settings;
  // Whether the recording's metadata declares the events at all (a recording may declare an event
  // and hold none of it).
  bool declares_samples = false;
  bool declares_compilations = false;
  // jdk.JVMInformation (JDK 14 and later record it at the start of each chunk when enabled, as
  // profdiff.jfc does): the recorded JVM's process id, the run's identity as proftool's execution
  // ID is; nullopt when the recording has none.
  std::optional<int64_t> pid;
  int64_t chunks = 0;
  // A recording cut off (a JVM killed while writing): how many bytes of the last chunk could not
  // be read and how many of its events were lost; 0 when complete.
  int64_t lost_bytes = 0;
  int64_t lost_events = 0;
};

struct JfrReadOptions {
  // Whether a stack trace keeps all its frames, or only those down to the first that is not
  // inlined: the code that was running, all that the attribution of a sample looks at
  // (jfr_profile.h). The frames below are then skipped, not resolved, which matters on
  // recordings made with JFR's stock settings: their pools hold the deep stacks of every kind of
  // event. Either way the reader fails and warns alike; `methods` holds only the methods of the
  // frames kept (and of the compilations).
  bool full_stacks = true;
};

// Reads a recording from its bytes; `display_path` names the file in messages. Fails with
// "<display_path> at byte <offset>: <what was expected>" on malformed input, and with
// "<display_path>: the recording is cut off ..." when nothing usable remains.
absl::StatusOr<JfrRecording> ParseJfrRecording(std::string_view bytes,
                                               const std::string& display_path,
                                               const JfrReadOptions& options = {});

// Reads the file at `path` (ParseJfrRecording on its bytes).
absl::StatusOr<JfrRecording> ReadJfrRecording(const std::string& path,
                                              const std::string& display_path,
                                              const JfrReadOptions& options = {});

// Whether `bytes` start with the magic bytes of a JFR chunk ("FLR\0").
bool HasJfrMagic(std::string_view bytes);

// Whether `path` is a regular file that starts with them (false when it cannot be read). Reads
// nothing from anything else (a FIFO would lose the bytes).
bool IsJfrFile(const std::string& path);

// The Java name of a method as Graal's and HotSpot's logs print it:
// "java.util.HashMap.putVal(int, java.lang.Object, java.lang.Object, boolean, boolean)".
std::string JfrJavaMethodName(const JfrMethod& method);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_JFR_JFR_RECORDING_H_
