#include "commands/run_differences.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"

namespace profdiff {

namespace {

constexpr uint32_t kNoParent = UINT32_MAX;

// Two independent 64-bit FNV-1a lanes with a final mix: a 128-bit identity whose collisions
// (about 2^-64 for a billion differences) can be ignored.
class KeyHasher {
 public:
  KeyHasher() = default;
  explicit KeyHasher(DifferenceKey seed) : a_(kOffsetA ^ seed.a), b_(kOffsetB ^ seed.b) {}

  void Byte(uint8_t c) {
    a_ = (a_ ^ c) * 0x100000001b3ULL;
    b_ = (b_ ^ c) * 0x100000001b3ULL;
    b_ ^= b_ >> 29;
  }
  void Int(int64_t value) {
    auto v = static_cast<uint64_t>(value);
    for (int i = 0; i < 8; ++i) Byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void Text(std::string_view text) {
    Int(static_cast<int64_t>(text.size()));
    for (char c : text) Byte(static_cast<uint8_t>(c));
  }
  void Key(DifferenceKey key) {
    Int(static_cast<int64_t>(key.a));
    Int(static_cast<int64_t>(key.b));
  }
  DifferenceKey Finish() const { return {Mix(a_), Mix(b_ ^ 0x9e3779b97f4a7c15ULL)}; }

 private:
  static uint64_t Mix(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }
  static constexpr uint64_t kOffsetA = 0xcbf29ce484222325ULL;
  static constexpr uint64_t kOffsetB = 0x84222325cbf29ce4ULL;
  uint64_t a_ = kOffsetA;
  uint64_t b_ = kOffsetB;
};

// The label a delta node stands for in paths: its left side unless it exists only on the right.
const NodeLabel& PathLabel(const NodeRecord& node) {
  return node.op == NodeOp::kInsert ? node.right : node.left;
}

bool HasStep(const NodeLabel& label) {
  return label.kind == LabelKind::kInlining || label.kind == LabelKind::kPhase;
}

PathStepRecord StepOf(const NodeLabel& label) {
  PathStepRecord step;
  step.phase = label.kind == LabelKind::kPhase;
  step.name = label.name;
  step.name_known = label.name_known;
  step.bci = step.phase ? -1 : label.bci;
  return step;
}

void HashStep(const PathStepRecord& step, KeyHasher* hasher) {
  hasher->Byte(step.phase ? 'P' : 'M');
  hasher->Byte(step.name_known ? 1 : 0);
  hasher->Text(step.name_known ? step.name : std::string_view());
  hasher->Int(step.bci);
}

DifferenceKey Chain(DifferenceKey path, const PathStepRecord& step) {
  KeyHasher hasher(path);
  HashStep(step, &hasher);
  return hasher.Finish();
}

// What identifies a label: for call sites the callsite kind, method and bci (not the inliner's
// reasons or the receiver-type profile, which vary from run to run); for optimizations the name,
// event, whole position and properties (in key order, as algorithms.md §9.2 compares them).
void HashLabel(const TreeRecord& tree, const NodeLabel& label, KeyHasher* hasher) {
  switch (label.kind) {
    case LabelKind::kInlining:
      hasher->Byte('I');
      hasher->Text(label.callsite);
      hasher->Byte(label.name_known ? 1 : 0);
      hasher->Text(label.name_known ? label.name : std::string_view());
      hasher->Int(label.bci);
      return;
    case LabelKind::kPhase:
      hasher->Byte('P');
      hasher->Text(label.name);
      return;
    case LabelKind::kInfo:
      hasher->Byte('T');
      hasher->Text(label.name);
      return;
    case LabelKind::kOptimization:
      break;
  }
  hasher->Byte('O');
  hasher->Text(label.name);
  hasher->Text(label.event);
  hasher->Int(label.position.size());
  for (uint32_t i = label.position.begin; i < label.position.end; ++i) {
    hasher->Text(tree.positions[i].method);
    hasher->Int(tree.positions[i].bci);
  }
  thread_local std::vector<const PropertyRecord*> properties;
  properties.clear();
  for (uint32_t i = label.properties.begin; i < label.properties.end; ++i) {
    properties.push_back(&tree.properties[i]);
  }
  std::stable_sort(
      properties.begin(), properties.end(),
      [](const PropertyRecord* x, const PropertyRecord* y) { return x->key < y->key; });
  hasher->Int(static_cast<int64_t>(properties.size()));
  for (const PropertyRecord* property : properties) {
    hasher->Text(property->key);
    hasher->Text(property->json);
  }
}

NodeOp Mirror(NodeOp op) {
  switch (op) {
    case NodeOp::kInsert:
      return NodeOp::kDelete;
    case NodeOp::kDelete:
      return NodeOp::kInsert;
    default:
      return op;
  }
}

DifferenceKey KeyOf(TreeKind kind, NodeOp op, DifferenceKey path, const TreeRecord& tree,
                    const NodeLabel* left, const NodeLabel* right) {
  KeyHasher hasher;
  hasher.Byte(static_cast<uint8_t>(kind));
  hasher.Byte(static_cast<uint8_t>(op));
  hasher.Key(path);
  if (left != nullptr) HashLabel(tree, *left, &hasher);
  hasher.Byte('|');
  if (right != nullptr) HashLabel(tree, *right, &hasher);
  return hasher.Finish();
}

IndexRange Append(uint32_t begin, uint32_t end, uint32_t size_before) {
  return {size_before, size_before + (end - begin)};
}

}  // namespace

NodeLabel CopyLabel(const TreeRecord& from, const NodeLabel& label, TreeRecord* to) {
  NodeLabel copy = label;
  copy.reasons =
      Append(label.reasons.begin, label.reasons.end, static_cast<uint32_t>(to->reasons.size()));
  to->reasons.insert(to->reasons.end(), from.reasons.begin() + label.reasons.begin,
                     from.reasons.begin() + label.reasons.end);
  copy.profiled_types = Append(label.profiled_types.begin, label.profiled_types.end,
                               static_cast<uint32_t>(to->profiled_types.size()));
  to->profiled_types.insert(to->profiled_types.end(),
                            from.profiled_types.begin() + label.profiled_types.begin,
                            from.profiled_types.begin() + label.profiled_types.end);
  copy.position =
      Append(label.position.begin, label.position.end, static_cast<uint32_t>(to->positions.size()));
  to->positions.insert(to->positions.end(), from.positions.begin() + label.position.begin,
                       from.positions.begin() + label.position.end);
  copy.properties = Append(label.properties.begin, label.properties.end,
                           static_cast<uint32_t>(to->properties.size()));
  to->properties.insert(to->properties.end(), from.properties.begin() + label.properties.begin,
                        from.properties.begin() + label.properties.end);
  return copy;
}

void PairDifferences::Collect(const TreeRecord& tree) {
  const TreeKind kind = tree.kind;
  if (tree.too_big) return;  // not compared: the kind stays uncounted
  compared_[static_cast<int>(kind)] = true;
  const auto tree_index = static_cast<uint32_t>(trees_.size());
  const size_t n = tree.nodes.size();
  std::vector<uint32_t> parents(n, kNoParent);
  // Per node: the hash of its path (its own step included when it has one) and whether it or an
  // ancestor has a step (the outermost step, the tree's root, is not part of paths).
  std::vector<DifferenceKey> paths(n);
  std::vector<char> stepped(n, 0);
  std::vector<uint32_t> by_depth;  // the current node at each depth
  for (uint32_t i = 0; i < n; ++i) {
    const NodeRecord& node = tree.nodes[i];
    const auto depth = static_cast<size_t>(node.depth);
    if (depth > by_depth.size()) by_depth.resize(depth, kNoParent);  // not a preorder: be safe
    by_depth.resize(depth);
    const uint32_t parent = depth == 0 ? kNoParent : by_depth[depth - 1];
    by_depth.push_back(i);
    parents[i] = parent;
    const NodeLabel& label = PathLabel(node);
    DifferenceKey path = parent == kNoParent ? DifferenceKey{} : paths[parent];
    bool above = parent != kNoParent && stepped[parent];
    if (HasStep(label)) {
      if (above) path = Chain(path, StepOf(label));
      above = true;
    }
    paths[i] = path;
    stepped[i] = above ? 1 : 0;

    if (node.op == NodeOp::kIdentity || node.op == NodeOp::kMoved || node.op == NodeOp::kNode) {
      continue;
    }
    if (label.kind == LabelKind::kPhase || label.kind == LabelKind::kInfo) continue;
    const NodeLabel* left = node.op == NodeOp::kInsert ? nullptr : &node.left;
    const NodeLabel* right = node.op == NodeOp::kDelete ? nullptr : &node.right;
    Found found;
    found.key = KeyOf(kind, node.op, path, tree, left, right);
    found.mirror = KeyOf(kind, Mirror(node.op), path, tree, right, left);
    found.tree = tree_index;
    found.node = i;
    found_.push_back(found);
  }
  trees_.push_back(&tree);
  parents_.push_back(std::move(parents));
}

void PairDifferences::Path(const Found& found, std::vector<PathStepRecord>* steps) const {
  steps->clear();
  const TreeRecord& tree = *trees_[found.tree];
  const std::vector<uint32_t>& parents = parents_[found.tree];
  for (uint32_t i = found.node; i != kNoParent; i = parents[i]) {
    const NodeLabel& label = PathLabel(tree.nodes[i]);
    if (HasStep(label)) steps->push_back(StepOf(label));
  }
  if (!steps->empty()) steps->pop_back();  // the root
  std::reverse(steps->begin(), steps->end());
}

int64_t DifferenceSupport::PrefixSequence(TreeKind tree, const std::vector<PathStepRecord>& steps,
                                          size_t length) {
  KeyHasher hasher;
  hasher.Byte(static_cast<uint8_t>(tree));
  DifferenceKey key = hasher.Finish();
  for (size_t i = 0; i < length; ++i) key = Chain(key, steps[i]);
  auto [it, inserted] = prefixes_.try_emplace(key, next_sequence_);
  if (inserted) ++next_sequence_;
  return it->second;
}

void DifferenceSupport::AddCrossPair(const PairDifferences& pair) {
  for (int k = 0; k < 3; ++k) {
    if (pair.compared(static_cast<TreeKind>(k))) ++cross_pairs_[k];
  }
  absl::flat_hash_set<DifferenceKey> seen;
  std::vector<PathStepRecord> steps;
  for (const PairDifferences::Found& found : pair.found()) {
    if (!seen.insert(found.key).second) continue;  // counted once per pair
    Entry& entry = entries_[found.key];
    ++entry.cross;
    if (entry.representative >= 0) continue;
    const TreeRecord& tree = *pair.trees()[found.tree];
    const NodeRecord& node = tree.nodes[found.node];
    Representative representative;
    representative.tree = tree.kind;
    representative.key = found.key;
    representative.node.op = node.op;
    if (node.op != NodeOp::kInsert) representative.node.left = CopyLabel(tree, node.left, &labels_);
    if (node.op != NodeOp::kDelete) {
      representative.node.right = CopyLabel(tree, node.right, &labels_);
    }
    pair.Path(found, &steps);
    representative.path.begin = static_cast<uint32_t>(steps_.size());
    steps_.insert(steps_.end(), steps.begin(), steps.end());
    representative.path.end = static_cast<uint32_t>(steps_.size());
    for (size_t length = 1; length <= steps.size(); ++length) {
      representative.order.push_back(PrefixSequence(tree.kind, steps, length));
    }
    representative.order.push_back(next_sequence_++);
    entry.representative = static_cast<int64_t>(representatives_.size());
    representatives_.push_back(std::move(representative));
  }
}

void DifferenceSupport::AddWithinPair(const PairDifferences& pair) {
  for (int k = 0; k < 3; ++k) {
    if (pair.compared(static_cast<TreeKind>(k))) ++within_pairs_[k];
  }
  // The two runs of a same-side pair have no direction: a difference counts in either.
  absl::flat_hash_set<DifferenceKey> seen;
  for (const PairDifferences::Found& found : pair.found()) {
    seen.insert(found.key);
    seen.insert(found.mirror);
  }
  for (const DifferenceKey& key : seen) ++entries_[key].within;
}

bool IsStable(const RunsOptions& options, bool unconfirmed, int64_t cross, int64_t cross_pairs,
              int64_t within, int64_t within_pairs) {
  // A share threshold compared with counts: a little slack so that 0.8 * 5 is 4.
  constexpr double kSlack = 1e-9;
  return !unconfirmed && cross_pairs > 0 && within_pairs > 0 &&
         static_cast<double>(cross) >=
             options.stable_share * static_cast<double>(cross_pairs) - kSlack &&
         static_cast<double>(within) <=
             options.noise_share * static_cast<double>(within_pairs) + kSlack;
}

void DifferenceSupport::Finish(const RunsOptions& options, bool unconfirmed,
                               RunsMethodRecord* method) {
  std::vector<size_t> order(representatives_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Tree kinds in the order of the text, then by path: a path's prefixes in the order they were
  // first seen (the first pairs' trees give tree order), a path before the paths below it.
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    const Representative& a = representatives_[x];
    const Representative& b = representatives_[y];
    if (a.tree != b.tree) return a.tree < b.tree;
    const size_t path_a = a.order.size() - 1;
    const size_t path_b = b.order.size() - 1;
    const size_t common = std::min(path_a, path_b);
    for (size_t i = 0; i < common; ++i) {
      if (a.order[i] != b.order[i]) return a.order[i] < b.order[i];
    }
    if (path_a != path_b) return path_a < path_b;
    return a.order.back() < b.order.back();
  });
  for (size_t i : order) {
    const Representative& r = representatives_[i];
    const Entry& entry = entries_.at(r.key);
    DifferenceRecord record;
    record.tree = r.tree;
    record.node = r.node;
    record.path = r.path;
    const int k = static_cast<int>(r.tree);
    record.cross = entry.cross;
    record.cross_pairs = cross_pairs_[k];
    record.within = entry.within;
    record.within_pairs = within_pairs_[k];
    const bool stable = IsStable(options, unconfirmed, record.cross, record.cross_pairs,
                                 record.within, record.within_pairs);
    (stable ? method->stable : method->noise).push_back(record);
  }
  method->path_steps = std::move(steps_);
  method->labels = std::move(labels_);
}

}  // namespace profdiff
