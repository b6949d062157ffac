#ifndef PROFDIFF_LOAD_CONTENT_COPY_H_
#define PROFDIFF_LOAD_CONTENT_COPY_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace profdiff {

// The decompressed content of compressed input files, kept in an unlinked temporary file so that
// a record found by a streaming scan can be read again at its offset (a compressed file cannot
// seek; docs/robustness.md, "Compressed logs"). The file is made in $TMPDIR (else /tmp) and
// vanishes with its last descriptor, even when the process is killed. One copy is written by
// one thread at a time; ReadAt may be called from any number of threads once writing is done.
class ContentCopy {
 public:
  // Null when no temporary file can be made (the caller then decompresses again).
  static std::unique_ptr<ContentCopy> Create();
  ContentCopy(const ContentCopy&) = delete;
  ContentCopy& operator=(const ContentCopy&) = delete;
  ~ContentCopy();

  // Appends `bytes`. After a failed write (a full disk) the copy is not ok() any more, and
  // nothing is appended from then on.
  void Append(std::string_view bytes);
  bool ok() const { return ok_; }
  uint64_t size() const { return size_; }

  // Reads `length` bytes at `offset` into `data`; false with `*error` (an errno value, 0 when
  // the copy is shorter) when that fails.
  bool ReadAt(uint64_t offset, char* data, size_t length, int* error) const;

 private:
  explicit ContentCopy(int fd) : fd_(fd) {}

  int fd_;
  bool ok_ = true;
  uint64_t size_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_CONTENT_COPY_H_
