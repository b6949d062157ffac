#include "load/content_range.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/file_closer.h"
#include "load/input_stream.h"
#include "load/paths.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The files kept open while a KeepLogFilesOpen lives: a few (the logs of a comparison).
struct OpenFiles {
  std::mutex mutex;
  int keepers = 0;
  std::vector<std::pair<std::string, int>> files;  // (path, fd)
};
OpenFiles& KeptFiles() {
  static OpenFiles* files = new OpenFiles;  // never destroyed: threads may outlive main
  return *files;
}

// An open descriptor of `path`, or -1 with the reason in `error`. `owned` tells whether the caller
// closes it.
int OpenPlain(const std::string& path, bool* owned, int* error) {
  OpenFiles& kept = KeptFiles();
  std::lock_guard<std::mutex> lock(kept.mutex);
  *owned = kept.keepers == 0;
  if (!*owned) {
    for (const auto& [name, fd] : kept.files) {
      if (name == path) return fd;
    }
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  *error = errno;
  if (fd >= 0 && !*owned) kept.files.emplace_back(path, fd);
  return fd;
}

std::string ReadPlainRange(const std::string& path, uint64_t offset, std::span<char> out,
                           std::string_view what) {
  bool owned = true;
  int error = 0;
  int fd = OpenPlain(path, &owned, &error);
  if (fd < 0) return ErrnoText(error);
  FileCloser closer(owned ? fd : -1);
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

KeepLogFilesOpen::KeepLogFilesOpen() {
  OpenFiles& kept = KeptFiles();
  std::lock_guard<std::mutex> lock(kept.mutex);
  ++kept.keepers;
}

KeepLogFilesOpen::~KeepLogFilesOpen() {
  OpenFiles& kept = KeptFiles();
  std::lock_guard<std::mutex> lock(kept.mutex);
  if (--kept.keepers > 0) return;
  for (const auto& file : kept.files) close(file.second);
  kept.files.clear();
}

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
