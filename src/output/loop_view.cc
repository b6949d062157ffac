#include "profdiff/output/loop_view.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "profdiff/output/method_differences.h"

namespace profdiff {

std::string_view LoopChangeName(const LoopRowRecord& row) {
  if (row.vectorized[1].empty()) return "stopped";
  if (row.vectorized[0].empty()) return "started";
  return "changed";
}

void LoopTally::Experiment(const ExperimentRecord& record) {
  if (!record.llvm) return;
  std::lock_guard<std::mutex> lock(mutex_);
  remarks_ = true;
}

void LoopTally::Method(const MethodRecord& record) {
  MethodInfo info;
  info.index = record.index;
  info.share = MethodRecordLargerShare(record);
  std::lock_guard<std::mutex> lock(mutex_);
  methods_[std::string(record.name)] = info;
}

void LoopTally::Pair(const PairRecord& record) {
  if (record.loops == nullptr) return;
  CollectedPair pair;
  pair.method = std::string(record.method);
  pair.compared = ComparedPairOf(record);
  pair.period[0] = record.first.period;
  pair.period[1] = record.second.period;
  pair.loops = *record.loops;
  std::lock_guard<std::mutex> lock(mutex_);
  pairs_.push_back(std::move(pair));
}

const LoopsRecord& LoopTally::MakeRecord() {
  std::lock_guard<std::mutex> lock(mutex_);
  record_ = LoopsRecord();
  strings_.clear();
  auto method_info = [&](const std::string& name) {
    auto it = methods_.find(name);
    return it != methods_.end() ? it->second : MethodInfo{INT64_MAX, std::nullopt};
  };
  // The pairs of each method section in a fixed order (they came from several threads), and of
  // those the pairs that the decisions record counts (PairsCountedForDecisions' rule).
  std::map<std::pair<int64_t, std::string>, std::vector<const CollectedPair*>> sections;
  for (const CollectedPair& pair : pairs_) {
    sections[{method_info(pair.method).index, pair.method}].push_back(&pair);
  }
  auto keep = [&](std::string_view text) -> std::string_view {
    return strings_.emplace_back(text);
  };
  for (auto& [key, pairs] : sections) {
    std::sort(pairs.begin(), pairs.end(), [](const CollectedPair* a, const CollectedPair* b) {
      return std::tie(b->period[0], b->period[1], a->compared.left, a->compared.right) <
             std::tie(a->period[0], a->period[1], b->compared.left, b->compared.right);
    });
    std::vector<ComparedPair> compared;
    for (const CollectedPair* pair : pairs) compared.push_back(pair->compared);
    const MethodInfo info = method_info(key.second);
    for (size_t i : CountedPairs(compared)) {
      const CollectedPair& pair = *pairs[i];
      ++record_.pairs;
      for (const LoopChange& change : pair.loops) {
        LoopRowRecord& row = record_.loops.emplace_back();
        row.method = keep(pair.method);
        row.index = info.index;
        row.share = info.share;
        row.compilation[0] = keep(pair.compared.left);
        row.compilation[1] = keep(pair.compared.right);
        row.position.begin = static_cast<uint32_t>(record_.position.size());
        for (const PositionEntry& entry : change.position) {
          record_.position.push_back(PathElementRecord{keep(entry.method.view()), entry.bci});
        }
        row.position.end = static_cast<uint32_t>(record_.position.size());
        for (int s = 0; s < 2; ++s) {
          const LoopSide& side = change.side[s];
          row.remarked[s] = side.remarked;
          row.vectorized[s].begin = static_cast<uint32_t>(record_.widths.size());
          for (const VectorizedLoop& v : side.vectorized) {
            record_.widths.push_back(LoopWidthRecord{keep(v.width), keep(v.interleave)});
          }
          row.vectorized[s].end = static_cast<uint32_t>(record_.widths.size());
          row.reasons[s].begin = static_cast<uint32_t>(record_.reasons.size());
          for (const std::string& reason : side.reasons) record_.reasons.push_back(keep(reason));
          row.reasons[s].end = static_cast<uint32_t>(record_.reasons.size());
        }
      }
    }
  }
  record_.methods = static_cast<int64_t>(sections.size());
  // In section, pair and remark order; by their method's share first, unknown last.
  std::stable_sort(record_.loops.begin(), record_.loops.end(),
                   [](const LoopRowRecord& a, const LoopRowRecord& b) {
                     if (a.share.has_value() != b.share.has_value()) return a.share.has_value();
                     return a.share.has_value() && *a.share > *b.share;
                   });
  return record_;
}

}  // namespace profdiff
