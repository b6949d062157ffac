// The loop view's analysis (profdiff/analysis/loop_vectorization.h) on hand-made optimization
// trees shaped like the loop-vectorize remarks of clang 14 and 19.

#include "profdiff/analysis/loop_vectorization.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace profdiff {
namespace {

using ::testing::ElementsAre;

class Remarks {
 public:
  Remarks() {
    OptimizationTreeNode root;
    root.is_phase = true;
    root.name = "RootPhase";
    tree_.root = tree_.AddNode(std::move(root), kNoNode);
  }
  // A remark of `pass` at line offset `line`, `column` of `function` (inlined into `into`, if
  // given).
  Remarks& Add(std::string pass, std::string kind, std::string name, int line, int column,
               std::string message, std::vector<std::pair<std::string, std::string>> args = {},
               std::string function = "main", std::string into = "") {
    auto [it, added] = phases_.try_emplace(pass, kNoNode);
    if (added) {
      OptimizationTreeNode node;
      node.is_phase = true;
      node.name = pass;
      it->second = tree_.AddNode(std::move(node), tree_.root);
    }
    const NodeIndex phase = it->second;
    OptimizationTreeNode remark;
    remark.name = name;
    remark.event_name = kind;
    remark.position.push_back(PositionEntry{InternedName(function), line * 1000 + column});
    if (!into.empty()) remark.position.push_back(PositionEntry{InternedName(into), -1});
    remark.properties.push_back(Property{"message", PropertyValue{message, "", ""}});
    for (auto& [key, value] : args) {
      remark.properties.push_back(Property{key, PropertyValue{value, "", ""}});
    }
    tree_.AddNode(std::move(remark), phase);
    return *this;
  }
  Remarks& Vectorized(int line, int column, std::string width, std::string interleave,
                      std::string function = "main", std::string into = "") {
    return Add("loop-vectorize", "Passed", "Vectorized", line, column,
               "vectorized loop (vectorization width: " + width +
                   ", interleaved count: " + interleave + ")",
               {{"VectorizationFactor", width}, {"InterleaveCount", interleave}},
               std::move(function), std::move(into));
  }
  const OptimizationTree& tree() const { return tree_; }

