#ifndef PROFDIFF_MODEL_TIER_SELECTION_H_
#define PROFDIFF_MODEL_TIER_SELECTION_H_

// --tiers: which compilations of a HotSpot log an experiment keeps (docs/hotspot.md "Tiers").
// HotSpot compiles a method several times, at tiers (levels) 1-3 with C1 and 4 with C2; a Graal
// log has no tiers and keeps every unit whatever the selection.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/model/optimization_log.h"

namespace profdiff {

class TierSelection {
 public:
  // The default: each method's compilations at the highest level that method was compiled at.
  TierSelection() = default;

  // "top", "all", or a comma-separated list of levels 1-4 and compilers c1 (levels 1-3) and c2
  // (level 4), in any case and order: "4", "1,4", "c1", "c2,3". Returns nullopt and sets
  // `problem` when the text is none of these.
  static std::optional<TierSelection> Parse(std::string_view text, std::string* problem);

  bool top() const { return top_; }
  // Whether a unit at `level` is kept regardless of the other units (not `top`).
  bool KeepsLevel(int level) const;

  // The canonical spelling, which Parse reads back: "top", "all", or the levels "1,2,3".
  std::string Name() const;
  // What is kept, for summaries: "each method's top-tier compilations", "all compilations",
  // "the compilations at levels 1 and 4".
  std::string Description() const;

  // Which of `units` (a HotSpot log's) are kept.
  std::vector<bool> Select(std::span<const UnitRecord> units) const;

  bool operator==(const TierSelection&) const = default;

 private:
  bool top_ = true;
  uint8_t levels_ = 0;  // bit L: level L is kept (when not top_)
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_TIER_SELECTION_H_
