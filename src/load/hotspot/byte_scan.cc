#include "load/hotspot/byte_scan.h"

#include <algorithm>
#include <cstdint>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace profdiff {

size_t FindThreeBytes(std::string_view text, size_t from, char a, char b, char c) {
  const char* const data = text.data();
  const size_t size = text.size();
  size_t i = from;
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
  const char* const data = text.data();
  const size_t size = text.size();
  size_t count = 0;
  size_t i = 0;
#ifdef __SSE2__
  const __m128i needle = _mm_set1_epi8(byte);
  const size_t whole = size - size % 16;  // the bytes tested 16 at a time
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