 private:
  OptimizationTree tree_;
  std::map<std::string, NodeIndex> phases_;
};

std::string Describe(const LoopChange& change) {
  std::string text;
  for (const PositionEntry& entry : change.position) {
    text += entry.method.str() + "@" + std::to_string(entry.bci) + " ";
  }
  for (int s = 0; s < 2; ++s) {
    text += "|";
    for (const VectorizedLoop& v : change.side[s].vectorized) {
      text += v.width + "x" + v.interleave + " ";
    }
    for (const std::string& reason : change.side[s].reasons) text += "<" + reason + ">";
  }
  return text;
}

std::vector<std::string> Changes(const Remarks& left, const Remarks& right) {
  std::vector<std::string> out;
  for (const LoopChange& change : FindLoopVectorizationChanges(left.tree(), right.tree())) {
    out.push_back(Describe(change));
  }
  return out;
}

TEST(LoopVectorizationTest, AStoppedLoopHasTheOtherSidesReasonsFromItsInstructionsToo) {
  Remarks left;
  left.Vectorized(1, 3, "4", "2");
  // Not vectorized for a reason at an instruction of the loop (another column), then at the
  // loop; the next loop's remarks are another loop's.
  Remarks right;
  right
      .Add("loop-vectorize", "AnalysisFPCommute", "CantReorderFPOps", 1, 35,
           "loop not vectorized: cannot prove it is safe to reorder floating-point operations")
      .Add("loop-vectorize", "Missed", "MissedDetails", 1, 3, "loop not vectorized")
      .Add("loop-vectorize", "Analysis", "CantVectorizeLibcall", 4, 17,
           "loop not vectorized: call instruction cannot be vectorized")
      .Add("loop-vectorize", "Missed", "MissedDetails", 3, 3, "loop not vectorized");
  EXPECT_THAT(Changes(left, right),
              ElementsAre("main@1003 |4x2 |<loop not vectorized: cannot prove it is safe to "
                          "reorder floating-point operations><loop not vectorized>"));
}

TEST(LoopVectorizationTest, StartedChangedAndUnchangedLoops) {
  Remarks left;
  left.Add("loop-vectorize", "Missed", "VectorizationNotBeneficial", 2, 3,
           "the cost-model indicates that vectorization is not beneficial")
      .Add("loop-vectorize", "Missed", "InterleavingNotBeneficial", 2, 24,
           "the cost-model indicates that interleaving is not beneficial")
      .Vectorized(5, 3, "4", "2")
      .Vectorized(9, 3, "4", "1");
  Remarks right;
  right.Vectorized(2, 3, "4", "2")
      .Add("loop-vectorize", "Analysis", "InterleavingNotBeneficial", 5, 3,
           "the cost-model indicates that interleaving is not beneficial")
      .Vectorized(5, 3, "8", "1")
      .Vectorized(9, 3, "4", "1");
  EXPECT_THAT(Changes(left, right),
              ElementsAre("main@2003 |<the cost-model indicates that vectorization is not "
                          "beneficial><the cost-model indicates that interleaving is not "
                          "beneficial>|4x2 ",
                          "main@5003 |4x2 |8x1 <the cost-model indicates that interleaving is "
                          "not beneficial>"));
  EXPECT_EQ(KindOf(FindLoopVectorizationChanges(left.tree(), right.tree())[0]),
            LoopChangeKind::kStarted);
  EXPECT_EQ(KindOf(FindLoopVectorizationChanges(left.tree(), right.tree())[1]),
            LoopChangeKind::kChanged);
  EXPECT_EQ(KindOf(FindLoopVectorizationChanges(right.tree(), left.tree())[0]),
            LoopChangeKind::kStopped);
}

TEST(LoopVectorizationTest, TwoLoopsDecidedOnOneLineEachAreTwoLoops) {
  // Two loops in a row that were each not vectorized with the same remark names: the second
  // MissedDetails begins another loop, so the vectorized one's reasons are only its own.
  Remarks left;
  left.Add("loop-vectorize", "Missed", "MissedDetails", 1, 3, "loop not vectorized")
      .Add("loop-vectorize", "Missed", "MissedExplicitlyDisabled", 2, 3,
           "loop not vectorized: vectorization is explicitly disabled");
  Remarks right;
  right.Add("loop-vectorize", "Missed", "MissedDetails", 1, 3, "loop not vectorized")
      .Vectorized(2, 3, "4", "1");
  EXPECT_THAT(Changes(left, right),
              ElementsAre("main@2003 |<loop not vectorized: vectorization is explicitly "
                          "disabled>|4x1 "));
}

TEST(LoopVectorizationTest, InlinedCopiesOfALoopCountOncePerCopy) {
  // A function inlined twice: its loop, at one position in the function it is inlined into, is
  // vectorized in both copies on the left and in one on the right.
  Remarks left;
  left.Vectorized(1, 3, "4", "2", "scale", "main").Vectorized(1, 3, "4", "2", "scale", "main");
  Remarks right;
  right.Vectorized(1, 3, "4", "2", "scale", "main")
      .Add("loop-vectorize", "Missed", "MissedDetails", 1, 3, "loop not vectorized", {}, "scale",
           "main");
  EXPECT_THAT(Changes(left, right),
              ElementsAre("scale@1003 main@-1 |4x2 4x2 |4x2 <loop not vectorized>"));
}

TEST(LoopVectorizationTest, OtherPassesAndLogsWithoutTheVectorizerHaveNoLoops) {
  Remarks left;
  left.Add("loop-unroll", "Passed", "FullyUnrolled", 1, 3, "completely unrolled loop");
  Remarks right;
  right.Add("licm", "Passed", "Hoisted", 1, 3, "hoisting load");
  EXPECT_TRUE(FindLoopVectorizationChanges(left.tree(), right.tree()).empty());
  EXPECT_TRUE(FindLoopVectorizationChanges(OptimizationTree(), OptimizationTree()).empty());
  // The same vectorization on both sides is no change, whatever the reasons.
  Remarks same;
  same.Vectorized(1, 3, "4", "2");
  Remarks again;
  again.Add("loop-vectorize", "Analysis", "InterleavingNotBeneficial", 1, 3, "not beneficial")
      .Vectorized(1, 3, "4", "2");
  EXPECT_TRUE(FindLoopVectorizationChanges(same.tree(), again.tree()).empty());
}

TEST(LoopVectorizationTest, ALoopWithoutRemarksOnOneSideIsUnremarkedThere) {
  Remarks left;
  left.Vectorized(7, 5, "2", "1");
  Remarks right;
  right.Add("loop-unroll", "Passed", "FullyUnrolled", 7, 5, "completely unrolled loop");
  const std::vector<LoopChange> changes = FindLoopVectorizationChanges(left.tree(), right.tree());
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_TRUE(changes[0].side[0].remarked);
  EXPECT_FALSE(changes[0].side[1].remarked);
  EXPECT_TRUE(changes[0].side[1].reasons.empty());
}

}  // namespace
}  // namespace profdiff
