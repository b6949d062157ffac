#include "profdiff/analysis/optimization_alignment.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/analysis/tree_preprocessing.h"

namespace profdiff {

namespace {

// A call site of a method paired across the experiments: its bci on each side.
struct Anchor {
  int32_t right_bci;
  int32_t left_bci;
};

bool Named(const InliningTreeNode& node, std::string_view name) {
  return node.method_name.has_value() && *node.method_name == name;
}

class PositionMapper {
 public:
  PositionMapper(const InliningTree& left, const InliningTree& right,
                 const CallSiteAlignment& alignment)
      : left_(left), right_(right), left_of_right_(alignment.left_of_right) {}

  // Maps `position` (experiment 2's) to experiment 1's bcis in place; true if a bci changed.
  bool Map(Position& position) {
    if (position.empty() || right_.empty()) return false;
    NodeIndex node = right_.root;
    const size_t outermost = position.size() - 1;
    if (!Named(right_.node(node), position[outermost].method.view())) return false;
    bool changed = false;
    for (size_t i = outermost; i > 0; --i) {
      // Entry i is the call site, in `node`'s code, of the method of entry i - 1.
      const NodeIndex callee = CallSite(node, position[i].bci, position[i - 1].method.view());
      if (callee == kNoNode) return changed;
      const NodeIndex partner = left_of_right_[callee];
      if (partner == kNoNode) return changed;
      changed |= Set(position[i].bci, left_.node(partner).bci);
      node = callee;
    }
    return Set(position[0].bci, MapInner(node, position[0].bci)) || changed;
  }

 private:
  static bool Set(int32_t& bci, int32_t mapped) {
    if (bci == mapped) return false;
    bci = mapped;
    return true;
  }

  // The child of `node` that is the call of `name` at `bci`, or a target of the virtual call
  // there (logged at the call's bci); kNoNode if there is none.
  NodeIndex CallSite(NodeIndex node, int32_t bci, std::string_view name) const {
    for (NodeIndex child : right_.node(node).children) {
      const InliningTreeNode& call = right_.node(child);
      if (call.bci != bci) continue;
      if (Named(call, name)) return child;
      if (!call.indirect) continue;
      for (NodeIndex target : call.children) {
        if (right_.node(target).bci == bci && Named(right_.node(target), name)) return target;
      }
    }
    return kNoNode;
  }

  // A bci in the code of `node` (experiment 2's), mapped by the paired call sites around it.
  int32_t MapInner(NodeIndex node, int32_t bci) {
    if (left_of_right_[node] == kNoNode) return bci;
    const std::vector<Anchor>& anchors = AnchorsOf(node);
    auto upper = std::lower_bound(anchors.begin(), anchors.end(), bci,
                                  [](const Anchor& a, int32_t b) { return a.right_bci < b; });
    if (upper != anchors.end() && upper->right_bci == bci) return upper->left_bci;
    const bool has_lower = upper != anchors.begin();
    const bool has_upper = upper != anchors.end();
    if (!has_lower && !has_upper) return bci;
    auto shift = [](const Anchor& a) { return int64_t{a.left_bci} - a.right_bci; };
    int64_t by;
    if (has_lower && has_upper) {
      if (shift(*(upper - 1)) != shift(*upper)) return bci;  // the edit is between them
      by = shift(*upper);
    } else {
      by = has_lower ? shift(*(upper - 1)) : shift(*upper);
    }
    const int64_t mapped = int64_t{bci} + by;
    return mapped < 0 || mapped > INT32_MAX ? bci : static_cast<int32_t>(mapped);
  }

  // The call sites of `node` paired with call sites of its partner, by experiment 2's bci.
  const std::vector<Anchor>& AnchorsOf(NodeIndex node) {
    auto [it, inserted] = anchors_.try_emplace(node);
    if (!inserted) return it->second;
    const NodeIndex partner = left_of_right_[node];
    std::vector<Anchor>& anchors = it->second;
    for (NodeIndex child : right_.node(node).children) {
      const NodeIndex paired = left_of_right_[child];
      if (paired == kNoNode || left_.node(paired).parent != partner) continue;
      anchors.push_back({right_.node(child).bci, left_.node(paired).bci});
    }
    std::sort(anchors.begin(), anchors.end(), [](const Anchor& a, const Anchor& b) {
      return a.right_bci != b.right_bci ? a.right_bci < b.right_bci : a.left_bci < b.left_bci;
    });
    anchors.erase(
        std::unique(anchors.begin(), anchors.end(),
                    [](const Anchor& a, const Anchor& b) { return a.right_bci == b.right_bci; }),
        anchors.end());
    return anchors;
  }

  const InliningTree& left_;
  const InliningTree& right_;
  const std::vector<NodeIndex>& left_of_right_;
  absl::flat_hash_map<NodeIndex, std::vector<Anchor>> anchors_;
};

}  // namespace

std::optional<OptimizationTree> AlignOptimizationPositions(const InliningTree& left_inlining,
                                                           const InliningTree& right_inlining,
                                                           const CallSiteAlignment& alignment,
                                                           const OptimizationTree& right,
                                                           bool sort) {
  if (alignment.left_of_right.size() != right_inlining.nodes.size() || right.empty()) {
    return std::nullopt;
  }
  PositionMapper mapper(left_inlining, right_inlining, alignment);
  std::optional<OptimizationTree> mapped;
  for (size_t i = 0; i < right.nodes.size(); ++i) {
    const OptimizationTreeNode& node = right.nodes[i];
    if (node.is_phase || node.position.empty()) continue;
    Position position = node.position;
    if (!mapper.Map(position)) continue;
    if (!mapped) mapped = right;
    mapped->nodes[i].position = std::move(position);
  }
  if (mapped && sort) SortUnorderedPhases(*mapped);
  return mapped;
}

}  // namespace profdiff
