#include "commands/run_reason_changes.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "commands/run_differences.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

std::string SideKey(const DecisionSide& side) {
  if (side.reasons == nullptr || side.reasons->empty()) return std::string();
  return ReasonKeyOf(side.reasons->back());
}

// What identifies a reason-only change: its path, kind and the reason keys of the sides (in the
// order given). Each part is length-prefixed, so no two changes share a key.
std::string ChangeKey(const PairDecisions& pair, const DecisionChange& change,
                      const std::string& first, const std::string& second) {
  std::string key;
  auto part = [&](std::string_view text) {
    absl::StrAppend(&key, text.size(), ":", AbslView(text));
  };
  for (uint32_t i = change.path_begin; i < change.path_end; ++i) {
    const DecisionPathStep& step = pair.path[i];
    if (step.method) {
      part(*step.method);
    } else {
      key += "?";
    }
    absl::StrAppend(&key, "@", step.bci, ";");
  }
  key += "|";
  part(change.side[0].kind);
  part(first);
  part(second);
  return key;
}

}  // namespace

void ReasonChangeSupport::AddCrossPair(const PairDecisions& pair) { Add(pair, true); }

void ReasonChangeSupport::AddWithinPair(const PairDecisions& pair) { Add(pair, false); }

void ReasonChangeSupport::Add(const PairDecisions& pair, bool cross) {
  if (pair.too_big) return;
  ++(cross ? cross_pairs_ : within_pairs_);
  absl::flat_hash_set<std::string> counted;  // a change counts once per pair
  for (const DecisionChange& change : pair.changes) {
    if (change.kind_changed || change.moved) continue;  // moves are no changes
    const std::string left = SideKey(change.side[0]);
    const std::string right = SideKey(change.side[1]);
    std::string key = ChangeKey(pair, change, left, right);
    if (!cross) {
      // A same-side pair has no direction: count it for the change as a cross pair would see it.
      std::string mirror = ChangeKey(pair, change, right, left);
      if (counted.insert(key).second) ++entries_[key].within;
      if (counted.insert(mirror).second) ++entries_[mirror].within;
      continue;
    }
    if (!counted.insert(key).second) continue;
    Entry& entry = entries_[key];
    ++entry.cross;
    if (entry.representative >= 0) continue;
    entry.representative = static_cast<int64_t>(representatives_.changes.size());
    DecisionChange& kept = representatives_.changes.emplace_back(change);
    kept.path_begin = static_cast<uint32_t>(representatives_.path.size());
    representatives_.path.insert(representatives_.path.end(), pair.path.begin() + change.path_begin,
                                 pair.path.begin() + change.path_end);
    kept.path_end = static_cast<uint32_t>(representatives_.path.size());
    order_.push_back(std::move(key));
  }
}

void ReasonChangeSupport::Finish(const RunsOptions& options, bool unconfirmed,
                                 PairDecisions* out) const {
  out->changes.clear();
  out->path.clear();
  for (const std::string& key : order_) {
    const Entry& entry = entries_.at(key);
    if (!IsStable(options, unconfirmed, entry.cross, cross_pairs_, entry.within, within_pairs_)) {
      continue;
    }
    const DecisionChange& change = representatives_.changes[entry.representative];
    DecisionChange& kept = out->changes.emplace_back(change);
    kept.path_begin = static_cast<uint32_t>(out->path.size());
    out->path.insert(out->path.end(), representatives_.path.begin() + change.path_begin,
                     representatives_.path.begin() + change.path_end);
    kept.path_end = static_cast<uint32_t>(out->path.size());
  }
}

}  // namespace profdiff
