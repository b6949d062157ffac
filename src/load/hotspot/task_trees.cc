#include "load/hotspot/task_trees.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "load/hotspot/java_names.h"
#include "load/hotspot/task_elements.h"
#include "load/hotspot/task_optimizations.h"
#include "load/hotspot/task_symbols.h"

namespace profdiff {

struct TaskTreeBuilder::State {
  explicit State(RecordTrees* out) : trees(out), optimizations(&out->optimization_tree) {}

  // Ready for the next task, keeping the room the tables have (absl's clear() gives up that of
  // large ones).
  void Reset(RecordTrees* out) {
    trees = out;
    optimizations = TaskOptimizations(&out->optimization_tree);
    symbols.Clear();
    node_method_ids.clear();
    scopes.clear();
    parse_scopes.clear();
    last_call = kNoNode;
    late_site = kNoNode;
    in_late_inline = false;
    late_method_id = {};
    pending_elimination = {};
    pending_elimination_type = {};
    jvms.clear();
    task_method.reset();
    kept_virtual_calls.clear();
  }

  // Whether the state is worth keeping for the next task (not the tables of a huge one).
  bool Small() const { return node_method_ids.capacity() <= 4096 && scopes.capacity() <= 256; }

  // Ids are views into the task's text (which outlives the builder: element_handler.h).
  RecordTrees* trees;
  TaskOptimizations optimizations;
  TaskSymbols symbols;
  std::vector<std::string_view> node_method_ids;  // parallel to the inlining nodes

  struct Scope {
    NodeIndex node = kNoNode;
    // The node's method, for the positions of what happens in it: interned when the first one
    // does (most scopes have none).
    std::optional<InternedName> method;
    int32_t bci = -1;
    std::vector<NodeIndex> calls;      // the calls since the last <bc>
    NodeIndex virtual_call = kNoNode;  // the virtual call of this bci, if any
  };
  std::vector<Scope> scopes;
  std::vector<size_t> parse_scopes;  // how many scopes each open <parse> pushed
  NodeIndex last_call = kNoNode;
  NodeIndex late_site = kNoNode;  // the call a <late_inline> named

  // <late_inline>, <eliminate_*>: the <jvms> frames of the element being read.
  bool in_late_inline = false;
  std::string_view late_method_id;
  std::string_view pending_elimination;  // the event name, empty when none is open
  std::string_view pending_elimination_type;
  std::vector<std::pair<std::string_view, int32_t>> jvms;  // (method id, bci), innermost first

  std::optional<std::string> task_method;             // of the <task>, in Graal's spelling
  absl::flat_hash_set<NodeIndex> kept_virtual_calls;  // a <virtual_call> kept them

  // Sets the node's method to that of `method_id`: its name in Graal's spelling and its
  // bytecode size (<method bytes='N'>; -1 when the log does not say: an unloaded method has no
  // bytes).
  void SetMethod(InliningTreeNode& node, std::string_view method_id) const {
    const TaskSymbols::Method* method = symbols.FindMethod(method_id);
    if (method == nullptr) {
      node.method_name.emplace(TaskSymbols::UnknownMethod());
      node.bytecode_size = -1;
    } else {
      node.method_name.emplace(method->name);
      node.bytecode_size = method->bytes;
    }
  }

  NodeIndex AddCall(std::string_view method_id, int32_t bci, NodeIndex parent) {
    InliningTreeNode node;
    SetMethod(node, method_id);
    node.bci = bci;
    node.alive = true;
    NodeIndex index = trees->inlining_tree.AddNode(std::move(node), parent);
    node_method_ids.push_back(method_id);
    return index;
  }

  NodeIndex Root(std::string_view method_id) {
    // Room for a typical task's calls: growing the node list from one node moved every node
    // about twice.
    trees->inlining_tree.nodes.reserve(16);
    InliningTreeNode node;
    SetMethod(node, method_id);
    node.inlined = true;
    NodeIndex index = trees->inlining_tree.AddNode(std::move(node), kNoNode);
    trees->inlining_tree.root = index;
    node_method_ids.push_back(method_id);
    return index;
  }

