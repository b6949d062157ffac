// The pool of an LLVM remarks log's function names (src/load/llvm/name_pool.h).

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "load/llvm/name_pool.h"

namespace profdiff::llvm_remarks {
namespace {

TEST(LlvmNamePoolTest, EqualNamesAreOneView) {
  NamePool pool;
  std::string name = "_ZN2ns4funcEi";
  const std::string_view kept = pool.Intern(name);
  EXPECT_EQ(kept, "_ZN2ns4funcEi");
  EXPECT_NE(kept.data(), name.data());  // a copy: the name given may go away
  name.assign(name.size(), 'x');
  EXPECT_EQ(kept, "_ZN2ns4funcEi");
  EXPECT_EQ(pool.Intern(std::string("_ZN2ns4funcEi")).data(), kept.data());
  EXPECT_NE(pool.Intern("main").data(), kept.data());
  EXPECT_EQ(pool.size(), 2u);
  EXPECT_TRUE(pool.Intern("").empty());
}

// Names fill many blocks, and some are longer than a block: every view stays valid, also after
// the pool is moved.
TEST(LlvmNamePoolTest, ViewsStayValidAcrossBlocksAndMoves) {
  NamePool pool;
  std::vector<std::string> names;
  std::vector<std::string_view> kept;
  for (int i = 0; i < 20000; ++i) {
    std::string name = "function_" + std::to_string(i);
    if (i % 997 == 0) name += std::string(static_cast<size_t>(100000 + i), 'L');
    if (i % 5 == 0) name = std::string(static_cast<size_t>(i % 40), 'a');  // repeats, "" too
    names.push_back(name);
    kept.push_back(pool.Intern(name));
  }
  NamePool moved = std::move(pool);
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(kept[i], names[i]) << i;
    EXPECT_EQ(moved.Intern(names[i]).data(), kept[i].data()) << i;
  }
}

}  // namespace
}  // namespace profdiff::llvm_remarks
