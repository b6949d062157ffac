#include "profdiff/analysis/call_site_alignment.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "profdiff/analysis/optimization_alignment.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/inlining_tree.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

enum class Call { kInlined, kDirect };

NodeIndex Root(InliningTree& tree, int32_t size = -1) {
  InliningTreeNode node;
  node.method_name = "Main.run()";
  node.inlined = true;
  node.bytecode_size = size;
  tree.root = tree.AddNode(std::move(node), kNoNode);
  return tree.root;
}

NodeIndex Add(InliningTree& tree, NodeIndex parent, std::string name, int32_t bci,
              Call call = Call::kInlined, int32_t size = -1) {
  InliningTreeNode node;
  node.method_name = std::move(name);
  node.bci = bci;
  node.inlined = call == Call::kInlined;
  node.alive = call == Call::kDirect;
  node.bytecode_size = size;
  return tree.AddNode(std::move(node), parent);
}

CallSiteMove Move(NodeIndex left, NodeIndex right, int32_t left_bci, int32_t right_bci) {
  return CallSiteMove{left, right, left_bci, right_bci};
}

// The edit cost of matching the trees after the moves are applied.
int64_t CostAfterAlignment(const InliningTree& left, const InliningTree& right) {
  InliningTree moved = ApplyCallSiteMoves(right, AlignCallSites(left, right), /*sort=*/true);
  return TreeEditDistance(InliningTreeEditPolicy(left, moved));
}

TEST(CallSiteAlignment, ShiftedCallsOfAChangedMethodMove) {
  InliningTree left, right;
  NodeIndex l = Root(left, 100), r = Root(right, 110);
  NodeIndex la = Add(left, l, "A.a()", 5), lb = Add(left, l, "B.b()", 10),
            lc = Add(left, l, "C.c()", 20);
  NodeIndex ra = Add(right, r, "A.a()", 5), rb = Add(right, r, "B.b()", 15),
            rc = Add(right, r, "C.c()", 25);
  (void)la;
  (void)ra;
  EXPECT_THAT(AlignCallSites(left, right).moves,
              ElementsAre(Move(lb, rb, 10, 15), Move(lc, rc, 20, 25)));
  EXPECT_EQ(TreeEditDistance(InliningTreeEditPolicy(left, right)), 4);
  EXPECT_EQ(CostAfterAlignment(left, right), 0);
}

TEST(CallSiteAlignment, SameSizeMeansSameCodeAndNothingMoves) {
  // HotSpot says the code is the same: a callee gone at one bci and new at another is two
  // changes (another call site), never a move.
  InliningTree left, right;
  NodeIndex l = Root(left, 100), r = Root(right, 100);
  Add(left, l, "B.b()", 10);
  Add(left, l, "C.c()", 20);
  Add(right, r, "B.b()", 15);
  Add(right, r, "C.c()", 25);
  EXPECT_TRUE(AlignCallSites(left, right).moves.empty());
}

TEST(CallSiteAlignment, WithoutSizesTwoCallsMovedByTheSameDistanceProveAChange) {
  InliningTree left, right;
  NodeIndex l = Root(left), r = Root(right);
  Add(left, l, "A.a()", 5);
  NodeIndex lb = Add(left, l, "B.b()", 10), lc = Add(left, l, "C.c()", 20);
  Add(right, r, "A.a()", 5);
  NodeIndex rb = Add(right, r, "B.b()", 14), rc = Add(right, r, "C.c()", 24);
  EXPECT_THAT(AlignCallSites(left, right).moves,
              ElementsAre(Move(lb, rb, 10, 14), Move(lc, rc, 20, 24)));
}

TEST(CallSiteAlignment, WithoutSizesOneMoveOrALeftoverIsNoProof) {
  {
    InliningTree left, right;
    NodeIndex l = Root(left), r = Root(right);
    Add(left, l, "B.b()", 10);
    Add(right, r, "B.b()", 14);
    EXPECT_TRUE(AlignCallSites(left, right).moves.empty());
  }
  {
    InliningTree left, right;  // two moves by 4, but a call gone that pairs with nothing
    NodeIndex l = Root(left), r = Root(right);
    Add(left, l, "B.b()", 10);
    Add(left, l, "C.c()", 20);
    Add(left, l, "D.d()", 30);
    Add(right, r, "B.b()", 14);
    Add(right, r, "C.c()", 24);
    EXPECT_TRUE(AlignCallSites(left, right).moves.empty());
  }
  {
    InliningTree left, right;  // two moves by different distances
    NodeIndex l = Root(left), r = Root(right);
    Add(left, l, "B.b()", 10);
    Add(left, l, "C.c()", 20);
    Add(right, r, "B.b()", 14);
    Add(right, r, "C.c()", 27);
    EXPECT_TRUE(AlignCallSites(left, right).moves.empty());
  }
}

