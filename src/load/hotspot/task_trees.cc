#include "load/hotspot/task_trees.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "load/hotspot/task_elements.h"
#include "load/hotspot/task_inlining.h"
#include "load/hotspot/task_optimizations.h"
#include "load/hotspot/task_symbols.h"

namespace profdiff {

struct TaskTreeBuilder::State {
  explicit State(RecordTrees* out)
      : trees(out),
        optimizations(&out->optimization_tree),
        inlining(&out->inlining_tree, &symbols) {}
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  // Ready for the next task, keeping the room the tables have (absl's clear() gives up that of
  // large ones).
  void Reset(RecordTrees* out) {
    trees = out;
    optimizations.Reset(&out->optimization_tree);
    symbols.Clear();
    inlining.Reset(&out->inlining_tree);
    in_late_inline = false;
    late_method_id = {};
    pending_elimination = {};
    pending_elimination_type = {};
    jvms.clear();
    task_descriptor.reset();
  }

  // Whether the state is worth keeping for the next task (not the tables of a huge one).
  bool Small() const { return inlining.Small(); }

  // Ids are views into the task's text (which outlives the builder: element_handler.h).
  RecordTrees* trees;
  TaskOptimizations optimizations;
  TaskSymbols symbols;
  TaskInlining inlining;  // looks its methods up in `symbols`, declared before it

  // <late_inline>, <eliminate_*>: the <jvms> frames of the element being read.
  bool in_late_inline = false;
  std::string_view late_method_id;
  std::string_view pending_elimination;  // the event name, empty when none is open
  std::string_view pending_elimination_type;
  std::vector<JvmsFrame> jvms;  // innermost first

  // The <task>'s method attribute: spelled as Graal does only in the rare task that needs it.
  std::optional<std::string_view> task_descriptor;

  void AddOptimization(std::string_view phase, InternedName name, std::string_view event,
                       Position position, Properties properties) {
    optimizations.Add(phase, name, event, std::move(position), std::move(properties));
  }

  void StartParse(ElementAttributes attributes) {
    // The failures of the attempts a new attempt replaces are the reasons it was retried.
    if (inlining.StartParse(Attribute(attributes, "method")) && optimizations.has_failures()) {
      optimizations.Retried();
    }
  }

  void Intrinsic(ElementAttributes attributes) {
    std::string_view id = Attribute(attributes, "id");
    const int32_t bci = inlining.Intrinsic(id);
    AddOptimization(kParsePhase, "Intrinsic", id, inlining.ScopePosition(bci), {});
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
    static const InternedName kUncommonTrap("UncommonTrap");
    AddOptimization(kParsePhase, kUncommonTrap, Attribute(attributes, "reason"),
                    inlining.ScopePosition(BciAttribute(attributes)), std::move(properties));
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

  void FinishLateInline() {
    in_late_inline = false;
    inlining.FinishLateInline(late_method_id, jvms);
    jvms.clear();
  }

  void Finish() {
    inlining.Finish(task_descriptor);
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

int TaskTreeBuilder::Kind(const char* element) {
  static_assert(static_cast<int>(Element::kOther) == 0);
  return static_cast<int>(ElementOf(element));
}

void TaskTreeBuilder::Start(int kind, ElementAttributes attributes) {
  State& s = *state_;
  switch (static_cast<Element>(kind)) {
    case Element::kTask:
      // The root of a task that never parsed its method (a stale task, say).
      if (const std::optional<std::string_view> method = FindValue(attributes, "method")) {
        s.task_descriptor = *method;
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
      s.inlining.StartBc(BciAttribute(attributes));
      break;
    case Element::kCall:
      s.inlining.StartCall(attributes);
      break;
    case Element::kInlineSuccess:
      s.inlining.Decision(Attribute(attributes, "reason"), true);
      break;
    case Element::kInlineFail:
      s.inlining.Decision(Attribute(attributes, "reason"), false);
      break;
    case Element::kIntrinsic:
      s.Intrinsic(attributes);
      break;
    case Element::kVirtualCall:
      s.inlining.KeepVirtualCall();
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
    case Element::kParse:
      s.inlining.EndParse();
      break;
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
