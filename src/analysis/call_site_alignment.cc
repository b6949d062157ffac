#include "profdiff/analysis/call_site_alignment.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <optional>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "profdiff/analysis/tree_preprocessing.h"

namespace profdiff {

namespace {

// A child's identity as the reference's matcher sees it, but for the kind: callee and bci.
struct CallKey {
  bool known = false;
  std::string_view name;
  int32_t bci = -1;
  friend bool operator==(const CallKey&, const CallKey&) = default;
  template <typename H>
  friend H AbslHashValue(H h, const CallKey& key) {
    return H::combine(std::move(h), key.known, key.name, key.bci);
  }
};

CallKey KeyOf(const InliningTreeNode& node) {
  CallKey key;
  key.known = node.method_name.has_value();
  if (key.known) key.name = *node.method_name;
  key.bci = node.bci;
  return key;
}

bool SameCallee(const InliningTreeNode& a, const InliningTreeNode& b) {
  return a.method_name.has_value() && b.method_name.has_value() && *a.method_name == *b.method_name;
}

struct NodePair {
  NodeIndex left;
  NodeIndex right;
};

class Aligner {
 public:
  Aligner(const InliningTree& left, const InliningTree& right) : left_(left), right_(right) {}

  CallSiteAlignment Run() {
    CallSiteAlignment result;
    if (left_.empty() || right_.empty()) return result;
    result.left_of_right.assign(right_.nodes.size(), kNoNode);
    result.left_of_right[right_.root] = left_.root;
    std::vector<NodePair> stack{{left_.root, right_.root}};
    while (!stack.empty()) {
      const NodePair pair = stack.back();
      stack.pop_back();
      AlignChildren(pair, stack, result);
    }
    std::sort(result.moves.begin(), result.moves.end(),
              [&](const CallSiteMove& a, const CallSiteMove& b) {
                return PreorderRank(a.left) < PreorderRank(b.left);
              });
    if (result.moves.empty()) result.left_of_right = {};
    return result;
  }

 private:
  size_t PreorderRank(NodeIndex node) {
    if (rank_.empty()) {
      rank_.assign(left_.nodes.size(), 0);
      size_t i = 0;
      for (NodeIndex n : left_.Preorder()) rank_[n] = i++;
    }
    return rank_[node];
  }

  // Pairs the children of `pair`: exact twins always; moved call sites when the node's code
  // differs. Pushes the paired children that have children of their own.
  void AlignChildren(NodePair pair, std::vector<NodePair>& stack, CallSiteAlignment& result) {
    const InliningTreeNode& l = left_.node(pair.left);
    const InliningTreeNode& r = right_.node(pair.right);
    if (l.children.empty() || r.children.empty()) return;
    ChildList lc = l.children;
    ChildList rc = r.children;
    if (l.indirect && r.indirect && l.bci != r.bci) MoveTargets(l, r, lc, rc, stack, result);

    // Exact twins: a child whose (callee, bci) is on the other side too.
    absl::flat_hash_map<CallKey, uint32_t> right_keys;
    for (NodeIndex c : rc) ++right_keys[KeyOf(right_.node(c))];
    absl::flat_hash_map<CallKey, uint32_t> left_keys;
    for (NodeIndex c : lc) ++left_keys[KeyOf(left_.node(c))];
    std::vector<bool> left_twin(lc.size()), right_twin(rc.size());
    size_t left_loose = 0, right_loose = 0;
    for (size_t i = 0; i < lc.size(); ++i) {
      left_twin[i] = right_keys.contains(KeyOf(left_.node(lc[i])));
      left_loose += left_twin[i] ? 0 : 1;
    }
    for (size_t j = 0; j < rc.size(); ++j) {
      right_twin[j] = left_keys.contains(KeyOf(right_.node(rc[j])));
      right_loose += right_twin[j] ? 0 : 1;
    }

    const bool sizes_known = l.bytecode_size >= 0 && r.bytecode_size >= 0;
    const bool code_changed = sizes_known && l.bytecode_size != r.bytecode_size;
    const bool may_align = left_loose > 0 && right_loose > 0 && (!sizes_known || code_changed) &&
                           static_cast<uint64_t>(lc.size()) * rc.size() <= kMaxAlignedChildPairs;

    std::vector<std::pair<size_t, size_t>> pairs;  // (index in lc, index in rc)
    if (may_align) pairs = Lcs(lc, rc, left_twin, right_twin);
    std::vector<CallSiteMove> moves;
    if (may_align) {
      for (auto [i, j] : pairs) {
        if (!left_twin[i]) {
          moves.push_back({lc[i], rc[j], left_.node(lc[i]).bci, right_.node(rc[j]).bci});
        }
      }
      if (code_changed) {
        // The one call of a callee in the caller on each side, out of order (calls swapped).
        AddUniqueCalls(lc, rc, left_twin, right_twin, pairs, moves);
      }
      if (!sizes_known && !ProvesCodeChanged(moves, left_loose, right_loose)) {
        moves.clear();
        pairs.clear();
      }
    }
    if (!may_align || (moves.empty() && pairs.empty())) pairs = TwinPairs(lc, rc);
    for (const CallSiteMove& move : moves) result.moves.push_back(move);
    for (auto [i, j] : pairs) {
      result.left_of_right[rc[j]] = lc[i];
      if (!left_.node(lc[i]).children.empty() && !right_.node(rc[j]).children.empty()) {
        stack.push_back({lc[i], rc[j]});
      }
    }
  }

