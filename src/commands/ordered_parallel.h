#ifndef PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
#define PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_

// Renders independent pieces of output (method sections) on worker threads and writes them in
// order. Each piece is rendered into its own string; at most a few batches of pieces are in
// flight, so memory stays bounded by the largest batches rather than growing with the output.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "profdiff/output/output_records.h"
#include "profdiff/support/ordered_parallel.h"

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
  totals->moved_call_sites += piece.moved_call_sites;
}

// Calls render(i, sink, piece) for each piece i on up to `threads` threads, each with a
// renderer (`sink`) of the piece's text, and writes the pieces to `out` in index order on the
// calling thread, adding their tallies to `totals`. Stops at (and returns) the first failing
// piece's status, after writing its text. The pieces are handed to the threads in the batches
// that `batch_ends` ends (ItemBatches); a batch stops at its first failing piece.
inline absl::Status RenderInOrder(
    const std::vector<size_t>& batch_ends, unsigned threads, Renderer& out, EndRecord* totals,
    const std::function<void(size_t, Renderer&, RenderedPiece&)>& render) {
  absl::Status status;
  ProduceInOrder<std::vector<RenderedPiece>>(
      batch_ends.size(), threads,
      [&](size_t b) {
        std::vector<RenderedPiece> pieces;
        const size_t begin = b == 0 ? 0 : batch_ends[b - 1];
        pieces.reserve(batch_ends[b] - begin);
        for (size_t i = begin; i < batch_ends[b]; ++i) {
          RenderedPiece& piece = pieces.emplace_back();
          {
            std::unique_ptr<Renderer> sink = out.NewPiece(&piece.text);
            render(i, *sink, piece);
          }  // flushes the piece's renderer into piece.text
          if (!piece.status.ok()) break;
        }
        return pieces;
      },
      [&](size_t, std::vector<RenderedPiece>& pieces) {
        for (RenderedPiece& piece : pieces) {
          out.WritePiece(piece.text);
          AddTally(piece.tally, totals);
          status = piece.status;
          // A reader that went away (`| head`) needs no more pieces.
          if (!status.ok() || out.WriteError() != 0) return false;
        }
        return true;
      });
  return status;
}

// The batches (their ends, ItemBatches) in which RenderInOrder hands pieces of the given costs
// (about the bytes of the records each reads again) to `threads` threads. A batch costs at most
// 256 KiB: a few batches per thread in flight hold little rendered text, and a batch of small
// pieces pays for its hand-over between threads. A small output gets smaller batches, so that
// each thread still gets many of them.
inline std::vector<size_t> PieceBatchEnds(const std::vector<uint64_t>& costs, unsigned threads) {
  constexpr uint64_t kMaxBatchBytes = 256 << 10;
  constexpr size_t kMaxBatchPieces = 256;
  uint64_t total = 0;
  for (uint64_t cost : costs) total += cost;
  const uint64_t per_thread = 16 * static_cast<uint64_t>(std::max(1u, threads));
  ItemBatches batches(std::clamp<uint64_t>(total / per_thread, 1, kMaxBatchBytes), kMaxBatchPieces);
  for (uint64_t cost : costs) batches.Add(cost);
  return std::move(batches).Ends();
}

// Worker threads worth using for rendering comparisons on this machine: one more than the
// cores. Pieces that need the same fragment parent or shared tree wait for the one thread that
// parses it (hundreds of ms for a big AOT record); the extra thread keeps the cores busy
// meanwhile. (Report sections share nothing, so `report` uses WorkerThreads().)
inline unsigned ComparisonRenderThreads() { return WorkerThreads() + 1; }

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_ORDERED_PARALLEL_H_
