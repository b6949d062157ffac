#include "load/jfr/chunk_header.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/jfr/byte_cursor.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::jfr {

absl::Status Malformed(const std::string& display_path, uint64_t offset, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat(display_path, " at byte ", offset, ": expected ", AbslView(what)));
}

ChunkHeader ReadChunkHeader(std::string_view bytes, uint64_t start) {
  const uint8_t* data = reinterpret_cast<const uint8_t*>(bytes.data());
  ByteCursor c(data + start, data + start + kChunkHeaderSize, start, false);
  ChunkHeader h;
  c.Skip(4);
  h.major = c.RawU16();
  h.minor = c.RawU16();
  h.chunk_size = c.RawI64();
  c.RawI64();  // constant pool position
  c.RawI64();  // metadata position
  h.start_nanos = c.RawI64();
  c.RawI64();  // duration
  h.start_ticks = c.RawI64();
  h.ticks_per_second = c.RawI64();
  h.state = c.U8();
  c.U8();
  c.U8();
  h.flags = c.U8();
  return h;
}

absl::StatusOr<std::vector<ChunkBounds>> FindChunks(std::string_view bytes,
                                                    const std::string& display_path) {
  std::vector<ChunkBounds> chunks;
  uint64_t start = 0;
  const uint64_t size = bytes.size();
  while (start < size) {
    if (size - start < kChunkHeaderSize) {
      if (std::memcmp(bytes.data() + start, "FLR\0", std::min<uint64_t>(4, size - start)) != 0) {
        return Malformed(display_path, start, "the magic bytes \"FLR\\0\" of a chunk header");
      }
      if (chunks.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(display_path, ": the recording is cut off: ", size,
                         " bytes, less than one chunk header (68 bytes)"));
      }
      chunks.push_back({start, size, start + kChunkHeaderSize, true});
      break;
    }
    if (std::memcmp(bytes.data() + start, "FLR\0", 4) != 0) {
      return Malformed(display_path, start, "the magic bytes \"FLR\\0\" of a chunk header");
    }
    const ChunkHeader header = ReadChunkHeader(bytes, start);
    if (header.major != 2) {
      return Malformed(display_path, start + 4,
                       absl::StrCat("a recording of version 2.x (JDK 11 and later), not ",
                                    header.major, ".", header.minor));
    }
    ChunkBounds chunk;
    chunk.start = start;
    // A chunk still being written (state not 0, or no size yet) reaches to the end of the file.
    if (header.state != 0 || header.chunk_size < static_cast<int64_t>(kChunkHeaderSize)) {
      chunk.end = size;
      chunk.declared_end = size;
      chunk.cut_off = true;
    } else if (static_cast<uint64_t>(header.chunk_size) > size - start) {
      chunk.end = size;
      chunk.declared_end = start + static_cast<uint64_t>(header.chunk_size);
      chunk.cut_off = true;
    } else {
      chunk.end = chunk.declared_end = start + static_cast<uint64_t>(header.chunk_size);
    }
    chunks.push_back(chunk);
    start = chunk.end;
  }
  return chunks;
}

}  // namespace profdiff::jfr
