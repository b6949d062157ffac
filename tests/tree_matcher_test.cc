#include "profdiff/diff/tree_matcher.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/diff/tree_classes.h"
#include "sanitized_build.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

// A tree of labelled nodes. A label is a name plus a "kind": nodes are Equal when both agree;
// how much a relabel costs is up to the adapter.
struct LabelTree {
  struct Node {
    std::string name;
    int kind = 0;
    ChildList children;
  };
  std::vector<Node> nodes;
  NodeIndex root = kNoNode;

  const Node& node(NodeIndex i) const { return nodes[i]; }
  NodeIndex Add(std::string name, NodeIndex parent = kNoNode, int kind = 0) {
    NodeIndex index = static_cast<NodeIndex>(nodes.size());
    nodes.push_back({std::move(name), kind, {}});
    if (parent == kNoNode) {
      root = index;
    } else {
      nodes[parent].children.push_back(index);
    }
    return index;
  }
  // A root with one leaf child per name.
  static LabelTree Flat(const std::string& root, const std::vector<std::string>& children) {
    LabelTree tree;
    NodeIndex r = tree.Add(root);
    for (const std::string& child : children) tree.Add(child, r);
    return tree;
  }
};

enum class RelabelRule {
  kInlining,   // kUnitCost if only the kind differs, else kInfiniteCost (like §9.1)
  kInfinite,   // always kInfiniteCost (like §9.2)
  kArbitrary,  // small arbitrary costs, including 0: stresses the cost caps
};

// Common part of the test adapters.
class AdapterBase {
 public:
  AdapterBase(const LabelTree& left, const LabelTree& right, RelabelRule rule)
      : left_(left), right_(right), rule_(rule) {}
  const LabelTree& tree(Side side) const { return side == Side::kLeft ? left_ : right_; }
  NodeIndex Root(Side side) const { return tree(side).root; }
  const ChildList& Children(Side side, NodeIndex node) const {
    return tree(side).nodes[node].children;
  }
  bool Equal(NodeIndex l, NodeIndex r) const {
    return left_.nodes[l].name == right_.nodes[r].name &&
           left_.nodes[l].kind == right_.nodes[r].kind;
  }
  int64_t RelabelCost(NodeIndex l, NodeIndex r) const {
    const LabelTree::Node& a = left_.nodes[l];
    const LabelTree::Node& b = right_.nodes[r];
    switch (rule_) {
      case RelabelRule::kInlining:
        return a.name == b.name ? kUnitCost : kInfiniteCost;
      case RelabelRule::kInfinite:
        return kInfiniteCost;
      case RelabelRule::kArbitrary:
        return static_cast<int64_t>((a.name.size() * 7 + b.name.size() * 3 + a.name[0] +
                                     b.name[0] * 5 + a.kind + 2 * b.kind) %
                                    5);
    }
    return kInfiniteCost;
  }

 private:
  const LabelTree& left_;
  const LabelTree& right_;
  RelabelRule rule_;
};

// Without LabelHash: no identical-subtree shortcut.
class PlainAdapter : public AdapterBase {
 public:
  using AdapterBase::AdapterBase;
};

class HashingAdapter : public AdapterBase {
 public:
  using AdapterBase::AdapterBase;
  uint64_t LabelHash(Side side, NodeIndex node) const {
    const LabelTree::Node& n = tree(side).nodes[node];
    return std::hash<std::string>()(n.name) * 31 + static_cast<uint64_t>(n.kind);
  }
};

// Every subtree of the same size collides, so every candidate must be verified.
class CollidingAdapter : public AdapterBase {
 public:
  using AdapterBase::AdapterBase;
  uint64_t LabelHash(Side, NodeIndex) const { return 42; }
};

// With SameLabel: labels and subtrees of both trees are numbered once.
template <class Base>
class Classifying : public Base {
 public:
  using Base::Base;
  bool SameLabel(Side a_side, NodeIndex a, Side b_side, NodeIndex b) const {
    const LabelTree::Node& x = this->tree(a_side).nodes[a];
    const LabelTree::Node& y = this->tree(b_side).nodes[b];
    return x.name == y.name && x.kind == y.kind;
  }
};
using ClassifyingAdapter = Classifying<HashingAdapter>;
// Every label hash collides: the classes must still be told apart by SameLabel.
using ClassifyingCollidingAdapter = Classifying<CollidingAdapter>;

// The same relabel cost for every pair, declared (kConstantRelabelCost): the matcher settles
// pairs of unequal labels without asking when the cost reaches their cap.
template <int64_t kCost>
class ConstantRelabel : public ClassifyingAdapter {
 public:
  using ClassifyingAdapter::ClassifyingAdapter;
  static constexpr int64_t kConstantRelabelCost = kCost;
  int64_t RelabelCost(NodeIndex, NodeIndex) const { return kCost; }
};