TEST(CallSiteAlignment, SwappedCallsBothMove) {
  InliningTree left, right;
  NodeIndex l = Root(left, 20), r = Root(right, 21);
  NodeIndex la = Add(left, l, "A.a()", 5), lb = Add(left, l, "B.b()", 9);
  NodeIndex rb = Add(right, r, "B.b()", 5), ra = Add(right, r, "A.a()", 9);
  EXPECT_THAT(AlignCallSites(left, right).moves,
              ElementsAre(Move(la, ra, 5, 9), Move(lb, rb, 9, 5)));
  EXPECT_EQ(CostAfterAlignment(left, right), 0);
}

TEST(CallSiteAlignment, DuplicatedCalleesMoveInOrder) {
  InliningTree left, right;
  NodeIndex l = Root(left, 20), r = Root(right, 22);
  NodeIndex l5 = Add(left, l, "S.small()", 5), l9 = Add(left, l, "S.small()", 9);
  NodeIndex r7 = Add(right, r, "S.small()", 7), r11 = Add(right, r, "S.small()", 11);
  EXPECT_THAT(AlignCallSites(left, right).moves,
              ElementsAre(Move(l5, r7, 5, 7), Move(l9, r11, 9, 11)));
  EXPECT_EQ(CostAfterAlignment(left, right), 0);
}

TEST(CallSiteAlignment, ACallThatDidNotMoveIsNeverPairedWithAnother) {
  // small() at 5 and 9, then only at 9: the call at 5 was lost, the call at 9 did not move.
  InliningTree left, right;
  NodeIndex l = Root(left, 20), r = Root(right, 17);
  Add(left, l, "S.small()", 5);
  Add(left, l, "S.small()", 9);
  Add(right, r, "S.small()", 9);
  EXPECT_TRUE(AlignCallSites(left, right).moves.empty());
  EXPECT_EQ(CostAfterAlignment(left, right), 1);
}

TEST(CallSiteAlignment, ACallRemovedBetweenTwoCallsOfTheSameCallee) {
  // small(); other(); small(); with other() removed: the second small() moves up by 3.
  InliningTree left, right;
  NodeIndex l = Root(left, 20), r = Root(right, 17);
  Add(left, l, "S.small()", 5);
  Add(left, l, "O.other()", 7, Call::kDirect);
  NodeIndex l9 = Add(left, l, "S.small()", 10);
  Add(right, r, "S.small()", 5);
  NodeIndex r7 = Add(right, r, "S.small()", 7);
  EXPECT_THAT(AlignCallSites(left, right).moves, ElementsAre(Move(l9, r7, 10, 7)));
  EXPECT_EQ(CostAfterAlignment(left, right), 1);  // other() deleted, nothing else
}

TEST(CallSiteAlignment, AMovedCallWhoseDecisionChangedIsOneRelabel) {
  InliningTree left, right;
  NodeIndex l = Root(left, 392), r = Root(right, 447);
  NodeIndex la = Add(left, l, "A.a()", 188, Call::kInlined);
  NodeIndex ra = Add(right, r, "A.a()", 243, Call::kDirect);
  EXPECT_THAT(AlignCallSites(left, right).moves, ElementsAre(Move(la, ra, 188, 243)));
  InliningTree moved = ApplyCallSiteMoves(right, AlignCallSites(left, right), true);
  InliningTreeEditPolicy policy(left, moved);
  DeltaTree delta = MatchTrees(policy);
  ASSERT_EQ(delta.nodes.size(), 2u);
  EXPECT_EQ(delta.nodes[delta.nodes[delta.root].children[0]].kind, DeltaKind::kRelabel);
}

TEST(CallSiteAlignment, InlinedCalleesAreAlignedWhenTheirOwnCodeChanged) {
  // The caller did not change (same size), the inlined callee did: its calls moved.
  InliningTree left, right;
  NodeIndex l = Root(left, 50), r = Root(right, 50);
  NodeIndex lh = Add(left, l, "H.helper()", 3, Call::kInlined, 30);
  NodeIndex rh = Add(right, r, "H.helper()", 3, Call::kInlined, 34);
  NodeIndex lx = Add(left, lh, "X.x()", 10);
  NodeIndex rx = Add(right, rh, "X.x()", 14);
  EXPECT_THAT(AlignCallSites(left, right).moves, ElementsAre(Move(lx, rx, 10, 14)));
}

