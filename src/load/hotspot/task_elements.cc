#include "load/hotspot/task_elements.h"

namespace profdiff {

// By length first: most elements of a task are read by none of the branches below.
Element ElementOf(std::string_view name) {
  auto one = [&](std::string_view a, Element ka) { return name == a ? ka : Element::kOther; };
  auto two = [&](std::string_view a, Element ka, std::string_view b, Element kb) {
    return name == a ? ka : name == b ? kb : Element::kOther;
  };
  Element element = Element::kOther;
  switch (name.size()) {
    case 2:
      element = one("bc", Element::kBc);
      break;
    case 4:
      element = two("task", Element::kTask, "type", Element::kType);
      if (element == Element::kOther) {
        element = name == "call"   ? Element::kCall
                  : name == "jvms" ? Element::kJvms
                  : name == "loop" ? Element::kLoop
                                   : Element::kOther;
      }
      break;
    case 5:
      element = two("phase", Element::kPhase, "parse", Element::kParse);
      if (element == Element::kOther) element = one("klass", Element::kKlass);
      break;
    case 6:
      element = one("method", Element::kMethod);
      break;
    case 7:
      element = one("failure", Element::kFailure);
      break;
    case 9:
      element = two("intrinsic", Element::kIntrinsic, "loop_tree", Element::kLoopTree);
      if (element == Element::kOther) element = one("task_done", Element::kTaskDone);
      break;
    case 11:
      element = two("inline_fail", Element::kInlineFail, "late_inline", Element::kLateInline);
      break;
    case 12:
      element = one("virtual_call", Element::kVirtualCall);
      break;
    case 13:
      element = one("uncommon_trap", Element::kUncommonTrap);
      break;
    case 14:
      element = one("inline_success", Element::kInlineSuccess);
      break;
    case 16:
      element = one("eliminate_boxing", Element::kEliminateBoxing);
      break;
    case 17:
      element = one("dependency_failed", Element::kDependencyFailed);
      break;
    case 20:
      element = one("eliminate_allocation", Element::kEliminateAllocation);
      break;
    default:
      break;
  }
  if (element == Element::kOther && name.starts_with("eliminate_lock")) {
    element = Element::kEliminateLock;
  }
  return element;
}

}  // namespace profdiff