  void SetInlined(NodeIndex node, std::string_view reason) {
    InliningTreeNode& target = trees->inlining_tree.node(node);
    target.inlined = true;
    target.alive = false;
    if (!reason.empty()) target.reasons.emplace_back(reason);
  }

  // The position of bci `bci` in the innermost open scope: that method first, the root last.
  Position ScopePosition(int32_t bci) {
    Position position;
    const InliningTree& tree = trees->inlining_tree;
    position.reserve(scopes.size());
    for (size_t i = scopes.size(); i-- > 0;) {
      position.push_back(PositionEntry{ScopeMethod(scopes[i]), bci});
      bci = tree.node(scopes[i].node).bci;
    }
    if (position.empty() && !tree.empty()) {
      position.push_back(PositionEntry{tree.node(tree.root).method_name.value_or(""), bci});
    }
    return position;
  }

  void AddOptimization(std::string_view phase, std::string_view name, std::string_view event,
                       Position position, Properties properties) {
    optimizations.Add(phase, name, event, std::move(position), std::move(properties));
  }

  // The method of a scope's node as positions name it: interned when a position first needs it,
  // once per method and task (not once per scope, optimization and level).
  InternedName ScopeMethod(Scope& scope) {
    if (!scope.method.has_value()) {
      const std::optional<std::string>& name = trees->inlining_tree.node(scope.node).method_name;
      if (!name.has_value()) {
        scope.method = InternedName();
      } else if (const std::string_view id = node_method_ids[scope.node];
                 symbols.MethodName(id) == *name) {
        scope.method = symbols.MethodInterned(id);
      } else {
        scope.method = InternedName(*name);
      }
    }
    return *scope.method;
  }

  void StartParse(ElementAttributes attributes) {
    std::string_view method_id = Attribute(attributes, "method");
    InliningTree& tree = trees->inlining_tree;
    NodeIndex node = kNoNode;
    if (tree.empty()) {
      node = Root(method_id);
    } else if (scopes.empty()) {
      if (late_site != kNoNode) {
        node = late_site;
        late_site = kNoNode;
      } else {
        // A new attempt at the whole compilation (C2 retries without some optimizations):
        // the trees describe the attempt that the task ends with.
        if (optimizations.has_failures()) optimizations.Retried();
        trees->inlining_tree = InliningTree();
        node_method_ids.clear();
        node = Root(method_id);
      }
    } else {
      Scope& scope = scopes.back();
      for (size_t i = scope.calls.size(); i-- > 0;) {
        if (node_method_ids[scope.calls[i]] == method_id) {
          node = scope.calls[i];
          break;
        }
      }
      if (node == kNoNode && !scope.calls.empty()) {
        // C1 names the method it narrowed the call down to only when it parses it.
        node = scope.calls.back();
        SetMethod(tree.node(node), method_id);
        node_method_ids[node] = method_id;
      }
      if (node == kNoNode) node = AddCall(method_id, scope.bci, scope.node);
    }
    InliningTreeNode& parsed = tree.node(node);
    parsed.inlined = true;
    parsed.alive = false;
    size_t pushed = 1;
    if (scopes.empty() && node != tree.root) {
      // A late-inlined call: its callers become the open scopes again, so that positions inside
      // it lead to the root (indirect calls are not methods of a position).
      std::vector<NodeIndex> callers;
      for (NodeIndex p = tree.node(node).parent; p != kNoNode; p = tree.node(p).parent) {
        if (!tree.node(p).indirect || tree.node(p).inlined) callers.push_back(p);
      }
      for (size_t i = callers.size(); i-- > 0;) {
        Scope caller;
        caller.node = callers[i];
        scopes.push_back(std::move(caller));
      }
      pushed += callers.size();
    }
    Scope scope;
    scope.node = node;
    scopes.push_back(std::move(scope));
    parse_scopes.push_back(pushed);
    last_call = kNoNode;
  }

