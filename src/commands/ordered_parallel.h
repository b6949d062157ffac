#ifndef PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
#define PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_

// Renders independent pieces of output (method sections) on worker threads and writes them in
// order. Each piece is rendered into its own string; at most a few pieces are in flight, so
// memory stays bounded by the largest pieces rather than growing with the output.

#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "profdiff/ordered_parallel.h"
#include "profdiff/output_records.h"

namespace profdiff {

struct RenderedPiece {
  std::string text;
  absl::Status status;  // a failure stops the output after `text`
  EndRecord tally;      // what the piece adds to the end record's totals
};

// Adds the counts of `piece` to `totals`.
inline void AddTally(const EndRecord& piece, EndRecord* totals) {
  totals->methods += piece.methods;
  totals->compilations += piece.compilations;
  totals->pairs += piece.pairs;
  totals->too_big += piece.too_big;
  totals->inlining += piece.inlining;
  totals->optimization += piece.optimization;
  totals->context += piece.context;
}

// Calls render(i, sink, piece) for i in [0, count) on up to `threads` threads, each with a
// renderer (`sink`) of the piece's text, and writes the pieces to `out` in index order on the
// calling thread, adding their tallies to `totals`. Stops at (and returns) the first failing
// piece's status, after writing its text.
inline absl::Status RenderInOrder(
    size_t count, unsigned threads, Renderer& out, EndRecord* totals,
    const std::function<void(size_t, Renderer&, RenderedPiece&)>& render) {
  absl::Status status;
  ProduceInOrder<RenderedPiece>(
      count, threads,
      [&](size_t i) {
        RenderedPiece piece;
        {
          std::unique_ptr<Renderer> sink = out.NewPiece(&piece.text);
          render(i, *sink, piece);
        }  // flushes the piece's renderer into piece.text
        return piece;
      },
      [&](size_t, RenderedPiece& piece) {
        out.WritePiece(piece.text);
        AddTally(piece.tally, totals);
        status = piece.status;
        // A reader that went away (`| head`) needs no more pieces.
        return status.ok() && out.WriteError() == 0;
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
