// ProduceInOrder: items are consumed in index order whatever order the workers finish in, a
// consumer can stop early, and no more than a window of items is produced ahead. ItemBatches
// groups items by cost; RenderInOrder renders batches of pieces and writes them in order.

#include "profdiff/support/ordered_parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "commands/ordered_parallel.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {
namespace {

TEST(ProduceInOrderTest, ConsumesInIndexOrder) {
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<size_t> consumed;
    ProduceInOrder<std::string>(
        50, threads,
        [](size_t i) {
          // Later items often finish first.
          std::this_thread::sleep_for(std::chrono::microseconds((50 - i) % 7 * 100));
          return std::to_string(i);
        },
        [&](size_t i, std::string& item) {
          EXPECT_EQ(item, std::to_string(i));
          consumed.push_back(i);
          return true;
        });
    ASSERT_EQ(consumed.size(), 50u) << threads;
    for (size_t i = 0; i < consumed.size(); ++i) EXPECT_EQ(consumed[i], i);
  }
}

TEST(ProduceInOrderTest, StopsWhenTheConsumerSaysSo) {
  for (unsigned threads : {1u, 2u}) {
    std::atomic<size_t> produced{0};
    std::vector<size_t> consumed;
    ProduceInOrder<size_t>(
        10'000, threads,
        [&](size_t i) {
          ++produced;
          return i;
        },
        [&](size_t i, size_t&) {
          consumed.push_back(i);
          return i < 3;
        });
    EXPECT_EQ(consumed, (std::vector<size_t>{0, 1, 2, 3})) << threads;
    // Only a window of items beyond the last consumed one was produced.
    EXPECT_LE(produced.load(), 4u + 4 * threads + threads) << threads;
  }
}

TEST(ProduceInOrderTest, ManyMoreItemsThanTheWindow) {
  // The window's slots are reused thousands of times; items that own memory move through them.
  for (unsigned threads : {2u, 3u}) {
    size_t next = 0;
    ProduceInOrder<std::vector<size_t>>(
        20'000, threads,
        [](size_t i) {
          if (i % 97 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
          return std::vector<size_t>(1 + i % 5, i);
        },
        [&](size_t i, std::vector<size_t>& item) {
          EXPECT_EQ(i, next);
          EXPECT_EQ(item, std::vector<size_t>(1 + i % 5, i));
          ++next;
          return true;
        });
    EXPECT_EQ(next, 20'000u) << threads;
  }
}

TEST(ProduceInOrderTest, NothingToDo) {
  bool called = false;
  ProduceInOrder<int>(
      0, 2, [&](size_t) { return called = true, 0; }, [&](size_t, int&) { return called = true; });
  EXPECT_FALSE(called);
}

TEST(ItemBatchesTest, GroupsItemsUpToTheBudget) {
  ItemBatches batches(100, 1000);
  for (uint64_t cost : {30, 30, 30, 30, 10, 60, 50}) batches.Add(cost);
  // 30+30+30 fits, +30 would not; 30+10+60 reaches the budget exactly; 50 alone.
  EXPECT_EQ(std::move(batches).Ends(), (std::vector<size_t>{3, 6, 7}));
}

TEST(ItemBatchesTest, AnItemOverTheBudgetIsABatchOfItsOwn) {
  ItemBatches batches(100, 1000);
  for (uint64_t cost : {10, 500, 10, 10, 1000}) batches.Add(cost);
  EXPECT_EQ(std::move(batches).Ends(), (std::vector<size_t>{1, 2, 4, 5}));
}

TEST(ItemBatchesTest, AtMostMaxItemsPerBatch) {
  ItemBatches batches(1000, 3);
  for (int i = 0; i < 7; ++i) batches.Add(0);
  EXPECT_EQ(std::move(batches).Ends(), (std::vector<size_t>{3, 6, 7}));
}

TEST(ItemBatchesTest, NoItemsNoBatches) { EXPECT_TRUE(ItemBatches(100, 10).Ends().empty()); }

TEST(PieceBatchEndsTest, BatchesAreAtMost256KiB) {
  std::vector<uint64_t> costs(10'000, 4096);  // 40 MB of records
  const std::vector<size_t> ends = PieceBatchEnds(costs, 3);
  ASSERT_FALSE(ends.empty());
  EXPECT_EQ(ends.back(), costs.size());
  size_t begin = 0;
  for (size_t end : ends) {
    EXPECT_LE((end - begin) * 4096, 256u << 10);
    begin = end;
  }
  EXPECT_EQ(ends.front(), 64u);  // 64 * 4 KiB = 256 KiB
}

TEST(PieceBatchEndsTest, ASmallOutputStillGivesEveryThreadManyBatches) {
  std::vector<uint64_t> costs(200, 1000);
  EXPECT_GE(PieceBatchEnds(costs, 3).size(), 3u * 16);
  // Pieces that cost nothing (sections' heads) are still batched.
  EXPECT_EQ(PieceBatchEnds(std::vector<uint64_t>(600, 0), 2).size(), 3u);
}

// Each piece writes one warning line naming itself.
void RenderWarning(size_t i, Renderer& sink, RenderedPiece& piece) {
  const std::string text = "piece " + std::to_string(i);
  sink.Warning(WarningRecord{text});
  ++piece.tally.methods;
}

TEST(RenderInOrderTest, WritesEveryPieceOfEveryBatchInOrder) {
  std::string expected;
  for (size_t i = 0; i < 500; ++i) expected += "Warning: piece " + std::to_string(i) + "\n";
  for (unsigned threads : {1u, 3u}) {
    std::string text;
    {
      TextRenderer out(&text);
      EndRecord totals;
      ItemBatches batches(10, 1000);
      for (size_t i = 0; i < 500; ++i) batches.Add(i % 13);
      absl::Status status =
          RenderInOrder(std::move(batches).Ends(), threads, out, &totals, RenderWarning);
      EXPECT_TRUE(status.ok());
      EXPECT_EQ(totals.methods, 500);
      out.Flush();
    }
    EXPECT_EQ(text, expected) << threads;
  }
}

TEST(RenderInOrderTest, StopsAfterTheFirstFailingPiece) {
  for (unsigned threads : {1u, 3u}) {
    std::string text;
    std::atomic<size_t> rendered_after{0};
    EndRecord totals;
    absl::Status status;
    {
      TextRenderer out(&text);
      // One batch of 10 pieces, then batches of one.
      std::vector<size_t> ends{10};
      for (size_t i = 11; i <= 100; ++i) ends.push_back(i);
      status = RenderInOrder(ends, threads, out, &totals,
                             [&](size_t i, Renderer& sink, RenderedPiece& piece) {
                               RenderWarning(i, sink, piece);
                               if (i == 4) piece.status = absl::DataLossError("piece 4 failed");
                               if (i > 4 && i < 10) ++rendered_after;
                             });
      out.Flush();
    }
    EXPECT_EQ(status, absl::DataLossError("piece 4 failed"));
    EXPECT_EQ(totals.methods, 5) << threads;
    // Its batch stopped at it; the text ends with the failing piece's.
    EXPECT_EQ(rendered_after.load(), 0u);
    EXPECT_TRUE(text.ends_with("Warning: piece 4\n")) << text;
    EXPECT_EQ(text.find("piece 5"), std::string::npos);
  }
}

}  // namespace
}  // namespace profdiff
