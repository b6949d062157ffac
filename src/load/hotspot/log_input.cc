#include "load/hotspot/log_input.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/input_stream.h"
#include "load/paths.h"
#include "profdiff/absl_compat.h"

namespace profdiff {

namespace {

absl::Status ErrnoStatus(int error) {
  return absl::Status(absl::ErrnoToStatusCode(error), ErrnoText(error));
}

absl::Status CutShort(uint64_t offset, std::string_view detail) {
  return absl::DataLossError(absl::StrCat(
      "the file changed since it was read: the task at byte offset ", offset, " is cut short",
      detail.empty() ? "" : " (", AbslView(detail), detail.empty() ? "" : ")"));
}

absl::Status ReadPlainRange(const std::string& path, uint64_t offset, std::string* out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(errno);
  HotSpotFileCloser closer(fd);
  size_t done = 0;
  while (done < out->size()) {
    ssize_t n =
        pread(fd, out->data() + done, out->size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno);
    if (n == 0) return CutShort(offset, "");
    done += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

// A compressed log without a copy: decompressing it again up to the range.
absl::Status ReadCompressedRange(const std::string& path, uint64_t offset, std::string* out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(errno);
  HotSpotFileCloser closer(fd);
  InputStream stream(fd, path);
  size_t done = 0;
  if (stream.Skip(offset)) {
    while (done < out->size()) {
      const size_t n = stream.Read(out->data() + done, out->size() - done);
      if (n == 0) break;
      done += n;
    }
  }
  if (done == out->size()) return absl::OkStatus();
  if (stream.error() != 0) return ErrnoStatus(stream.error());
  return CutShort(offset, stream.damage());
}

}  // namespace

HotSpotFileCloser::~HotSpotFileCloser() { close(fd_); }

absl::Status ReadHotSpotRange(const std::string& path, const LogFileContent* content,
                              uint64_t offset, uint64_t length, std::string* out) {
  out->resize(length);
  if (content != nullptr && content->copy != nullptr) {
    int error = 0;
    if (!content->copy->ReadAt(content->copy_offset + offset, out->data(), length, &error)) {
      return absl::DataLossError(absl::StrCat("its temporary decompressed copy could not be read (",
                                              error != 0 ? ErrnoText(error) : "it is cut short",
                                              ")"));
    }
    return absl::OkStatus();
  }
  if (content != nullptr && content->compressed) return ReadCompressedRange(path, offset, out);
  return ReadPlainRange(path, offset, out);
}

}  // namespace profdiff
