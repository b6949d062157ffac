#include "load/hotspot/task_inlining.h"

#include "load/hotspot/java_names.h"

namespace profdiff {

void TaskInlining::Reset(InliningTree* tree) {
  tree_ = tree;
  node_method_ids_.clear();
  scopes_.clear();
  parse_scopes_.clear();
  last_call_ = kNoNode;
  late_site_ = kNoNode;
  kept_virtual_calls_.clear();
}

// Sets the node's method to that of `method_id`: its name in Graal's spelling and its bytecode
// size (<method bytes='N'>; -1 when the log does not say: an unloaded method has no bytes).
void TaskInlining::SetMethod(InliningTreeNode& node, std::string_view method_id) const {
  const TaskSymbols::Method* method = symbols_->FindMethod(method_id);
  if (method == nullptr) {
    node.method_name.emplace(TaskSymbols::UnknownMethod());
    node.bytecode_size = -1;
  } else {
    node.method_name.emplace(method->name);
    node.bytecode_size = method->bytes;
  }
}

NodeIndex TaskInlining::AddCall(std::string_view method_id, int32_t bci, NodeIndex parent) {
  InliningTreeNode node;
  SetMethod(node, method_id);
  node.bci = bci;
  node.alive = true;
  NodeIndex index = tree_->AddNode(std::move(node), parent);
  node_method_ids_.push_back(method_id);
  return index;
}

NodeIndex TaskInlining::Root(std::string_view method_id) {
  // Room for a typical task's calls: growing the node list from one node moved every node
  // about twice.
  tree_->nodes.reserve(16);
  InliningTreeNode node;
  SetMethod(node, method_id);
  node.inlined = true;
  NodeIndex index = tree_->AddNode(std::move(node), kNoNode);
  tree_->root = index;
  node_method_ids_.push_back(method_id);
  return index;
}

void TaskInlining::SetInlined(NodeIndex node, std::string_view reason) {
  InliningTreeNode& target = tree_->node(node);
  target.inlined = true;
  target.alive = false;
  if (!reason.empty()) target.reasons.emplace_back(reason);
}

Position TaskInlining::ScopePosition(int32_t bci) {
  Position position;
  const InliningTree& tree = *tree_;
  position.reserve(scopes_.size());
  for (size_t i = scopes_.size(); i-- > 0;) {
    position.push_back(PositionEntry{ScopeMethod(scopes_[i]), bci});
    bci = tree.node(scopes_[i].node).bci;
  }
  if (position.empty() && !tree.empty()) {
    position.push_back(PositionEntry{tree.node(tree.root).method_name.value_or(""), bci});
  }
  return position;
}

// The method of a scope's node as positions name it: interned when a position first needs it,
// once per method and task (not once per scope, optimization and level).
InternedName TaskInlining::ScopeMethod(Scope& scope) {
  if (!scope.method.has_value()) {
    const std::optional<std::string>& name = tree_->node(scope.node).method_name;
    if (!name.has_value()) {
      scope.method = InternedName();
    } else if (const std::string_view id = node_method_ids_[scope.node];
               symbols_->MethodName(id) == *name) {
      scope.method = symbols_->MethodInterned(id);
    } else {
      scope.method = InternedName(*name);
    }
  }
  return *scope.method;
}

bool TaskInlining::StartParse(std::string_view method_id) {
  InliningTree& tree = *tree_;
  NodeIndex node = kNoNode;
  bool new_attempt = false;
  if (tree.empty()) {
    node = Root(method_id);
  } else if (scopes_.empty()) {
    if (late_site_ != kNoNode) {
      node = late_site_;
      late_site_ = kNoNode;
    } else {
      // A new attempt at the whole compilation: the trees describe the attempt that the task
      // ends with.
      new_attempt = true;
      tree = InliningTree();
      node_method_ids_.clear();
      node = Root(method_id);
    }
  } else {
    Scope& scope = scopes_.back();
    for (size_t i = scope.calls.size(); i-- > 0;) {
      if (node_method_ids_[scope.calls[i]] == method_id) {
        node = scope.calls[i];
        break;
      }
    }
    if (node == kNoNode && !scope.calls.empty()) {
      // C1 names the method it narrowed the call down to only when it parses it.
      node = scope.calls.back();
      SetMethod(tree.node(node), method_id);
      node_method_ids_[node] = method_id;
    }
    if (node == kNoNode) node = AddCall(method_id, scope.bci, scope.node);
  }
  InliningTreeNode& parsed = tree.node(node);
  parsed.inlined = true;
  parsed.alive = false;
  size_t pushed = 1;
  if (scopes_.empty() && node != tree.root) {
    // A late-inlined call: its callers become the open scopes again, so that positions inside
    // it lead to the root (indirect calls are not methods of a position).
    std::vector<NodeIndex> callers;
    for (NodeIndex p = tree.node(node).parent; p != kNoNode; p = tree.node(p).parent) {
      if (!tree.node(p).indirect || tree.node(p).inlined) callers.push_back(p);
    }
    for (size_t i = callers.size(); i-- > 0;) {
      Scope caller;
      caller.node = callers[i];
      scopes_.push_back(std::move(caller));
    }
    pushed += callers.size();
  }
  Scope scope;
  scope.node = node;
  scopes_.push_back(std::move(scope));
  parse_scopes_.push_back(pushed);
  last_call_ = kNoNode;
  return new_attempt;
}

void TaskInlining::EndParse() {
  const size_t pushed = parse_scopes_.empty() ? 0 : parse_scopes_.back();
  if (!parse_scopes_.empty()) parse_scopes_.pop_back();
  for (size_t i = 0; i < pushed && !scopes_.empty(); ++i) scopes_.pop_back();
  last_call_ = kNoNode;
}

void TaskInlining::StartBc(int32_t bci) {
  if (!scopes_.empty()) {
    Scope& scope = scopes_.back();
    scope.bci = bci;
    scope.calls.clear();
    scope.virtual_call = kNoNode;
  }
  last_call_ = kNoNode;
}

void TaskInlining::StartCall(ElementAttributes attributes) {
  std::string_view method_id = Attribute(attributes, "method");
  if (scopes_.empty()) {
    // A late-inlining attempt names its call again.
    if (late_site_ != kNoNode) last_call_ = late_site_;
    return;
  }
  Scope& scope = scopes_.back();
  const bool is_virtual = Attribute(attributes, "virtual") == "1";
  NodeIndex parent = scope.node;
  // The receivers a virtual call was narrowed to follow it at the same bci: the targets of the
  // (devirtualized) call.
  if (scope.virtual_call != kNoNode && !is_virtual) parent = scope.virtual_call;
  NodeIndex node = AddCall(method_id, scope.bci, parent);
  InliningTreeNode& call = tree_->node(node);
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
      profiled.type_name = symbols_->TypeName(*type);
      const double count =
          static_cast<double>(IntegerAttribute(attributes, receiver_count).value_or(0));
      profiled.probability = total > 0 ? count / total : 0;
      profile.profiled_types.push_back(std::move(profiled));
    }
    call.receiver_type_profile = std::move(profile);
  }
  if (is_virtual) scope.virtual_call = node;
  scope.calls.push_back(node);
  last_call_ = node;
}

