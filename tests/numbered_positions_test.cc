// NumberedPositions must answer every path-prefix test exactly as IsPathPrefixOfPosition does.

#include "profdiff/analysis/numbered_positions.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "profdiff/analysis/inlining_path.h"
#include "test_util.h"

namespace profdiff {
namespace {

TEST(NumberedPositionsTest, SpecExample) {
  OptimizationTree tree;
  NodeIndex root = test::AddPhase(tree, kNoNode, "RootPhase");
  NodeIndex kept = test::AddOptimization(tree, root, "K", "e", {{"b()", 2}, {"a()", 1}});
  NodeIndex deeper =
      test::AddOptimization(tree, root, "T", "e", {{"d()", 1}, {"b()", 3}, {"a()", 1}});
  NodeIndex other_callee = test::AddOptimization(tree, root, "C", "e", {{"c()", 4}, {"a()", 2}});
  NodeIndex other_bci = test::AddOptimization(tree, root, "B", "e", {{"b()", 4}, {"a()", 7}});
  NodeIndex none = test::AddOptimization(tree, root, "N", "e");
  NumberedPositions positions(tree);
  auto path = positions.Number(Path{{"a()", -1}, {"b()", 1}});
  EXPECT_TRUE(positions.IsPathPrefix(path, kept));
  EXPECT_TRUE(positions.IsPathPrefix(path, deeper));
  EXPECT_FALSE(positions.IsPathPrefix(path, other_callee));
  EXPECT_FALSE(positions.IsPathPrefix(path, other_bci));
  EXPECT_FALSE(positions.IsPathPrefix(path, none));
  EXPECT_FALSE(positions.IsPathPrefix(path, root));
  // Names that no position has, and null names, match nothing.
  EXPECT_FALSE(positions.IsPathPrefix(positions.Number(Path{{"z()", -1}}), kept));
  EXPECT_FALSE(positions.IsPathPrefix(positions.Number(Path{{std::nullopt, -1}}), kept));
  EXPECT_TRUE(positions.IsPathPrefix(positions.Number(Path{}), kept));
}

TEST(NumberedPositionsTest, AgreesWithIsPathPrefixOfPositionOnRandomPositions) {
  std::mt19937 random(31);
  auto name = [&] { return absl::StrCat("m", random() % 4, "()"); };
  auto bci = [&] { return static_cast<int32_t>(random() % 4) - 1; };  // -1 .. 2
  OptimizationTree tree;
  NodeIndex root = test::AddPhase(tree, kNoNode, "RootPhase");
  for (int k = 0; k < 300; ++k) {
    Position position;
    int length = static_cast<int>(random() % 5);
    for (int i = 0; i < length; ++i) position.push_back({name(), bci()});
    test::AddOptimization(tree, root, "O", "e", position);
  }
  NumberedPositions positions(tree);
  for (int round = 0; round < 300; ++round) {
    Path path;
    int length = static_cast<int>(random() % 4);
    for (int i = 0; i < length; ++i) {
      path.push_back(
          {random() % 9 == 0 ? std::nullopt : std::optional<std::string>(name()), bci()});
    }
    if (random() % 10 == 0) path.push_back({"absent()", -1});
    auto numbered = positions.Number(path);
    for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
      ASSERT_EQ(positions.IsPathPrefix(numbered, n),
                IsPathPrefixOfPosition(path, tree.node(n).position))
          << "round " << round << " node " << n;
    }
  }
}

}  // namespace
}  // namespace profdiff
