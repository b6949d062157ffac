#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_INLINING_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_INLINING_H_

// The inlining tree of one HotSpot compilation task (docs/hotspot.md "The inlining tree"), from
// its <parse>, <bc>, <call>, inlining decisions, <virtual_call> and <late_inline> elements, and
// the positions of what happens in the methods being parsed. The tree builder (task_trees.h)
// hands it those elements; the optimizations are the builder's.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "load/hotspot/element_handler.h"
#include "load/hotspot/task_symbols.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/position.h"

namespace profdiff {

// A <jvms> frame: (method id, bci).
using JvmsFrame = std::pair<std::string_view, int32_t>;

class TaskInlining {
 public:
  // The methods are looked up in `symbols`, which outlives this.
  TaskInlining(InliningTree* tree, TaskSymbols* symbols) : tree_(tree), symbols_(symbols) {}

  // Ready for the next task, keeping the room the lists have.
  void Reset(InliningTree* tree);
  // Whether the lists are worth keeping for the next task (not those of a huge one).
  bool Small() const { return node_method_ids_.capacity() <= 4096 && scopes_.capacity() <= 256; }

  // <parse method>: true when it starts a new attempt at the whole compilation (C2 retries
  // without some optimizations), whose trees replace those of the attempts before it.
  bool StartParse(std::string_view method_id);
  void EndParse();
  // <bc bci>.
  void StartBc(int32_t bci);
  void StartCall(ElementAttributes attributes);
  // <inline_success reason>, <inline_fail reason>.
  void Decision(std::string_view reason, bool success);
  // <intrinsic id>: the call it replaced is inlined; returns the bci it is at.
  int32_t Intrinsic(std::string_view id);
  // <virtual_call>.
  void KeepVirtualCall();
  // </late_inline method>, with the <jvms> frames it held, innermost first.
  void FinishLateInline(std::string_view method_id, std::span<const JvmsFrame> jvms);
  // After the </task>: the method of `task_descriptor` (a <task method> attribute) is the root
  // of a task that never parsed its method (a stale task, say).
  void Finish(std::optional<std::string_view> task_descriptor);

  // The position of bci `bci` in the innermost open scope: that method first, the root last.
  Position ScopePosition(int32_t bci);

 private:
  struct Scope {
    NodeIndex node = kNoNode;
    // The node's method, for the positions of what happens in it: interned when the first one
    // does (most scopes have none).
    std::optional<InternedName> method;
    int32_t bci = -1;
    // The calls since the last <bc>: one or two, mostly, held without an allocation (scopes come
    // and go with every <parse>) in a node's list of children.
    ChildList calls;
    NodeIndex virtual_call = kNoNode;  // the virtual call of this bci, if any
  };

  void SetMethod(InliningTreeNode& node, std::string_view method_id) const;
  NodeIndex AddCall(std::string_view method_id, int32_t bci, NodeIndex parent);
  NodeIndex Root(std::string_view method_id);
  void SetInlined(NodeIndex node, std::string_view reason);
  InternedName ScopeMethod(Scope& scope);

  InliningTree* tree_;
  TaskSymbols* symbols_;
  // Ids are views into the task's text (which outlives the builder: element_handler.h).
  std::vector<std::string_view> node_method_ids_;  // parallel to the nodes
  std::vector<Scope> scopes_;
  std::vector<size_t> parse_scopes_;  // how many scopes each open <parse> pushed
  NodeIndex last_call_ = kNoNode;
  NodeIndex late_site_ = kNoNode;                      // the call a <late_inline> named
  absl::flat_hash_set<NodeIndex> kept_virtual_calls_;  // a <virtual_call> kept them
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_INLINING_H_
