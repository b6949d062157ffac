#ifndef PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_
#define PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_

// How the HotSpot reader gets at the bytes of a log file: the one place that opens and reads it
// (docs/hotspot.md "Reading"), so that a decompressing stream can take its place.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace profdiff {

// A log file read from its start to its end.
class HotSpotInput {
 public:
  explicit HotSpotInput(int fd) : fd_(fd) {}
  HotSpotInput(const HotSpotInput&) = delete;
  HotSpotInput& operator=(const HotSpotInput&) = delete;
  ~HotSpotInput();

  // Up to `size` bytes; 0 at the end; -1 on an error (errno set).
  int64_t Read(char* data, size_t size);

 private:
  int fd_;
};

// Opens `path` for reading (errno text on failure).
absl::StatusOr<std::unique_ptr<HotSpotInput>> OpenHotSpotInput(const std::string& path);

// The `length` bytes at `offset` of the file as it was read by a HotSpotInput. Fails when the
// file is shorter now or cannot be read.
absl::Status ReadHotSpotRange(const std::string& path, uint64_t offset, uint64_t length,
                              std::string* out);

// The first bytes of a file (at most `limit`), for telling formats apart by content.
absl::StatusOr<std::string> ReadHotSpotPrefix(const std::string& path, size_t limit);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_LOG_INPUT_H_