TEST(CallSiteAlignment, TheTargetsOfAMovedVirtualCallMoveWithIt) {
  // A virtual call's targets are logged at the call's bci (javac's checkIdInternal, JDK 17 vs
  // 25: Type.getEnclosingType() at bci 100 -> 80, its target ClassType.getEnclosingType() with
  // it). The target's own size is the same on both sides; it moved because its call did.
  InliningTree left, right;
  NodeIndex l = Root(left, 300), r = Root(right, 280);
  Add(left, l, "A.a()", 20);
  Add(right, r, "A.a()", 0);
  NodeIndex lv = Add(left, l, "T.get()", 100, Call::kDirect, 5);
  NodeIndex rv = Add(right, r, "T.get()", 80, Call::kDirect, 5);
  left.node(lv).indirect = true;
  right.node(rv).indirect = true;
  NodeIndex lt = Add(left, lv, "U.get()", 100, Call::kInlined, 5);
  NodeIndex rt = Add(right, rv, "U.get()", 80, Call::kInlined, 5);
  // Inside the target, a call at its own bci: not a target, not moved.
  Add(left, lt, "V.v()", 1);
  Add(right, rt, "V.v()", 1);
  const CallSiteAlignment alignment = AlignCallSites(left, right);
  EXPECT_THAT(alignment.moves,
              ElementsAre(Move(1, 1, 20, 0), Move(lv, rv, 100, 80), Move(lt, rt, 100, 80)));
  EXPECT_EQ(CostAfterAlignment(left, right), 0);
}

TEST(CallSiteAlignment, Recursion) {
  // f() inlines itself twice; the code of f() grew by 2 before its recursive call.
  InliningTree left, right;
  InliningTreeNode root;
  root.method_name = "R.f(int)";
  root.inlined = true;
  root.bytecode_size = 20;
  left.root = left.AddNode(InliningTreeNode(root), kNoNode);
  root.bytecode_size = 22;
  right.root = right.AddNode(InliningTreeNode(root), kNoNode);
  NodeIndex l1 = Add(left, left.root, "R.f(int)", 8, Call::kInlined, 20);
  NodeIndex l2 = Add(left, l1, "R.f(int)", 8, Call::kDirect, 20);
  NodeIndex r1 = Add(right, right.root, "R.f(int)", 10, Call::kInlined, 22);
  NodeIndex r2 = Add(right, r1, "R.f(int)", 10, Call::kDirect, 22);
  EXPECT_THAT(AlignCallSites(left, right).moves,
              ElementsAre(Move(l1, r1, 8, 10), Move(l2, r2, 8, 10)));
  EXPECT_EQ(CostAfterAlignment(left, right), 0);
}

// A random inlining tree: callees from a small set (duplicates and recursion likely).
InliningTree RandomTree(std::mt19937& random, bool sizes) {
  InliningTree tree;
  Root(tree, sizes ? 100 : -1);
  std::uniform_int_distribution<int> callee(0, 4), bci(0, 30), kind(0, 1), more(0, 9);
  std::vector<NodeIndex> inner{tree.root};
  const int nodes = 1 + static_cast<int>(random() % 40);
  for (int i = 0; i < nodes; ++i) {
    NodeIndex parent = inner[random() % inner.size()];
    Call call = kind(random) == 0 ? Call::kInlined : Call::kDirect;
    NodeIndex n = Add(tree, parent, "C.m" + std::to_string(callee(random)) + "()", bci(random),
                      call, sizes ? 40 + callee(random) : -1);
    if (call == Call::kInlined) inner.push_back(n);
  }
  SortInliningTree(tree);
  return tree;
}

TEST(CallSiteAlignment, EqualTreesAreLeftAsTheyAre) {
  std::mt19937 random(36);
  for (int round = 0; round < 500; ++round) {
    InliningTree tree = RandomTree(random, round % 2 == 0);
    EXPECT_TRUE(AlignCallSites(tree, tree).moves.empty()) << "round " << round;
  }
}

TEST(CallSiteAlignment, AlignmentNeverCostsMore) {
  // Moves only turn a deletion and an insertion into an identity or a relabel.
  std::mt19937 random(37);
  for (int round = 0; round < 500; ++round) {
    InliningTree left = RandomTree(random, round % 2 == 0);
    InliningTree right = RandomTree(random, round % 2 == 0);
    EXPECT_LE(CostAfterAlignment(left, right),
              TreeEditDistance(InliningTreeEditPolicy(left, right)))
        << "round " << round;
  }
}

// Optimization positions (optimization_alignment.h).

NodeIndex AddTrap(OptimizationTree& tree, NodeIndex parent, Position position) {
  OptimizationTreeNode node;
  node.name = "UncommonTrap";
  node.event_name = "null_check";
  node.position = std::move(position);
  return tree.AddNode(std::move(node), parent);
}

NodeIndex RootPhase(OptimizationTree& tree) {
  OptimizationTreeNode node;
  node.is_phase = true;
  node.name = "RootPhase";
  tree.root = tree.AddNode(std::move(node), kNoNode);
  return tree.root;
}

