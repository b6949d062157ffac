#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_TREES_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_TREES_H_

// Builds the inlining and optimization trees of one HotSpot compilation task from the events of
// its <task> element (docs/hotspot.md "The inlining tree", "The optimization tree"). The builder
// only sees elements: the XML parsing is the caller's (task_parser.h, and log_scan.h for the
// scan). It hands them on to the task's symbols (task_symbols.h), inlining tree
// (task_inlining.h) and optimizations (task_optimizations.h), and adds the optimizations that
// happen at a position of the inlining tree.

#include <memory>
#include <string_view>

#include "load/hotspot/element_handler.h"
#include "load/hotspot/task_optimizations.h"
#include "profdiff/load/graal/record_reader.h"

namespace profdiff {

class TaskTreeBuilder : public ElementHandler {
 public:
  explicit TaskTreeBuilder(RecordTrees* trees);
  ~TaskTreeBuilder() override;
  TaskTreeBuilder(const TaskTreeBuilder&) = delete;
  TaskTreeBuilder& operator=(const TaskTreeBuilder&) = delete;

  int Kind(const char* element) override;
  void Start(int kind, ElementAttributes attributes) override;
  void End(int kind) override;
  // After the </task>: adds what is only known at the end (loops, the bailout).
  void Finish();

 private:
  struct State;
  // The state a builder of this thread left, cleared, with the room its tables had: most tasks
  // are small, and making their tables anew cost more than reading them.
  static std::unique_ptr<State>& Spare();
  std::unique_ptr<State> state_;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_TREES_H_
