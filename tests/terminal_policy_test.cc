// When output is dressed for a terminal (terminal_policy.h), and what colour looks like.

#include "profdiff/terminal_policy.h"

#include <gtest/gtest.h>

#include <string>

#include "profdiff/text_renderer.h"

namespace profdiff {
namespace {

TEST(ShouldUseColorTest, TheFlagThenTheEnvironmentThenTheTerminal) {
  // always and never win over everything.
  EXPECT_TRUE(ShouldUseColor(WhenMode::kAlways, false, "1", "dumb"));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kNever, true, nullptr, "xterm"));
  // auto: a terminal that understands escapes, and NO_COLOR unset or empty.
  EXPECT_TRUE(ShouldUseColor(WhenMode::kAuto, true, nullptr, "xterm"));
  EXPECT_TRUE(ShouldUseColor(WhenMode::kAuto, true, "", "xterm-256color"));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, false, nullptr, "xterm"));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, true, "1", "xterm"));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, true, "0", "xterm"));  // any non-empty value
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, true, nullptr, "dumb"));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, true, nullptr, nullptr));
  EXPECT_FALSE(ShouldUseColor(WhenMode::kAuto, true, nullptr, ""));
}

TreeRecord DeltaTree() {
  TreeRecord tree;
  tree.Clear(TreeKind::kOptimization, /*is_delta=*/true);
  auto add = [&](int depth, NodeOp op, std::string_view left, std::string_view right) {
    NodeRecord node;
    node.depth = depth;
    node.op = op;
    node.left.kind = node.right.kind = LabelKind::kPhase;
    node.left.name = left;
    node.right.name = right;
    tree.nodes.push_back(node);
  };
  add(0, NodeOp::kIdentity, "RootPhase", "RootPhase");
  add(1, NodeOp::kInsert, "", "Added");
  add(1, NodeOp::kDelete, "Gone", "");
  add(1, NodeOp::kRelabel, "Before", "After");
  return tree;
}

TEST(TextStyleTest, ColourWrapsTheDifferingLinesOnly) {
  const TreeRecord tree = DeltaTree();
  std::string plain, colored;
  {
    LineWriter out(&plain);
    WriteTreeText(out, tree, Options());
  }
  {
    LineWriter out(&colored);
    WriteTreeText(out, tree, Options(), TextStyle{true});
  }
  EXPECT_EQ(plain, ". RootPhase\n    + Added\n    - Gone\n    * Before -> After\n");
  EXPECT_EQ(colored,
            ". RootPhase\n    \x1b[32m+ Added\x1b[m\n    \x1b[31m- Gone\x1b[m\n"
            "    \x1b[33m* Before -> After\x1b[m\n");
}

}  // namespace
}  // namespace profdiff
