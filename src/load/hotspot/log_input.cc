#include "load/hotspot/log_input.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "load/paths.h"

namespace profdiff {

HotSpotInput::~HotSpotInput() {
  if (fd_ >= 0) close(fd_);
}

int64_t HotSpotInput::Read(char* data, size_t size) {
  while (true) {
    ssize_t n = read(fd_, data, size);
    if (n < 0 && errno == EINTR) continue;
    return n;
  }
}

absl::StatusOr<std::unique_ptr<HotSpotInput>> OpenHotSpotInput(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::Status(absl::ErrnoToStatusCode(errno), ErrnoText(errno));
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return std::make_unique<HotSpotInput>(fd);
}

absl::Status ReadHotSpotRange(const std::string& path, uint64_t offset, uint64_t length,
                              std::string* out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::Status(absl::ErrnoToStatusCode(errno), ErrnoText(errno));
  HotSpotInput closer(fd);
  out->resize(length);
  size_t done = 0;
  while (done < length) {
    ssize_t n = pread(fd, out->data() + done, length - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::Status(absl::ErrnoToStatusCode(errno), ErrnoText(errno));
    if (n == 0) {
      return absl::DataLossError(absl::StrCat(
          "the file changed since it was read: the task at byte offset ", offset, " is cut short"));
    }
    done += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> ReadHotSpotPrefix(const std::string& path, size_t limit) {
  absl::StatusOr<std::unique_ptr<HotSpotInput>> input = OpenHotSpotInput(path);
  if (!input.ok()) return input.status();
  std::string prefix(limit, '\0');
  size_t done = 0;
  while (done < limit) {
    int64_t n = (*input)->Read(prefix.data() + done, limit - done);
    if (n < 0) return absl::Status(absl::ErrnoToStatusCode(errno), ErrnoText(errno));
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  prefix.resize(done);
  return prefix;
}

}  // namespace profdiff