static_assert(TreeEditAdapter<PlainAdapter>);
static_assert(ClassifyingTreeEditAdapter<ClassifyingAdapter>);
static_assert(!ClassifyingTreeEditAdapter<HashingAdapter>);
static_assert(!HashingTreeEditAdapter<PlainAdapter>);
static_assert(HashingTreeEditAdapter<HashingAdapter>);

std::string Label(const LabelTree& tree, NodeIndex node) {
  const LabelTree::Node& n = tree.nodes[node];
  return n.kind == 0 ? n.name : absl::StrCat(n.name, "#", n.kind);
}

// One operation as text: "<depth><prefix><label>", relabels as "<depth>* <left> -> <right>".
template <class Adapter>
std::string OperationText(const Adapter& adapter, const DeltaNode& op) {
  const LabelTree& left = adapter.tree(Side::kLeft);
  const LabelTree& right = adapter.tree(Side::kRight);
  std::string depth = std::to_string(op.depth);
  switch (op.kind) {
    case DeltaKind::kIdentity:
      return absl::StrCat(depth, ". ", Label(left, op.left));
    case DeltaKind::kRelabel:
      return absl::StrCat(depth, "* ", Label(left, op.left), " -> ", Label(right, op.right));
    case DeltaKind::kDeletion:
      return absl::StrCat(depth, "- ", Label(left, op.left));
    case DeltaKind::kInsertion:
      return absl::StrCat(depth, "+ ", Label(right, op.right));
    case DeltaKind::kMoved:
      return absl::StrCat(depth, "> ", Label(left, op.left));
  }
  return "?";
}

template <class Adapter>
std::vector<std::string> Script(const Adapter& adapter, const DeltaTree& tree) {
  std::vector<std::string> lines;
  for (NodeIndex node : tree.Preorder()) {
    lines.push_back(OperationText(adapter, tree.nodes[node]));
  }
  return lines;
}

// The children operations of the root, without depths.
template <class Adapter>
std::vector<std::string> RootChildren(const Adapter& adapter, const DeltaTree& tree) {
  std::vector<std::string> lines;
  for (NodeIndex child : tree.nodes[tree.root].children) {
    lines.push_back(OperationText(adapter, tree.nodes[child]).substr(1));
  }
  return lines;
}

// The §11.2 pseudocode, literally (recursive, per-pair scripts): the oracle of the random test.
class ReferenceMatcher {
 public:
  struct Result {
    int64_t cost = 0;
    std::vector<DeltaNode> ops;
  };

  template <class Adapter>
  static Result Edit(const Adapter& a, NodeIndex u, NodeIndex v, uint32_t depth) {
    const ChildList& uc = a.Children(Side::kLeft, u);
    const ChildList& vc = a.Children(Side::kRight, v);
    size_t m = uc.size();
    size_t n = vc.size();
    bool eq = a.Equal(u, v);
    std::vector<std::vector<int64_t>> d(m + 1, std::vector<int64_t>(n + 1));
    std::vector<std::vector<std::vector<DeltaNode>>> s(m + 1,
                                                       std::vector<std::vector<DeltaNode>>(n + 1));
    d[0][0] = eq ? 0 : a.RelabelCost(u, v);
    for (size_t j = 1; j <= n; ++j) d[0][j] = d[0][j - 1] + Size(a, Side::kRight, vc[j - 1]);
    for (size_t i = 1; i <= m; ++i) d[i][0] = d[i - 1][0] + Size(a, Side::kLeft, uc[i - 1]);
    for (size_t i = 1; i <= m; ++i) {
      for (size_t j = 1; j <= n; ++j) {
        Result child = Edit(a, uc[i - 1], vc[j - 1], depth + 1);
        s[i][j] = std::move(child.ops);
        d[i][j] =
            std::min({d[i - 1][j - 1] + child.cost, d[i][j - 1] + Size(a, Side::kRight, vc[j - 1]),
                      d[i - 1][j] + Size(a, Side::kLeft, uc[i - 1])});
      }
    }
    std::vector<std::vector<DeltaNode>> backwards;
    size_t i = m;
    size_t j = n;
    while (i + j > 0) {
      if (j > 0 && d[i][j - 1] + Size(a, Side::kRight, vc[j - 1]) == d[i][j]) {
        backwards.push_back({Op(DeltaKind::kInsertion, kNoNode, vc[j - 1], depth + 1)});
        --j;
      } else if (i > 0 && d[i - 1][j] + Size(a, Side::kLeft, uc[i - 1]) == d[i][j]) {
        backwards.push_back({Op(DeltaKind::kDeletion, uc[i - 1], kNoNode, depth + 1)});
        --i;
      } else {
        backwards.push_back(std::move(s[i][j]));
        --i;
        --j;
      }
    }
    Result result;
    result.cost = d[m][n];
    result.ops.push_back(Op(eq ? DeltaKind::kIdentity : DeltaKind::kRelabel, u, v, depth));
    for (auto it = backwards.rbegin(); it != backwards.rend(); ++it) {
      result.ops.insert(result.ops.end(), it->begin(), it->end());
    }
    return result;
  }

