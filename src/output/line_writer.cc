#include "profdiff/output/line_writer.h"

#include <cerrno>

namespace profdiff {

namespace {

// Writes all of `text` to `file` and flushes it; the errno of a failure, or 0.
int WriteAll(std::FILE* file, std::string_view text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0) {
    return errno != 0 ? errno : EIO;
  }
  return 0;
}

}  // namespace

void LineWriter::Raw(std::string_view text) {
  if (file_ == nullptr || text.size() < kFlushBytes) {
    buffer_->append(text);
    MaybeFlush();
    return;
  }
  // Big blocks go straight through instead of being copied into the buffer first.
  Flush();
  Write(text);
}

void LineWriter::Flush() {
  if (file_ == nullptr || buffer_->empty()) return;
  Write(*buffer_);
  buffer_->clear();
}

void LineWriter::Write(std::string_view text) {
  if (write_error_ != 0) return;
  if (guard_ != nullptr) guard_->BeforeWrite();
  write_error_ = WriteAll(file_, text);
  if (guard_ != nullptr) guard_->AfterWrite();
}

}  // namespace profdiff