  void StartCall(ElementAttributes attributes) {
    std::string_view method_id = Attribute(attributes, "method");
    if (scopes.empty()) {
      // A late-inlining attempt names its call again.
      if (late_site != kNoNode) last_call = late_site;
      return;
    }
    Scope& scope = scopes.back();
    const bool is_virtual = Attribute(attributes, "virtual") == "1";
    NodeIndex parent = scope.node;
    // The receivers a virtual call was narrowed to follow it at the same bci: the targets of
    // the (devirtualized) call.
    if (scope.virtual_call != kNoNode && !is_virtual) parent = scope.virtual_call;
    NodeIndex node = AddCall(method_id, scope.bci, parent);
    InliningTreeNode& call = trees->inlining_tree.node(node);
    call.indirect = is_virtual;
    if (FindValue(attributes, "receiver").has_value()) {
      const double total = static_cast<double>(IntegerAttribute(attributes, "count").value_or(0));
      ReceiverTypeProfile profile;
      // HotSpot inlines by a profile only once it is mature; the log does not say more.
      profile.mature = true;
      static constexpr std::pair<std::string_view, std::string_view> kReceivers[] = {
          {"receiver", "receiver_count"}, {"receiver2", "receiver2_count"}};
      for (const auto& [receiver, receiver_count] : kReceivers) {
        const std::optional<std::string_view> type = FindValue(attributes, receiver);
        if (!type.has_value()) continue;
        ProfiledType profiled;
        profiled.type_name = symbols.TypeName(*type);
        const double count =
            static_cast<double>(IntegerAttribute(attributes, receiver_count).value_or(0));
        profiled.probability = total > 0 ? count / total : 0;
        profile.profiled_types.push_back(std::move(profiled));
      }
      call.receiver_type_profile = std::move(profile);
    }
    if (is_virtual) scope.virtual_call = node;
    scope.calls.push_back(node);
    last_call = node;
  }

  void Decision(ElementAttributes attributes, bool success) {
    NodeIndex node = last_call != kNoNode ? last_call : late_site;
    if (node == kNoNode) return;
    std::string_view reason = Attribute(attributes, "reason");
    if (success) {
      SetInlined(node, reason);
      return;
    }
    InliningTreeNode& call = trees->inlining_tree.node(node);
    call.inlined = false;
    call.alive = true;
    if (!reason.empty()) call.reasons.emplace_back(reason);
    if (node == late_site) late_site = kNoNode;
  }

  void Intrinsic(ElementAttributes attributes) {
    std::string_view id = Attribute(attributes, "id");
    int32_t bci = scopes.empty() ? -1 : scopes.back().bci;
    if (last_call != kNoNode) {
      SetInlined(last_call, "intrinsic " + std::string(id));
      bci = trees->inlining_tree.node(last_call).bci;
    }
    AddOptimization(kParsePhase, "Intrinsic", id, ScopePosition(bci), {});
  }

  void KeepVirtualCall() {
    if (scopes.empty()) return;
    Scope& scope = scopes.back();
    if (scope.virtual_call == kNoNode) return;
    InliningTreeNode& call = trees->inlining_tree.node(scope.virtual_call);
    if (!call.inlined) call.alive = true;
    kept_virtual_calls.insert(scope.virtual_call);
  }

  void UncommonTrap(ElementAttributes attributes) {
    // Traps that name a method come from the type flow, not from the compiled code; traps with
    // a compile id are events of the running program outside any task (LogParser does the
    // same).
    if (FindValue(attributes, "method").has_value()) return;
    if (FindValue(attributes, "compile_id").has_value()) return;
    Properties properties;
    if (const std::optional<std::string_view> action = FindValue(attributes, "action")) {
      properties.push_back(Property{"action", StringValue(*action)});
    }
    if (const std::optional<std::string_view> comment = FindValue(attributes, "comment")) {
      properties.push_back(Property{"comment", StringValue(*comment)});
    }
    AddOptimization(kParsePhase, "UncommonTrap", Attribute(attributes, "reason"),
                    ScopePosition(BciAttribute(attributes)), std::move(properties));
  }