  template <class Adapter>
  static int64_t Size(const Adapter& a, Side side, NodeIndex node) {
    int64_t size = 1;
    for (NodeIndex child : a.Children(side, node)) size += Size(a, side, child);
    return size;
  }

 private:
  static DeltaNode Op(DeltaKind kind, NodeIndex left, NodeIndex right, uint32_t depth) {
    DeltaNode op;
    op.kind = kind;
    op.left = left;
    op.right = right;
    op.depth = depth;
    return op;
  }
};

TEST(TreeMatcherTest, IdenticalTreesAreAllIdentities) {
  LabelTree left;
  NodeIndex r = left.Add("r");
  NodeIndex a = left.Add("a", r);
  left.Add("b", a);
  left.Add("c", r);
  LabelTree right = left;
  HashingAdapter adapter(left, right, RelabelRule::kInlining);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, 0);
  EXPECT_THAT(Script(adapter, match.delta), ElementsAre("0. r", "1. a", "2. b", "1. c"));
  PlainAdapter plain(left, right, RelabelRule::kInlining);
  EXPECT_THAT(Script(plain, MatchTrees(plain)), ElementsAre("0. r", "1. a", "2. b", "1. c"));
  EXPECT_EQ(TreeEditDistance(plain), 0);
}

TEST(TreeMatcherTest, TieBreakingExamplesOfTheSpec) {
  struct Case {
    std::vector<std::string> left, right, expected;
  };
  std::vector<Case> cases = {
      {{"P1", "X", "U"}, {"P2", "X"}, {"- P1", "+ P2", ". X", "- U"}},
      {{"B", "A"}, {"A", "B"}, {"- B", ". A", "+ B"}},
      {{"A", "A"}, {"A"}, {". A", "- A"}},
      {{"A"}, {"A", "A"}, {". A", "+ A"}},
  };
  for (const Case& c : cases) {
    LabelTree left = LabelTree::Flat("R", c.left);
    LabelTree right = LabelTree::Flat("R", c.right);
    HashingAdapter adapter(left, right, RelabelRule::kInfinite);
    DeltaTree delta = MatchTrees(adapter);
    EXPECT_EQ(RootChildren(adapter, delta), c.expected);
    // In §11.2's [A, A] vs [A] the *second* copy is the deleted one.
    if (c.left == std::vector<std::string>{"A", "A"}) {
      EXPECT_EQ(delta.nodes[delta.nodes[delta.root].children[0]].left, 1u);
      EXPECT_EQ(delta.nodes[delta.nodes[delta.root].children[1]].left, 2u);
    }
  }
}

TEST(TreeMatcherTest, CostsAreSubtreeSizes) {
  // Inserting a 3-node subtree and deleting a 2-node one.
  LabelTree left;
  NodeIndex r = left.Add("r");
  NodeIndex d = left.Add("d", r);
  left.Add("d1", d);
  LabelTree right;
  NodeIndex r2 = right.Add("r");
  NodeIndex i = right.Add("i", r2);
  right.Add("i1", i);
  right.Add("i2", i);
  HashingAdapter adapter(left, right, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, 5);
  EXPECT_EQ(TreeEditDistance(adapter), 5);
  EXPECT_THAT(Script(adapter, match.delta), ElementsAre("0. r", "1- d", "1+ i"));
  EXPECT_EQ(CountTreeNodes(adapter, Side::kLeft), 3u);
  EXPECT_EQ(CountTreeNodes(adapter, Side::kRight), 4u);
}

TEST(TreeMatcherTest, RelabelOfKindBeatsDeleteAndInsert) {
  LabelTree left;
  NodeIndex r = left.Add("r");
  NodeIndex a = left.Add("a", r, /*kind=*/1);
  left.Add("x", a);
  left.Add("y", a);
  LabelTree right;
  NodeIndex r2 = right.Add("r");
  NodeIndex a2 = right.Add("a", r2, /*kind=*/2);
  right.Add("x", a2);
  right.Add("z", a2);
  HashingAdapter adapter(left, right, RelabelRule::kInlining);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, 3);  // relabel + delete y + insert z
  EXPECT_THAT(Script(adapter, match.delta),
              ElementsAre("0. r", "1* a#1 -> a#2", "2. x", "2- y", "2+ z"));
}

TEST(TreeMatcherTest, InfiniteRelabelIsNeverChosenBelowTheRoot) {
  LabelTree left;
  NodeIndex r = left.Add("r");
  NodeIndex a = left.Add("a", r, 1);
  left.Add("x", a);
  LabelTree right;
  NodeIndex r2 = right.Add("r");
  NodeIndex a2 = right.Add("a", r2, 2);
  right.Add("x", a2);
  HashingAdapter adapter(left, right, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, 4);
  EXPECT_THAT(Script(adapter, match.delta), ElementsAre("0. r", "1- a#1", "1+ a#2"));
}

