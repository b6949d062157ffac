#ifndef PROFDIFF_LOAD_LOG_LINE_READER_H_
#define PROFDIFF_LOAD_LOG_LINE_READER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace profdiff {

// Streams the lines of an open file through one reusable buffer, so that memory stays in the
// order of the longest line however large the file is (optimization logs reach gigabytes).
// Lines end at '\n'; one '\r' directly before it, or at the very end of the file, is not part
// of the line (README "Decisions": CRLF files). A final line without terminator is a line; a
// terminator at the very end does not start another one.
//
// One exception keeps memory bounded on the tail of NUL bytes that a crashed run leaves in a
// preallocated file: once a line that is still being read has grown past `cut_nul_lines_above`
// bytes and holds a NUL byte, only its part up to and including the first NUL is kept (and
// returned); the rest is read and dropped. No JSON text goes past a NUL byte, so such a line is
// invalid at or before that NUL either way, with the same error.
class LogLineReader {
 public:
  enum class Result { kLine, kEnd, kError };

  // Does not take ownership of `fd`. `storage`, when given, is the buffer to read into (its
  // contents are not read): one buffer per thread for many files saves allocating and
  // zero-filling a fresh one per file.
  explicit LogLineReader(int fd, size_t chunk_size = size_t{1} << 20,
                         size_t cut_nul_lines_above = size_t{16} << 20,
                         std::vector<char>* storage = nullptr);

  // On kLine, `*line` (valid until the next call) is the line's content and `*offset` the byte
  // offset of its first character in the file. On kError, error() is the errno value.
  Result Next(std::string_view* line, uint64_t* offset);

  int error() const { return error_; }
  // After kLine: whether the line ended at a '\n' (false only for a file's last line, when the
  // file does not end with one).
  bool line_terminated() const { return line_terminated_; }
  // Bytes read from the file so far (at the end: its size).
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  // Reads more of the file after the unread bytes; sets at_end_ (and error_ on failure).
  void Fill();

  static constexpr size_t kNone = SIZE_MAX;

  int fd_;
  size_t chunk_size_;
  size_t cut_nul_lines_above_;
  std::vector<char> own_buffer_;
  std::vector<char>& buffer_;   // own_buffer_ or the caller's storage
  size_t begin_ = 0;            // first unread byte
  size_t end_ = 0;              // end of the bytes read so far
  size_t scanned_ = 0;          // bytes from begin_ on known to hold no '\n'
  uint64_t buffer_offset_ = 0;  // file offset of buffer_[0]
  bool at_end_ = false;
  bool line_terminated_ = false;
  int error_ = 0;
  uint64_t bytes_read_ = 0;
  // The current line, when long: its first NUL byte (from begin_), how far it was searched for,
  // and once the line is cut, how many of its bytes were dropped after that NUL.
  size_t first_nul_ = kNone;
  size_t nul_scanned_ = 0;
  bool cut_ = false;
  uint64_t dropped_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_LOG_LINE_READER_H_
