#include "load/llvm/remark_pieces.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "load/llvm/remark_parser.h"

namespace profdiff {

RemarkPieceReader::RemarkPieceReader(InputStream* stream, size_t piece_bytes)
    : stream_(stream), piece_bytes_(std::max<size_t>(piece_bytes, 64)) {}

std::optional<RemarkPiece> RemarkPieceReader::Next() {
  if (ended_) return std::nullopt;
  size_t capacity = carry_size_ + piece_bytes_;
  RemarkPiece piece;
  piece.data.reset(new char[capacity]);
  if (carry_size_ > 0) std::memcpy(piece.data.get(), carry_.get(), carry_size_);
  piece.size = carry_size_;
  piece.offset = offset_;
  carry_.reset();
  carry_size_ = 0;
  while (true) {
    while (piece.size < capacity) {
      const size_t n = stream_->Read(piece.data.get() + piece.size, capacity - piece.size);
      if (n == 0) break;
      piece.size += n;
    }
    if (piece.size < capacity) {  // the end of the file (or a read error)
      piece.ends_file = true;
      ended_ = true;
      return piece;
    }
    const size_t cut = llvm_remarks::LastDocumentStart(piece.text());
    if (cut != std::string_view::npos) {
      carry_size_ = piece.size - cut;
      carry_.reset(new char[carry_size_]);
      std::memcpy(carry_.get(), piece.data.get() + cut, carry_size_);
      piece.size = cut;
      offset_ += cut;
      return piece;
    }
    // No document starts in the piece after its first line: a long document, read on.
    capacity *= 2;
    std::unique_ptr<char[]> bigger(new char[capacity]);
    std::memcpy(bigger.get(), piece.data.get(), piece.size);
    piece.data = std::move(bigger);
  }
}

}  // namespace profdiff
