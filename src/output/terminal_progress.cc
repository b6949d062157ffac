#include "profdiff/output/terminal_progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

constexpr std::string_view kErase = "\r\x1b[K";  // to the start of the line, erase it

// The descriptor whose line is drawn, for the signal handler (-1: none drawn).
std::atomic<int> visible_fd{-1};

void WriteFully(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a terminal that went away: nothing more to show
    text.remove_prefix(static_cast<size_t>(n));
  }
}

// SIGINT/SIGTERM while the line is drawn: erase it (write(2) is async-signal-safe), then die of
// the signal as if there were no handler.
extern "C" void EraseAndDie(int signal) {
  const int fd = visible_fd.load();
  if (fd >= 0) {
    ssize_t ignored = write(fd, kErase.data(), kErase.size());
    (void)ignored;
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

std::string Mebibytes(int64_t bytes) {
  return absl::StrFormat("%.1f", static_cast<double>(bytes) / (1 << 20));
}

std::string Duration(double seconds) {
  const int64_t whole = static_cast<int64_t>(seconds + 0.5);
  if (whole < 60) return absl::StrCat(whole, " s");
  if (whole < 3600) return absl::StrCat(whole / 60, " min ", whole % 60, " s");
  return absl::StrCat(whole / 3600, " h ", whole % 3600 / 60, " min");
}

}  // namespace

std::string ProgressLineText(const ProgressSnapshot& s, int width) {
  std::string line = absl::StrCat(s.what, ": ", s.items_done, "/", s.items_total, " ", s.item_name);
  // The rate of what is counted best: bytes when the step has them, else items.
  const double done = static_cast<double>(s.bytes_total > 0 ? s.bytes_done : s.items_done);
  const double total = static_cast<double>(s.bytes_total > 0 ? s.bytes_total : s.items_total);
  if (s.bytes_total > 0) {
    absl::StrAppend(&line, ", ", Mebibytes(s.bytes_done), "/", Mebibytes(s.bytes_total), " MiB, ",
                    s.units, " compilation units");
  }
  // Speed and time left once there is something to go by.
  if (s.seconds >= 0.5 && done > 0) {
    const double rate = done / s.seconds;
    if (s.bytes_total > 0) {
      absl::StrAppend(&line, ", ", Mebibytes(static_cast<int64_t>(rate)), " MiB/s");
    }
    if (total > done) absl::StrAppend(&line, ", ", Duration((total - done) / rate), " left");
  }
  const size_t limit = width > 1 ? static_cast<size_t>(width - 1) : 0;
  if (line.size() > limit) line.resize(limit);
  return line;
}

TerminalProgress::TerminalProgress(int fd, std::chrono::milliseconds first_draw,
                                   std::chrono::milliseconds interval)
    : fd_(fd),
      start_(std::chrono::steady_clock::now()),
      first_draw_(first_draw),
      interval_(interval) {
  std::signal(SIGINT, EraseAndDie);
  std::signal(SIGTERM, EraseAndDie);
  thread_ = std::thread([this] { Run(); });
}

TerminalProgress::~TerminalProgress() { Finish(); }

void TerminalProgress::Begin(std::string_view what, int64_t total_items, std::string_view item_name,
                             int64_t total_bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  active_ = true;
  what_ = std::string(what);
  item_name_ = std::string(item_name);
  items_total_ = total_items;
  bytes_total_ = total_bytes;
  step_start_ = std::chrono::steady_clock::now();
  items_done_.store(0);
  bytes_done_.store(0);
  units_.store(0);
}

void TerminalProgress::Advance(int64_t items, int64_t bytes, int64_t units) {
  items_done_.fetch_add(items, std::memory_order_relaxed);
  bytes_done_.fetch_add(bytes, std::memory_order_relaxed);
  units_.fetch_add(units, std::memory_order_relaxed);
}

void TerminalProgress::BeforeWrite() {
  mutex_.lock();
  EraseLocked();
}

void TerminalProgress::AfterWrite() { mutex_.unlock(); }

void TerminalProgress::Finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stop_) return;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  EraseLocked();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

void TerminalProgress::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stop_; })) {
    if (!active_ || std::chrono::steady_clock::now() - start_ < first_draw_) continue;
    DrawLocked();
  }
}

void TerminalProgress::DrawLocked() {
  ProgressSnapshot snapshot;
  snapshot.what = what_;
  snapshot.item_name = item_name_;
  snapshot.items_done = items_done_.load(std::memory_order_relaxed);
  snapshot.items_total = items_total_;
  snapshot.bytes_done = bytes_done_.load(std::memory_order_relaxed);
  snapshot.bytes_total = bytes_total_;
  snapshot.units = units_.load(std::memory_order_relaxed);
  snapshot.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - step_start_).count();
  std::string text(kErase);
  text += ProgressLineText(snapshot, Width());
  WriteFully(fd_, text);
  visible_ = true;
  visible_fd.store(fd_);
}

void TerminalProgress::EraseLocked() {
  if (!visible_) return;
  visible_fd.store(-1);
  WriteFully(fd_, kErase);
  visible_ = false;
}

int TerminalProgress::Width() const {
  struct winsize size;
  if (ioctl(fd_, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;  // not a terminal (--progress=always into a file)
}

}  // namespace profdiff
