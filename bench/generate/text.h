#ifndef PROFDIFF_BENCH_GENERATE_TEXT_H_
#define PROFDIFF_BENCH_GENERATE_TEXT_H_

// Helpers that write the numbers and strings of the generated JSON.

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Output helpers.

inline void AppendInt(std::string* out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}

// A double as Java's Double.toString prints values in [1e-3, 1e7): shortest digits, at least one
// fractional digit.
inline void AppendJavaDouble(std::string* out, double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string_view s(buf, static_cast<size_t>(r.ptr - buf));
  out->append(s);
  if (s.find_first_of(".eE") == std::string_view::npos) out->append(".0");
}

// Rounds to 6 decimals, like the numbers the inliner prints.
inline double Round6(double v) { return std::round(v * 1e6) / 1e6; }

inline void AppendFixed6(std::string* out, double v) {
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%.6f", v);
  out->append(buf, static_cast<size_t>(n));
}

inline void AppendQuoted(std::string* out, std::string_view s) {
  out->push_back('"');
  out->append(s);  // generated names never need escaping
  out->push_back('"');
}

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_TEXT_H_
