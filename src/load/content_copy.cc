#include "load/content_copy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <vector>

namespace profdiff {

std::unique_ptr<ContentCopy> ContentCopy::Create() {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string directory = tmpdir != nullptr && tmpdir[0] != '\0' ? tmpdir : "/tmp";
  // O_TMPFILE: a file without a name from the start. Not every file system has it.
  int fd = open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, S_IRUSR | S_IWUSR);
  if (fd < 0) {
    std::string name = directory + "/profdiff-content-XXXXXX";
    std::vector<char> writable(name.begin(), name.end());
    writable.push_back('\0');
    fd = mkostemp(writable.data(), O_CLOEXEC);
    if (fd < 0) return nullptr;
    unlink(writable.data());
  }
  return std::unique_ptr<ContentCopy>(new ContentCopy(fd));
}

ContentCopy::~ContentCopy() { close(fd_); }

void ContentCopy::Append(std::string_view bytes) {
  while (ok_ && !bytes.empty()) {
    const ssize_t n = pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(size_));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // What was appended before stays readable: files copied whole before keep their copy.
      ok_ = false;
      return;
    }
    size_ += static_cast<uint64_t>(n);
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

bool ContentCopy::ReadAt(uint64_t offset, char* data, size_t length, int* error) const {
  size_t done = 0;
  while (done < length) {
    const ssize_t n = pread(fd_, data + done, length - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *error = n < 0 ? errno : 0;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace profdiff
