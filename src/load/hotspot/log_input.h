#ifndef PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_
#define PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_

// How the HotSpot reader reads a task's byte range again (docs/hotspot.md "Reading"): the scan
// reads the log once through an InputStream (decompressing gzip and zstd), keeping, for a
// compressed log, a ContentCopy of its content; a unit's trees are then built from its range of
// that content.

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "profdiff/optimization_log.h"

namespace profdiff {

// Closes a descriptor on every path out of a scope.
class HotSpotFileCloser {
 public:
  explicit HotSpotFileCloser(int fd) : fd_(fd) {}
  HotSpotFileCloser(const HotSpotFileCloser&) = delete;
  HotSpotFileCloser& operator=(const HotSpotFileCloser&) = delete;
  ~HotSpotFileCloser();

 private:
  int fd_;
};

// The `length` bytes at `offset` of the content of the log at `path` as the scan read it: from
// the file itself when it is plain (`content` null or not compressed), from `content->copy` when
// there is one, else by decompressing the file again up to the range. Fails when the file is
// shorter now or cannot be read.
absl::Status ReadHotSpotRange(const std::string& path, const LogFileContent* content,
                              uint64_t offset, uint64_t length, std::string* out);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_
