#ifndef PROFDIFF_SUPPORT_ABSL_COMPAT_H_
#define PROFDIFF_SUPPORT_ABSL_COMPAT_H_

// Debian's Abseil is built as C++14, so absl::string_view is its own type rather than an alias
// of std::string_view: convert explicitly where the two meet (hash-map lookups, StrCat).

#include <cstddef>
#include <string_view>

#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"

namespace profdiff {

inline absl::string_view AbslView(std::string_view s) { return {s.data(), s.size()}; }
inline std::string_view StdView(absl::string_view s) { return {s.data(), s.size()}; }

// Abseil's hash of the text, for hash tables keyed by std::string_view: absl::Hash of a
// std::string_view falls back to std::hash (a byte-at-a-time murmur), several times slower on
// the short ids and long method names of the HotSpot reader.
struct StringViewHash {
  size_t operator()(std::string_view s) const {
    return absl::Hash<absl::string_view>()(AbslView(s));
  }
};

}  // namespace profdiff

#endif  // PROFDIFF_SUPPORT_ABSL_COMPAT_H_
