#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_OPTIMIZATIONS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_OPTIMIZATIONS_H_

// The optimization tree of one HotSpot compilation task (docs/hotspot.md "The optimization
// tree"): optimizations go into the phases the log names, or else into a fixed phase per kind;
// loops and bailouts are added when the task ends.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "load/hotspot/element_handler.h"
#include "profdiff/model/interned_name.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {

// The attributes of an element, as expat hands them over: name, value, name, value, ..., null.
using XmlAttributes = const char**;

// The value of attribute `name`, or nullptr.
const char* FindAttribute(XmlAttributes attributes, std::string_view name);

// Property values of the optimization entries (property_value.h).
PropertyValue StringValue(std::string_view text);
PropertyValue IntegerValue(int64_t number);

// Where the optimizations of each kind go when the log names no phase.
inline constexpr std::string_view kParsePhase = "Parse";
inline constexpr std::string_view kEscapePhase = "EscapeAnalysis";
inline constexpr std::string_view kLoopPhase = "LoopOptimizations";
inline constexpr std::string_view kDependencyPhase = "Dependencies";
inline constexpr std::string_view kBailoutPhase = "Bailout";

class TaskOptimizations {
 public:
  explicit TaskOptimizations(OptimizationTree* tree) : tree_(tree) {}

  // Ready for the next task's `tree`, keeping the room the tables have: a builder's state is
  // reused from task to task (task_trees.h), and making these tables anew was allocations for
  // every task.
  void Reset(OptimizationTree* tree);

  // An optimization in the innermost named phase, or else in `phase`. The name is interned by
  // the caller: the frequent ones once, not once per optimization.
  void Add(std::string_view phase, InternedName name, std::string_view event, Position position,
           Properties properties);

  // <phase name=...> and its end. A phase becomes a node only when an optimization is logged in
  // it (C1 of JDK 17 names phases that never hold any).
  void OpenPhase(std::string_view name) { named_phases_.emplace_back(name, kNoNode); }
  void ClosePhase() {
    if (!named_phases_.empty()) named_phases_.pop_back();
  }

  // <loop_tree>, <loop> and their ends: each distinct (depth, shape) once.
  void StartLoopTree() {
    in_loop_tree_ = true;
    loop_depth_ = 0;
  }
  void EndLoopTree() { in_loop_tree_ = false; }
  void StartLoop(ElementAttributes attributes);
  void EndLoop() {
    if (loop_depth_ > 0) --loop_depth_;
  }

  // <failure reason>; whether the task failed in the end; whether a new attempt followed.
  void Failure(std::string_view reason) { failures_.emplace_back(reason); }
  bool has_failures() const { return !failures_.empty(); }
  void TaskFailed() { task_failed_ = true; }
  void Retried() { retried_ = true; }

  // The loops, the bailout, and at least the root phase.
  void Finish();

 private:
  NodeIndex RootPhase();
  NodeIndex Phase(std::string_view fallback);

  // Reset() clears each of these.
  OptimizationTree* tree_;
  NodeIndex root_phase_ = kNoNode;
  // Names and reasons are views into the task's text (element_handler.h).
  std::vector<std::pair<std::string_view, NodeIndex>> named_phases_;
  absl::flat_hash_map<std::string, NodeIndex> default_phases_;
  bool in_loop_tree_ = false;
  int loop_depth_ = 0;
  absl::flat_hash_set<std::string> loop_shapes_;
  std::vector<std::pair<std::string, int>> loops_;  // (event, depth)
  std::vector<std::string_view> failures_;
  bool task_failed_ = false;
  bool retried_ = false;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_OPTIMIZATIONS_H_
