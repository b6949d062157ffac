#ifndef PROFDIFF_ABSL_COMPAT_H_
#define PROFDIFF_ABSL_COMPAT_H_

// Debian's Abseil is built as C++14, so absl::string_view is its own type rather than an alias
// of std::string_view: convert explicitly where the two meet (hash-map lookups, StrCat).

#include <string_view>

#include "absl/strings/string_view.h"

namespace profdiff {

inline absl::string_view AbslView(std::string_view s) { return {s.data(), s.size()}; }
inline std::string_view StdView(absl::string_view s) { return {s.data(), s.size()}; }

}  // namespace profdiff

#endif  // PROFDIFF_ABSL_COMPAT_H_
