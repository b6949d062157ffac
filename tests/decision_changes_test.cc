#include "profdiff/diff/decision_changes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

// A call site of each kind (formats.md §3.4): devirtualized needs a child, which callers add.
NodeIndex AddCall(InliningTree& tree, std::string name, int32_t bci, NodeIndex parent,
                  CallsiteKind kind, std::vector<std::string> reasons = {"r"}) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  node.bci = bci;
  node.inlined = kind == CallsiteKind::kInlined;
  node.alive = kind == CallsiteKind::kDirect || kind == CallsiteKind::kIndirect;
  node.indirect = kind == CallsiteKind::kIndirect || kind == CallsiteKind::kDevirtualized;
  node.reasons = std::move(reasons);
  return tree.AddNode(std::move(node), parent);
}

NodeIndex AddRoot(InliningTree& tree, std::string name) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  return tree.AddNode(std::move(node), kNoNode);
}

// The decisions of two trees as a comparison computes them: the matcher's matching as it
// returns it when identities are pruned (identical subtrees without delta children).
PairDecisions Decide(const InliningTree& left, const InliningTree& right,
                     bool identical_interiors = false) {
  InliningTreeEditPolicy policy(left, right);
  std::optional<TreeMatch> match = tree_matcher_internal::MatchTreesUnlessTooBig(
      tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(policy), identical_interiors,
      kMaxMatchedNodePairs);
  PairDecisions decisions;
  CollectDecisionChanges(match, left, right, &decisions);
  return decisions;
}

// (callee, bci) of each path step of `change`.
std::vector<std::pair<std::string, int32_t>> PathOf(const PairDecisions& d,
                                                    const DecisionChange& change) {
  std::vector<std::pair<std::string, int32_t>> path;
  for (uint32_t i = change.path_begin; i < change.path_end; ++i) {
    path.emplace_back(std::string(d.path[i].method.value_or("?")), d.path[i].bci);
  }
  return path;
}

constexpr CallsiteKind kKinds[] = {CallsiteKind::kInlined, CallsiteKind::kDirect,
                                   CallsiteKind::kIndirect, CallsiteKind::kDeleted,
                                   CallsiteKind::kDevirtualized};

TEST(DecisionChangesTest, EveryKindTransitionIsOneChange) {
  InliningTree left, right;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(right, "Root.m()");
  std::vector<std::pair<CallsiteKind, CallsiteKind>> expected;
  int32_t bci = 0;
  for (CallsiteKind before : kKinds) {
    for (CallsiteKind after : kKinds) {
      if (before == after) continue;
      const std::string callee = "C.m" + std::to_string(bci) + "()";
      const NodeIndex a = AddCall(left, callee, bci, l, before, {"before"});
      const NodeIndex b = AddCall(right, callee, bci, r, after, {"after"});
      // A devirtualized call holds its targets; they follow from the call's own decision.
      if (before == CallsiteKind::kDevirtualized) {
        AddCall(left, "T.m()", 1, a, CallsiteKind::kInlined);
      }
      if (after == CallsiteKind::kDevirtualized) {
        AddCall(right, "T.m()", 1, b, CallsiteKind::kInlined);
      }
      expected.emplace_back(before, after);
      ++bci;
    }
  }
  const PairDecisions d = Decide(left, right);
  ASSERT_EQ(d.changes.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const DecisionChange& change = d.changes[i];
    SCOPED_TRACE(i);
    EXPECT_TRUE(change.kind_changed);
    ASSERT_TRUE(change.side[0].present && change.side[1].present);
    EXPECT_EQ(change.side[0].kind, CallsiteKindName(expected[i].first));
    EXPECT_EQ(change.side[1].kind, CallsiteKindName(expected[i].second));
    EXPECT_THAT(*change.side[0].reasons, ElementsAre("before"));
    EXPECT_THAT(*change.side[1].reasons, ElementsAre("after"));
    EXPECT_THAT(PathOf(d, change),
                ElementsAre(Pair("C.m" + std::to_string(i) + "()", static_cast<int32_t>(i))));
  }
}

