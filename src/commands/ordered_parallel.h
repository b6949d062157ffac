#ifndef PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
#define PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_

// Renders independent pieces of output (method sections) on worker threads and writes them in
// order. Each piece is rendered into its own string; at most a few pieces are in flight, so
// memory stays bounded by the largest pieces rather than growing with the output.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"

namespace profdiff {

struct RenderedPiece {
  std::string text;
  absl::Status status;  // a failure stops the output after `text`
};

// Calls render(i) for i in [0, count) on up to `threads` threads and consume(piece) in index
// order on the calling thread. Stops at (and returns) the first failing piece's status, after
// consuming its text.
inline absl::Status RenderInOrder(size_t count, unsigned threads,
                                  const std::function<RenderedPiece(size_t)>& render,
                                  const std::function<void(const std::string&)>& consume) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(count)));
  if (threads <= 1) {
    for (size_t i = 0; i < count; ++i) {
      RenderedPiece piece = render(i);
      consume(piece.text);
      if (!piece.status.ok()) return piece.status;
    }
    return absl::OkStatus();
  }
  const size_t window = 4 * static_cast<size_t>(threads);  // pieces rendered ahead of the writer
  std::vector<RenderedPiece> pieces(count);
  std::vector<char> done(count, 0);
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0;      // next piece to hand to a worker
  size_t consumed = 0;  // pieces already written
  bool stop = false;
  auto work = [&] {
    while (true) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return stop || next >= count || next < consumed + window; });
        if (stop || next >= count) return;
        i = next++;
      }
      RenderedPiece piece = render(i);
      {
        std::lock_guard<std::mutex> lock(mutex);
        pieces[i] = std::move(piece);
        done[i] = 1;
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
  absl::Status status;
  for (size_t i = 0; i < count; ++i) {
    RenderedPiece piece;
    {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return done[i] != 0; });
      piece = std::move(pieces[i]);
      consumed = i + 1;
    }
    changed.notify_all();
    consume(piece.text);
    if (!piece.status.ok()) {
      status = piece.status;
      break;
    }
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  changed.notify_all();
  for (std::thread& worker : workers) worker.join();
  return status;
}

// Worker threads worth using for rendering on this machine.
inline unsigned RenderThreads() {
  return std::max(1u, std::min(std::thread::hardware_concurrency(), 4u));
}

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
