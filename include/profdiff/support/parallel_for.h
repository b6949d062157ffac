#ifndef PROFDIFF_SUPPORT_PARALLEL_FOR_H_
#define PROFDIFF_SUPPORT_PARALLEL_FOR_H_

// Runs independent pieces of work (the chunks of a recording) on several threads, each thread
// taking the next piece when it finishes one, so that pieces of unequal size keep all threads
// busy. Unlike ProduceInOrder (ordered_parallel.h), the results stay where the work puts them.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace profdiff {

// Calls work(i) once for each i in [0, count), on up to `threads` threads: the calling thread
// and threads - 1 others. Returns when all calls have returned.
template <class Work>
void ParallelFor(size_t count, unsigned threads, const Work& work) {
  threads = static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>(threads, count)));
  std::atomic<size_t> next{0};
  auto run = [&] {
    for (size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) work(i);
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(run);
  run();
  for (std::thread& helper : helpers) helper.join();
}

}  // namespace profdiff

#endif  // PROFDIFF_SUPPORT_PARALLEL_FOR_H_
