#include "load/content_range.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/file_closer.h"
#include "load/input_stream.h"
#include "load/paths.h"
#include "profdiff/absl_compat.h"

namespace profdiff {

namespace {

std::string ReadPlainRange(const std::string& path, uint64_t offset, std::span<char> out,
                           std::string_view what) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoText(errno);
  FileCloser closer(fd);
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = pread(fd, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoText(errno);
    if (n == 0) {
      return absl::StrCat("the file changed since it was read: the ", AbslView(what),
                          " at byte offset ", offset, " is cut short");
    }
    done += static_cast<size_t>(n);
  }
  return std::string();
}

// A compressed file without a copy: decompressing it again up to the range.
std::string ReadCompressedRange(const std::string& path, uint64_t offset, std::span<char> out,
                                std::string_view what) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoText(errno);
  FileCloser closer(fd);
  InputStream stream(fd, path);
  size_t done = 0;
  if (stream.Skip(offset)) {
    while (done < out.size()) {
      const size_t n = stream.Read(out.data() + done, out.size() - done);
      if (n == 0) break;
      done += n;
    }
  }
  if (done == out.size()) return std::string();
  if (stream.error() != 0) return ErrnoText(stream.error());
  return absl::StrCat("the file changed since it was read: the ", AbslView(what),
                      " at byte offset ", offset, " of its content is cut short",
                      stream.damage().empty() ? "" : " (", stream.damage(),
                      stream.damage().empty() ? "" : ")");
}

}  // namespace

std::string ReadContentRange(const std::string& path, const LogFileContent* content,
                             uint64_t offset, std::span<char> out, std::string_view what) {
  if (content != nullptr && content->copy != nullptr) {
    int error = 0;
    if (!content->copy->ReadAt(content->copy_offset + offset, out.data(), out.size(), &error)) {
      return absl::StrCat("its temporary decompressed copy could not be read (",
                          error != 0 ? ErrnoText(error) : "it is cut short", ")");
    }
    return std::string();
  }
  if (content != nullptr && content->compressed) {
    return ReadCompressedRange(path, offset, out, what);
  }
  return ReadPlainRange(path, offset, out, what);
}

}  // namespace profdiff
