#include "profdiff/analysis/inlining_path.h"

#include <gtest/gtest.h>

#include <random>

namespace profdiff {
namespace {

TEST(EnclosingMethodPathTest, OutermostFirstWithCallSiteBcis) {
  Position position{{"c()", 4}, {"b()", 3}, {"a()", 1}};
  Path expected{{"a()", -1}, {"b()", 1}, {"c()", 3}};
  EXPECT_EQ(EnclosingMethodPath(position), expected);
  EXPECT_TRUE(EnclosingMethodPath({}).empty());
}

TEST(IsPathPrefixOfPositionTest, SpecExample) {
  // algorithms.md §8.2: path(n) = [a() @-1, b() @1].
  Path path{{"a()", -1}, {"b()", 1}};
  EXPECT_TRUE(IsPathPrefixOfPosition(path, {{"b()", 2}, {"a()", 1}}));
  EXPECT_TRUE(IsPathPrefixOfPosition(path, {{"d()", 1}, {"b()", 3}, {"a()", 1}}));
  EXPECT_FALSE(IsPathPrefixOfPosition(path, {{"c()", 4}, {"a()", 2}}));
  EXPECT_FALSE(IsPathPrefixOfPosition(path, {{"b()", 4}, {"a()", 7}}));
  EXPECT_FALSE(IsPathPrefixOfPosition(path, {{"a()", 1}}));
  EXPECT_TRUE(IsPathPrefixOfPosition({}, {{"a()", 1}}));
}

TEST(IsPathPrefixOfPositionTest, NullNameNeverMatches) {
  EXPECT_FALSE(IsPathPrefixOfPosition({{std::nullopt, -1}}, {{"a()", 1}}));
}

// The shortcut must agree with the definition on every small case: random positions and paths
// over two names and bcis {-1, 0, 1}.
TEST(IsPathPrefixOfPositionTest, AgreesWithTheDefinition) {
  std::mt19937 random(7);
  auto name = [&]() -> std::string { return random() % 2 ? "a()" : "b()"; };
  auto bci = [&]() { return static_cast<int32_t>(random() % 3) - 1; };
  for (int round = 0; round < 20000; ++round) {
    Position position(random() % 4);
    for (PositionEntry& entry : position) entry = {name(), bci()};
    Path path(random() % 4);
    for (PathElement& element : path) {
      element = {random() % 8 == 0 ? std::nullopt : std::optional<std::string>(name()), bci()};
    }
    ASSERT_EQ(IsPathPrefixOfPosition(path, position),
              IsPathPrefix(path, EnclosingMethodPath(position)))
        << "round " << round;
  }
}

}  // namespace
}  // namespace profdiff
