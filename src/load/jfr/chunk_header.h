#ifndef PROFDIFF_LOAD_JFR_CHUNK_HEADER_H_
#define PROFDIFF_LOAD_JFR_CHUNK_HEADER_H_

// The chunks of a recording and their headers. A chunk starts with a 68-byte header (magic
// "FLR\0", version, chunk size, positions of the last constant pool and metadata events, start
// time in nanoseconds and in ticks, ticks per second, state and flags;
// jdk.jfr.internal.consumer.ChunkHeader), then holds events back to back. A recording may hold
// chunks back to back.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace profdiff::jfr {

constexpr uint64_t kChunkHeaderSize = 68;

struct ChunkBounds {
  uint64_t start = 0;         // file offset of the header
  uint64_t end = 0;           // file offset just after the chunk's last byte present in the file
  uint64_t declared_end = 0;  // where the header says the chunk ends (> end: cut off)
  bool cut_off = false;       // the chunk is not complete in the file
};

// Finds the chunks of a recording. Fails on bytes that are not a chunk header where one must
// begin ("<display_path> at byte N: expected ...") and on a file too short for one header.
absl::StatusOr<std::vector<ChunkBounds>> FindChunks(std::string_view bytes,
                                                    const std::string& display_path);

struct ChunkHeader {
  uint16_t major = 0;
  uint16_t minor = 0;
  int64_t chunk_size = 0;
  int64_t start_nanos = 0;
  int64_t start_ticks = 0;
  int64_t ticks_per_second = 0;
  uint8_t state = 0;
  uint8_t flags = 0;  // bit 0: integers are compressed
};

// The header at `start`; `bytes` must hold kChunkHeaderSize bytes from there.
ChunkHeader ReadChunkHeader(std::string_view bytes, uint64_t start);

// Converts ticks of a chunk to nanoseconds as jdk.jfr's TimeConverter does.
struct TimeConverter {
  int64_t start_nanos = 0;
  int64_t start_ticks = 0;
  double divisor = 1;
  int64_t Timestamp(int64_t ticks) const {
    return start_nanos + static_cast<int64_t>(static_cast<double>(ticks - start_ticks) / divisor);
  }
  int64_t Timespan(int64_t ticks) const {
    return static_cast<int64_t>(static_cast<double>(ticks) / divisor);
  }
};

// "<display_path> at byte <offset>: expected <what>", the form of every error about malformed
// content.
absl::Status Malformed(const std::string& display_path, uint64_t offset, std::string_view what);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_CHUNK_HEADER_H_