  // A virtual call's targets are logged at the call's bci, so when the call moved, its targets
  // moved with it, whatever their own code: they pair by callee, in order, and leave `lc` and
  // `rc` (a child at another bci is a call site of the call's code, aligned as usual).
  void MoveTargets(const InliningTreeNode& l, const InliningTreeNode& r, ChildList& lc,
                   ChildList& rc, std::vector<NodePair>& stack, CallSiteAlignment& result) {
    std::vector<bool> right_used(rc.size());
    ChildList left_rest;
    for (NodeIndex a : lc) {
      const InliningTreeNode& target = left_.node(a);
      bool paired = false;
      for (size_t j = 0; target.bci == l.bci && j < rc.size() && !paired; ++j) {
        const InliningTreeNode& b = right_.node(rc[j]);
        if (right_used[j] || b.bci != r.bci || !SameCallee(target, b)) continue;
        right_used[j] = paired = true;
        result.moves.push_back({a, rc[j], target.bci, b.bci});
        result.left_of_right[rc[j]] = a;
        if (!target.children.empty() && !b.children.empty()) stack.push_back({a, rc[j]});
      }
      if (!paired) left_rest.push_back(a);
    }
    ChildList right_rest;
    for (size_t j = 0; j < rc.size(); ++j) {
      if (!right_used[j]) right_rest.push_back(rc[j]);
    }
    lc = std::move(left_rest);
    rc = std::move(right_rest);
  }

  // Without sizes, the children must show that the code changed: every loose child on both
  // sides moved, and at least two of them by the same distance.
  static bool ProvesCodeChanged(const std::vector<CallSiteMove>& moves, size_t left_loose,
                                size_t right_loose) {
    if (moves.size() != left_loose || moves.size() != right_loose || moves.size() < 2) {
      return false;
    }
    absl::flat_hash_map<int64_t, int> shifts;
    for (const CallSiteMove& move : moves) {
      if (++shifts[int64_t{move.right_bci} - move.left_bci] >= 2) return true;
    }
    return false;
  }

  // Exact twins paired in order (what the matcher would pair anyway).
  std::vector<std::pair<size_t, size_t>> TwinPairs(const ChildList& lc, const ChildList& rc) {
    absl::flat_hash_map<CallKey, std::deque<size_t>> right_at;
    for (size_t j = 0; j < rc.size(); ++j) right_at[KeyOf(right_.node(rc[j]))].push_back(j);
    std::vector<std::pair<size_t, size_t>> pairs;
    for (size_t i = 0; i < lc.size(); ++i) {
      auto it = right_at.find(KeyOf(left_.node(lc[i])));
      if (it == right_at.end() || it->second.empty()) continue;
      pairs.emplace_back(i, it->second.front());
      it->second.pop_front();
    }
    return pairs;
  }

