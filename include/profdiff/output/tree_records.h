#ifndef PROFDIFF_OUTPUT_TREE_RECORDS_H_
#define PROFDIFF_OUTPUT_TREE_RECORDS_H_

// The trees and delta trees of the output model (output_records.h, docs/output-formats.md):
// flat arrays in preorder, each node with its depth, so that no consumer needs recursion however
// deep a tree is. Records hold views: what they refer to lives at least as long as the call that
// passes the record to a sink.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace profdiff {

// A range of a record's array (a node's reasons, positions, ...).
struct IndexRange {
  uint32_t begin = 0;
  uint32_t end = 0;
  uint32_t size() const { return end - begin; }
  bool empty() const { return begin == end; }
};

enum class LabelKind : uint8_t { kInlining, kPhase, kOptimization, kInfo };
// kMoved: an identity at a different position in each experiment (the node moved with the code,
// issue 36); no difference.
enum class NodeOp : uint8_t { kNode, kIdentity, kInsert, kDelete, kRelabel, kMoved };
enum class TreeKind : uint8_t { kInlining, kOptimization, kOptimizationContext };

struct ProfiledTypeRecord {
  double probability = 0;  // a fraction of 1, as logged
  std::string_view type_name;
  std::optional<std::string_view> concrete_method;
};

struct PositionEntryRecord {
  std::string_view method;
  int32_t bci = -1;
};

struct PropertyRecord {
  std::string_view key;
  std::string_view rendered;  // the Java rendering that text prints (formats.md §7.1)
  std::string_view json;      // the value as JSON, numbers written as the log wrote them
};

// One side of a tree node. Ranges index the arrays of the TreeRecord that holds the node.
struct NodeLabel {
  LabelKind kind = LabelKind::kPhase;
  // kInlining: the method (unless !name_known); kPhase, kOptimization: the name; kInfo: the text.
  std::string_view name;
  bool name_known = true;
  std::string_view callsite;  // kInlining: "root", "inlined", "direct", ...
  std::string_view event;     // kOptimization
  // kInlining: the call site's bci; kOptimization: the bci that the short form prints (in an
  // optimization-context tree, relative to the enclosing inlined method). -1: none.
  int32_t bci = -1;
  // kInlining: the inliner's reasons, when the output shows them for this node.
  bool reasons_shown = false;
  IndexRange reasons;
  // kInlining: the receiver-type profile, when logged.
  bool has_receiver_profile = false;
  bool receiver_profile_mature = false;
  IndexRange profiled_types;
  // kOptimization: the whole position, innermost method first (empty: unknown), and properties.
  IndexRange position;
  IndexRange properties;
};

// A node of a tree (op kNode: its label is `left`) or of a delta tree (kDelete: `left`,
// kInsert: `right`, kIdentity, kRelabel and kMoved: both sides).
struct NodeRecord {
  int32_t depth = 0;
  NodeOp op = NodeOp::kNode;
  NodeLabel left;
  NodeLabel right;
};

struct OpCounts {
  int64_t identity = 0;
  int64_t insert = 0;
  int64_t remove = 0;  // deletions ("delete" is a keyword)
  int64_t relabel = 0;
  int64_t moved = 0;  // shown moves (kMoved): not differences
  int64_t differences() const { return insert + remove + relabel; }
  // Counts one node of `op` (kNode, a plain tree's node, counts nowhere).
  void Add(NodeOp op) {
    switch (op) {
      case NodeOp::kIdentity:
        ++identity;
        break;
      case NodeOp::kInsert:
        ++insert;
        break;
      case NodeOp::kDelete:
        ++remove;
        break;
      case NodeOp::kRelabel:
        ++relabel;
        break;
      case NodeOp::kMoved:
        ++moved;
        break;
      case NodeOp::kNode:
        break;
    }
  }
  OpCounts& operator+=(const OpCounts& other) {
    identity += other.identity;
    insert += other.insert;
    remove += other.remove;
    relabel += other.relabel;
    moved += other.moved;
    return *this;
  }
};

// A tree or a delta tree, exactly the nodes that the text prints for it, in the same order. An
// empty delta tree has no differences. Reused from pair to pair: Clear() keeps the capacity.
struct TreeRecord {
  TreeKind kind = TreeKind::kInlining;
  bool delta = false;
  bool too_big = false;  // delta trees: the trees were too big to compare (no nodes)
  // Delta trees too big to compare: the two trees were found identical node by node (so they
  // have no differences, though no matching was computed).
  bool identical = false;
  int64_t cost = 0;  // delta trees: the edit cost of the matching
  OpCounts counts;   // delta trees: the nodes by operation
  // Inlining delta trees: the call sites that only moved because the method's code changed
  // (issue 36), matched at experiment 1's bci; 0 on the same code.
  int64_t moved_call_sites = 0;
  // Inlining delta trees: the compiled method's bytecode size in each experiment, where the log
  // has it (HotSpot's <method bytes>; -1: unknown). When both are known and differ, the method's
  // code changed between the experiments, and the outputs say so (issue 36).
  int32_t root_bytecode_size[2] = {-1, -1};
  bool CodeChanged() const {
    return root_bytecode_size[0] >= 0 && root_bytecode_size[1] >= 0 &&
           root_bytecode_size[0] != root_bytecode_size[1];
  }
  std::vector<NodeRecord> nodes;
  std::vector<std::string_view> reasons;
  std::vector<ProfiledTypeRecord> profiled_types;
  std::vector<PositionEntryRecord> positions;
  std::vector<PropertyRecord> properties;

  void Clear(TreeKind tree_kind, bool is_delta) {
    kind = tree_kind;
    delta = is_delta;
    too_big = false;
    identical = false;
    cost = 0;
    counts = OpCounts();
    moved_call_sites = 0;
    root_bytecode_size[0] = root_bytecode_size[1] = -1;
    nodes.clear();
    reasons.clear();
    profiled_types.clear();
    positions.clear();
    properties.clear();
  }
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TREE_RECORDS_H_
