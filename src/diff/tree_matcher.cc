// The Selkow tree edit distance of algorithms.md §11.2 and the delta tree of its edit script.
//
// Costs. cost(u, v) = (Equal ? 0 : RelabelCost) + the children DP of §11.2, where matching the
// children u_i, v_j costs cost(u_i, v_j). Only a capped value of a child cost is ever needed:
// with cap = size(u_i) + size(v_j), cell D[i][j] and every backtracking decision are the same
// for any child cost >= cap, because D[i][j-1] + size(v_j) <= D[i-1][j-1] + cap (delete u_i,
// then insert v_j). At such a cost the insertion test of the backtracking already succeeds, so a
// pair whose cost reaches its cap is never matched. Hence the engine evaluates min(cost, cap):
//  - a pair whose relabel cost alone reaches the cap is not descended into (this is what makes
//    unequal optimization nodes and inlining nodes with different names/bcis free);
//  - a pair stops as soon as a whole DP row is >= cap (every path through the grid crosses each
//    row and costs never decrease along a path);
//  - a pair with a leafless side is closed in O(1) (everything on the other side is inserted or
//    deleted);
//  - two identical subtrees (same shape, Equal node by node; candidates found by a structural
//    hash, always verified) cost 0. Their script is then all identities along the diagonal:
//    D[i][i] = 0, and an insertion or deletion test would need a negative cell.
// No node pair is memoised in general; a bounded cache keeps the capped costs of "heavy" pairs
// (whose evaluation took at least kHeavyWork cells) so that rebuilding the script does not
// redo deep work.
//
// Script. The DP of the root pair is run again with a 2-bit decision per cell (insertion,
// deletion, match: the decisions of the §11.2 backtracking, taken while the cell is computed).
// Backtracking from (m, n) gives the children operations; every matched child pair is then
// handled the same way (its DP rerun with decisions, its child costs mostly from the cache).
// Operations of one pair become the children of its delta node in forward order, which is the
// delta tree of §11.3.
//
// Complexity. Let P = Σ_d n1(d)·n2(d) (nodes at depth d of each tree), at most count1·count2:
// the plain algorithm evaluates each same-depth pair once, and its parent's DP has one cell for
// it, so the cost pass is O(P) cells, each one Equal (and maybe RelabelCost) call. The cuts
// above usually leave far fewer. Rebuilding the script reruns the DP of every matched pair;
// a child pair's work is redone only if that pair is light (below kHeavyWork cells) or the cache
// is full, so in practice the script costs about as much as the cost pass again.
// Memory: O(count1 + count2) for subtree sizes, hashes and the cache (bounded by a multiple of
// the node counts), two int64 rows per pair on the current descent path (no recursion: the path
// is an explicit stack of frames), and m·n/4 bytes of decisions for the pair being rebuilt.

