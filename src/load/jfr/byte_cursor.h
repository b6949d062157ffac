#ifndef PROFDIFF_LOAD_JFR_BYTE_CURSOR_H_
#define PROFDIFF_LOAD_JFR_BYTE_CURSOR_H_

// Reads JFR's primitive encodings from a byte range: big-endian fixed-size values and, when the
// chunk says so (always since JDK 11's default), LEB128-style compressed integers (7 bits a byte,
// low bits first; the ninth byte of a long carries 8 bits). Every read is bounded by the range:
// reading past its end fails the cursor, which then returns zeros and keeps the offset and the
// reason of the first failure.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace profdiff::jfr {

class ByteCursor {
 public:
  // `begin`..`end` are bytes of the file; `base` is the file offset of `begin`.
  ByteCursor(const uint8_t* begin, const uint8_t* end, uint64_t base, bool compressed)
      : begin_(begin), p_(begin), end_(end), base_(base), compressed_(compressed) {}

  bool ok() const { return error_ == nullptr; }
  const char* error() const { return error_; }
  uint64_t error_offset() const { return error_offset_; }
  uint64_t offset() const { return base_ + static_cast<uint64_t>(p_ - begin_); }
  uint64_t end_offset() const { return base_ + static_cast<uint64_t>(end_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  bool at_end() const { return p_ >= end_; }
  bool compressed() const { return compressed_; }
  // The bytes from here to the end of the range.
  std::string_view Peek() const {
    return std::string_view(reinterpret_cast<const char*>(p_), remaining());
  }

  // Moves to the file offset `offset` (which must lie in the range) or fails.
  void Seek(uint64_t offset) {
    if (offset < base_ || offset > end_offset()) return Fail("an offset inside the recording");
    p_ = begin_ + (offset - base_);
  }
  // A cursor over the next `size` bytes (failing when fewer remain); this one is not moved.
  ByteCursor Sub(uint64_t size) {
    if (size > remaining()) {
      Fail("more bytes (the declared size reaches past the end)");
      return ByteCursor(end_, end_, end_offset(), compressed_);
    }
    return ByteCursor(p_, p_ + size, offset(), compressed_);
  }
  // Fails with `what` ("expected <what>") at the current offset unless already failed.
  void Fail(const char* what) { FailAt(offset(), what); }
  void FailAt(uint64_t offset, const char* what) {
    if (error_ == nullptr) {
      error_ = what;
      error_offset_ = offset;
    }
    p_ = end_;
  }

  void Skip(uint64_t n) {
    if (n > remaining()) return Fail("more bytes (a value reaches past the end)");
    p_ += n;
  }
  uint8_t U8() {
    if (p_ >= end_) {
      Fail("more bytes (a value reaches past the end)");
      return 0;
    }
    return *p_++;
  }
  uint16_t RawU16() { return static_cast<uint16_t>(Raw(2)); }
  uint32_t RawU32() { return static_cast<uint32_t>(Raw(4)); }
  int64_t RawI64() { return static_cast<int64_t>(Raw(8)); }

  // JFR's readLong: compressed or 8 bytes.
  int64_t Long() {
    if (!compressed_) return static_cast<int64_t>(Raw(8));
    uint64_t result = 0;
    for (int i = 0; i < 8; ++i) {
      if (p_ >= end_) {
        Fail("more bytes (a compressed integer reaches past the end)");
        return 0;
      }
      uint8_t b = *p_++;
      result |= static_cast<uint64_t>(b & 0x7f) << (7 * i);
      if (b < 0x80) return static_cast<int64_t>(result);
    }
    if (p_ >= end_) {
      Fail("more bytes (a compressed integer reaches past the end)");
      return 0;
    }
    result |= static_cast<uint64_t>(*p_++) << 56;
    return static_cast<int64_t>(result);
  }
  // readInt, readShort, readChar: the compressed long truncated, or 4/2/2 bytes.
  int32_t Int() {
    return compressed_ ? static_cast<int32_t>(Long()) : static_cast<int32_t>(Raw(4));
  }
  int16_t Short() {
    return compressed_ ? static_cast<int16_t>(Long()) : static_cast<int16_t>(Raw(2));
  }
  uint16_t Char() {
    return compressed_ ? static_cast<uint16_t>(Long()) : static_cast<uint16_t>(Raw(2));
  }
  // Skips one compressed (or 8-byte) long without decoding it.
  void SkipLong() {
    if (!compressed_) return Skip(8);
    for (int i = 0; i < 9; ++i) {
      if (p_ >= end_) return Fail("more bytes (a compressed integer reaches past the end)");
      if (*p_++ < 0x80) return;
    }
  }
  // Skips `n` compressed longs (as many SkipLong calls), eight bytes at a time where it can: a
  // byte below 0x80 ends a long, and a long whose end lies in the same eight bytes as its start
  // takes at most eight bytes, so the ninth-byte rule cannot apply to it.
  void SkipLongs(uint64_t n) {
    if (!compressed_) {
      for (; n > 0 && ok(); --n) Skip(8);
      return;
    }
    while (n > 0) {
      if (end_ - p_ >= 8) {
        uint64_t word;
        std::memcpy(&word, p_, 8);
        uint64_t ends = ~LittleEndian(word) & 0x8080808080808080ULL;
        if (ends != 0) {
          // How many bytes end a long: the high bits moved to the low bits, summed by a multiply.
          const uint64_t found = ((ends >> 7) * 0x0101010101010101ULL) >> 56;
          if (found <= n) {
            p_ += (63 - __builtin_clzll(ends)) / 8 + 1;
            n -= found;
          } else {
            for (uint64_t i = 1; i < n; ++i) ends &= ends - 1;
            p_ += __builtin_ctzll(ends) / 8 + 1;
            n = 0;
          }
          continue;
        }
      }
      SkipLong();
      if (!ok()) return;
      --n;
    }
  }
  // A count (array length, string length): an int between 0 and the bytes left, since every
  // counted item takes at least one byte. Bounds every loop by the bytes present.
  uint32_t Count() {
    uint64_t at = offset();
    int32_t n = Int();
    if (!ok()) return 0;
    if (n < 0 || static_cast<uint64_t>(n) > remaining()) {
      FailAt(at, "a count no larger than the bytes that follow");
      return 0;
    }
    return static_cast<uint32_t>(n);
  }
  std::string_view Bytes(uint64_t n) {
    if (n > remaining()) {
      Fail("more bytes (a value reaches past the end)");
      return {};
    }
    std::string_view result(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return result;
  }

 private:
  static uint64_t LittleEndian(uint64_t word) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(word);
#else
    return word;
#endif
  }
  uint64_t Raw(int n) {
    if (remaining() < static_cast<size_t>(n)) {
      Fail("more bytes (a value reaches past the end)");
      return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = (v << 8) | p_[i];
    p_ += n;
    return v;
  }

  const uint8_t* begin_;
  const uint8_t* p_;
  const uint8_t* end_;
  uint64_t base_;
  bool compressed_;
  const char* error_ = nullptr;
  uint64_t error_offset_ = 0;
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_BYTE_CURSOR_H_
