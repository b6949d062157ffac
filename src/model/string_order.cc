#include "profdiff/model/string_order.h"

#include <algorithm>

namespace profdiff {

int JavaCompare(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    unsigned char x = static_cast<unsigned char>(a[i]);
    unsigned char y = static_cast<unsigned char>(b[i]);
    if (x == y) continue;
    // Equal prefixes end on a character boundary, so differing lead bytes decide. A 4-byte
    // sequence (lead F0..F4) is a surrogate pair in UTF-16 and sorts below U+E000..U+FFFF
    // (lead EE or EF).
    bool x_supplementary = x >= 0xF0, y_supplementary = y >= 0xF0;
    bool x_high_bmp = x == 0xEE || x == 0xEF, y_high_bmp = y == 0xEE || y == 0xEF;
    if (x_supplementary && y_high_bmp) return -1;
    if (y_supplementary && x_high_bmp) return 1;
    return x < y ? -1 : 1;
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

}  // namespace profdiff
