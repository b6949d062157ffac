#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_

// The elements of a <task> that the tree builder reads (task_trees.h, docs/hotspot.md "The
// inlining tree", "The optimization tree"), told apart by name once per element.

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

// The element called `name` (ended by a zero byte, as the parser left it).
Element ElementOf(const char* name);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_ELEMENTS_H_
