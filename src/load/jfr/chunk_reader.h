#ifndef PROFDIFF_LOAD_JFR_CHUNK_READER_H_
#define PROFDIFF_LOAD_JFR_CHUNK_READER_H_

// One chunk of a recording (chunk_header.h): events back to back, each a size, a type id and its
// fields. Type 0 is the metadata event, type 1 a checkpoint (constant pools). Chunks are
// self-contained, so they are read independently (in parallel); what they share is the cache of
// parsed metadata and the table of methods.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "load/jfr/chunk_header.h"
#include "load/jfr/method_table.h"
#include "load/jfr/schema.h"
#include "profdiff/load/jfr/jfr_recording.h"

namespace profdiff::jfr {

// What a chunk holds for profdiff, with chunk-local indexes (JfrRecording's layout).
struct ChunkContents {
  JfrRecording data;  // its `methods` stay empty: method indexes are into `method_ids`
  std::vector<uint32_t> method_ids;  // by chunk-local method: its id in the MethodTable
  uint64_t lost_bytes = 0;           // bytes of a cut-off chunk that could not be read
  uint64_t lost_events = 0;          // events of a cut-off chunk that could not be read or resolved
  bool has_metadata = false;         // false: nothing of the chunk could be read
};

// What the readers of a recording's chunks share.
struct ChunkReadContext {
  std::string_view bytes;  // the recording
  const std::string& display_path;
  const JfrReadOptions& options;
  MetadataCache& metadata;
  MethodTable& methods;
};

// Reads the chunk `bounds`, the `index`th of the recording.
absl::StatusOr<ChunkContents> ReadChunk(ChunkReadContext& context, const ChunkBounds& bounds,
                                        uint32_t index);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_CHUNK_READER_H_
