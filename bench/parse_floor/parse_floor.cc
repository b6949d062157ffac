// What one parse of every byte of a HotSpot log by pugixml costs on this machine: the lower bound
// of any reader that checks a log with a real XML parser (issue 19; docs/performance.md "The
// parse floor"). It does nothing else: the reading thread reads 1 MiB at a time and cuts at the
// the <task> elements it reads into pieces of 1 MiB; worker threads parse each piece in place with
// pugixml, as profdiff's workers do, with the same options, and throw the DOM away. No check
// beyond pugixml's, no tree, no output.
//
// Built with PROFDIFF_BUILD_FLOOR (CMake's profdiff_build_floor, linked with profdiff's library)
// it also has --build: each task of a piece is parsed on its own (parse_default) and its trees
// are built by profdiff's TaskTreeBuilder (ParseTaskInPlace), then thrown away. That is the
// floor of any reader that parses each task once and builds its trees with today's builder:
// no checks beyond pugixml's, no reading thread's scan, no output (docs/performance.md).
//
// usage: parse_floor [--threads=N] [--default] [--build] [--terse] FILE...
// prints the wall and CPU time of the whole run (--terse: "WALL CPU", in seconds).
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#ifdef PROFDIFF_BUILD_FLOOR
#include "load/hotspot/task_parser.h"
#endif

namespace {

constexpr size_t kBatchBytes = size_t{1} << 20;
constexpr std::string_view kTaskEnd = "</task>";

struct Piece {
  std::unique_ptr<char[]> data;
  size_t size = 0;
  std::vector<std::pair<size_t, size_t>> tasks;  // offset and size of each <task> in `data`
};

// A bounded queue of pieces, and the buffers handed back for reuse (as profdiff's BatchWorkers
// do: a new 1 MiB buffer per piece would add page faults the floor should not have).
class Pieces {
 public:
  void Push(Piece piece) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return queue_.size() < 8; });
    queue_.push_back(std::move(piece));
    ready_.notify_one();
  }
  bool Pop(Piece* piece) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return false;
    *piece = std::move(queue_.front());
    queue_.pop_front();
    room_.notify_one();
    return true;
  }
  void Close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }
  void GiveBack(std::unique_ptr<char[]> buffer) {
    std::lock_guard lock(mutex_);
    spare_.push_back(std::move(buffer));
  }
  std::unique_ptr<char[]> Buffer(size_t capacity) {
    std::lock_guard lock(mutex_);
    if (spare_.empty()) return std::unique_ptr<char[]>(new char[capacity]);
    std::unique_ptr<char[]> buffer = std::move(spare_.back());
    spare_.pop_back();
    return buffer;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<Piece> queue_;
  std::vector<std::unique_ptr<char[]>> spare_;
  bool closed_ = false;
};

double CpuSeconds(const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; }

}  // namespace

