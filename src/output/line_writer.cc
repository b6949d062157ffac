#include "profdiff/line_writer.h"

namespace profdiff {

void LineWriter::Flush() {
  if (buffer_.empty()) return;
  if (target_ != nullptr) {
    target_->append(buffer_);
  } else if (file_ != nullptr) {
    std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
    std::fflush(file_);
  }
  buffer_.clear();
}

}  // namespace profdiff
