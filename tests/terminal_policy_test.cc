// When output is dressed for a terminal (terminal_policy.h), and what colour looks like.

#include "profdiff/output/terminal_policy.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "profdiff/output/terminal_progress.h"
#include "profdiff/output/text_renderer.h"

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

TEST(ShouldShowProgressTest, OnlyOnATerminalThatNoPagerShares) {
  EXPECT_TRUE(ShouldShowProgress(WhenMode::kAlways, false, true, nullptr));
  EXPECT_FALSE(ShouldShowProgress(WhenMode::kNever, true, false, "xterm"));
  EXPECT_TRUE(ShouldShowProgress(WhenMode::kAuto, true, false, "xterm"));
  EXPECT_FALSE(ShouldShowProgress(WhenMode::kAuto, false, false, "xterm"));
  EXPECT_FALSE(ShouldShowProgress(WhenMode::kAuto, true, true, "xterm"));  // `| less`
  EXPECT_FALSE(ShouldShowProgress(WhenMode::kAuto, true, false, "dumb"));
  EXPECT_FALSE(ShouldShowProgress(WhenMode::kAuto, true, false, nullptr));
}

TEST(ProgressLineTest, Text) {
  ProgressSnapshot loading{"Loading experiment 1", "files", 3, 10, 120 << 20, 800 << 20, 5000, 2};
  EXPECT_EQ(ProgressLineText(loading, 200),
            "Loading experiment 1: 3/10 files, 120.0/800.0 MiB, 5000 compilation units, 60.0 "
            "MiB/s, 11 s left");
  // Nothing to go by yet: no speed, no time left.
  loading.seconds = 0.2;
  EXPECT_EQ(ProgressLineText(loading, 200),
            "Loading experiment 1: 3/10 files, 120.0/800.0 MiB, 5000 compilation units");
  ProgressSnapshot comparing{"Comparing", "compilation pairs", 30, 120, 0, 0, 0, 90};
  EXPECT_EQ(ProgressLineText(comparing, 200),
            "Comparing: 30/120 compilation pairs, 4 min 30 s left");
  comparing.items_done = 120;
  EXPECT_EQ(ProgressLineText(comparing, 200), "Comparing: 120/120 compilation pairs");
  // Cut to the terminal's width, the last column left free.
  EXPECT_EQ(ProgressLineText(comparing, 12), "Comparing: ");
}

// Reads what is in the pipe now.
std::string Drain(int fd) {
  std::string data;
  char buffer[4096];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof buffer)) > 0) data.append(buffer, static_cast<size_t>(n));
  return data;
}

TEST(TerminalProgressTest, DrawsInPlaceAndErasesBeforeOtherOutputAndAtTheEnd) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ASSERT_EQ(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
  {
    TerminalProgress progress(fds[1], std::chrono::milliseconds(0), std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(Drain(fds[0]), "") << "nothing is drawn before a step begins";
    progress.Begin("Comparing", 4, "compilation pairs", 0);
    progress.Advance(1, 0, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::string drawn = Drain(fds[0]);
    EXPECT_EQ(drawn.rfind("\r\x1b[KComparing: 1/4 compilation pairs", 0), 0u) << drawn;
    // Output to the same terminal: erased first, not redrawn until it is written.
    progress.BeforeWrite();
    std::string erased = Drain(fds[0]);
    EXPECT_EQ(erased, "\r\x1b[K");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(Drain(fds[0]), "");
    progress.AfterWrite();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_NE(Drain(fds[0]).find("Comparing: 1/4"), std::string::npos);
  }
  // Finished: the line is erased and nothing follows.
  std::string rest = Drain(fds[0]);
  ASSERT_GE(rest.size(), 4u);
  EXPECT_EQ(rest.substr(rest.size() - 4), "\r\x1b[K");
  close(fds[0]);
  close(fds[1]);
}

TEST(TerminalProgressTest, AFastRunShowsNothing) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ASSERT_EQ(fcntl(fds[0], F_SETFL, O_NONBLOCK), 0);
  {
    TerminalProgress progress(fds[1]);  // first drawn after 300 ms
    progress.Begin("Loading experiment 1", 1, "files", 100);
    progress.Advance(1, 100, 3);
  }
  EXPECT_EQ(Drain(fds[0]), "");
  close(fds[0]);
  close(fds[1]);
}

}  // namespace
}  // namespace profdiff