// v1: a() at 5, b() at 10, c() at 20; v2: 7 bytes added after a(): b() at 17, c() at 27.
struct EditedMethod {
  InliningTree left, right;
  NodeIndex lb, rb;
  EditedMethod() {
    NodeIndex l = Root(left, 100), r = Root(right, 107);
    Add(left, l, "A.a()", 5);
    lb = Add(left, l, "B.b()", 10);
    Add(left, l, "C.c()", 20);
    Add(right, r, "A.a()", 5);
    rb = Add(right, r, "B.b()", 17);
    Add(right, r, "C.c()", 27);
    Add(left, lb, "D.d()", 3);
    Add(right, rb, "D.d()", 3);
  }
};

std::vector<int32_t> Bcis(const Position& position) {
  std::vector<int32_t> bcis;
  for (const PositionEntry& entry : position) bcis.push_back(entry.bci);
  return bcis;
}

TEST(OptimizationAlignment, PositionsInCodeThatMovedMapToExperiment1) {
  EditedMethod m;
  const CallSiteAlignment alignment = AlignCallSites(m.left, m.right);
  ASSERT_EQ(alignment.moves.size(), 2u);
  OptimizationTree right;
  NodeIndex root = RootPhase(right);
  NodeIndex before = AddTrap(right, root, {{"Main.run()", 2}});    // before the edit
  NodeIndex between = AddTrap(right, root, {{"Main.run()", 22}});  // between b() and c()
  NodeIndex at_call = AddTrap(right, root, {{"Main.run()", 17}});  // at b()'s call
  NodeIndex after = AddTrap(right, root, {{"Main.run()", 40}});    // after the last call
  NodeIndex edit = AddTrap(right, root, {{"Main.run()", 9}});      // in the edit: a() .. b()
  NodeIndex inside = AddTrap(right, root, {{"B.b()", 4}, {"Main.run()", 17}});
  NodeIndex deeper = AddTrap(right, root, {{"D.d()", 1}, {"B.b()", 3}, {"Main.run()", 17}});
  NodeIndex unknown = AddTrap(right, root, {{"X.x()", 1}, {"Main.run()", 12}});
  std::optional<OptimizationTree> mapped =
      AlignOptimizationPositions(m.left, m.right, alignment, right, /*sort=*/false);
  ASSERT_TRUE(mapped.has_value());
  EXPECT_THAT(Bcis(mapped->node(before).position), ElementsAre(2));
  EXPECT_THAT(Bcis(mapped->node(between).position), ElementsAre(15));
  EXPECT_THAT(Bcis(mapped->node(at_call).position), ElementsAre(10));
  EXPECT_THAT(Bcis(mapped->node(after).position), ElementsAre(33));
  EXPECT_THAT(Bcis(mapped->node(edit).position), ElementsAre(9));  // a() 0, b() 7: unknown
  // b()'s own code is the same (its call d() did not move): only its call site maps.
  EXPECT_THAT(Bcis(mapped->node(inside).position), ElementsAre(4, 10));
  EXPECT_THAT(Bcis(mapped->node(deeper).position), ElementsAre(1, 3, 10));
  EXPECT_THAT(Bcis(mapped->node(unknown).position), ElementsAre(1, 12));  // no such call site
}

TEST(OptimizationAlignment, AMovedTrapMatchesItselfAndANewOneStaysNew) {
  EditedMethod m;
  OptimizationTree left, right;
  AddTrap(left, RootPhase(left), {{"Main.run()", 15}});
  NodeIndex r = RootPhase(right);
  AddTrap(right, r, {{"Main.run()", 22}});
  AddTrap(right, r, {{"Main.run()", 9}});
  const CallSiteAlignment alignment = AlignCallSites(m.left, m.right);
  std::optional<OptimizationTree> mapped =
      AlignOptimizationPositions(m.left, m.right, alignment, right, /*sort=*/true);
  ASSERT_TRUE(mapped.has_value());
  EXPECT_EQ(TreeEditDistance(OptimizationTreeEditPolicy(left, right)), 3);
  EXPECT_EQ(TreeEditDistance(OptimizationTreeEditPolicy(left, *mapped)), 1);
}

TEST(OptimizationAlignment, NothingIsMappedOnTheSameCode) {
  InliningTree left, right;
  NodeIndex l = Root(left, 100), r = Root(right, 100);
  Add(left, l, "B.b()", 10);
  Add(right, r, "B.b()", 10);
  OptimizationTree optimizations;
  AddTrap(optimizations, RootPhase(optimizations), {{"Main.run()", 12}});
  const CallSiteAlignment alignment = AlignCallSites(left, right);
  EXPECT_TRUE(alignment.left_of_right.empty());
  EXPECT_FALSE(AlignOptimizationPositions(left, right, alignment, optimizations, true).has_value());
}

}  // namespace
}  // namespace profdiff