#include "profdiff/diff/tree_matcher.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace profdiff::tree_matcher_internal {
namespace {

// A pair whose evaluation took fewer cells than this is cheaper to recompute than to cache.
constexpr uint64_t kHeavyWork = 32;
// An inner pair whose DP has at least this many cells records its decisions while its cost is
// computed, so that the script does not run the DP again (saved_decisions_).
constexpr uint64_t kSaveDecisionCells = 4096;
// The most memory the saved decisions of one matching may take (2 bits per cell).
constexpr size_t kSavedDecisionBytes = size_t{32} << 20;
constexpr int64_t kUncapped = std::numeric_limits<int64_t>::max();

uint64_t Mix(uint64_t x) {  // splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

// Node indices of a tree in preorder, and the largest index (so per-node arrays can be sized).
std::vector<NodeIndex> TreePreorder(const TreeMatchOracle& oracle, Side side,
                                    NodeIndex* max_index) {
  std::vector<NodeIndex> order;
  *max_index = 0;
  NodeIndex root = oracle.Root(side);
  if (root == kNoNode) return order;
  std::vector<NodeIndex> stack{root};
  while (!stack.empty()) {
    NodeIndex node = stack.back();
    stack.pop_back();
    order.push_back(node);
    *max_index = std::max(*max_index, node);
    const ChildList& children = oracle.Children(side, node);
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  return order;
}

// Per-node data of one tree, computed once per matching.
struct TreeData {
  std::vector<NodeIndex> order;  // preorder
  std::vector<uint32_t> size;    // subtree node count, indexed by NodeIndex
  std::vector<uint64_t> hash;    // structural hash of the subtree; empty without label hashes
  std::vector<uint64_t> label;   // label hash of the node; empty without label hashes
  // With SameLabel (ClassifyTrees) or classes given by the caller (TreeClasses): classes shared
  // by both trees. Nodes are Equal iff their label classes are equal; subtrees are identical iff
  // their tree classes are equal. The spans view own_* or the caller's classes.
  std::vector<uint32_t> own_label_class;
  std::vector<uint32_t> own_tree_class;
  std::span<const uint32_t> label_class;
  std::span<const uint32_t> tree_class;
  // The children of every node, copied once out of the oracle into one array: the DP asks for
  // them at every cell.
  std::vector<uint32_t> child_offset;
  std::vector<uint32_t> child_count;
  std::vector<NodeIndex> children;
  uint64_t count = 0;
  NodeIndex max_index = 0;  // the largest node index, which sizes the per-node arrays

  std::span<const NodeIndex> Children(NodeIndex node) const {
    return {children.data() + child_offset[node], child_count[node]};
  }
};

// The preorder and node count of a tree: all the size guard needs.
TreeData CountTree(const TreeMatchOracle& oracle, Side side) {
  TreeData data;
  data.order = TreePreorder(oracle, side, &data.max_index);
  data.count = data.order.size();
  return data;
}

// The rest of the per-node data, after CountTree. With `classes`, no label hashes (the classes
// replace them).
void PrepareTree(const TreeMatchOracle& oracle, Side side, const TreeClasses* classes,
                 TreeData& data) {
  const NodeIndex max_index = data.max_index;
  const std::vector<NodeIndex>& order = data.order;
  if (order.empty()) return;
  data.size.assign(static_cast<size_t>(max_index) + 1, 0);
  data.child_offset.assign(static_cast<size_t>(max_index) + 1, 0);
  data.child_count.assign(static_cast<size_t>(max_index) + 1, 0);
  data.children.reserve(order.size());
  for (NodeIndex node : order) {
    const ChildList& children = oracle.Children(side, node);
    data.child_offset[node] = static_cast<uint32_t>(data.children.size());
    data.child_count[node] = static_cast<uint32_t>(children.size());
    data.children.insert(data.children.end(), children.begin(), children.end());
  }
  bool hashing = oracle.HasLabelHash() && classes == nullptr;
  // With SameLabel, tree classes (ClassifyTrees) replace the structural hashes.
  bool subtree_hashes = hashing && !oracle.HasSameLabel();
  if (classes != nullptr) {
    data.label_class = classes->label_class;
    data.tree_class = classes->tree_class;
  }
  if (hashing) data.label.assign(static_cast<size_t>(max_index) + 1, 0);
  if (subtree_hashes) data.hash.assign(static_cast<size_t>(max_index) + 1, 0);
  // Reverse preorder visits every child before its parent.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    std::span<const NodeIndex> children = data.Children(*it);
    uint32_t size = 1;
    for (NodeIndex child : children) size += data.size[child];
    data.size[*it] = size;
    if (hashing) data.label[*it] = oracle.LabelHash(side, *it);
    if (subtree_hashes) {
      uint64_t h = Mix(data.label[*it] + 0x9e3779b97f4a7c15ULL * (children.size() + 1));
      for (NodeIndex child : children) h = Mix(h ^ (data.hash[child] + (h << 6) + (h >> 2)));
      data.hash[*it] = h;
    }
  }
}

// Most nodes have 0-3 children: a plain loop, where std::equal called memcmp.
inline bool SameClasses(const uint32_t* a, const uint32_t* b, size_t count) {
  for (size_t k = 0; k < count; ++k) {
    if (a[k] != b[k]) return false;
  }
  return true;
}

// Gives every node of both trees a label class (nodes are Equal iff same class, by SameLabel)
// and a tree class (subtrees identical iff same class: same label class and the same sequence of
// child tree classes), by hash-consing bottom-up. Exact: hashes only pick the candidates.
void ClassifyTrees(const TreeMatchOracle& oracle, TreeData& left, TreeData& right) {
  struct LabelRep {
    Side side;
    NodeIndex node;
    uint32_t next;  // next representative with the same label hash, or UINT32_MAX
  };
  struct TreeClass {
    uint32_t label;
    uint32_t first_child;  // into child_pool
    uint32_t child_count;
    uint32_t next;  // next class with the same hash, or UINT32_MAX
  };
  constexpr uint32_t kEnd = UINT32_MAX;
  std::vector<LabelRep> label_reps;  // label class k is represented by label_reps[k]
  absl::flat_hash_map<uint64_t, uint32_t> label_chains;
  std::vector<TreeClass> tree_classes;
  std::vector<uint32_t> child_pool;
  absl::flat_hash_map<uint64_t, uint32_t> tree_chains;
  std::vector<uint32_t> children_classes;
  // At most one tree class per node: sized once instead of growing through rehashes.
  const size_t nodes = left.count + right.count;
  tree_chains.reserve(nodes);
  tree_classes.reserve(nodes);
  child_pool.reserve(nodes);

  for (Side side : {Side::kLeft, Side::kRight}) {
    TreeData& data = side == Side::kLeft ? left : right;
    data.own_label_class.assign(data.size.size(), 0);
    data.own_tree_class.assign(data.size.size(), 0);
    data.label_class = data.own_label_class;
    data.tree_class = data.own_tree_class;
    for (auto it = data.order.rbegin(); it != data.order.rend(); ++it) {
      const NodeIndex node = *it;
      // Label class.
      uint32_t label = kEnd;
      auto [chain, inserted] = label_chains.try_emplace(data.label[node], kEnd);
      for (uint32_t k = chain->second; k != kEnd; k = label_reps[k].next) {
        if (oracle.SameLabel(label_reps[k].side, label_reps[k].node, side, node)) {
          label = k;
          break;
        }
      }
      if (label == kEnd) {
        label = static_cast<uint32_t>(label_reps.size());
        label_reps.push_back({side, node, chain->second});
        chain->second = label;
      }
      data.own_label_class[node] = label;
      // Tree class.
      children_classes.clear();
      uint64_t h = Mix(label + 0x9e3779b97f4a7c15ULL);
      for (NodeIndex child : data.Children(node)) {
        children_classes.push_back(data.tree_class[child]);
        h = Mix(h ^ (data.tree_class[child] + (h << 6) + (h >> 2)));
      }
      uint32_t found = kEnd;
      auto [tree_chain, tree_inserted] = tree_chains.try_emplace(h, kEnd);
      for (uint32_t c = tree_chain->second; c != kEnd; c = tree_classes[c].next) {
        const TreeClass& candidate = tree_classes[c];
        if (candidate.label == label && candidate.child_count == children_classes.size() &&
            SameClasses(children_classes.data(), child_pool.data() + candidate.first_child,
                        children_classes.size())) {
          found = c;
          break;
        }
      }
      if (found == kEnd) {
        found = static_cast<uint32_t>(tree_classes.size());
        tree_classes.push_back({label, static_cast<uint32_t>(child_pool.size()),
                                static_cast<uint32_t>(children_classes.size()),
                                tree_chain->second});
        child_pool.insert(child_pool.end(), children_classes.begin(), children_classes.end());
        tree_chain->second = found;
      }
      data.own_tree_class[node] = found;
    }
  }
}

enum class Decision : uint8_t { kInsert = 0, kDelete = 1, kMatch = 2 };

// The backtracking decision of every cell (i, j >= 1) of one pair's DP, 2 bits each.
class Decisions {
 public:
  void Reset(size_t rows, size_t columns) {
    columns_ = columns;
    bits_.assign((rows * columns + 3) / 4, 0);
  }
  void Set(size_t i, size_t j, Decision d) {
    size_t k = (i - 1) * columns_ + (j - 1);
    bits_[k / 4] |= static_cast<uint8_t>(static_cast<uint8_t>(d) << (2 * (k % 4)));
  }
  Decision Get(size_t i, size_t j) const {
    size_t k = (i - 1) * columns_ + (j - 1);
    return static_cast<Decision>((bits_[k / 4] >> (2 * (k % 4))) & 3);
  }
  size_t bytes() const { return bits_.size(); }
  // For tight loops: the index of cell (i, j) and the bits; cell k's decision is bits k % 4 of
  // byte k / 4, and consecutive cells of a row have consecutive indices.
  size_t Index(size_t i, size_t j) const { return (i - 1) * columns_ + (j - 1); }
  uint8_t* bits() { return bits_.data(); }
  void Swap(Decisions& other) {
    std::swap(columns_, other.columns_);
    bits_.swap(other.bits_);
  }

 private:
  size_t columns_ = 0;
  std::vector<uint8_t> bits_;
};

// One cell of a children DP: the cheapest of matching, inserting and deleting. With `decisions`,
// also its backtracking decision, in the order of the §11.2 backtracking: insertion, then
// deletion, then matching.
inline int64_t BestCell(int64_t by_match, int64_t by_insert, int64_t by_delete,
                        Decisions* decisions, size_t i, size_t j) {
  const int64_t best = std::min({by_match, by_insert, by_delete});
  if (decisions != nullptr) {
    decisions->Set(i, j,
                   by_insert == best   ? Decision::kInsert
                   : by_delete == best ? Decision::kDelete
                                       : Decision::kMatch);
  }
  return best;
}

class Matcher {
 public:
  // With `max_node_pairs` > 0, trees whose node counts multiply to more are only counted
  // (too_big()), not classified or matched.
  // With `left_classes` and `right_classes` (both or neither), the trees' classes come from the
  // caller instead of ClassifyTrees.
  explicit Matcher(const TreeMatchOracle& oracle, uint64_t max_node_pairs = 0,
                   const TreeClasses* left_classes = nullptr,
                   const TreeClasses* right_classes = nullptr)
      : oracle_(oracle),
        left_(CountTree(oracle, Side::kLeft)),
        right_(CountTree(oracle, Side::kRight)),
        too_big_(max_node_pairs > 0 && left_.count * right_.count > max_node_pairs),
        classified_(left_classes != nullptr || (oracle.HasSameLabel() && oracle.HasLabelHash())),
        constant_relabel_(oracle.ConstantRelabelCost()),
        cache_limit_(4 * (left_.count + right_.count) + 65536) {
    if (too_big_) return;
    PrepareTree(oracle, Side::kLeft, left_classes, left_);
    PrepareTree(oracle, Side::kRight, right_classes, right_);
    if (classified_ && left_classes == nullptr) ClassifyTrees(oracle, left_, right_);
  }

  bool too_big() const { return too_big_; }

  int64_t Distance();
  // With `identical_interiors` false, the delta node of a pair of identical subtrees gets no
  // children (its identities are all pruned anyway).
  TreeMatch Match(bool identical_interiors);

 private:
  // The DP state of one node pair: rows `prev` (row i-1) and `cur` (row i), next cell (i, j).
  struct Frame {
    NodeIndex x = kNoNode;
    NodeIndex y = kNoNode;
    std::span<const NodeIndex> left_children;
    std::span<const NodeIndex> right_children;
    int64_t cap = kUncapped;
    uint64_t work = 0;
    size_t i = 1;
    size_t j = 1;
    bool capped_out = false;
    int64_t row_min = 0;  // the smallest cell of row i so far (the cap test of a whole row)
    std::vector<int64_t> prev;
    std::vector<int64_t> cur;
    // Per right child j-1: its subtree size, and its tree class when classified. Read at every
    // cell, so kept next to the rows rather than looked up through the child index.
    std::vector<int64_t> right_size;
    std::vector<uint32_t> right_class;
    std::vector<uint32_t> right_label;  // label classes, with a constant relabel cost
    // An inner frame big enough to keep its decisions for the script (kSaveDecisionCells).
    bool saving = false;
    Decisions decisions;
  };

  // What is known about a child pair before descending into it.
  struct Probe {
    bool known = false;
    int64_t cost = 0;  // when known: min(cost, cap)
    int64_t base = 0;  // D[0][0]: 0 if Equal, else the relabel cost
    uint64_t work = 1;
  };

  int64_t Size(Side side, NodeIndex node) const {
    return (side == Side::kLeft ? left_ : right_).size[node];
  }
  // The cache key of a pair. With tree classes, pairs of identical subtrees share a key: their
  // capped costs are the same (same labels, shapes and sizes).
  uint64_t Key(NodeIndex x, NodeIndex y) const {
    if (classified_) return (uint64_t{left_.tree_class[x]} << 32) | right_.tree_class[y];
    return (uint64_t{x} << 32) | y;
  }

  // oracle_.Equal, answered without it when the label hashes differ (equal nodes have equal
  // label hashes), which is most of the pairs a DP looks at.
  bool Equal(NodeIndex x, NodeIndex y) const {
    if (classified_) return left_.label_class[x] == right_.label_class[y];
    if (!left_.label.empty() && left_.label[x] != right_.label[y]) return false;
    return oracle_.Equal(x, y);
  }
  Probe ProbePair(NodeIndex x, NodeIndex y, int64_t cap);
  // Computes cells of row frame.i from frame.j on while they need no probe (see PairCost);
  // returns how many.
  template <bool kRecord>
  size_t ComputeSimpleCells(Frame& frame, NodeIndex a, Decisions* decisions);
  bool MaybeIdentical(NodeIndex x, NodeIndex y) const;
  bool Identical(NodeIndex x, NodeIndex y);
  void OpenFrame(size_t depth, NodeIndex x, NodeIndex y, int64_t base, int64_t cap);
  void ComputeCell(Frame& frame, int64_t child_cost, Decisions* decisions);
  // Where the decisions of `frame` go: the pair being rebuilt (depth 0 with `record`), a big
  // inner frame's own store, or nowhere.
  Decisions* DecisionsOf(Frame& frame, bool record_here) {
    return record_here ? &decisions_ : frame.saving ? &frame.decisions : nullptr;
  }
  int64_t PairCost(NodeIndex x, NodeIndex y, int64_t base, int64_t cap, bool record);
  void AddIdenticalSubtrees(NodeIndex x, NodeIndex y, NodeIndex delta, DeltaTree& tree);
  NodeIndex AddDeltaNode(DeltaTree& tree, DeltaKind kind, NodeIndex left, NodeIndex right,
                         NodeIndex parent);

  const TreeMatchOracle& oracle_;
  TreeData left_;
  TreeData right_;
  bool too_big_;
  bool classified_;
  std::optional<int64_t> constant_relabel_;  // the oracle's ConstantRelabelCost
  size_t cache_limit_;
  absl::flat_hash_map<uint64_t, int64_t> cache_;
  std::vector<Frame> frames_;  // reused across pairs so row buffers keep their capacity
  Decisions decisions_;
  // The decisions of big inner pairs whose DP ran to its end while a cost was computed: the same
  // cells as the DP the script would run for the pair (the cap only ends a DP early), so the
  // script takes them instead. Keyed like cache_.
  absl::flat_hash_map<uint64_t, Decisions> saved_decisions_;
  size_t saved_decision_bytes_ = 0;
  bool saving_ = false;  // only a matching builds a script
  std::vector<std::pair<NodeIndex, NodeIndex>> verify_stack_;
};

bool Matcher::MaybeIdentical(NodeIndex x, NodeIndex y) const {
  if (classified_) return left_.tree_class[x] == right_.tree_class[y];
  return !left_.hash.empty() && left_.hash[x] == right_.hash[y] && left_.size[x] == right_.size[y];
}

// Verifies a hash hit: same shape and Equal nodes everywhere. (x, y) itself is known Equal.
bool Matcher::Identical(NodeIndex x, NodeIndex y) {
  if (classified_) return left_.tree_class[x] == right_.tree_class[y];
  verify_stack_.clear();
  verify_stack_.emplace_back(x, y);
  bool first = true;
  while (!verify_stack_.empty()) {
    auto [a, b] = verify_stack_.back();
    verify_stack_.pop_back();
    if (!first && !Equal(a, b)) return false;
    first = false;
    std::span<const NodeIndex> left_children = left_.Children(a);
    std::span<const NodeIndex> right_children = right_.Children(b);
    if (left_children.size() != right_children.size()) return false;
    for (size_t k = 0; k < left_children.size(); ++k) {
      verify_stack_.emplace_back(left_children[k], right_children[k]);
    }
  }
  return true;
}

Matcher::Probe Matcher::ProbePair(NodeIndex x, NodeIndex y, int64_t cap) {
  Probe probe;
  bool equal = Equal(x, y);
  if (!equal) {
    probe.base = oracle_.RelabelCost(x, y);
    if (probe.base >= cap) {
      probe.known = true;
      probe.cost = cap;
      return probe;
    }
  }
  // A leafless side: every child on the other side is inserted (deleted).
  if (left_.child_count[x] == 0) {
    probe.known = true;
    probe.cost = std::min(cap, probe.base + Size(Side::kRight, y) - 1);
    return probe;
  }
  if (right_.child_count[y] == 0) {
    probe.known = true;
    probe.cost = std::min(cap, probe.base + Size(Side::kLeft, x) - 1);
    return probe;
  }
  if (auto it = cache_.find(Key(x, y)); it != cache_.end()) {
    probe.known = true;
    probe.cost = it->second;
    return probe;
  }
  if (equal && MaybeIdentical(x, y)) {
    probe.work = classified_ ? 1 : left_.size[x];
    if (Identical(x, y)) {
      probe.known = true;
      probe.cost = 0;
      // Verified once: a pair of big identical subtrees is probed again by every DP that
      // reaches it (and by the script), so remember it like any heavy pair.
      if (probe.work >= kHeavyWork && cache_.size() < cache_limit_) cache_.emplace(Key(x, y), 0);
      return probe;
    }
  }
  return probe;
}

void Matcher::OpenFrame(size_t depth, NodeIndex x, NodeIndex y, int64_t base, int64_t cap) {
  if (frames_.size() <= depth) frames_.resize(depth + 1);
  Frame& frame = frames_[depth];
  frame.x = x;
  frame.y = y;
  frame.left_children = left_.Children(x);
  frame.right_children = right_.Children(y);
  frame.cap = cap;
  frame.work = 0;
  frame.i = 1;
  frame.j = 1;
  frame.capped_out = false;
  size_t n = frame.right_children.size();
  frame.prev.resize(n + 1);
  frame.cur.resize(n + 1);
  frame.right_size.resize(n);
  for (size_t j = 0; j < n; ++j) frame.right_size[j] = Size(Side::kRight, frame.right_children[j]);
  if (classified_) {
    frame.right_class.resize(n);
    for (size_t j = 0; j < n; ++j)
      frame.right_class[j] = right_.tree_class[frame.right_children[j]];
    if (constant_relabel_.has_value()) {
      frame.right_label.resize(n);
      for (size_t j = 0; j < n; ++j)
        frame.right_label[j] = right_.label_class[frame.right_children[j]];
    }
  }
  const size_t m = frame.left_children.size();
  frame.saving = saving_ && depth > 0 && uint64_t{m} * n >= kSaveDecisionCells &&
                 saved_decision_bytes_ + (m * n + 3) / 4 <= kSavedDecisionBytes &&
                 !saved_decisions_.contains(Key(x, y));
  if (frame.saving) frame.decisions.Reset(m, n);
  frame.prev[0] = base;
  for (size_t j = 1; j <= n; ++j) frame.prev[j] = frame.prev[j - 1] + frame.right_size[j - 1];
  if (!frame.left_children.empty()) {
    frame.cur[0] = frame.prev[0] + Size(Side::kLeft, frame.left_children[0]);
    frame.row_min = frame.cur[0];
  }
}

void Matcher::ComputeCell(Frame& frame, int64_t child_cost, Decisions* decisions) {
  size_t i = frame.i;
  size_t j = frame.j;
  frame.cur[j] =
      BestCell(frame.prev[j - 1] + child_cost, frame.cur[j - 1] + frame.right_size[j - 1],
               frame.prev[j] + Size(Side::kLeft, frame.left_children[i - 1]), decisions, i, j);
  frame.row_min = std::min(frame.row_min, frame.cur[j]);
  frame.j = j + 1;
}

// Two kinds of cells need no probe and make up nearly all cells of big DPs (the runs of alike
// inlinee phases under an inlining phase, and the optimizations between them):
//  - identical subtrees (same tree class) cost 0: ProbePair would say the same after a cache
//    lookup. Their sizes are equal, so insertion and deletion both add the left size;
//  - with a constant relabel cost, a pair of different labels whose relabel cost reaches its
//    cap costs the cap (ProbePair's first answer). Matching it is then never better than
//    deleting the left child (D[i-1][j] <= D[i-1][j-1] + size(v_j)), and the backtracking
//    prefers deletion to matching on a tie, so the cell is the cheaper of insertion and
//    deletion, insertion first.
// The same values and decisions as ComputeCell with the probe's cost.
template <bool kRecord>
size_t Matcher::ComputeSimpleCells(Frame& frame, NodeIndex a, Decisions* decisions) {
  const size_t n = frame.right_children.size();
  const size_t start = frame.j;
  const uint32_t left_class = left_.tree_class[a];
  const int64_t left_size = Size(Side::kLeft, a);
  const bool by_label = constant_relabel_.has_value();
  const uint32_t left_label = by_label ? left_.label_class[a] : 0;
  const int64_t relabel = by_label ? *constant_relabel_ : 0;
  const uint32_t* right_class = frame.right_class.data();
  const uint32_t* right_label = by_label ? frame.right_label.data() : nullptr;
  const int64_t* right_size = frame.right_size.data();
  const int64_t* prev = frame.prev.data();
  int64_t* cur = frame.cur.data();
  int64_t left_value = cur[start - 1];
  int64_t row_min = frame.row_min;
  uint8_t* bits = nullptr;
  size_t k = 0;
  if constexpr (kRecord) {
    bits = decisions->bits();
    k = decisions->Index(frame.i, start);
  }
  size_t j = start;
  for (; j <= n; ++j) {
    const int64_t by_delete = prev[j] + left_size;
    int64_t best;
    Decision decision;
    if (right_class[j - 1] == left_class) {
      const int64_t by_match = prev[j - 1];
      const int64_t by_insert = left_value + left_size;
      best = std::min({by_match, by_insert, by_delete});
      decision = by_insert == best   ? Decision::kInsert
                 : by_delete == best ? Decision::kDelete
                                     : Decision::kMatch;
    } else if (by_label && right_label[j - 1] != left_label &&
               relabel >= left_size + right_size[j - 1]) {
      const int64_t by_insert = left_value + right_size[j - 1];
      best = std::min(by_insert, by_delete);
      decision = by_insert == best ? Decision::kInsert : Decision::kDelete;
    } else {
      break;
    }
    cur[j] = best;
    left_value = best;
    row_min = std::min(row_min, best);
    if constexpr (kRecord) {
      bits[k / 4] |= static_cast<uint8_t>(static_cast<unsigned>(decision) << (2 * (k % 4)));
      ++k;
    }
  }
  frame.row_min = row_min;
  return j - start;
}

// The cost of pair (x, y) with D[0][0] = base, or `cap` if it is at least that. With `record`
// (only for an uncapped pair) the decision of every cell of (x, y) is stored in decisions_.
int64_t Matcher::PairCost(NodeIndex x, NodeIndex y, int64_t base, int64_t cap, bool record) {
  size_t depth = 0;
  OpenFrame(depth, x, y, base, cap);
  if (record) decisions_.Reset(frames_[0].left_children.size(), frames_[0].right_children.size());
  while (true) {
    Frame& frame = frames_[depth];
    const std::span<const NodeIndex> left_children = frame.left_children;
    const std::span<const NodeIndex> right_children = frame.right_children;
    size_t m = left_children.size();
    size_t n = right_children.size();
    bool record_here = record && depth == 0;
    bool descended = false;
    while (frame.i <= m && !descended) {
      while (frame.j <= n) {
        NodeIndex a = left_children[frame.i - 1];
        if (classified_) {
          Decisions* decisions = DecisionsOf(frame, record_here);
          const size_t done = decisions != nullptr ? ComputeSimpleCells<true>(frame, a, decisions)
                                                   : ComputeSimpleCells<false>(frame, a, nullptr);
          if (done > 0) {
            frame.work += done;  // one per cell, as a probe of a known pair counts
            frame.j += done;
            continue;
          }
        }
        NodeIndex b = right_children[frame.j - 1];
        Probe probe = ProbePair(a, b, Size(Side::kLeft, a) + Size(Side::kRight, b));
        frame.work += probe.work;
        if (!probe.known) {
          // May grow frames_: `frame` must not be used after this.
          OpenFrame(depth + 1, a, b, probe.base, Size(Side::kLeft, a) + Size(Side::kRight, b));
          descended = true;
          break;
        }
        ComputeCell(frame, probe.cost, DecisionsOf(frame, record_here));
      }
      if (descended) break;
      // Row i is complete.
      if (!record_here && frame.row_min >= frame.cap) {
        frame.capped_out = true;
        break;
      }
      std::swap(frame.prev, frame.cur);
      ++frame.i;
      frame.j = 1;
      if (frame.i <= m) {
        frame.cur[0] = frame.prev[0] + Size(Side::kLeft, left_children[frame.i - 1]);
        frame.row_min = frame.cur[0];
      }
    }
    if (descended) {
      ++depth;
      continue;
    }
    int64_t cost = frame.capped_out ? frame.cap : std::min(frame.prev[n], frame.cap);
    uint64_t work = frame.work;
    if (depth == 0) return cost;
    if (work >= kHeavyWork && cache_.size() < cache_limit_)
      cache_.emplace(Key(frame.x, frame.y), cost);
    if (frame.saving && !frame.capped_out) {
      saved_decision_bytes_ += frame.decisions.bytes();
      saved_decisions_[Key(frame.x, frame.y)].Swap(frame.decisions);
    }
    --depth;
    Frame& parent = frames_[depth];
    parent.work += work;
    ComputeCell(parent, cost, DecisionsOf(parent, record && depth == 0));
  }
}

NodeIndex Matcher::AddDeltaNode(DeltaTree& tree, DeltaKind kind, NodeIndex left, NodeIndex right,
                                NodeIndex parent) {
  return tree.Add(kind, left, right, parent == kNoNode ? 0 : tree.nodes[parent].depth + 1, parent);
}

// The script of two identical subtrees: identities between corresponding nodes.
void Matcher::AddIdenticalSubtrees(NodeIndex x, NodeIndex y, NodeIndex delta, DeltaTree& tree) {
  struct Item {
    NodeIndex x, y, delta;
  };
  std::vector<Item> stack{{x, y, delta}};
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    std::span<const NodeIndex> left_children = left_.Children(item.x);
    std::span<const NodeIndex> right_children = right_.Children(item.y);
    size_t first_child = tree.nodes.size();
    for (size_t k = 0; k < left_children.size(); ++k) {
      AddDeltaNode(tree, DeltaKind::kIdentity, left_children[k], right_children[k], item.delta);
    }
    for (size_t k = left_children.size(); k-- > 0;) {
      stack.push_back(
          {left_children[k], right_children[k], static_cast<NodeIndex>(first_child + k)});
    }
  }
}

int64_t Matcher::Distance() {
  NodeIndex x = oracle_.Root(Side::kLeft);
  NodeIndex y = oracle_.Root(Side::kRight);
  if (x == kNoNode || y == kNoNode) {
    return static_cast<int64_t>(left_.count + right_.count);
  }
  bool equal = Equal(x, y);
  if (equal && MaybeIdentical(x, y) && Identical(x, y)) return 0;
  return PairCost(x, y, equal ? 0 : oracle_.RelabelCost(x, y), kUncapped, /*record=*/false);
}

TreeMatch Matcher::Match(bool identical_interiors) {
  TreeMatch result;
  DeltaTree& tree = result.delta;
  NodeIndex x = oracle_.Root(Side::kLeft);
  NodeIndex y = oracle_.Root(Side::kRight);
  if (x == kNoNode && y == kNoNode) return result;
  if (x == kNoNode || y == kNoNode) {
    tree.root = x == kNoNode ? AddDeltaNode(tree, DeltaKind::kInsertion, kNoNode, y, kNoNode)
                             : AddDeltaNode(tree, DeltaKind::kDeletion, x, kNoNode, kNoNode);
    result.cost = static_cast<int64_t>(left_.count + right_.count);
    return result;
  }

  // Matched pairs whose children operations are still to be found.
  struct Pending {
    NodeIndex x, y, delta;
    bool equal;
    int64_t base;
  };
  std::vector<Pending> pending;
  std::vector<Pending> matched;  // children matches of one pair, in forward order
  struct Operation {
    DeltaKind kind = DeltaKind::kIdentity;  // kIdentity: a match (identity or relabel)
    NodeIndex left = kNoNode;
    NodeIndex right = kNoNode;
  };
  std::vector<Operation> operations;  // children operations of one pair, backwards

  saving_ = true;
  bool equal = Equal(x, y);
  int64_t base = equal ? 0 : oracle_.RelabelCost(x, y);
  tree.root = AddDeltaNode(tree, equal ? DeltaKind::kIdentity : DeltaKind::kRelabel, x, y, kNoNode);
  pending.push_back({x, y, tree.root, equal, base});
  bool is_root = true;
  while (!pending.empty()) {
    Pending pair = pending.back();
    pending.pop_back();
    if (pair.equal && MaybeIdentical(pair.x, pair.y) && Identical(pair.x, pair.y)) {
      if (identical_interiors) AddIdenticalSubtrees(pair.x, pair.y, pair.delta, tree);
      if (is_root) result.cost = 0;
      is_root = false;
      continue;
    }
    // The root's DP never ran as an inner pair; a big inner pair may have left its decisions.
    // (Pairs of the same classes share them: they are the same DP.)
    auto saved = is_root ? saved_decisions_.end() : saved_decisions_.find(Key(pair.x, pair.y));
    const Decisions* decisions = &decisions_;
    if (saved != saved_decisions_.end()) {
      decisions = &saved->second;  // valid until the next PairCost
    } else {
      int64_t cost = PairCost(pair.x, pair.y, pair.base, kUncapped, /*record=*/true);
      if (is_root) result.cost = cost;
    }
    is_root = false;

    std::span<const NodeIndex> left_children = left_.Children(pair.x);
    std::span<const NodeIndex> right_children = right_.Children(pair.y);
    operations.clear();
    size_t i = left_children.size();
    size_t j = right_children.size();
    while (i + j > 0) {
      Decision decision = i == 0   ? Decision::kInsert
                          : j == 0 ? Decision::kDelete
                                   : decisions->Get(i, j);
      Operation op;
      switch (decision) {
        case Decision::kInsert:
          op.kind = DeltaKind::kInsertion;
          op.right = right_children[--j];
          break;
        case Decision::kDelete:
          op.kind = DeltaKind::kDeletion;
          op.left = left_children[--i];
          break;
        case Decision::kMatch:
          op.left = left_children[--i];
          op.right = right_children[--j];
          break;
      }
      operations.push_back(op);
    }
    matched.clear();
    for (auto it = operations.rbegin(); it != operations.rend(); ++it) {
      if (it->kind == DeltaKind::kIdentity) {  // a match: identity or relabel
        bool child_equal = Equal(it->left, it->right);
        int64_t child_base = child_equal ? 0 : oracle_.RelabelCost(it->left, it->right);
        NodeIndex delta =
            AddDeltaNode(tree, child_equal ? DeltaKind::kIdentity : DeltaKind::kRelabel, it->left,
                         it->right, pair.delta);
        matched.push_back({it->left, it->right, delta, child_equal, child_base});
      } else {
        AddDeltaNode(tree, it->kind, it->left, it->right, pair.delta);
      }
    }
    // Reversed so that pairs are handled in script order (only affects node numbering).
    pending.insert(pending.end(), matched.rbegin(), matched.rend());
  }
  return result;
}

}  // namespace

TreeMatch MatchTrees(const TreeMatchOracle& oracle, bool identical_interiors) {
  return Matcher(oracle).Match(identical_interiors);
}

std::optional<TreeMatch> MatchTreesUnlessTooBig(const TreeMatchOracle& oracle,
                                                bool identical_interiors, uint64_t max_node_pairs,
                                                const TreeClasses* left_classes,
                                                const TreeClasses* right_classes) {
  Matcher matcher(oracle, max_node_pairs, left_classes, right_classes);
  if (matcher.too_big()) return std::nullopt;
  return matcher.Match(identical_interiors);
}

int64_t TreeEditDistance(const TreeMatchOracle& oracle) { return Matcher(oracle).Distance(); }

}  // namespace profdiff::tree_matcher_internal
