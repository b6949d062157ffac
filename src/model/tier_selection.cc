#include "profdiff/model/tier_selection.h"

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

constexpr int kLowestLevel = 1;
constexpr int kHighestLevel = 4;
constexpr uint8_t kAllLevels = 0b11110;  // levels 1-4
constexpr uint8_t kC1Levels = 0b01110;   // levels 1-3

}  // namespace

std::optional<TierSelection> TierSelection::Parse(std::string_view text, std::string* problem) {
  const std::string lower = absl::AsciiStrToLower(AbslView(text));
  TierSelection selection;
  if (lower == "top") return selection;
  selection.top_ = false;
  if (lower == "all") {
    selection.levels_ = kAllLevels;
    return selection;
  }
  for (absl::string_view item : absl::StrSplit(lower, ',')) {
    item = absl::StripAsciiWhitespace(item);
    if (item == "c1") {
      selection.levels_ |= kC1Levels;
    } else if (item == "c2") {
      selection.levels_ |= 1u << kHighestLevel;
    } else if (item.size() == 1 && item[0] >= '0' + kLowestLevel &&
               item[0] <= '0' + kHighestLevel) {
      selection.levels_ |= 1u << (item[0] - '0');
    } else {
      if (problem != nullptr) {
        *problem = absl::StrCat(
            "expected top, all, or a comma-separated list of levels 1 to 4 and compilers c1 "
            "(levels 1-3) and c2 (level 4)",
            item.empty() ? " without empty items" : "");
      }
      return std::nullopt;
    }
  }
  return selection;
}

bool TierSelection::KeepsLevel(int level) const {
  return level >= kLowestLevel && level <= kHighestLevel && (levels_ & (1u << level)) != 0;
}

std::string TierSelection::Name() const {
  if (top_) return "top";
  if (levels_ == kAllLevels) return "all";
  std::string name;
  for (int level = kLowestLevel; level <= kHighestLevel; ++level) {
    if (!KeepsLevel(level)) continue;
    if (!name.empty()) name += ',';
    name += static_cast<char>('0' + level);
  }
  return name;
}

std::string TierSelection::Description() const {
  if (top_) return "each method's top-tier compilations";
  if (levels_ == kAllLevels) return "all compilations";
  std::vector<int> levels;
  for (int level = kLowestLevel; level <= kHighestLevel; ++level) {
    if (KeepsLevel(level)) levels.push_back(level);
  }
  std::string text =
      levels.size() == 1 ? "the compilations at level " : "the compilations at levels ";
  for (size_t i = 0; i < levels.size(); ++i) {
    if (i > 0) text += i + 1 == levels.size() ? " and " : ", ";
    text += static_cast<char>('0' + levels[i]);
  }
  return text;
}

std::vector<bool> TierSelection::Select(std::span<const UnitRecord> units) const {
  std::vector<bool> keep(units.size());
  if (!top_) {
    for (size_t i = 0; i < units.size(); ++i) keep[i] = KeepsLevel(units[i].level);
    return keep;
  }
  // Each unit's name is hashed once, into its method's number: this runs on one thread after a
  // log is read (a 1 GB log has 290k units), and hashing each name twice took most of its time.
  // The table is not given room for every unit up front: a method has about two units, so that
  // doubled the table (6 MB more at the peak of report, 12 MB at that of jit-vs-jit).
  absl::flat_hash_map<absl::string_view, uint32_t> method_of_name;
  std::vector<uint32_t> method(units.size());
  std::vector<int8_t> top;  // by method
  for (size_t i = 0; i < units.size(); ++i) {
    const int8_t level = units[i].level;
    const auto [it, added] = method_of_name.try_emplace(AbslView(units[i].method_name),
                                                        static_cast<uint32_t>(top.size()));
    if (added) {
      top.push_back(level);
    } else if (level > top[it->second]) {
      top[it->second] = level;
    }
    method[i] = it->second;
  }
  for (size_t i = 0; i < units.size(); ++i) keep[i] = units[i].level == top[method[i]];
  return keep;
}

}  // namespace profdiff