TEST(TreeMatcherTest, UnequalRootsAreRelabelled) {
  LabelTree left = LabelTree::Flat("r1", {"a", "b"});
  LabelTree right = LabelTree::Flat("r2", {"a", "c"});
  HashingAdapter adapter(left, right, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, kInfiniteCost + 2);
  EXPECT_THAT(Script(adapter, match.delta), ElementsAre("0* r1 -> r2", "1. a", "1- b", "1+ c"));
  EXPECT_EQ(TreeEditDistance(adapter), kInfiniteCost + 2);
}

TEST(TreeMatcherTest, EmptyChildLists) {
  LabelTree leaf = LabelTree::Flat("r", {});
  LabelTree flat = LabelTree::Flat("r", {"a", "b"});
  HashingAdapter both_leaves(leaf, leaf, RelabelRule::kInfinite);
  EXPECT_THAT(Script(both_leaves, MatchTrees(both_leaves)), ElementsAre("0. r"));
  HashingAdapter inserts(leaf, flat, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(inserts);
  EXPECT_EQ(match.cost, 2);
  EXPECT_THAT(Script(inserts, match.delta), ElementsAre("0. r", "1+ a", "1+ b"));
  PlainAdapter deletes(flat, leaf, RelabelRule::kInfinite);
  match = MatchTreesWithCost(deletes);
  EXPECT_EQ(match.cost, 2);
  EXPECT_THAT(Script(deletes, match.delta), ElementsAre("0. r", "1- a", "1- b"));
}

TEST(TreeMatcherTest, EmptyTrees) {
  LabelTree empty;
  LabelTree flat = LabelTree::Flat("r", {"a", "b"});
  HashingAdapter none(empty, empty, RelabelRule::kInfinite);
  EXPECT_TRUE(MatchTrees(none).empty());
  HashingAdapter inserted(empty, flat, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(inserted);
  EXPECT_EQ(match.cost, 3);
  EXPECT_THAT(Script(inserted, match.delta), ElementsAre("0+ r"));
  HashingAdapter deleted(flat, empty, RelabelRule::kInfinite);
  EXPECT_THAT(Script(deleted, MatchTrees(deleted)), ElementsAre("0- r"));
}

TEST(TreeMatcherTest, SizeGuard) {
  LabelTree big = LabelTree::Flat("r", std::vector<std::string>(9'999, "a"));
  LabelTree bigger = LabelTree::Flat("r", std::vector<std::string>(10'000, "a"));
  HashingAdapter ok(big, big, RelabelRule::kInfinite);
  EXPECT_FALSE(TreesTooBigToMatch(ok));  // 10'000 * 10'000 is not more than the limit
  HashingAdapter too_big(bigger, big, RelabelRule::kInfinite);
  EXPECT_TRUE(TreesTooBigToMatch(too_big));
  LabelTree empty;
  HashingAdapter with_empty(bigger, empty, RelabelRule::kInfinite);
  EXPECT_FALSE(TreesTooBigToMatch(with_empty));

  // The guard built into matching agrees (and matches what it does not refuse).
  for (bool prune : {true, false}) {
    EXPECT_FALSE(MatchPruneAndExpandUnlessTooBig(too_big, prune).has_value());
    ClassifyingAdapter classified_too_big(bigger, big, RelabelRule::kInfinite);
    EXPECT_FALSE(MatchPruneAndExpandUnlessTooBig(classified_too_big, prune).has_value());
    ClassifyingAdapter classified_ok(big, big, RelabelRule::kInfinite);
    std::optional<TreeMatch> same = MatchPruneAndExpandUnlessTooBig(classified_ok, prune);
    ASSERT_TRUE(same.has_value());
    EXPECT_EQ(same->cost, 0);
    EXPECT_EQ(same->delta.empty(), prune);
    std::optional<TreeMatch> inserted = MatchPruneAndExpandUnlessTooBig(with_empty, prune);
    ASSERT_TRUE(inserted.has_value());
    EXPECT_EQ(Script(with_empty, inserted->delta).size(), 10'001u);
  }
}

LabelTree Chain(size_t length, const std::string& bottom) {
  LabelTree tree;
  NodeIndex node = tree.Add("n");
  for (size_t k = 1; k < length; ++k) node = tree.Add(k + 1 == length ? bottom : "n", node);
  return tree;
}

TEST(TreeMatcherTest, DeepChainsAgainstDeepChains) {
  // Differ only at the bottom, so neither the root nor any inner pair is identical.
  LabelTree left = Chain(5'000, "x");
  LabelTree right = Chain(5'000, "y");
  for (int hashing = 0; hashing < 2; ++hashing) {
    TreeMatch match = hashing
                          ? MatchTreesWithCost(HashingAdapter(left, right, RelabelRule::kInfinite))
                          : MatchTreesWithCost(PlainAdapter(left, right, RelabelRule::kInfinite));
    EXPECT_EQ(match.cost, 2);
    std::vector<NodeIndex> order = match.delta.Preorder();
    ASSERT_EQ(order.size(), 5'001u);  // 4'999 identities, then - x, + y
    EXPECT_EQ(match.delta.nodes[order[4'999]].kind, DeltaKind::kDeletion);
    EXPECT_EQ(match.delta.nodes[order[5'000]].kind, DeltaKind::kInsertion);
    EXPECT_EQ(match.delta.nodes[order[5'000]].depth, 4'999u);
  }
  // Identical deep chains take the identical-subtree path.
  HashingAdapter same(left, left, RelabelRule::kInfinite);
  EXPECT_EQ(MatchTreesWithCost(same).delta.Preorder().size(), 5'000u);
}

TEST(TreeMatcherTest, VeryDeepChainAgainstSmallTree) {
  LabelTree deep = Chain(100'000, "x");
  LabelTree small = Chain(3, "y");
  HashingAdapter adapter(deep, small, RelabelRule::kInfinite);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, (100'000 - 2) + 1);
  EXPECT_THAT(Script(adapter, match.delta), ElementsAre("0. n", "1. n", "2- n", "2+ y"));
  ExpandDeltaTree(adapter, match.delta);
  EXPECT_EQ(match.delta.Preorder().size(), 100'001u);
  EXPECT_EQ(PruneIdentities(match.delta).nodes.size(), 100'001u);
  HashingAdapter reversed(small, deep, RelabelRule::kInfinite);
  EXPECT_EQ(TreeEditDistance(reversed), (100'000 - 2) + 1);
  HashingAdapter same(deep, deep, RelabelRule::kInfinite);
  EXPECT_EQ(MatchTrees(same).nodes.size(), 100'000u);
}

// Flat trees: the children DP alone, computed independently.
int64_t FlatDistance(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<int64_t> prev(b.size() + 1);
  std::vector<int64_t> cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int64_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int64_t>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] =
          std::min({prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 2), cur[j - 1] + 1, prev[j] + 1});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

TEST(TreeMatcherTest, WideTreesAreFast) {
  std::mt19937 random(7);
  std::vector<std::string> a;
  std::vector<std::string> b;
  for (int k = 0; k < 3'000; ++k) {
    a.push_back(std::to_string(random() % 40));
    b.push_back(std::to_string(random() % 40));
  }
  LabelTree left = LabelTree::Flat("r", a);
  LabelTree right = LabelTree::Flat("r", b);
  HashingAdapter adapter(left, right, RelabelRule::kInfinite);
  auto start = std::chrono::steady_clock::now();
  TreeMatch match = MatchTreesWithCost(adapter);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(match.cost, FlatDistance(a, b));
  EXPECT_LT(seconds, 10.0);
  // The script is consistent with its cost.
  int64_t changes = 0;
  for (const DeltaNode& node : match.delta.nodes) changes += node.kind != DeltaKind::kIdentity;
  EXPECT_EQ(changes, match.cost);
}

TEST(TreeMatcherTest, WideAndDeepIdenticalSubtreesAreFast) {
  // 300 children, each a 30-node subtree; half of them identical on both sides.
  LabelTree left;
  LabelTree right;
  NodeIndex l = left.Add("r");
  NodeIndex r = right.Add("r");
  for (int k = 0; k < 300; ++k) {
    NodeIndex lc = left.Add("c", l);
    NodeIndex rc = right.Add("c", r);
    for (int d = 0; d < 29; ++d) {
      lc = left.Add(std::to_string(d), lc);
      rc = right.Add(k % 2 == 0 || d < 28 ? std::to_string(d) : "other", rc);
    }
  }
  HashingAdapter adapter(left, right, RelabelRule::kInlining);
  TreeMatch match = MatchTreesWithCost(adapter);
  EXPECT_EQ(match.cost, 150 * 2);
  EXPECT_EQ(TreeEditDistance(PlainAdapter(left, right, RelabelRule::kInlining)), 300);
}

// Random trees with few labels, so that many subtrees are equal or nearly equal.
LabelTree RandomTree(std::mt19937& random, int max_nodes, int names, int kinds) {
  LabelTree tree;
  int count = 1 + static_cast<int>(random() % max_nodes);
  auto label = [&] { return std::string(1, static_cast<char>('a' + random() % names)); };
  tree.Add(label(), kNoNode, static_cast<int>(random() % kinds));
  for (int k = 1; k < count; ++k) {
    // Mostly one of the last few nodes, for some depth.
    size_t size = tree.nodes.size();
    size_t parent =
        random() % 3 == 0 ? random() % size : size - 1 - random() % std::min<size_t>(3, size);
    tree.Add(label(), static_cast<NodeIndex>(parent), static_cast<int>(random() % kinds));
  }
  return tree;
}

template <class Adapter>
void ExpectSameAsReference(const Adapter& adapter, const std::string& context) {
  ReferenceMatcher::Result expected =
      ReferenceMatcher::Edit(adapter, adapter.Root(Side::kLeft), adapter.Root(Side::kRight), 0);
  TreeMatch actual = MatchTreesWithCost(adapter);
  ASSERT_EQ(actual.cost, expected.cost) << context;
  ASSERT_EQ(TreeEditDistance(adapter), expected.cost) << context;
  std::vector<std::string> expected_script;
  for (const DeltaNode& op : expected.ops) expected_script.push_back(OperationText(adapter, op));
  std::vector<NodeIndex> order = actual.delta.Preorder();
  ASSERT_EQ(Script(adapter, actual.delta), expected_script) << context;
  // Same nodes, not just the same labels.
  for (size_t k = 0; k < order.size(); ++k) {
    const DeltaNode& node = actual.delta.nodes[order[k]];
    ASSERT_EQ(node.left, expected.ops[k].left) << context << " op " << k;
    ASSERT_EQ(node.right, expected.ops[k].right) << context << " op " << k;
    if (node.parent != kNoNode) {
      ASSERT_EQ(actual.delta.nodes[node.parent].depth + 1, node.depth);
    }
  }
}

TEST(TreeMatcherTest, RandomTreesMatchTheReferencePseudocode) {
  std::mt19937 random(12345);
  for (int round = 0; round < test::Rounds(3'000); ++round) {
    int max_nodes = round % 10 == 0 ? 60 : 14;
    int names = 1 + round % 4;
    int kinds = 1 + (round / 4) % 2;
    LabelTree left = RandomTree(random, max_nodes, names, kinds);
    LabelTree right = random() % 8 == 0 ? left : RandomTree(random, max_nodes, names, kinds);
    std::string context = absl::StrCat("round ", round);
    for (RelabelRule rule :
         {RelabelRule::kInlining, RelabelRule::kInfinite, RelabelRule::kArbitrary}) {
      ExpectSameAsReference(HashingAdapter(left, right, rule), context);
      ExpectSameAsReference(PlainAdapter(left, right, rule), context);
      ExpectSameAsReference(ClassifyingAdapter(left, right, rule), context);
      if (rule == RelabelRule::kInfinite) {
        ExpectSameAsReference(ConstantRelabel<kInfiniteCost>(left, right, rule), context);
        ExpectSameAsReference(ConstantRelabel<3>(left, right, rule), context);
        ExpectSameAsReference(ConstantRelabel<0>(left, right, rule), context);
      }
      if (round % 3 == 0) ExpectSameAsReference(CollidingAdapter(left, right, rule), context);
      if (round % 3 == 1) {
        ExpectSameAsReference(ClassifyingCollidingAdapter(left, right, rule), context);
      }
      if (HasFatalFailure()) return;
    }
  }
}

TEST(TreeMatcherTest, LargerRandomTreesMatchTheReference) {
  // Big enough for the cost cache of heavy pairs to be used while the script is rebuilt.
  std::mt19937 random(99);
  for (int round = 0; round < test::Rounds(40); ++round) {
    LabelTree left = RandomTree(random, 150, 2, 1);
    LabelTree right = RandomTree(random, 150, 2, 1);
    std::string context = absl::StrCat("round ", round);
    ExpectSameAsReference(HashingAdapter(left, right, RelabelRule::kInlining), context);
    ExpectSameAsReference(PlainAdapter(left, right, RelabelRule::kArbitrary), context);
    ExpectSameAsReference(ClassifyingAdapter(left, right, RelabelRule::kArbitrary), context);
    ExpectSameAsReference(ClassifyingAdapter(left, right, RelabelRule::kInlining), context);
    if (HasFatalFailure()) return;
  }
}

// Wide nodes whose children are runs of a few alike subtrees, like the inlinee phases under an
// inlining phase: the matcher computes such runs of identical pairs in a tight loop.
LabelTree WideTreeOfRuns(std::mt19937& random) {
  LabelTree tree;
  NodeIndex root = tree.Add("r");
  int children = 20 + static_cast<int>(random() % 60);
  for (int k = 0; k < children; ++k) {
    NodeIndex child = tree.Add(random() % 5 == 0 ? "b" : "a", root);
    switch (random() % 4) {
      case 0:
        break;
      case 1:
        tree.Add("p", child);
        break;
      case 2:
        tree.Add("p", child);
        tree.Add("q", child);
        break;
      default: {
        NodeIndex inner = tree.Add("p", child);
        tree.Add(random() % 3 == 0 ? "x" : "q", inner);
        break;
      }
    }
  }
  return tree;
}

TEST(TreeMatcherTest, RunsOfIdenticalSubtreesMatchTheReference) {
  std::mt19937 random(2026);
  for (int round = 0; round < test::Rounds(60); ++round) {
    LabelTree left = WideTreeOfRuns(random);
    LabelTree right = WideTreeOfRuns(random);
    std::string context = absl::StrCat("round ", round);
    for (RelabelRule rule : {RelabelRule::kInfinite, RelabelRule::kArbitrary}) {
      ExpectSameAsReference(ClassifyingAdapter(left, right, rule), context);
      ExpectSameAsReference(HashingAdapter(left, right, rule), context);
    }
    ExpectSameAsReference(ConstantRelabel<kInfiniteCost>(left, right, RelabelRule::kInfinite),
                          context);
    ExpectSameAsReference(ConstantRelabel<2>(left, right, RelabelRule::kInfinite), context);
    if (HasFatalFailure()) return;
  }
}

// An adapter whose nodes named "b" are info nodes (like the optimization-context trees).
class InfoAdapter : public ClassifyingAdapter {
 public:
  using ClassifyingAdapter::ClassifyingAdapter;
  bool IsInfoNode(const DeltaNode& node) const {
    NodeIndex n = node.left != kNoNode ? node.left : node.right;
    Side side = node.left != kNoNode ? Side::kLeft : Side::kRight;
    return tree(side).nodes[n].name == "b";
  }
};

// The long way that MatchPruneAndExpand must agree with: the whole script, pruned, expanded.
template <class Adapter>
std::vector<std::string> PrunedAndExpandedScript(const Adapter& adapter) {
  DeltaTree delta = MatchTrees(adapter);
  if constexpr (requires { adapter.IsInfoNode(DeltaNode{}); }) {
    delta = PruneIdentities(delta, [&](const DeltaNode& n) { return adapter.IsInfoNode(n); });
  } else {
    delta = PruneIdentities(delta);
  }
  ExpandDeltaTree(adapter, delta);
  return Script(adapter, delta);
}

TEST(TreeMatcherTest, PruningWhileMatchingGivesThePrunedScript) {
  // MatchPruneAndExpand leaves out the insides of identical subtrees; the result must be the
  // same as pruning the whole script, info nodes included.
  std::mt19937 random(7);
  for (int round = 0; round < 400; ++round) {
    LabelTree left = round % 2 == 0 ? WideTreeOfRuns(random) : RandomTree(random, 40, 2, 1);
    LabelTree right = round % 2 == 0 ? WideTreeOfRuns(random) : RandomTree(random, 40, 2, 1);
    std::string context = absl::StrCat("round ", round);
    InfoAdapter info(left, right, RelabelRule::kInlining);
    TreeMatch with_info = MatchPruneAndExpand(info, /*prune=*/true);
    ASSERT_EQ(Script(info, with_info.delta), PrunedAndExpandedScript(info)) << context;
    ASSERT_EQ(with_info.cost, TreeEditDistance(info)) << context;
    ClassifyingAdapter plain(left, right, RelabelRule::kInfinite);
    ASSERT_EQ(Script(plain, MatchPruneAndExpand(plain, /*prune=*/true).delta),
              PrunedAndExpandedScript(plain))
        << context;
    HashingAdapter hashing(left, right, RelabelRule::kArbitrary);
    ASSERT_EQ(Script(hashing, MatchPruneAndExpand(hashing, /*prune=*/true).delta),
              PrunedAndExpandedScript(hashing))
        << context;
  }
}

// Wide nodes below the root, like an inlining phase under a root phase: the DP of such an inner
// pair is big enough (kSaveDecisionCells) for its decisions to be kept while the cost pass runs
// and reused by the script instead of running the DP again.
LabelTree NestedWideTree(std::mt19937& random) {
  LabelTree tree;
  NodeIndex root = tree.Add("r");
  int wide = 1 + static_cast<int>(random() % 3);
  for (int w = 0; w < wide; ++w) {
    NodeIndex phase = tree.Add(random() % 4 == 0 ? "t" : "s", root);
    int children = 64 + static_cast<int>(random() % 50);
    for (int k = 0; k < children; ++k) {
      NodeIndex child = tree.Add(random() % 6 == 0 ? "b" : "a", phase);
      if (random() % 3 != 0) tree.Add(random() % 4 == 0 ? "q" : "p", child);
    }
    if (random() % 2 == 0) tree.Add("p", root);
  }
  return tree;
}

TEST(TreeMatcherTest, BigInnerPairsMatchTheReference) {
  std::mt19937 random(4242);
  for (int round = 0; round < test::Rounds(40); ++round) {
    LabelTree left = NestedWideTree(random);
    LabelTree right = round % 5 == 0 ? left : NestedWideTree(random);
    std::string context = absl::StrCat("round ", round);
    for (RelabelRule rule : {RelabelRule::kInfinite, RelabelRule::kArbitrary}) {
      ExpectSameAsReference(ClassifyingAdapter(left, right, rule), context);
      ExpectSameAsReference(HashingAdapter(left, right, rule), context);
    }
    ExpectSameAsReference(ConstantRelabel<kInfiniteCost>(left, right, RelabelRule::kInfinite),
                          context);
    ExpectSameAsReference(ConstantRelabel<5>(left, right, RelabelRule::kInfinite), context);
    ClassifyingAdapter plain(left, right, RelabelRule::kInfinite);
    ASSERT_EQ(Script(plain, MatchPruneAndExpand(plain, /*prune=*/true).delta),
              PrunedAndExpandedScript(plain))
        << context;
    if (HasFatalFailure()) return;
  }
}

// TreeClassifier over LabelTrees: few hash values, so that candidates must be verified.
uint64_t FewHashes(const LabelTree& tree, NodeIndex node) {
  return std::hash<std::string>()(tree.nodes[node].name) % 3;
}
bool SameLabelTreeLabel(const LabelTree& a, NodeIndex x, const LabelTree& b, NodeIndex y) {
  return a.nodes[x].name == b.nodes[y].name && a.nodes[x].kind == b.nodes[y].kind;
}
bool SameSubtree(const LabelTree& a, NodeIndex x, const LabelTree& b, NodeIndex y) {
  if (!SameLabelTreeLabel(a, x, b, y)) return false;
  const ChildList& xc = a.nodes[x].children;
  const ChildList& yc = b.nodes[y].children;
  if (xc.size() != yc.size()) return false;
  for (size_t k = 0; k < xc.size(); ++k) {
    if (!SameSubtree(a, xc[k], b, yc[k])) return false;
  }
  return true;
}

std::vector<LabelTree> SomeTrees(std::mt19937& random, int round) {
  std::vector<LabelTree> trees;
  for (int t = 0; t < 5; ++t) {
    switch ((round + t) % 3) {
      case 0:
        trees.push_back(RandomTree(random, 40, 2, 2));
        break;
      case 1:
        trees.push_back(WideTreeOfRuns(random));
        break;
      default:
        trees.push_back(NestedWideTree(random));
        break;
    }
  }
  trees.push_back(trees[random() % trees.size()]);  // a tree identical to another
  return trees;
}

TEST(TreeClassesTest, SharedClassesAreExactAcrossTrees) {
  std::mt19937 random(77);
  for (int round = 0; round < 20; ++round) {
    std::vector<LabelTree> trees = SomeTrees(random, round);
    TreeClassifier<LabelTree> classifier(FewHashes, SameLabelTreeLabel);
    std::vector<TreeClasses> classes;
    for (const LabelTree& tree : trees) classes.push_back(classifier.Classify(tree));
    for (int probe = 0; probe < 3000; ++probe) {
      const size_t a = random() % trees.size();
      const size_t b = random() % trees.size();
      const auto x = static_cast<NodeIndex>(random() % trees[a].nodes.size());
      const auto y = static_cast<NodeIndex>(random() % trees[b].nodes.size());
      ASSERT_EQ(classes[a].label_class[x] == classes[b].label_class[y],
                SameLabelTreeLabel(trees[a], x, trees[b], y))
          << "round " << round;
      ASSERT_EQ(classes[a].tree_class[x] == classes[b].tree_class[y],
                SameSubtree(trees[a], x, trees[b], y))
          << "round " << round;
    }
  }
}

TEST(TreeClassesTest, MatchingWithSharedClassesGivesTheSameScript) {
  std::mt19937 random(78);
  for (int round = 0; round < 6; ++round) {
    std::vector<LabelTree> trees = SomeTrees(random, round);
    TreeClassifier<LabelTree> classifier(FewHashes, SameLabelTreeLabel);
    std::vector<TreeClasses> classes;
    for (const LabelTree& tree : trees) classes.push_back(classifier.Classify(tree));
    for (size_t a = 0; a < trees.size(); ++a) {
      for (size_t b = 0; b < trees.size(); ++b) {
        const std::string context = absl::StrCat("round ", round, " trees ", a, " ", b);
        for (RelabelRule rule : {RelabelRule::kInfinite, RelabelRule::kInlining}) {
          for (bool prune : {false, true}) {
            ClassifyingAdapter own(trees[a], trees[b], rule);
            std::optional<TreeMatch> expected = MatchPruneAndExpandUnlessTooBig(own, prune);
            std::optional<TreeMatch> shared =
                MatchPruneAndExpandUnlessTooBig(own, prune, &classes[a], &classes[b]);
            ASSERT_TRUE(expected.has_value() && shared.has_value()) << context;
            ASSERT_EQ(shared->cost, expected->cost) << context;
            ASSERT_EQ(Script(own, shared->delta), Script(own, expected->delta)) << context;
            // An adapter without SameLabel of its own takes the classes too.
            HashingAdapter hashing(trees[a], trees[b], rule);
            std::optional<TreeMatch> hashed =
                MatchPruneAndExpandUnlessTooBig(hashing, prune, &classes[a], &classes[b]);
            ASSERT_TRUE(hashed.has_value()) << context;
            ASSERT_EQ(Script(hashing, hashed->delta), Script(own, expected->delta)) << context;
            ConstantRelabel<kInfiniteCost> constant(trees[a], trees[b], rule);
            std::optional<TreeMatch> settled =
                MatchPruneAndExpandUnlessTooBig(constant, prune, &classes[a], &classes[b]);
            ASSERT_TRUE(settled.has_value()) << context;
            if (rule == RelabelRule::kInfinite) {
              ASSERT_EQ(Script(constant, settled->delta), Script(own, expected->delta)) << context;
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace profdiff
