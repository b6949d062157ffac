#ifndef PROFDIFF_SUPPORT_ORDERED_PIPELINE_H_
#define PROFDIFF_SUPPORT_ORDERED_PIPELINE_H_

// A three-stage pipeline over a stream whose length is not known ahead (the pieces of files read
// one block after another): a sequential source, a transformation on worker threads, and a
// sequential sink that receives the results in the source's order, so that what it builds does
// not depend on the number of threads. Unlike ProduceInOrder (ordered_parallel.h), the items are
// not known by index up front: the source makes them, on the calling thread, while the workers
// transform earlier ones. At most `window` items are in flight, so memory stays bounded.

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace profdiff {

// Calls next() on the calling thread until it returns nothing, transform(item) for each item on
// up to `threads` worker threads, and consume(result) on the calling thread in the order next()
// gave the items, until consume returns false (then next() is not called again and the workers
// stop after what they are transforming). With threads <= 1 everything runs on the calling
// thread, one item at a time.
template <class In, class Out>
void PipelineInOrder(unsigned threads, size_t window,
                     const std::function<std::optional<In>()>& next,
                     const std::function<Out(In&)>& transform,
                     const std::function<bool(Out&)>& consume) {
  if (threads <= 1) {
    while (std::optional<In> item = next()) {
      Out result = transform(*item);
      if (!consume(result)) return;
    }
    return;
  }
  window = std::max<size_t>(window, threads);
  std::mutex mutex;
  std::condition_variable work_ready;         // an item waits for a worker (or the work stops)
  std::condition_variable result_ready;       // a result was stored
  std::deque<std::pair<size_t, In>> waiting;  // items not yet taken by a worker
  std::vector<std::optional<Out>> results(window);  // result i in results[i % window]
  size_t issued = 0;                                // items made by next()
  size_t consumed = 0;                              // results consumed
  bool stop = false;
  auto work = [&] {
    while (true) {
      std::pair<size_t, In> item;
      {
        std::unique_lock<std::mutex> lock(mutex);
        work_ready.wait(lock, [&] { return stop || !waiting.empty(); });
        if (waiting.empty()) return;  // stopped
        item = std::move(waiting.front());
        waiting.pop_front();
      }
      Out result = transform(item.second);
      {
        std::lock_guard<std::mutex> lock(mutex);
        results[item.first % window].emplace(std::move(result));
      }
      result_ready.notify_one();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
  bool source_done = false;
  bool consuming = true;
  while (consuming) {
    // Keep the workers fed: make items while the window has room.
    if (!source_done && issued - consumed < window) {
      std::optional<In> item = next();
      if (!item.has_value()) {
        source_done = true;
        continue;
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        waiting.emplace_back(issued++, std::move(*item));
      }
      work_ready.notify_one();
      continue;
    }
    if (consumed == issued) break;  // the source is done and every result consumed
    std::optional<Out> result;
    {
      std::unique_lock<std::mutex> lock(mutex);
      std::optional<Out>& slot = results[consumed % window];
      result_ready.wait(lock, [&] { return slot.has_value(); });
      result = std::move(slot);
      slot.reset();
    }
    ++consumed;
    consuming = consume(*result);
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
    waiting.clear();
  }
  work_ready.notify_all();
  for (std::thread& worker : workers) worker.join();
}

}  // namespace profdiff

#endif  // PROFDIFF_SUPPORT_ORDERED_PIPELINE_H_
