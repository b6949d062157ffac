#include "load/hotspot/byte_scan.h"

#include <algorithm>
#include <cstdint>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef PROFDIFF_HAVE_AVX2_LOOPS
#include <immintrin.h>
#endif

namespace profdiff {

namespace {

#ifdef PROFDIFF_HAVE_AVX2_LOOPS
// The 32-byte forms of the SSE2 loops below: each starts at *at and leaves the rest of the text
// (less than a block and the bytes read after it) to them.

// Where a, b, c occur, or npos; *at advanced past the blocks without them.
PROFDIFF_AVX2 size_t FindThreeBytesAvx2(const char* data, size_t size, size_t* at, char a, char b,
                                        char c) {
  const __m256i first = _mm256_set1_epi8(a);
  const __m256i second = _mm256_set1_epi8(b);
  const __m256i third = _mm256_set1_epi8(c);
  size_t i = *at;
  for (; i <= size && size - i >= 34; i += 32) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 1));
    const __m256i z = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 2));
    const __m256i hits = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpeq_epi8(x, first), _mm256_cmpeq_epi8(y, second)),
        _mm256_cmpeq_epi8(z, third));
    const auto mask = static_cast<unsigned>(_mm256_movemask_epi8(hits));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
  }
  *at = i;
  return std::string_view::npos;
}

// How many of the whole 32-byte blocks from *at are `byte`; *at advanced past them.
PROFDIFF_AVX2 size_t CountByteAvx2(const char* data, size_t size, size_t* at, char byte) {
  const __m256i needle = _mm256_set1_epi8(byte);
  size_t i = *at;
  size_t count = 0;
  const size_t whole = i + (size - i) / 32 * 32;
  while (i < whole) {
    const size_t end = std::min(whole, i + 255 * 32);  // as in the SSE2 loop: no byte wraps
    __m256i matches = _mm256_setzero_si256();
    for (; i < end; i += 32) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i));
      matches = _mm256_sub_epi8(matches, _mm256_cmpeq_epi8(x, needle));
    }
    const __m256i sums = _mm256_sad_epu8(matches, _mm256_setzero_si256());
    const __m128i halves =
        _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    count += static_cast<size_t>(_mm_cvtsi128_si64(halves)) +
             static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
  }
  *at = i;
  return count;
}
#endif

}  // namespace

size_t FindThreeBytes(std::string_view text, size_t from, char a, char b, char c) {
  return FindThreeBytes(text, from, a, b, c, BlockWidth::kWidest);
}

size_t FindThreeBytes(std::string_view text, size_t from, char a, char b, char c,
                      BlockWidth blocks) {
  const char* const data = text.data();
  const size_t size = text.size();
  size_t i = from;
#ifdef PROFDIFF_HAVE_AVX2_LOOPS
  if (blocks == BlockWidth::kWidest && ProcessorHasAvx2()) {
    const size_t hit = FindThreeBytesAvx2(data, size, &i, a, b, c);
    if (hit != std::string_view::npos) return hit;
  }
#else
  (void)blocks;
#endif
#ifdef __SSE2__
  const __m128i first = _mm_set1_epi8(a);
  const __m128i second = _mm_set1_epi8(b);
  const __m128i third = _mm_set1_epi8(c);
  // Bytes i..i+17 are read: the 16 candidate positions and the two bytes after the last.
  for (; i <= size && size - i >= 18; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 1));
    const __m128i z = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 2));
    const __m128i hits =
        _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(x, first), _mm_cmpeq_epi8(y, second)),
                      _mm_cmpeq_epi8(z, third));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
  }
#endif
  for (; i <= size && size - i >= 3; ++i) {
    if (data[i] == a && data[i + 1] == b && data[i + 2] == c) return i;
  }
  return std::string_view::npos;
}

size_t FindText(std::string_view text, size_t from, std::string_view needle) {
  for (size_t hit = FindThreeBytes(text, from, needle[0], needle[1], needle[2]);
       hit != std::string_view::npos;
       hit = FindThreeBytes(text, hit + 1, needle[0], needle[1], needle[2])) {
    if (text.substr(hit, needle.size()) == needle) return hit;
  }
  return std::string_view::npos;
}

size_t CountByte(std::string_view text, char byte) {
  return CountByte(text, byte, BlockWidth::kWidest);
}

size_t CountByte(std::string_view text, char byte, BlockWidth blocks) {
  const char* const data = text.data();
  const size_t size = text.size();
  size_t count = 0;
  size_t i = 0;
#ifdef PROFDIFF_HAVE_AVX2_LOOPS
  if (blocks == BlockWidth::kWidest && ProcessorHasAvx2())
    count = CountByteAvx2(data, size, &i, byte);
#else
  (void)blocks;
#endif
#ifdef __SSE2__
  const __m128i needle = _mm_set1_epi8(byte);
  const size_t whole = i + (size - i) / 16 * 16;  // the bytes tested 16 at a time
  while (i < whole) {
    // Each byte of `matches` counts down by one per match (cmpeq gives -1): at most 255 rounds
    // before it is summed, so that no byte wraps.
    const size_t end = std::min(whole, i + 255 * 16);
    __m128i matches = _mm_setzero_si128();
    for (; i < end; i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      matches = _mm_sub_epi8(matches, _mm_cmpeq_epi8(x, needle));
    }
    const __m128i sums = _mm_sad_epu8(matches, _mm_setzero_si128());
    count += static_cast<size_t>(_mm_cvtsi128_si32(sums)) +
             static_cast<size_t>(_mm_extract_epi16(sums, 4));
  }
#endif
  for (; i < size; ++i) count += data[i] == byte ? 1 : 0;
  return count;
}

}  // namespace profdiff
