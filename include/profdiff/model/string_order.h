#ifndef PROFDIFF_MODEL_STRING_ORDER_H_
#define PROFDIFF_MODEL_STRING_ORDER_H_

#include <string_view>

namespace profdiff {

// Java String.compareTo order (UTF-16 code units) over UTF-8 text: bytewise, except that
// supplementary characters (4-byte sequences, surrogates in UTF-16) sort before U+E000..U+FFFF.
// Returns <0, 0 or >0.
int JavaCompare(std::string_view a, std::string_view b);

// Java's `a - b` on int32 values (wraps on overflow), as the reference's comparators use it.
inline int JavaIntSubtractCompare(int a, int b) {
  return static_cast<int>(static_cast<unsigned>(a) - static_cast<unsigned>(b));
}

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_STRING_ORDER_H_