int main(int argc, char** argv) {
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool terse = false;
  bool build = false;
  unsigned options = pugi::parse_minimal;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--threads=")) {
      threads = static_cast<unsigned>(std::max(1, std::atoi(argv[i] + 10)));
    } else if (arg == "--default") {
      options = pugi::parse_default;
    } else if (arg == "--terse") {
      terse = true;
#ifdef PROFDIFF_BUILD_FLOOR
    } else if (arg == "--build") {
      build = true;
#endif
    } else if (arg.starts_with("-")) {
      std::fprintf(stderr,
                   "usage: parse_floor [--threads=N] [--default] [--build] [--terse] FILE...\n");
      return 2;
    } else {
      files.emplace_back(arg);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr,
                 "usage: parse_floor [--threads=N] [--default] [--build] [--terse] FILE...\n");
    return 2;
  }

  const auto start = std::chrono::steady_clock::now();
  constexpr size_t kCapacity = 2 * kBatchBytes;  // 1 MiB of tasks, then the last one
  Pieces pieces;
  std::mutex totals_mutex;
  size_t parse_errors = 0, batches = 0, built = 0;
  uint64_t bytes = 0;
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      pugi::xml_document document;
      size_t errors = 0, trees = 0;
      Piece piece;
      while (pieces.Pop(&piece)) {
        if (build) {
#ifdef PROFDIFF_BUILD_FLOOR
          for (const auto& [offset, size] : piece.tasks) {
            const auto parsed = profdiff::ParseTaskInPlace(piece.data.get() + offset, size,
                                                           profdiff::TreeParts::kAll);
            if (!parsed.ok()) {
              ++errors;
            } else if (!parsed->inlining_tree.empty()) {
              ++trees;
            }
          }
#endif
        } else if (!document.load_buffer_inplace(piece.data.get(), piece.size, options)) {
          // As profdiff's workers check a batch: pugixml's minimal parse (their second parse of
          // the printed tasks uses parse_default: --default measures that instead).
          ++errors;
        }
        pieces.GiveBack(std::move(piece.data));
      }
      std::lock_guard lock(totals_mutex);
      parse_errors += errors;
      built += trees;
    });
  }
  // The reading thread copies each <task> element into the current piece, wrapped as profdiff's
  // reader wraps them ("<r>" ... "</r>"), and hands a piece on once it holds 1 MiB. What lies
  // between tasks (a few per cent of a log, which profdiff's reading thread parses with expat)
  // is skipped.
  constexpr std::string_view kOpen = "<r>", kClose = "</r>";
  Piece piece{pieces.Buffer(kCapacity), 0, {}};
  auto hand_on = [&] {
    std::memcpy(piece.data.get() + piece.size, kClose.data(), kClose.size());
    piece.size += kClose.size();
    pieces.Push(std::move(piece));
    ++batches;
    piece = Piece{pieces.Buffer(kCapacity), 0, {}};
  };
  // An early return must not leave the workers running (std::thread would terminate the run).
  auto stop = [&] {
    pieces.Close();
    for (std::thread& worker : workers) worker.join();
  };
  std::string pending;
  std::vector<char> chunk(kBatchBytes);
  for (const std::string& file : files) {
    const int fd = open(file.c_str(), O_RDONLY);
    if (fd < 0) {
      std::perror(file.c_str());
      stop();
      return 1;
    }
    pending.clear();
    while (true) {
      const ssize_t n = read(fd, chunk.data(), chunk.size());
      if (n < 0) {
        std::perror(file.c_str());
        stop();
        return 1;
      }
      if (n == 0) break;
      bytes += static_cast<uint64_t>(n);
      pending.append(chunk.data(), static_cast<size_t>(n));
      size_t pos = 0;
      while (true) {
        const size_t begin = pending.find("<task", pos);
        if (begin == std::string::npos) {
          pos = pending.size() < 5 ? 0 : pending.size() - 5;  // a "<task" cut by the read
          break;
        }
        const char after = begin + 5 < pending.size() ? pending[begin + 5] : '\0';
        if (after != ' ' && after != '>') {
          if (after == '\0') {
            pos = begin;
            break;
          }
          pos = begin + 5;  // <task_queued>, <task_done> and the like
          continue;
        }
        const size_t end = pending.find(kTaskEnd, begin);
        if (end == std::string::npos) {
          pos = begin;
          break;
        }
        const size_t length = end + kTaskEnd.size() - begin;
        if (piece.size == 0) {
          std::memcpy(piece.data.get(), kOpen.data(), kOpen.size());
          piece.size = kOpen.size();
        }
        if (piece.size + length + kClose.size() > kCapacity) {
          std::fprintf(stderr, "%s: a task of more than 1 MiB\n", file.c_str());
          stop();
          return 1;
        }
        std::memcpy(piece.data.get() + piece.size, pending.data() + begin, length);
        piece.tasks.emplace_back(piece.size, length);
        piece.size += length;
        if (piece.size >= kBatchBytes) hand_on();
        pos = begin + length;
      }
      pending.erase(0, pos);
    }
    close(fd);
  }
  if (piece.size > 0) hand_on();
  stop();
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double user = CpuSeconds(usage.ru_utime), system = CpuSeconds(usage.ru_stime);
  if (terse) {
    std::printf("%.2f %.2f\n", wall, user + system);
  } else {
    std::printf(
        "%llu bytes in %zu pieces, %u threads: wall %.2f s, CPU %.2f s (user %.2f, system %.2f);"
        " %zu %s ended in a parse error",
        static_cast<unsigned long long>(bytes), batches, threads, wall, user + system, user, system,
        parse_errors, build ? "tasks" : "pieces");
    if (build) std::printf("; %zu tasks' trees built", built);
    std::printf("\n");
  }
  return 0;
}
