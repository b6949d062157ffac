#ifndef PROFDIFF_LOAD_FILE_CLOSER_H_
#define PROFDIFF_LOAD_FILE_CLOSER_H_

#include <unistd.h>

namespace profdiff {

// Closes a file descriptor on every path out of a scope.
class FileCloser {
 public:
  explicit FileCloser(int fd) : fd_(fd) {}
  FileCloser(const FileCloser&) = delete;
  FileCloser& operator=(const FileCloser&) = delete;
  ~FileCloser() {
    if (fd_ >= 0) close(fd_);
  }
  // The descriptor, no longer closed by this.
  int Release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

// A file kept open as long as something holds it (shared): a log whose ranges are read again
// reads them from the file it scanned, without opening it for each range.
class OpenFile {
 public:
  explicit OpenFile(int fd) : fd_(fd) {}
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() { close(fd_); }
  int fd() const { return fd_; }

 private:
  const int fd_;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_FILE_CLOSER_H_
