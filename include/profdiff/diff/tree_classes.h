#ifndef PROFDIFF_DIFF_TREE_CLASSES_H_
#define PROFDIFF_DIFF_TREE_CLASSES_H_

// Label and subtree classes shared by many trees of one kind. The tree matcher numbers the labels
// and subtrees of the two trees it compares (profdiff/diff/tree_matcher.h, SameLabel); a command
// that matches every pair of several trees (jit-vs-jit-runs: all runs' hottest compilations of a
// method) numbers them all once instead, with a TreeClassifier, and hands each matching the
// classes of its two trees. The matcher only compares classes for equality and uses them as
// cache keys, so any exact numbering gives the same script.

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/model/inlining_tree.h"  // NodeIndex

namespace profdiff {

// Per node (indexed by NodeIndex; nodes not reachable from the root are left 0): nodes of any two
// classified trees have the same label class iff their labels are the same (SameLabel), and the
// same tree class iff their subtrees are identical (same shape, same labels node by node).
struct TreeClasses {
  std::vector<uint32_t> label_class;
  std::vector<uint32_t> tree_class;
};

// Classifies trees of type Tree (with `nodes`, `root` and `node(i).children`) into one numbering,
// by hash-consing bottom-up: hashes only pick candidates, which are always verified, so the
// classes are exact. Every classified tree must outlive the classifier (the first node of each
// label class stays its representative).
template <class Tree>
class TreeClassifier {
 public:
  using LabelHash = uint64_t (*)(const Tree& tree, NodeIndex node);
  using SameLabel = bool (*)(const Tree& a_tree, NodeIndex a, const Tree& b_tree, NodeIndex b);

  TreeClassifier(LabelHash label_hash, SameLabel same_label)
      : label_hash_(label_hash), same_label_(same_label) {}

  TreeClasses Classify(const Tree& tree) {
    TreeClasses classes;
    classes.label_class.assign(tree.nodes.size(), 0);
    classes.tree_class.assign(tree.nodes.size(), 0);
    order_.clear();
    if (tree.root != kNoNode) order_.push_back(tree.root);
    // Preorder (children pushed in any order: only "children before parent" matters below).
    for (size_t k = 0; k < order_.size(); ++k) {
      for (NodeIndex child : tree.node(order_[k]).children) order_.push_back(child);
    }
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
      const NodeIndex node = *it;
      const uint32_t label = LabelClassOf(tree, node);
      classes.label_class[node] = label;
      children_.clear();
      uint64_t h = Mix(label + 0x9e3779b97f4a7c15ULL);
      for (NodeIndex child : tree.node(node).children) {
        const uint32_t child_class = classes.tree_class[child];
        children_.push_back(child_class);
        h = Mix(h ^ (child_class + (h << 6) + (h >> 2)));
      }
      classes.tree_class[node] = TreeClassOf(h, label);
    }
    return classes;
  }

 private:
  static constexpr uint32_t kEnd = UINT32_MAX;

  static uint64_t Mix(uint64_t x) {  // splitmix64 finaliser
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
  }

  uint32_t LabelClassOf(const Tree& tree, NodeIndex node) {
    auto [chain, inserted] = label_chains_.try_emplace(label_hash_(tree, node), kEnd);
    for (uint32_t k = chain->second; k != kEnd; k = label_reps_[k].next) {
      if (same_label_(*label_reps_[k].tree, label_reps_[k].node, tree, node)) return k;
    }
    const auto label = static_cast<uint32_t>(label_reps_.size());
    label_reps_.push_back({&tree, node, chain->second});
    chain->second = label;
    return label;
  }

  // The class of a subtree with label class `label` and children classes children_.
  uint32_t TreeClassOf(uint64_t hash, uint32_t label) {
    auto [chain, inserted] = tree_chains_.try_emplace(hash, kEnd);
    for (uint32_t c = chain->second; c != kEnd; c = tree_classes_[c].next) {
      const Class& candidate = tree_classes_[c];
      if (candidate.label != label || candidate.child_count != children_.size()) continue;
      bool same = true;
      for (size_t k = 0; k < children_.size() && same; ++k) {
        same = child_pool_[candidate.first_child + k] == children_[k];
      }
      if (same) return c;
    }
    const auto found = static_cast<uint32_t>(tree_classes_.size());
    tree_classes_.push_back({label, static_cast<uint32_t>(child_pool_.size()),
                             static_cast<uint32_t>(children_.size()), chain->second});
    child_pool_.insert(child_pool_.end(), children_.begin(), children_.end());
    chain->second = found;
    return found;
  }

  struct LabelRep {
    const Tree* tree;
    NodeIndex node;
    uint32_t next;  // next representative with the same label hash, or kEnd
  };
  struct Class {
    uint32_t label;
    uint32_t first_child;  // into child_pool_
    uint32_t child_count;
    uint32_t next;  // next class with the same hash, or kEnd
  };

  LabelHash label_hash_;
  SameLabel same_label_;
  std::vector<LabelRep> label_reps_;  // label class k is represented by label_reps_[k]
  absl::flat_hash_map<uint64_t, uint32_t> label_chains_;
  std::vector<Class> tree_classes_;
  std::vector<uint32_t> child_pool_;
  absl::flat_hash_map<uint64_t, uint32_t> tree_chains_;
  std::vector<NodeIndex> order_;
  std::vector<uint32_t> children_;
};

}  // namespace profdiff

#endif  // PROFDIFF_DIFF_TREE_CLASSES_H_