  // The order-preserving alignment of the children by callee with the most twins, then the
  // most moved calls, then the moves closest to the most common distance (the shift of the
  // code after an edit). A twin only pairs with its twin, a loose child only with a loose one.
  std::vector<std::pair<size_t, size_t>> Lcs(const ChildList& lc, const ChildList& rc,
                                             const std::vector<bool>& left_twin,
                                             const std::vector<bool>& right_twin) {
    const size_t n = lc.size(), m = rc.size();
    // The most common distance among the candidate moves.
    absl::flat_hash_map<int64_t, int> shift_count;
    for (size_t i = 0; i < n; ++i) {
      if (left_twin[i]) continue;
      for (size_t j = 0; j < m; ++j) {
        if (right_twin[j] || !SameCallee(left_.node(lc[i]), right_.node(rc[j]))) continue;
        ++shift_count[int64_t{right_.node(rc[j]).bci} - left_.node(lc[i]).bci];
      }
    }
    int64_t mode = 0;
    int best = 0;
    for (auto [shift, count] : shift_count) {
      if (count > best || (count == best && std::llabs(shift) < std::llabs(mode))) {
        mode = shift;
        best = count;
      }
    }
    constexpr int64_t kMove = int64_t{1} << 20;
    const int64_t twin = static_cast<int64_t>(n + m + 1) * kMove;
    auto weight = [&](size_t i, size_t j) -> int64_t {
      const InliningTreeNode& a = left_.node(lc[i]);
      const InliningTreeNode& b = right_.node(rc[j]);
      if (left_twin[i] != right_twin[j]) return 0;
      if (left_twin[i]) return KeyOf(a) == KeyOf(b) ? twin : 0;
      if (!SameCallee(a, b)) return 0;
      const int64_t off = std::llabs(int64_t{b.bci} - a.bci - mode);
      return kMove - std::min(off, kMove - 1);
    };
    std::vector<int64_t> dp((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> int64_t& { return dp[i * (m + 1) + j]; };
    for (size_t i = 1; i <= n; ++i) {
      for (size_t j = 1; j <= m; ++j) {
        int64_t best_here = std::max(at(i - 1, j), at(i, j - 1));
        const int64_t w = weight(i - 1, j - 1);
        if (w > 0) best_here = std::max(best_here, at(i - 1, j - 1) + w);
        at(i, j) = best_here;
      }
    }
    std::vector<std::pair<size_t, size_t>> pairs;
    size_t i = n, j = m;
    while (i > 0 && j > 0) {
      const int64_t w = weight(i - 1, j - 1);
      if (w > 0 && at(i, j) == at(i - 1, j - 1) + w) {
        pairs.emplace_back(i - 1, j - 1);
        --i;
        --j;
      } else if (at(i, j) == at(i - 1, j)) {
        --i;
      } else {
        --j;
      }
    }
    std::reverse(pairs.begin(), pairs.end());
    return pairs;
  }

  // Pairs the loose children left over whose callee the caller calls exactly once on each
  // side: the same call, wherever it went.
  void AddUniqueCalls(const ChildList& lc, const ChildList& rc, const std::vector<bool>& left_twin,
                      const std::vector<bool>& right_twin,
                      std::vector<std::pair<size_t, size_t>>& pairs,
                      std::vector<CallSiteMove>& moves) {
    std::vector<bool> left_used(lc.size()), right_used(rc.size());
    for (auto [i, j] : pairs) {
      left_used[i] = true;
      right_used[j] = true;
    }
    absl::flat_hash_map<std::string_view, int> left_calls, right_calls;
    for (NodeIndex c : lc) {
      if (left_.node(c).method_name) ++left_calls[*left_.node(c).method_name];
    }
    for (NodeIndex c : rc) {
      if (right_.node(c).method_name) ++right_calls[*right_.node(c).method_name];
    }
    for (size_t i = 0; i < lc.size(); ++i) {
      const InliningTreeNode& a = left_.node(lc[i]);
      if (left_used[i] || left_twin[i] || !a.method_name || left_calls[*a.method_name] != 1) {
        continue;
      }
      for (size_t j = 0; j < rc.size(); ++j) {
        const InliningTreeNode& b = right_.node(rc[j]);
        if (right_used[j] || right_twin[j] || !SameCallee(a, b)) continue;
        if (right_calls[*b.method_name] != 1) break;
        pairs.emplace_back(i, j);
        moves.push_back({lc[i], rc[j], a.bci, b.bci});
        right_used[j] = true;
        break;
      }
    }
  }

  const InliningTree& left_;
  const InliningTree& right_;
  std::vector<size_t> rank_;
};

}  // namespace

CallSiteAlignment AlignCallSites(const InliningTree& left, const InliningTree& right) {
  return Aligner(left, right).Run();
}

InliningTree ApplyCallSiteMoves(const InliningTree& right, const CallSiteAlignment& alignment,
                                bool sort) {
  InliningTree moved = right;
  std::vector<NodeIndex> parents;
  for (const CallSiteMove& move : alignment.moves) {
    moved.node(move.right).bci = move.left_bci;
    parents.push_back(moved.node(move.right).parent);
  }
  if (sort) {
    std::sort(parents.begin(), parents.end());
    parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
    for (NodeIndex parent : parents) {
      if (parent == kNoNode) continue;
      ChildList& children = moved.node(parent).children;
      std::stable_sort(children.begin(), children.end(), [&](NodeIndex a, NodeIndex b) {
        return CompareInliningNodes(moved.node(a), moved.node(b)) < 0;
      });
    }
  }
  return moved;
}

}  // namespace profdiff