  void FinishElimination() {
    Position position;
    for (const auto& [method_id, bci] : jvms) {
      position.push_back(PositionEntry{symbols.MethodInterned(method_id), bci});
    }
    Properties properties;
    if (!pending_elimination_type.empty()) {
      properties.push_back(
          Property{"type", StringValue(symbols.TypeName(pending_elimination_type))});
    }
    AddOptimization(kEscapePhase, "EscapeAnalysis", pending_elimination, std::move(position),
                    std::move(properties));
    pending_elimination = {};
    pending_elimination_type = {};
    jvms.clear();
  }

  // The call that a <late_inline> names: its <jvms> frames (the caller's first) lead there
  // from the root through inlined calls. A call that is not in the tree yet is added.
  void FinishLateInline() {
    in_late_inline = false;
    InliningTree& tree = trees->inlining_tree;
    if (tree.empty() || jvms.empty()) {
      jvms.clear();
      return;
    }
    NodeIndex current = tree.root;
    for (size_t i = jvms.size() - 1; i > 0; --i) {
      const int32_t bci = jvms[i].second;
      const std::string_view callee = jvms[i - 1].first;
      NodeIndex next = kNoNode;
      for (NodeIndex child : tree.node(current).children) {
        if (tree.node(child).bci == bci && node_method_ids[child] == callee) next = child;
      }
      if (next == kNoNode) break;
      current = next;
    }
    const int32_t bci = jvms.front().second;
    NodeIndex site = kNoNode;
    for (NodeIndex child : tree.node(current).children) {
      if (tree.node(child).bci == bci && node_method_ids[child] == late_method_id) site = child;
    }
    if (site == kNoNode) site = AddCall(late_method_id, bci, current);
    late_site = site;
    last_call = site;
    jvms.clear();
  }

  void Finish() {
    // A virtual call narrowed to the receivers below it is gone, unless it was kept for the
    // other receivers: devirtualized.
    InliningTree& tree = trees->inlining_tree;
    if (tree.empty() && task_method.has_value()) {
      InliningTreeNode root;
      root.method_name = *task_method;
      root.inlined = true;
      tree.root = tree.AddNode(std::move(root), kNoNode);
    }
    for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
      InliningTreeNode& node = tree.node(n);
      if (node.indirect && !node.inlined && !node.children.empty() &&
          !kept_virtual_calls.contains(n)) {
        node.alive = false;
      }
    }
    optimizations.Finish();
  }
};

std::unique_ptr<TaskTreeBuilder::State>& TaskTreeBuilder::Spare() {
  thread_local std::unique_ptr<State> spare;
  return spare;
}

TaskTreeBuilder::TaskTreeBuilder(RecordTrees* trees) {
  std::unique_ptr<State>& spare = Spare();
  if (spare != nullptr) {
    state_ = std::move(spare);
    state_->Reset(trees);
  } else {
    state_ = std::make_unique<State>(trees);
  }
}

TaskTreeBuilder::~TaskTreeBuilder() {
  std::unique_ptr<State>& spare = Spare();
  if (spare == nullptr && state_->Small()) spare = std::move(state_);
}

int TaskTreeBuilder::Kind(std::string_view element) {
  static_assert(static_cast<int>(Element::kOther) == 0);
  return static_cast<int>(ElementOf(element));
}

