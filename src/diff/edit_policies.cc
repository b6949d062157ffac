#include "profdiff/diff/edit_policies.h"

#include <cstdint>
#include <string_view>

#include "absl/hash/hash.h"

namespace profdiff {
namespace {

// §9.2: same number of keys, and every key of the right map is in the left map with an equal
// value (property values compare by their canonical encoding).
bool PropertiesEqual(const Properties& left, const Properties& right) {
  if (left.size() != right.size()) return false;
  for (const Property& property : right) {
    const Property* found = nullptr;
    for (const Property& candidate : left) {
      if (candidate.key == property.key) {
        found = &candidate;
        break;
      }
    }
    if (found == nullptr || !(found->value == property.value)) return false;
  }
  return true;
}

}  // namespace

bool InliningNodesEqual(const InliningTree& left_tree, NodeIndex left,
                        const InliningTree& right_tree, NodeIndex right) {
  const InliningTreeNode& a = left_tree.node(left);
  const InliningTreeNode& b = right_tree.node(right);
  return a.bci == b.bci && a.method_name == b.method_name &&
         left_tree.Kind(left) == right_tree.Kind(right);
}

int64_t InliningRelabelCost(const InliningTree& left_tree, NodeIndex left,
                            const InliningTree& right_tree, NodeIndex right) {
  const InliningTreeNode& a = left_tree.node(left);
  const InliningTreeNode& b = right_tree.node(right);
  return a.bci == b.bci && a.method_name == b.method_name ? kUnitCost : kInfiniteCost;
}

uint64_t InliningNodeHash(const InliningTree& tree, NodeIndex node) {
  const InliningTreeNode& n = tree.node(node);
  return absl::HashOf(n.bci, n.method_name, static_cast<int>(tree.Kind(node)));
}

bool OptimizationNodesEqual(const OptimizationTree& left_tree, NodeIndex left,
                            const OptimizationTree& right_tree, NodeIndex right) {
  const OptimizationTreeNode& a = left_tree.node(left);
  const OptimizationTreeNode& b = right_tree.node(right);
  if (a.is_phase != b.is_phase) return false;
  if (a.is_phase) return a.name == b.name;
  return a.name == b.name && a.event_name == b.event_name && a.position == b.position &&
         PropertiesEqual(a.properties, b.properties);
}

uint64_t OptimizationNodeHash(const OptimizationTree& tree, NodeIndex node) {
  const OptimizationTreeNode& n = tree.node(node);
  if (n.is_phase) return absl::HashOf(true, n.name);
  uint64_t hash = absl::HashOf(false, n.name, n.event_name, n.position.size());
  for (const PositionEntry& entry : n.position) {
    hash = absl::HashOf(hash, entry.method, entry.bci);
  }
  // Key order does not matter for equality, so properties are combined commutatively.
  uint64_t properties = n.properties.size();
  for (const Property& property : n.properties) {
    properties += absl::HashOf(property.key, property.value.canonical);
  }
  return absl::HashOf(hash, properties);
}

bool OptimizationContextTreeEditPolicy::SameLabel(Side a_side, NodeIndex a_index, Side b_side,
                                                  NodeIndex b_index) const {
  const OptimizationContextTree& a_tree = tree(a_side);
  const OptimizationContextTree& b_tree = tree(b_side);
  const OctNode& a = a_tree.node(a_index);
  const OctNode& b = b_tree.node(b_index);
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case OctNode::Kind::kOptimization:
      return OptimizationNodesEqual(*a_tree.optimization_tree, a.ref, *b_tree.optimization_tree,
                                    b.ref);
    case OctNode::Kind::kInlining:
      return InliningNodesEqual(*a_tree.inlining_tree, a.ref, *b_tree.inlining_tree, b.ref);
    case OctNode::Kind::kInfo:
      return a.text == b.text;
  }
  return false;
}

int64_t OptimizationContextTreeEditPolicy::RelabelCost(NodeIndex left, NodeIndex right) const {
  const OctNode& a = left_.node(left);
  const OctNode& b = right_.node(right);
  if (a.kind == OctNode::Kind::kInlining && b.kind == OctNode::Kind::kInlining) {
    return InliningRelabelCost(*left_.inlining_tree, a.ref, *right_.inlining_tree, b.ref);
  }
  return kInfiniteCost;
}

uint64_t OptimizationContextTreeEditPolicy::LabelHash(Side side, NodeIndex node) const {
  const OptimizationContextTree& oct = tree(side);
  const OctNode& n = oct.node(node);
  switch (n.kind) {
    case OctNode::Kind::kOptimization:
      return absl::HashOf(1, OptimizationNodeHash(*oct.optimization_tree, n.ref));
    case OctNode::Kind::kInlining:
      return absl::HashOf(2, InliningNodeHash(*oct.inlining_tree, n.ref));
    case OctNode::Kind::kInfo:
      return absl::HashOf(3, std::string_view(n.text));
  }
  return 0;
}

bool OptimizationContextTreeEditPolicy::IsInfoNode(const DeltaNode& node) const {
  return (node.left != kNoNode && left_.node(node.left).kind == OctNode::Kind::kInfo) ||
         (node.right != kNoNode && right_.node(node.right).kind == OctNode::Kind::kInfo);
}

}  // namespace profdiff
