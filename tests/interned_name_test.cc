#include "profdiff/model/interned_name.h"

#include <string>
#include <thread>
#include <vector>

#include "absl/hash/hash.h"
#include "gtest/gtest.h"
#include "profdiff/model/optimization_tree.h"

namespace profdiff {
namespace {

TEST(InternedNameTest, DefaultIsEmpty) {
  InternedName name;
  EXPECT_TRUE(name.empty());
  EXPECT_EQ(name.size(), 0u);
  EXPECT_EQ(name, "");
  EXPECT_EQ(name, InternedName(""));
}

TEST(InternedNameTest, EqualTextIsTheSameString) {
  std::string text = "GraphBuilderPhase";  // longer than the small-string buffer
  InternedName a(text);
  text[0] = 'X';  // the interned copy does not follow the source
  InternedName b("GraphBuilderPhase");
  EXPECT_EQ(a, b);
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_EQ(a.view(), "GraphBuilderPhase");
  EXPECT_FALSE(a == InternedName(text));
  EXPECT_FALSE(a == InternedName("GraphBuilderPhas"));
}

TEST(InternedNameTest, AssignmentAndStringOperations) {
  InternedName name;
  name = std::string_view("IncrementalCanonicalizerPhase");
  EXPECT_EQ(name, std::string_view("IncrementalCanonicalizerPhase"));
  EXPECT_TRUE(name.ends_with("CanonicalizerPhase"));
  EXPECT_FALSE(name.ends_with("DeadCodeEliminationPhase"));
  std::string_view view = name;
  EXPECT_EQ(view.size(), name.size());
  name = "RootPhase";
  EXPECT_EQ(name.str(), "RootPhase");
  // Text with NUL bytes is kept whole.
  InternedName with_nul(std::string_view("a\0b", 3));
  EXPECT_EQ(with_nul.size(), 3u);
  EXPECT_FALSE(with_nul == InternedName("a"));
}

TEST(InternedNameTest, HashFollowsEquality) {
  absl::Hash<InternedName> hash;
  EXPECT_EQ(hash(InternedName("LoopUnrolling")), hash(InternedName(std::string("LoopUnrolling"))));
}

TEST(InternedNameTest, ThreadsGetTheSameString) {
  // Each thread has its own cache in front of the shared table: all must agree.
  constexpr int kThreads = 4;
  constexpr int kNames = 500;
  std::vector<std::vector<const std::string*>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &seen] {
      for (int i = 0; i < kNames; ++i) {
        int k = (i * (t + 1)) % kNames;  // every thread in another order
        seen[t].push_back(&InternedName("ThreadName" + std::to_string(k)).str());
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kNames; ++i) {
      const std::string* mine = seen[t][i];
      int k = (i * (t + 1)) % kNames;
      EXPECT_EQ(*mine, "ThreadName" + std::to_string(k));
      EXPECT_EQ(mine, &InternedName("ThreadName" + std::to_string(k)).str());
    }
  }
}

TEST(InternedNameTest, CopiedNodesShareTheirNames) {
  OptimizationTreeNode node;
  node.is_phase = true;
  node.name = "GraphBuilderPhase";
  OptimizationTreeNode copy = node;
  EXPECT_EQ(&copy.name.str(), &node.name.str());
  EXPECT_EQ(copy.name, node.name);
}

}  // namespace
}  // namespace profdiff
