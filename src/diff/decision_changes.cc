#include "profdiff/diff/decision_changes.h"

#include <utility>

namespace profdiff {

namespace {

bool HasDigit(std::string_view text) {
  for (char c : text) {
    if (c >= '0' && c <= '9') return true;
  }
  return false;
}

std::string KeyOf(std::string_view reason) {
  std::string key;
  size_t i = 0;
  while (i < reason.size()) {
    if (reason[i] == '(') {
      // The balanced group from here (to the end if it never closes).
      size_t depth = 0, j = i;
      for (; j < reason.size(); ++j) {
        if (reason[j] == '(') ++depth;
        if (reason[j] == ')' && --depth == 0) break;
      }
      const size_t end = j < reason.size() ? j + 1 : j;
      if (HasDigit(reason.substr(i, end - i))) {
        while (!key.empty() && key.back() == ' ') key.pop_back();
        i = end;
        continue;
      }
      key.append(reason.substr(i, end - i));
      i = end;
      continue;
    }
    key.push_back(reason[i]);
    ++i;
  }
  while (!key.empty() && key.back() == ' ') key.pop_back();
  return key;
}

const std::string* LastReason(const InliningTreeNode& node) {
  return node.reasons.empty() ? nullptr : &node.reasons.back();
}

// Whether the reason keys of two matched call sites differ (cheap when the last reasons are
// the same text, which is almost always).
bool ReasonsDiffer(const InliningTreeNode& a, const InliningTreeNode& b) {
  const std::string* ra = LastReason(a);
  const std::string* rb = LastReason(b);
  if (ra == nullptr || rb == nullptr) return (ra == nullptr) != (rb == nullptr);
  if (*ra == *rb) return false;
  return KeyOf(*ra) != KeyOf(*rb);
}

}  // namespace

namespace {

// Calls visit(n) for every node below the root (the call sites), iteratively: trees are as deep
// as the log makes them.
template <class Visit>
void ForEachCallSite(const InliningTree& tree, Visit&& visit) {
  if (tree.empty()) return;
  std::vector<NodeIndex> stack(tree.node(tree.root).children.begin(),
                               tree.node(tree.root).children.end());
  while (!stack.empty()) {
    const NodeIndex n = stack.back();
    stack.pop_back();
    visit(n);
    const ChildList& children = tree.node(n).children;
    stack.insert(stack.end(), children.begin(), children.end());
  }
}

}  // namespace

void CountCallSites(const InliningTree& tree, int64_t* call_sites, int64_t* inlined) {
  ForEachCallSite(tree, [&](NodeIndex n) {
    ++*call_sites;
    if (tree.Kind(n) == CallsiteKind::kInlined) ++*inlined;
  });
}

void CollectCalleeSizes(const InliningTree& tree,
                        std::map<std::string, int32_t, std::less<>>* sizes) {
  ForEachCallSite(tree, [&](NodeIndex n) {
    const InliningTreeNode& node = tree.node(n);
    if (node.bytecode_size >= 0 && node.method_name.has_value()) {
      sizes->try_emplace(*node.method_name, node.bytecode_size);
    }
  });
}

namespace {

// Walks the matching of `left` with `right`; what a change says of experiment 2's side (names,
// reasons, bcis) is read from `right_as_logged`, whose nodes have the same indices: `right` may be
// a copy with moved call sites that lives no longer than the matching, and the changes' views
// must stay valid as long as the logged trees (jit-vs-jit-runs keeps them past the pair).
class Collector {
 public:
  Collector(const InliningTree& left, const InliningTree& right,
            const InliningTree& right_as_logged, bool moves, PairDecisions* out)
      : left_(left), right_(right), right_as_logged_(right_as_logged), moves_(moves), out_(out) {}

