#ifndef PROFDIFF_LOAD_LLVM_REMARK_PIECES_H_
#define PROFDIFF_LOAD_LLVM_REMARK_PIECES_H_

// A remarks file read as consecutive pieces of whole documents, a block at a time, so that a big
// file is never held whole (its pieces are parsed on several threads, llvm_log.cc) and a small
// one is a single piece.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "load/input_stream.h"

namespace profdiff {

struct RemarkPiece {
  std::unique_ptr<char[]> data;
  size_t size = 0;
  uint64_t offset = 0;     // of data[0] in the file's (decompressed) content
  bool ends_file = false;  // the last piece: its last document may be cut short
  std::string_view text() const { return {data.get(), size}; }
};

class RemarkPieceReader {
 public:
  // Reads `stream` (not owned) in pieces of about `piece_bytes` or more: a piece ends where a
  // document starts, so a document longer than that makes a longer piece.
  RemarkPieceReader(InputStream* stream, size_t piece_bytes);

  // The next piece, nothing at the end. The first call gives a piece even for an empty file. On
  // a read error (stream->error()) the piece holds what was read and ends the file.
  std::optional<RemarkPiece> Next();

 private:
  InputStream* stream_;
  size_t piece_bytes_;
  std::unique_ptr<char[]> carry_;  // the start of the next piece
  size_t carry_size_ = 0;
  uint64_t offset_ = 0;  // of the next piece
  bool ended_ = false;   // the last piece was given
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_LLVM_REMARK_PIECES_H_
