#ifndef PROFDIFF_LOAD_INPUT_STREAM_H_
#define PROFDIFF_LOAD_INPUT_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace profdiff {

// How an input file is stored, told by its first bytes (docs/robustness.md, "Compressed
// logs"): gzip (1f 8b), zstd (28 b5 2f fd, or a skippable frame 5? 2a 4d 18 as pzstd writes
// first), anything else as it is.
enum class Compression { kNone, kGzip, kZstd };

// "gzip", "zstd" or "plain".
const char* CompressionName(Compression compression);

// The compression of a file that starts with `head` (its first 4 bytes, fewer when it is
// shorter).
Compression DetectCompression(std::string_view head);

// Reads the content of one input file, decompressing it on the fly when it is gzip (any number
// of members) or zstd (any number of frames; skippable frames are skipped), so that memory stays
// in the order of its buffers however large the file is. Input readers read every file through
// it; a plain file costs one read(2) per Read, straight into the caller's buffer.
//
// The stream ends (Read returns 0) at the end of the content, at a read error (error(): the
// errno value) or at damaged compressed data (damage(): the path, what and where, e.g.
// "log/1: gzip data ends early at byte offset 4096: the file is cut short"); everything decoded
// before the damage has been returned, as for a plain file cut off there.
class ContentCopy;

class InputStream {
 public:
  // Opens `path` read-only (O_NONBLOCK: a FIFO does not block); the stream owns the descriptor.
  // The error names the path.
  static absl::StatusOr<InputStream> Open(const std::string& path);

  // Reads `fd`, from its current position, without owning it. `path` names it in damage().
  InputStream(int fd, std::string path);
  InputStream(InputStream&& other) noexcept;
  InputStream& operator=(InputStream&& other) noexcept;
  InputStream(const InputStream&) = delete;
  InputStream& operator=(const InputStream&) = delete;
  ~InputStream();

  // Reads up to `size` bytes of content into `data`; returns how many, 0 only at the end.
  size_t Read(char* data, size_t size);

  // From now on, appends every byte of content Read returns to `copy` (not owned; null: none).
  void set_copy(ContentCopy* copy) { copy_ = copy; }

  // Reads and drops `count` bytes of content; false when the content ends before.
  bool Skip(uint64_t count);

  // Reads the first bytes (if no Read did) and tells the compression.
  Compression Detect();

  int error() const { return error_; }
  const std::string& damage() const { return damage_; }
  // Known after the first Read or Detect().
  Compression compression() const { return compression_; }
  const std::string& path() const { return path_; }
  // Bytes of the file read so far (the compressed size at the end) and of content returned.
  uint64_t file_bytes_read() const { return file_bytes_read_; }
  uint64_t content_bytes_read() const { return content_bytes_read_; }

  class Decoder;  // gzip or zstd (input_stream.cc)

 private:
  // Reads the first bytes and picks the decoder; false at the end or on an error.
  bool Start();
  // Reads more of the file into in_; false at the end of the file or on an error.
  bool FillInput();
  size_t ReadPlain(char* data, size_t size);
  size_t ReadContent(char* data, size_t size);
  void SetDamage(const std::string& what);

  int fd_ = -1;
  bool owns_fd_ = false;
  std::string path_;
  Compression compression_ = Compression::kNone;
  bool started_ = false;
  bool ended_ = false;
  int error_ = 0;
  std::string damage_;
  uint64_t file_bytes_read_ = 0;
  uint64_t content_bytes_read_ = 0;
  // File bytes read and not yet decoded: in_[in_begin_, in_end_).
  std::vector<char> in_;
  size_t in_begin_ = 0;
  size_t in_end_ = 0;
  bool file_ended_ = false;
  std::unique_ptr<Decoder> decoder_;
  ContentCopy* copy_ = nullptr;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_INPUT_STREAM_H_
