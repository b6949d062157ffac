#include "profdiff/line_writer.h"

namespace profdiff {

void LineWriter::Raw(std::string_view text) {
  if (text.size() < kFlushBytes) {
    buffer_.append(text);
    MaybeFlush();
    return;
  }
  // Big blocks go straight through instead of being copied into the buffer first.
  Flush();
  WriteOut(text);
}

void LineWriter::Flush() {
  if (buffer_.empty()) return;
  WriteOut(buffer_);
  buffer_.clear();
}

void LineWriter::WriteOut(std::string_view text) {
  if (target_ != nullptr) {
    target_->append(text);
  } else if (file_ != nullptr) {
    std::fwrite(text.data(), 1, text.size(), file_);
    std::fflush(file_);
  }
}

}  // namespace profdiff
