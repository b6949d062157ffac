#include "profdiff/analysis/loop_vectorization.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"

namespace profdiff {

namespace {

bool IsAnalysis(const OptimizationTreeNode& remark) {
  return remark.event_name.view().starts_with("Analysis");
}

std::optional<std::string_view> PropertyText(const OptimizationTreeNode& remark,
                                             std::string_view key) {
  for (const Property& property : remark.properties) {
    if (property.key == key) return property.value.rendered;
  }
  return std::nullopt;
}

// The source line a remark is on: its innermost function and line offset.
std::pair<std::string_view, int32_t> LineOf(const OptimizationTreeNode& remark) {
  if (remark.position.empty()) return {std::string_view(), -1};
  const PositionEntry& innermost = remark.position.front();
  return {innermost.method.view(), innermost.bci < 0 ? innermost.bci : innermost.bci / 1000};
}

std::string PositionKey(const Position& position) {
  std::string key;
  for (const PositionEntry& entry : position) {
    key += entry.method.view();
    key += '\0';
    absl::StrAppend(&key, entry.bci, ";");
  }
  return key;
}

// The remarks of one loop: the vectorizer handles one loop at a time and says why it did not
// vectorize it (Analysis remarks, at the instruction that stopped it) before what it decided (a
// Passed or Missed remark at the loop, sometimes two: not vectorized and not interleaved).
struct LoopRemarks {
  std::vector<const OptimizationTreeNode*> remarks;
  const OptimizationTreeNode* first_decision = nullptr;
};

// The loop-vectorize phase's remarks cut into loops, in remark order: a loop's remarks are a run
// of Analysis remarks and then a run of decisions on one source line, each name once; what
// breaks either run begins the next loop.
std::vector<LoopRemarks> CutIntoLoops(const OptimizationTree& tree, NodeIndex phase) {
  std::vector<LoopRemarks> loops;
  std::set<std::string_view> decided;
  for (NodeIndex child : tree.node(phase).children) {
    const OptimizationTreeNode& remark = tree.node(child);
    if (remark.is_phase) continue;
    bool next = loops.empty();
    if (!next && loops.back().first_decision != nullptr) {
      next = IsAnalysis(remark) || LineOf(remark) != LineOf(*loops.back().first_decision) ||
             decided.contains(remark.name.view());
    }
    if (next) {
      loops.emplace_back();
      decided.clear();
    }
    LoopRemarks& loop = loops.back();
    loop.remarks.push_back(&remark);
    if (!IsAnalysis(remark)) {
      if (loop.first_decision == nullptr) loop.first_decision = &remark;
      decided.insert(remark.name.view());
    }
  }
  return loops;
}

NodeIndex LoopVectorizePhase(const OptimizationTree& tree) {
  if (tree.empty()) return kNoNode;
  for (NodeIndex child : tree.node(tree.root).children) {
    const OptimizationTreeNode& node = tree.node(child);
    if (node.is_phase && node.name == kLoopVectorizePhase) return child;
  }
  return kNoNode;
}

struct SideLoops {
  std::vector<std::pair<std::string, Position>> order;  // keys in order of first remark
  std::map<std::string, LoopSide> loops;
};

SideLoops LoopsOf(const OptimizationTree& tree) {
  SideLoops result;
  const NodeIndex phase = LoopVectorizePhase(tree);
  if (phase == kNoNode) return result;
  for (const LoopRemarks& loop : CutIntoLoops(tree, phase)) {
    const OptimizationTreeNode& at =
        loop.first_decision != nullptr ? *loop.first_decision : *loop.remarks.front();
    std::string key = PositionKey(at.position);
    auto [it, added] = result.loops.try_emplace(key);
    if (added) result.order.emplace_back(key, at.position);
    LoopSide& side = it->second;
    side.remarked = true;
    for (const OptimizationTreeNode* remark : loop.remarks) {
      if (remark->event_name == "Passed" && remark->name == "Vectorized") {
        side.vectorized.push_back(
            VectorizedLoop{std::string(PropertyText(*remark, "VectorizationFactor").value_or("?")),
                           std::string(PropertyText(*remark, "InterleaveCount").value_or("?"))});
        continue;
      }
      std::string message(PropertyText(*remark, "message").value_or(remark->name.view()));
      if (std::find(side.reasons.begin(), side.reasons.end(), message) == side.reasons.end()) {
        side.reasons.push_back(std::move(message));
      }
    }
  }
  for (auto& [key, side] : result.loops) std::sort(side.vectorized.begin(), side.vectorized.end());
  return result;
}

}  // namespace

LoopChangeKind KindOf(const LoopChange& change) {
  if (change.side[1].vectorized.empty()) return LoopChangeKind::kStopped;
  if (change.side[0].vectorized.empty()) return LoopChangeKind::kStarted;
  return LoopChangeKind::kChanged;
}

std::vector<LoopChange> FindLoopVectorizationChanges(const OptimizationTree& left,
                                                     const OptimizationTree& right) {
  std::vector<LoopChange> changes;
  SideLoops sides[2] = {LoopsOf(left), LoopsOf(right)};
  if (sides[0].loops.empty() && sides[1].loops.empty()) return changes;
  std::set<std::string_view> seen;
  for (const SideLoops& order : sides) {
    for (const auto& [key, position] : order.order) {
      if (!seen.insert(key).second) continue;
      LoopChange change;
      change.position = position;
      for (int s = 0; s < 2; ++s) {
        auto it = sides[s].loops.find(key);
        if (it != sides[s].loops.end()) change.side[s] = it->second;
      }
      if (change.side[0].vectorized == change.side[1].vectorized) continue;
      changes.push_back(std::move(change));
    }
  }
  return changes;
}

}  // namespace profdiff
