// fixtures/llvm-example: the reviewed outputs on real remarks of clang 14 and 19 stay as they are
// (fixtures/llvm-example/README.md), and the JSON of each renders back to the same text.

#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "test_util.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

TEST(LlvmFixtureTest, OutputsAreAsReviewed) {
  const std::string dir = test::SourceDir() + "/fixtures/llvm-example";
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"clang14-vs-clang19.txt",
       {"aot-vs-aot", "clang-14/O2", "clang-19/O2", "--explanation=false", "--summary=true"}},
      {"O2-vs-O3.txt",
       {"aot-vs-aot", "clang-19/O2", "clang-19/O3", "--explanation=false", "--summary=true",
        "--decisions=true"}},
      {"report-clang19-O3.txt", {"report", "clang-19/O3", "--explanation=false"}},
      {"O2-vs-O2-pgo.txt",
       {"aot-vs-aot", "clang-19/O2", "clang-19/O2-pgo", "--explanation=false", "--summary=true",
        "--decisions=true"}},
      {"stats-O2-vs-O3.txt", {"stats", "clang-19/O2", "clang-19/O3", "--explanation=false"}},
  };
  ExpectOutputsAsReviewed(dir, cases);
}

}  // namespace
}  // namespace profdiff
