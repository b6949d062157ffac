#ifndef PROFDIFF_LOAD_JFR_CHUNK_READER_H_
#define PROFDIFF_LOAD_JFR_CHUNK_READER_H_

// One chunk of a recording: a 68-byte header (magic "FLR\0", version, chunk size, positions of
// the last constant pool and metadata events, start time in nanoseconds and in ticks, ticks per
// second, state and flags; jdk.jfr.internal.consumer.ChunkHeader), then events back to back, each
// a size, a type id and its fields. Type 0 is the metadata event, type 1 a checkpoint (constant
// pools). Chunks are self-contained, so they are read independently (in parallel).

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "profdiff/jfr_recording.h"

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

// What a chunk holds for profdiff, with chunk-local indexes (JfrRecording's layout).
// A method of a chunk: views of texts the chunk's contents own.
struct MethodView {
  std::string_view class_name, name, descriptor;
  bool hidden = false;
};

struct ChunkContents {
  JfrRecording data;  // its `methods` stay empty: `methods` below has them
  std::vector<MethodView> methods;
  std::shared_ptr<const std::deque<std::string>> strings;  // what the views point into
  uint64_t lost_bytes = 0;    // bytes of a cut-off chunk that could not be read
  uint64_t lost_events = 0;   // events of a cut-off chunk that could not be read or resolved
  bool has_metadata = false;  // false: nothing of the chunk could be read
};

// Reads the chunk `bounds` of `bytes`.
absl::StatusOr<ChunkContents> ReadChunk(std::string_view bytes, const ChunkBounds& bounds,
                                        const std::string& display_path);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_CHUNK_READER_H_