  void Walk(const DeltaTree& delta) {
    if (delta.empty()) return;
    struct Item {
      NodeIndex node;
      uint32_t depth;  // the root is 0
      bool parent_identity;
    };
    std::vector<Item> stack{{delta.root, 0, false}};
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      const DeltaNode& node = delta.nodes[item.node];
      if (item.depth > 0) {
        const NodeIndex callee = node.left != kNoNode ? node.left : node.right;
        const InliningTree& tree = node.left != kNoNode ? left_ : right_as_logged_;
        Enter(item.depth, tree.node(callee));
        switch (node.kind) {
          case DeltaKind::kIdentity:
          case DeltaKind::kMoved:
            AddUnlessSame(node.left, node.right);
            break;
          case DeltaKind::kRelabel:
            Add(node.left, node.right, /*kind_changed=*/true);
            break;
          case DeltaKind::kDeletion:
            // Under a caller that changed too, the call site follows from that change.
            if (item.parent_identity) Add(node.left, kNoNode, true);
            continue;  // what lies below exists on one side only, as a consequence
          case DeltaKind::kInsertion:
            if (item.parent_identity) Add(kNoNode, node.right, true);
            continue;
        }
      }
      const bool identity = node.kind == DeltaKind::kIdentity || node.kind == DeltaKind::kMoved;
      if (identity && node.children.empty() && node.left != kNoNode &&
          !left_.node(node.left).children.empty()) {
        WalkIdentical(node.left, node.right, item.depth);
        continue;
      }
      for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) {
        stack.push_back({*it, item.depth + 1, identity});
      }
    }
  }

 private:
  // The subtrees below two identical nodes (the matcher left out their delta): the same
  // shape and kinds, so only reasons can differ.
  void WalkIdentical(NodeIndex left_root, NodeIndex right_root, uint32_t depth) {
    struct Item {
      NodeIndex left, right;
      uint32_t depth;
    };
    std::vector<Item> stack;
    auto push_children = [&](NodeIndex l, NodeIndex r, uint32_t d) {
      const ChildList& lc = left_.node(l).children;
      const ChildList& rc = right_.node(r).children;
      for (size_t i = lc.size(); i-- > 0;) {
        if (i < rc.size()) stack.push_back({lc[i], rc[i], d + 1});
      }
    };
    push_children(left_root, right_root, depth);
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      Enter(item.depth, left_.node(item.left));
      AddUnlessSame(item.left, item.right);
      push_children(item.left, item.right, item.depth);
    }
  }

  void Enter(uint32_t depth, const InliningTreeNode& node) {
    current_.resize(depth - 1);
    DecisionPathStep& step = current_.emplace_back();
    if (node.method_name.has_value()) step.method = *node.method_name;
    step.bci = node.bci;
  }

  // Two call sites of the same kind: a reason change, or (with moves_) a move, or nothing.
  void AddUnlessSame(NodeIndex left, NodeIndex right) {
    if (ReasonsDiffer(left_.node(left), right_as_logged_.node(right))) {
      Add(left, right, /*kind_changed=*/false);
    } else if (moves_ && left_.node(left).bci != right_as_logged_.node(right).bci) {
      Add(left, right, /*kind_changed=*/false, /*moved=*/true);
    }
  }

  void Add(NodeIndex left, NodeIndex right, bool kind_changed, bool moved = false) {
    DecisionChange& change = out_->changes.emplace_back();
    change.kind_changed = kind_changed;
    change.moved = moved;
    change.path_begin = static_cast<uint32_t>(out_->path.size());
    out_->path.insert(out_->path.end(), current_.begin(), current_.end());
    change.path_end = static_cast<uint32_t>(out_->path.size());
    Fill(left_, left, &change.side[0]);
    Fill(right_as_logged_, right, &change.side[1]);
  }

  static void Fill(const InliningTree& tree, NodeIndex n, DecisionSide* side) {
    if (n == kNoNode) return;
    side->present = true;
    side->kind = CallsiteKindName(tree.Kind(n));
    side->reasons = &tree.node(n).reasons;
    side->bytecode_size = tree.node(n).bytecode_size;
    side->bci = tree.node(n).bci;
  }

  const InliningTree& left_;
  const InliningTree& right_;
  const InliningTree& right_as_logged_;
  const bool moves_;
  PairDecisions* out_;
  std::vector<DecisionPathStep> current_;
};

}  // namespace

std::string ReasonKey(const std::vector<std::string>& reasons) {
  return reasons.empty() ? std::string() : KeyOf(reasons.back());
}

std::string ReasonKeyOf(std::string_view last_reason) { return KeyOf(last_reason); }

void CollectDecisionChanges(const std::optional<TreeMatch>& match, const InliningTree& left,
                            const InliningTree& right, PairDecisions* out,
                            const InliningTree* right_as_logged, bool moves) {
  out->Clear();
  CountCallSites(left, &out->call_sites[0], &out->inlined[0]);
  CountCallSites(right, &out->call_sites[1], &out->inlined[1]);
  if (!match.has_value()) {
    out->too_big = true;
    return;
  }
  Collector(left, right, right_as_logged != nullptr ? *right_as_logged : right, moves, out)
      .Walk(match->delta);
}

}  // namespace profdiff
