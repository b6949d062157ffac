#include "profdiff/line_writer.h"

namespace profdiff {

void LineWriter::Raw(std::string_view text) {
  if (file_ == nullptr || text.size() < kFlushBytes) {
    buffer_->append(text);
    MaybeFlush();
    return;
  }
  // Big blocks go straight through instead of being copied into the buffer first.
  Flush();
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

void LineWriter::Flush() {
  if (file_ == nullptr || buffer_->empty()) return;
  std::fwrite(buffer_->data(), 1, buffer_->size(), file_);
  std::fflush(file_);
  buffer_->clear();
}

}  // namespace profdiff