void TaskTreeBuilder::Start(int kind, ElementAttributes attributes) {
  State& s = *state_;
  switch (static_cast<Element>(kind)) {
    case Element::kTask:
      // The root of a task that never parsed its method (a stale task, say).
      if (const std::optional<std::string_view> method = FindValue(attributes, "method")) {
        s.task_method = MethodNameFromDescriptor(*method);
      }
      break;
    case Element::kType:
      s.symbols.DefineType(Attribute(attributes, "id"), Attribute(attributes, "name"), false);
      break;
    case Element::kKlass:
      s.symbols.DefineType(Attribute(attributes, "id"), Attribute(attributes, "name"), true);
      break;
    case Element::kMethod:
      s.symbols.DefineMethod(attributes);
      break;
    case Element::kParse:
      s.StartParse(attributes);
      break;
    case Element::kBc:
      if (!s.scopes.empty()) {
        State::Scope& scope = s.scopes.back();
        scope.bci = BciAttribute(attributes);
        scope.calls.clear();
        scope.virtual_call = kNoNode;
      }
      s.last_call = kNoNode;
      break;
    case Element::kCall:
      s.StartCall(attributes);
      break;
    case Element::kInlineSuccess:
      s.Decision(attributes, true);
      break;
    case Element::kInlineFail:
      s.Decision(attributes, false);
      break;
    case Element::kIntrinsic:
      s.Intrinsic(attributes);
      break;
    case Element::kVirtualCall:
      s.KeepVirtualCall();
      break;
    case Element::kUncommonTrap:
      s.UncommonTrap(attributes);
      break;
    case Element::kEliminateAllocation:
      s.pending_elimination = "EliminatedAllocation";
      s.pending_elimination_type = Attribute(attributes, "type");
      break;
    case Element::kEliminateLock:
      s.pending_elimination = "EliminatedLock";
      break;
    case Element::kEliminateBoxing:
      s.pending_elimination = "EliminatedBoxing";
      break;
    case Element::kLateInline:
      s.in_late_inline = true;
      s.late_method_id = Attribute(attributes, "method");
      s.jvms.clear();
      break;
    case Element::kJvms:
      if (s.in_late_inline || !s.pending_elimination.empty()) {
        s.jvms.emplace_back(Attribute(attributes, "method"), BciAttribute(attributes));
      }
      break;
    case Element::kLoopTree:
      s.optimizations.StartLoopTree();
      break;
    case Element::kLoop:
      s.optimizations.StartLoop(attributes);
      break;
    case Element::kDependencyFailed: {
      Properties properties;
      for (std::string_view key : {"ctxk", "x", "witness"}) {
        if (const std::optional<std::string_view> value = FindValue(attributes, key)) {
          properties.push_back(Property{std::string(key), StringValue(*value)});
        }
      }
      s.AddOptimization(kDependencyPhase, "DependencyFailed", Attribute(attributes, "type"), {},
                        std::move(properties));
      break;
    }
    case Element::kFailure:
      s.optimizations.Failure(Attribute(attributes, "reason"));
      break;
    case Element::kTaskDone:
      if (Attribute(attributes, "success") == "0") s.optimizations.TaskFailed();
      break;
    case Element::kPhase:
      s.optimizations.OpenPhase(Attribute(attributes, "name"));
      break;
    case Element::kOther:
      break;
  }
}

void TaskTreeBuilder::End(int kind) {
  State& s = *state_;
  switch (static_cast<Element>(kind)) {
    case Element::kParse: {
      const size_t pushed = s.parse_scopes.empty() ? 0 : s.parse_scopes.back();
      if (!s.parse_scopes.empty()) s.parse_scopes.pop_back();
      for (size_t i = 0; i < pushed && !s.scopes.empty(); ++i) s.scopes.pop_back();
      s.last_call = kNoNode;
      break;
    }
    case Element::kLateInline:
      s.FinishLateInline();
      break;
    case Element::kEliminateAllocation:
    case Element::kEliminateLock:
    case Element::kEliminateBoxing:
      if (!s.pending_elimination.empty()) s.FinishElimination();
      break;
    case Element::kLoopTree:
      s.optimizations.EndLoopTree();
      break;
    case Element::kLoop:
      s.optimizations.EndLoop();
      break;
    case Element::kPhase:
      s.optimizations.ClosePhase();
      break;
    default:
      break;
  }
}

void TaskTreeBuilder::Finish() { state_->Finish(); }

}  // namespace profdiff