void TaskInlining::Decision(std::string_view reason, bool success) {
  NodeIndex node = last_call_ != kNoNode ? last_call_ : late_site_;
  if (node == kNoNode) return;
  if (success) {
    SetInlined(node, reason);
    return;
  }
  InliningTreeNode& call = tree_->node(node);
  call.inlined = false;
  call.alive = true;
  if (!reason.empty()) call.reasons.emplace_back(reason);
  if (node == late_site_) late_site_ = kNoNode;
}

int32_t TaskInlining::Intrinsic(std::string_view id) {
  if (last_call_ == kNoNode) return scopes_.empty() ? -1 : scopes_.back().bci;
  SetInlined(last_call_, "intrinsic " + std::string(id));
  return tree_->node(last_call_).bci;
}

void TaskInlining::KeepVirtualCall() {
  if (scopes_.empty()) return;
  Scope& scope = scopes_.back();
  if (scope.virtual_call == kNoNode) return;
  InliningTreeNode& call = tree_->node(scope.virtual_call);
  if (!call.inlined) call.alive = true;
  kept_virtual_calls_.insert(scope.virtual_call);
}

// The call that a <late_inline> names: its <jvms> frames (the caller's first) lead there from
// the root through inlined calls. A call that is not in the tree yet is added.
void TaskInlining::FinishLateInline(std::string_view method_id, std::span<const JvmsFrame> jvms) {
  InliningTree& tree = *tree_;
  if (tree.empty() || jvms.empty()) return;
  NodeIndex current = tree.root;
  for (size_t i = jvms.size() - 1; i > 0; --i) {
    const int32_t bci = jvms[i].second;
    const std::string_view callee = jvms[i - 1].first;
    NodeIndex next = kNoNode;
    for (NodeIndex child : tree.node(current).children) {
      if (tree.node(child).bci == bci && node_method_ids_[child] == callee) next = child;
    }
    if (next == kNoNode) break;
    current = next;
  }
  const int32_t bci = jvms.front().second;
  NodeIndex site = kNoNode;
  for (NodeIndex child : tree.node(current).children) {
    if (tree.node(child).bci == bci && node_method_ids_[child] == method_id) site = child;
  }
  if (site == kNoNode) site = AddCall(method_id, bci, current);
  late_site_ = site;
  last_call_ = site;
}

void TaskInlining::Finish(std::optional<std::string_view> task_descriptor) {
  InliningTree& tree = *tree_;
  if (tree.empty() && task_descriptor.has_value()) {
    if (std::optional<std::string> task_method = MethodNameFromDescriptor(*task_descriptor)) {
      InliningTreeNode root;
      root.method_name = std::move(task_method);
      root.inlined = true;
      tree.root = tree.AddNode(std::move(root), kNoNode);
    }
  }
  // A virtual call narrowed to the receivers below it is gone, unless it was kept for the other
  // receivers: devirtualized.
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    InliningTreeNode& node = tree.node(n);
    if (node.indirect && !node.inlined && !node.children.empty() &&
        !kept_virtual_calls_.contains(n)) {
      node.alive = false;
    }
  }
}

}  // namespace profdiff
