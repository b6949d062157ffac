#include "load/hotspot/task_elements.h"

#include <string_view>

#include "load/hotspot/element_handler.h"

namespace profdiff {

namespace {

// Whether the zero-ended `text` starts with `prefix`; stops at the first byte that differs.
bool StartsWith(const char* text, std::string_view prefix) {
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (text[i] != prefix[i]) return false;
  }
  return true;
}

}  // namespace

// By first letter, the name unmeasured: most elements of a task are read by none of the
// branches below, and measuring each name cost a call to strlen.
Element ElementOf(const char* name) {
  // The candidate that `name` is, kOther when none: written out per count, so that each name
  // compared is a constant where NameIs is inlined.
  auto one = [&](std::string_view a, Element ka) { return NameIs(name, a) ? ka : Element::kOther; };
  auto two = [&](std::string_view a, Element ka, std::string_view b, Element kb) {
    return NameIs(name, a) ? ka : one(b, kb);
  };
  auto three = [&](std::string_view a, Element ka, std::string_view b, Element kb,
                   std::string_view c,
                   Element kc) { return NameIs(name, a) ? ka : two(b, kb, c, kc); };
  switch (name[0]) {
    case 'b':
      return one("bc", Element::kBc);
    case 'c':
      return one("call", Element::kCall);
    case 'd':
      return one("dependency_failed", Element::kDependencyFailed);
    case 'e':
      if (StartsWith(name, "eliminate_lock")) return Element::kEliminateLock;
      return two("eliminate_allocation", Element::kEliminateAllocation, "eliminate_boxing",
                 Element::kEliminateBoxing);
    case 'f':
      return one("failure", Element::kFailure);
    case 'i':
      return three("inline_fail", Element::kInlineFail, "inline_success", Element::kInlineSuccess,
                   "intrinsic", Element::kIntrinsic);
    case 'j':
      return one("jvms", Element::kJvms);
    case 'k':
      return one("klass", Element::kKlass);
    case 'l':
      return three("loop", Element::kLoop, "loop_tree", Element::kLoopTree, "late_inline",
                   Element::kLateInline);
    case 'm':
      return one("method", Element::kMethod);
    case 'p':
      return two("parse", Element::kParse, "phase", Element::kPhase);
    case 't':
      return three("type", Element::kType, "task", Element::kTask, "task_done", Element::kTaskDone);
    case 'u':
      return one("uncommon_trap", Element::kUncommonTrap);
    case 'v':
      return one("virtual_call", Element::kVirtualCall);
    default:
      return Element::kOther;
  }
}

}  // namespace profdiff