TEST(DecisionChangesTest, CallSitesOnOneSideOnlyCountWhereTheirCallerIsTheSame) {
  InliningTree left, right;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(right, "Root.m()");
  // Kept on both sides, with a call only on the left below it and one only on the right.
  const NodeIndex la = AddCall(left, "A.m()", 1, l, CallsiteKind::kInlined);
  const NodeIndex ra = AddCall(right, "A.m()", 1, r, CallsiteKind::kInlined);
  const NodeIndex gone = AddCall(left, "Gone.m()", 4, la, CallsiteKind::kInlined, {"small"});
  AddCall(left, "Below.m()", 2, gone, CallsiteKind::kDirect);  // follows from Gone's absence
  AddCall(right, "New.m()", 5, ra, CallsiteKind::kDirect, {"too big"});
  // A caller that stopped inlining: what it called exists on the left only, as a consequence.
  const NodeIndex lb = AddCall(left, "B.m()", 2, l, CallsiteKind::kInlined);
  AddCall(right, "B.m()", 2, r, CallsiteKind::kDirect);
  AddCall(left, "InB.m()", 3, lb, CallsiteKind::kInlined);
  const PairDecisions d = Decide(left, right);
  ASSERT_EQ(d.changes.size(), 3u);
  EXPECT_THAT(PathOf(d, d.changes[0]), ElementsAre(Pair("A.m()", 1), Pair("Gone.m()", 4)));
  EXPECT_TRUE(d.changes[0].side[0].present);
  EXPECT_FALSE(d.changes[0].side[1].present);
  EXPECT_EQ(d.changes[0].side[0].kind, "inlined");
  EXPECT_THAT(PathOf(d, d.changes[1]), ElementsAre(Pair("A.m()", 1), Pair("New.m()", 5)));
  EXPECT_FALSE(d.changes[1].side[0].present);
  EXPECT_EQ(d.changes[1].side[1].kind, "direct");
  EXPECT_THAT(PathOf(d, d.changes[2]), ElementsAre(Pair("B.m()", 2)));
  EXPECT_EQ(d.changes[2].side[0].kind, "inlined");
  EXPECT_EQ(d.changes[2].side[1].kind, "direct");
}

TEST(DecisionChangesTest, TheSameCalleeAtSeveralBcisIsToldApartByBci) {
  InliningTree left, right;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(right, "Root.m()");
  for (int32_t bci : {3, 7, 11}) {
    AddCall(left, "X.get()", bci, l, CallsiteKind::kInlined);
    AddCall(right, "X.get()", bci, r, bci == 7 ? CallsiteKind::kDirect : CallsiteKind::kInlined);
  }
  const PairDecisions d = Decide(left, right);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_THAT(PathOf(d, d.changes[0]), ElementsAre(Pair("X.get()", 7)));
}

TEST(DecisionChangesTest, RecursionKeepsTheWholePath) {
  InliningTree left, right;
  NodeIndex l = AddRoot(left, "Fib.f(int)");
  NodeIndex r = AddRoot(right, "Fib.f(int)");
  for (int depth = 0; depth < 3; ++depth) {
    l = AddCall(left, "Fib.f(int)", 9, l, CallsiteKind::kInlined);
    r = AddCall(right, "Fib.f(int)", 9, r,
                depth == 2 ? CallsiteKind::kDirect : CallsiteKind::kInlined,
                {depth == 2 ? "recursive inlining too deep" : "r"});
  }
  const PairDecisions d = Decide(left, right);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_THAT(PathOf(d, d.changes[0]),
              ElementsAre(Pair("Fib.f(int)", 9), Pair("Fib.f(int)", 9), Pair("Fib.f(int)", 9)));
  EXPECT_EQ(d.changes[0].side[1].kind, "direct");
}

TEST(DecisionChangesTest, ReasonsThatDifferWithTheKindUnchangedAreApart) {
  InliningTree left, right;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(right, "Root.m()");
  // Deep inside subtrees that are identical but for the reasons (the matcher gives them no
  // delta children).
  NodeIndex a = AddCall(left, "A.m()", 1, l, CallsiteKind::kInlined);
  NodeIndex b = AddCall(right, "A.m()", 1, r, CallsiteKind::kInlined);
  a = AddCall(left, "B.m()", 2, a, CallsiteKind::kInlined);
  b = AddCall(right, "B.m()", 2, b, CallsiteKind::kInlined);
  AddCall(left, "C.m()", 3, a, CallsiteKind::kDirect, {"parsed", "callee is too large"});
  AddCall(right, "C.m()", 3, b, CallsiteKind::kDirect, {"parsed", "hot method too big"});
  // The same reason apart from its figures is no change.
  AddCall(left, "D.m()", 4, a, CallsiteKind::kInlined, {"relevance-based (relevance=1.0, n=5)"});
  AddCall(right, "D.m()", 4, b, CallsiteKind::kInlined, {"relevance-based (relevance=0.5, n=7)"});
  for (bool interiors : {false, true}) {
    SCOPED_TRACE(interiors);
    const PairDecisions d = Decide(left, right, interiors);
    ASSERT_EQ(d.changes.size(), 1u);
    EXPECT_FALSE(d.changes[0].kind_changed);
    EXPECT_THAT(PathOf(d, d.changes[0]),
                ElementsAre(Pair("A.m()", 1), Pair("B.m()", 2), Pair("C.m()", 3)));
    EXPECT_THAT(*d.changes[0].side[1].reasons, ElementsAre("parsed", "hot method too big"));
  }
}

