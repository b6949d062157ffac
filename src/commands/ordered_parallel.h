#ifndef PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
#define PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_

// Renders independent pieces of output (method sections) on worker threads and writes them in
// order. Each piece is rendered into its own string; at most a few pieces are in flight, so
// memory stays bounded by the largest pieces rather than growing with the output.

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "profdiff/ordered_parallel.h"

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
  absl::Status status;
  ProduceInOrder<RenderedPiece>(count, threads, render, [&](size_t, RenderedPiece& piece) {
    consume(piece.text);
    status = piece.status;
    return status.ok();
  });
  return status;
}

// Worker threads worth using for rendering comparisons on this machine: one more than the
// cores. Pieces that need the same fragment parent or shared tree wait for the one thread that
// parses it (hundreds of ms for a big AOT record); the extra thread keeps the cores busy
// meanwhile. (Report sections share nothing, so `report` uses WorkerThreads().)
inline unsigned ComparisonRenderThreads() { return WorkerThreads() + 1; }

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
