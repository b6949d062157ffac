#ifndef PROFDIFF_OUTPUT_TERMINAL_PROGRESS_H_
#define PROFDIFF_OUTPUT_TERMINAL_PROGRESS_H_

// The progress line of --progress on stderr, like cargo's: files and megabytes read of the
// total, compilation units, speed and time left while an experiment loads; pairs compared while
// a comparison runs. Drawn by its own thread, first after a short delay (fast runs show
// nothing), then at most ten times a second, redrawn in place ("\r", erase to the end of the
// line), cut to the terminal's width, and erased before any other output on the terminal
// (WriteGuard), when the run ends, and on SIGINT/SIGTERM.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "profdiff/output/line_writer.h"
#include "profdiff/support/progress.h"

namespace profdiff {

// What a progress line shows.
struct ProgressSnapshot {
  std::string what;
  std::string item_name;
  int64_t items_done = 0;
  int64_t items_total = 0;
  int64_t bytes_done = 0;
  int64_t bytes_total = 0;  // 0: the step is not counted in bytes
  int64_t units = 0;
  double seconds = 0;  // since the step began
};

// The line for `snapshot`, at most `width` - 1 characters (the last column stays free, so that
// no terminal wraps it).
std::string ProgressLineText(const ProgressSnapshot& snapshot, int width);

class TerminalProgress : public ProgressSink, public WriteGuard {
 public:
  // Draws on file descriptor `fd` (stderr).
  explicit TerminalProgress(int fd,
                            std::chrono::milliseconds first_draw = std::chrono::milliseconds(300),
                            std::chrono::milliseconds interval = std::chrono::milliseconds(100));
  ~TerminalProgress() override;
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;

  void Begin(std::string_view what, int64_t total_items, std::string_view item_name,
             int64_t total_bytes) override;
  void Advance(int64_t items, int64_t bytes, int64_t units) override;

  void BeforeWrite() override;  // erases the line and keeps it from being drawn ...
  void AfterWrite() override;   // ... until this

  // Stops drawing and erases the line (the destructor does it too).
  void Finish();

 private:
  void Run();
  void DrawLocked();
  void EraseLocked();
  int Width() const;

  const int fd_;
  const std::chrono::steady_clock::time_point start_;
  const std::chrono::milliseconds first_draw_;
  const std::chrono::milliseconds interval_;
  std::mutex mutex_;  // guards everything below and the terminal
  std::condition_variable wake_;
  bool stop_ = false;
  bool visible_ = false;
  bool active_ = false;  // a step has begun
  std::string what_;
  std::string item_name_;
  int64_t items_total_ = 0;
  int64_t bytes_total_ = 0;
  std::chrono::steady_clock::time_point step_start_;
  std::atomic<int64_t> items_done_{0};
  std::atomic<int64_t> bytes_done_{0};
  std::atomic<int64_t> units_{0};
  std::thread thread_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TERMINAL_PROGRESS_H_