// A call site that moved with the code (issue 36): the matcher sees experiment 2's tree with the
// moved call at experiment 1's bci (a copy); the changes read experiment 2's side from the tree
// as logged, so they outlive the copy (jit-vs-jit-runs keeps them past the pair).
TEST(DecisionChangesTest, MovedCallSitesAreListedOnlyWhenAskedAndOutliveTheMovedCopy) {
  InliningTree left, logged;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(logged, "Root.m()");
  AddCall(left, "A.m()", 5, l, CallsiteKind::kInlined);
  AddCall(logged, "A.m()", 5, r, CallsiteKind::kInlined);
  AddCall(left, "B.m()", 9, l, CallsiteKind::kInlined, {"inline"});
  AddCall(logged, "B.m()", 12, r, CallsiteKind::kInlined, {"inline"});  // moved by 3
  AddCall(left, "C.m()", 20, l, CallsiteKind::kDirect, {"callee is too large"});
  AddCall(logged, "C.m()", 23, r, CallsiteKind::kDirect, {"hot method too big"});  // and reason
  for (bool moves : {false, true}) {
    SCOPED_TRACE(moves);
    PairDecisions d;
    {
      InliningTree moved = logged;  // B and C at experiment 1's bci
      moved.node(2).bci = 9;
      moved.node(3).bci = 20;
      InliningTreeEditPolicy policy(left, moved);
      std::optional<TreeMatch> match = tree_matcher_internal::MatchTreesUnlessTooBig(
          tree_matcher_internal::AdapterOracle<InliningTreeEditPolicy>(policy),
          /*identical_interiors=*/true, kMaxMatchedNodePairs);
      CollectDecisionChanges(match, left, moved, &d, &logged, moves);
    }
    ASSERT_EQ(d.changes.size(), moves ? 2u : 1u);
    const DecisionChange& reason = d.changes[moves ? 1 : 0];
    EXPECT_FALSE(reason.kind_changed);
    EXPECT_FALSE(reason.moved);  // a moved call whose reason changed is a reason change
    EXPECT_EQ(reason.side[0].bci, 20);
    EXPECT_EQ(reason.side[1].bci, 23);
    EXPECT_THAT(*reason.side[1].reasons, ElementsAre("hot method too big"));
    EXPECT_THAT(PathOf(d, reason), ElementsAre(Pair("C.m()", 20)));
    if (moves) {
      const DecisionChange& move = d.changes[0];
      EXPECT_TRUE(move.moved);
      EXPECT_FALSE(move.kind_changed);
      EXPECT_EQ(move.side[0].bci, 9);
      EXPECT_EQ(move.side[1].bci, 12);
      EXPECT_THAT(*move.side[1].reasons, ElementsAre("inline"));
      EXPECT_THAT(PathOf(d, move), ElementsAre(Pair("B.m()", 9)));
    }
  }
}

TEST(DecisionChangesTest, ReasonKeys) {
  EXPECT_EQ(ReasonKey({}), "");
  EXPECT_EQ(ReasonKey({"first", "inline (hot)"}), "inline (hot)");
  EXPECT_EQ(ReasonKey({"relevance-based (relevance=1.000000, nodes=5 <= 30.000000)"}),
            "relevance-based");
  EXPECT_EQ(ReasonKey({"too big (callee (of 35 bytes)) now"}), "too big now");
  EXPECT_EQ(ReasonKeyOf("unclosed (1"), "unclosed");
}

TEST(DecisionChangesTest, CallSitesAndTreesTooBig) {
  InliningTree left, right;
  const NodeIndex l = AddRoot(left, "Root.m()");
  const NodeIndex r = AddRoot(right, "Root.m()");
  const NodeIndex a = AddCall(left, "A.m()", 1, l, CallsiteKind::kInlined);
  AddCall(left, "B.m()", 2, a, CallsiteKind::kDirect);
  AddCall(right, "A.m()", 1, r, CallsiteKind::kDirect);
  PairDecisions d = Decide(left, right);
  EXPECT_EQ(d.call_sites[0], 2);
  EXPECT_EQ(d.inlined[0], 1);
  EXPECT_EQ(d.call_sites[1], 1);
  EXPECT_EQ(d.inlined[1], 0);
  EXPECT_FALSE(d.too_big);
  CollectDecisionChanges(std::nullopt, left, right, &d);
  EXPECT_TRUE(d.too_big);
  EXPECT_TRUE(d.changes.empty());
  EXPECT_EQ(d.call_sites[0], 2);  // the rate still knows the trees
}

}  // namespace
}  // namespace profdiff
