#ifndef PROFDIFF_MODEL_POSITION_H_
#define PROFDIFF_MODEL_POSITION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/model/interned_name.h"

namespace profdiff {

// One (method, bci) pair of an optimization's position.
struct PositionEntry {
  InternedName method;  // interned: positions repeat the same inlined methods thousands of times
  int32_t bci = -1;
  friend bool operator==(const PositionEntry&, const PositionEntry&) = default;
};

// Where an optimization happened: innermost method first, the compilation root last
// (formats.md §3.8). Empty = unknown position.
using Position = std::vector<PositionEntry>;

// An element of an enclosing-method / inlining path (algorithms.md §10.1). A null name is the
// unknown target of an inlining node; bci -1 is a wildcard when paths are matched.
struct PathElement {
  std::optional<std::string> name;
  int32_t bci = -1;
  friend bool operator==(const PathElement&, const PathElement&) = default;
};
using Path = std::vector<PathElement>;

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_POSITION_H_
