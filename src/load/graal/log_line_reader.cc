#include "load/graal/log_line_reader.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace profdiff {

LogLineReader::LogLineReader(int fd, size_t chunk_size, size_t cut_nul_lines_above,
                             std::vector<char>* storage)
    : fd_(fd),
      chunk_size_(chunk_size == 0 ? 1 : chunk_size),
      cut_nul_lines_above_(cut_nul_lines_above),
      buffer_(storage != nullptr ? *storage : own_buffer_) {}

LogLineReader::Result LogLineReader::Next(std::string_view* line, uint64_t* offset) {
  while (true) {
    const char* start = buffer_.data() + begin_;
    size_t available = end_ - begin_;
    const void* newline =
        available > scanned_ ? std::memchr(start + scanned_, '\n', available - scanned_) : nullptr;
    if (newline == nullptr && error_ != 0) return Result::kError;
    if (newline != nullptr || (at_end_ && available > 0)) {
      size_t length = newline != nullptr ? static_cast<const char*>(newline) - start : available;
      *offset = buffer_offset_ + begin_;
      line_terminated_ = newline != nullptr;
      begin_ += newline != nullptr ? length + 1 : length;
      scanned_ = 0;
      if (cut_) {
        length = first_nul_ + 1;
        buffer_offset_ += dropped_;  // the bytes from begin_ on sit that much further in the file
      } else if (length > 0 && start[length - 1] == '\r') {
        --length;
      }
      first_nul_ = kNone;
      nul_scanned_ = 0;
      cut_ = false;
      dropped_ = 0;
      *line = std::string_view(start, length);
      return Result::kLine;
    }
    if (at_end_) return Result::kEnd;
    scanned_ = available;
    if (available > cut_nul_lines_above_) {
      if (first_nul_ == kNone) {
        const void* nul = std::memchr(start + nul_scanned_, '\0', available - nul_scanned_);
        nul_scanned_ = available;
        if (nul != nullptr) first_nul_ = static_cast<const char*>(nul) - start;
      }
      if (first_nul_ != kNone && available > first_nul_ + 1) {
        // None of the dropped bytes is a '\n' (they were scanned): the line goes on.
        dropped_ += available - (first_nul_ + 1);
        end_ = begin_ + first_nul_ + 1;
        scanned_ = nul_scanned_ = first_nul_ + 1;
        cut_ = true;
      }
    }
    Fill();
  }
}

void LogLineReader::Fill() {
  // Keep only the unread part of the current line, at the start of the buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    buffer_offset_ += begin_;
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < chunk_size_) buffer_.resize(end_ + chunk_size_);
  while (true) {
    ssize_t n = read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = errno;
      at_end_ = true;
      return;
    }
    if (n == 0) {
      at_end_ = true;
      return;
    }
    end_ += static_cast<size_t>(n);
    bytes_read_ += static_cast<uint64_t>(n);
    return;
  }
}

}  // namespace profdiff
