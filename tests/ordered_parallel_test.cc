// ProduceInOrder: items are consumed in index order whatever order the workers finish in, a
// consumer can stop early, and no more than a window of items is produced ahead.

#include "profdiff/ordered_parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

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

TEST(ProduceInOrderTest, NothingToDo) {
  bool called = false;
  ProduceInOrder<int>(
      0, 2, [&](size_t) { return called = true, 0; }, [&](size_t, int&) { return called = true; });
  EXPECT_FALSE(called);
}

}  // namespace
}  // namespace profdiff
