#include "profdiff/analysis/tree_preprocessing.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "profdiff/model/string_order.h"

namespace profdiff {

namespace {

int Sign(int x) { return (x > 0) - (x < 0); }

constexpr std::array<std::string_view, 8> kUnorderedPhaseSuffixes = {
    "CanonicalizerPhase",
    "DeadCodeEliminationPhase",
    "PartialEscapePhase",
    "FloatingReadPhase",
    "UseTrappingNullChecksPhase",
    "ReassociationPhase",
    "ConvertDeoptimizeToGuardPhase",
    "ConditionalEliminationPhase"};

// The phases that group a HotSpot log's optimizations (docs/hotspot.md): the order of their
// entries follows the order of parsing, which says nothing about the decisions.
constexpr std::array<std::string_view, 4> kUnorderedHotSpotPhases = {
    "Parse", "EscapeAnalysis", "LoopOptimizations", "Dependencies"};

bool IsUnorderedPhase(std::string_view name) {
  for (std::string_view suffix : kUnorderedPhaseSuffixes) {
    if (name.ends_with(suffix)) return true;
  }
  for (std::string_view phase : kUnorderedHotSpotPhases) {
    if (name == phase) return true;
  }
  return false;
}

// Interned names are equal exactly when they are the same string: no comparison needed then.
int CompareNames(InternedName a, InternedName b) { return a == b ? 0 : JavaCompare(a, b); }

}  // namespace

bool IsDetailedPhase(std::string_view name) {
  return name.ends_with("CanonicalizerPhase") || name.ends_with("DeadCodeEliminationPhase");
}

int CompareInliningNodes(const InliningTreeNode& a, const InliningTreeNode& b) {
  int c = Sign(JavaIntSubtractCompare(a.bci, b.bci));
  if (c != 0) return c;
  if (a.method_name.has_value() != b.method_name.has_value()) {
    return a.method_name.has_value() ? 1 : -1;  // a null name sorts first
  }
  if (a.method_name.has_value()) {
    c = JavaCompare(*a.method_name, *b.method_name);
    if (c != 0) return c;
  }
  if (a.inlined != b.inlined) return a.inlined ? -1 : 1;
  if (a.alive != b.alive) return a.alive ? -1 : 1;
  if (a.reasons.size() != b.reasons.size()) return a.reasons.size() > b.reasons.size() ? -1 : 1;
  return 0;
}

int ComparePositions(const Position& p, const Position& q) {
  if (p.size() < q.size()) return -ComparePositions(q, p);
  const size_t a = p.size(), b = q.size();
  for (size_t i = 1; i <= a; ++i) {
    if (b < i) return 1;
    int c = CompareNames(p[a - i].method, q[b - i].method);
    if (c != 0) return c;
    c = Sign(JavaIntSubtractCompare(p[a - i].bci, q[b - i].bci));
    if (c != 0) return c;
  }
  return 0;
}

int CompareProperties(const Properties& p, const Properties& q) {
  if (q.size() > p.size()) return -CompareProperties(q, p);
  for (size_t i = 0; i < p.size(); ++i) {
    if (i >= q.size()) return 1;
    int c = JavaCompare(p[i].key, q[i].key);
    if (c != 0) return c;
    c = JavaCompare(p[i].value.rendered, q[i].value.rendered);
    if (c != 0) return c;
  }
  return 0;
}

int CompareOptimizationNodes(const OptimizationTreeNode& a, const OptimizationTreeNode& b) {
  if (a.is_phase != b.is_phase) return a.is_phase ? 1 : -1;  // optimizations first
  if (a.is_phase) return CompareNames(a.name, b.name);
  int c = CompareNames(a.name, b.name);
  if (c != 0) return c;
  c = CompareNames(a.event_name, b.event_name);
  if (c != 0) return c;
  c = ComparePositions(a.position, b.position);
  if (c != 0) return c;
  return CompareProperties(a.properties, b.properties);
}

// Each node's children are sorted on their own, so nodes are visited in index order.
void SortInliningTree(InliningTree& tree) {
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    auto& children = tree.node(n).children;
    std::stable_sort(children.begin(), children.end(), [&](NodeIndex x, NodeIndex y) {
      return CompareInliningNodes(tree.node(x), tree.node(y)) < 0;
    });
  }
}

void RemoveDetailedPhases(OptimizationTree& tree) {
  if (tree.empty()) return;
  bool removed = false;
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {  // the order does not matter here
    auto& children = tree.node(n).children;
    auto end = std::remove_if(children.begin(), children.end(), [&](NodeIndex c) {
      const OptimizationTreeNode& child = tree.node(c);
      return child.is_phase && IsDetailedPhase(child.name);
    });
    if (end != children.end()) {
      removed = true;
      children.erase(end, children.end());
    }
  }
  if (!removed) return;
  // Rebuild the arena from what is reachable so that node counts stay exact.
  OptimizationTree compact;
  compact.nodes.reserve(tree.nodes.size());
  std::vector<NodeIndex> new_index(tree.nodes.size(), kNoNode);
  for (NodeIndex n : tree.Preorder()) {
    OptimizationTreeNode node = std::move(tree.node(n));
    NodeIndex parent = node.parent == kNoNode ? kNoNode : new_index[node.parent];
    node.children.clear();
    new_index[n] = compact.AddNode(std::move(node), parent);
  }
  tree = std::move(compact);
}

// Each phase's children are sorted on their own, so nodes are visited in index order.
void SortUnorderedPhases(OptimizationTree& tree) {
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    OptimizationTreeNode& node = tree.node(n);
    // Fewer than two children need no sorting: most phases (inlinee RootPhase, Parsing, ...).
    if (!node.is_phase || node.children.size() < 2 || !IsUnorderedPhase(node.name)) continue;
    std::stable_sort(node.children.begin(), node.children.end(), [&](NodeIndex x, NodeIndex y) {
      return CompareOptimizationNodes(tree.node(x), tree.node(y)) < 0;
    });
  }
}

void PreprocessInliningTree(InliningTree& tree, const Options& options) {
  if (options.sort_inlining_tree) SortInliningTree(tree);
}

void PreprocessOptimizationTree(OptimizationTree& tree, const Options& options) {
  if (options.remove_detailed_phases) RemoveDetailedPhases(tree);
  if (options.sort_unordered_phases) SortUnorderedPhases(tree);
}

}  // namespace profdiff
