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

 private:
  int fd_;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_FILE_CLOSER_H_
