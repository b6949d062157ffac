// The elements of a HotSpot task that the tree builder reads (src/load/hotspot/task_elements.h),
// told apart by their zero-ended names as the parser leaves them.

#include "load/hotspot/task_elements.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace profdiff {
namespace {

TEST(TaskElementsTest, EveryReadElementByName) {
  const std::pair<const char*, Element> kElements[] = {
      {"task", Element::kTask},
      {"type", Element::kType},
      {"klass", Element::kKlass},
      {"method", Element::kMethod},
      {"parse", Element::kParse},
      {"bc", Element::kBc},
      {"call", Element::kCall},
      {"inline_success", Element::kInlineSuccess},
      {"inline_fail", Element::kInlineFail},
      {"intrinsic", Element::kIntrinsic},
      {"virtual_call", Element::kVirtualCall},
      {"uncommon_trap", Element::kUncommonTrap},
      {"eliminate_allocation", Element::kEliminateAllocation},
      {"eliminate_lock", Element::kEliminateLock},
      {"eliminate_boxing", Element::kEliminateBoxing},
      {"late_inline", Element::kLateInline},
      {"jvms", Element::kJvms},
      {"loop_tree", Element::kLoopTree},
      {"loop", Element::kLoop},
      {"dependency_failed", Element::kDependencyFailed},
      {"failure", Element::kFailure},
      {"task_done", Element::kTaskDone},
      {"phase", Element::kPhase},
  };
  for (const auto& [name, element] : kElements) {
    EXPECT_EQ(ElementOf(name), element) << name;
  }
}

TEST(TaskElementsTest, EliminateLockByPrefix) {
  EXPECT_EQ(ElementOf("eliminate_lock_coarsened"), Element::kEliminateLock);
  EXPECT_EQ(ElementOf("eliminate_locks"), Element::kEliminateLock);
  EXPECT_EQ(ElementOf("eliminate_loc"), Element::kOther);
}

TEST(TaskElementsTest, OthersAndNearMisses) {
  for (const char* name : {"",
                           "b",
                           "bcx",
                           "cal",
                           "calls",
                           "parse_done",
                           "direct_call",
                           "branch",
                           "dependency",
                           "loops",
                           "loop_tre",
                           "tasks",
                           "task_queued",
                           "types",
                           "inline",
                           "inline_successful",
                           "Method",
                           "phase_done",
                           "jvm",
                           "e"}) {
    EXPECT_EQ(ElementOf(name), Element::kOther) << name;
  }
  // A name is read up to its zero byte only: what follows it in the text is not part of it.
  const std::string text("bc\0x", 4);
  EXPECT_EQ(ElementOf(text.c_str()), Element::kBc);
}

}  // namespace
}  // namespace profdiff
