#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_

// The elements of a <task> that the tree builder reads (task_trees.h, docs/hotspot.md "The
// inlining tree", "The optimization tree"), told apart by name once per element.

#include <string_view>

namespace profdiff {

// The elements the builder reads; kOther for all others.
enum class Element {
  kOther,
  kTask,
  kType,
  kKlass,
  kMethod,
  kParse,
  kBc,
  kCall,
  kInlineSuccess,
  kInlineFail,
  kIntrinsic,
  kVirtualCall,
  kUncommonTrap,
  kEliminateAllocation,
  kEliminateLock,  // and every element whose name starts so
  kEliminateBoxing,
  kLateInline,
  kJvms,
  kLoopTree,
  kLoop,
  kDependencyFailed,
  kFailure,
  kTaskDone,
  kPhase,
};

// The element called `name`.
Element ElementOf(std::string_view name);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_
