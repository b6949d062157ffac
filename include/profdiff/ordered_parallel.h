#ifndef PROFDIFF_ORDERED_PARALLEL_H_
#define PROFDIFF_ORDERED_PARALLEL_H_

// Produces independent items (rendered pieces of output, loaded trees) on worker threads and
// consumes them in index order on the calling thread. At most a few items are produced ahead of
// the consumer, so memory stays bounded by the largest items rather than growing with their
// number.

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace profdiff {

// Calls produce(i) for i in [0, count) on up to `threads` threads and consume(i, item) in index
// order on the calling thread, until consume returns false (then no further item is consumed and
// the workers stop after the items they are producing).
template <class T>
void ProduceInOrder(size_t count, unsigned threads, const std::function<T(size_t)>& produce,
                    const std::function<bool(size_t, T&)>& consume) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(count)));
  if (threads <= 1) {
    for (size_t i = 0; i < count; ++i) {
      T item = produce(i);
      if (!consume(i, item)) return;
    }
    return;
  }
  const size_t window = 4 * static_cast<size_t>(threads);  // items produced ahead of the consumer
  std::vector<std::optional<T>> items(count);
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0;      // next item to hand to a worker
  size_t consumed = 0;  // items already consumed
  bool stop = false;
  auto work = [&] {
    while (true) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return stop || next >= count || next < consumed + window; });
        if (stop || next >= count) return;
        i = next++;
      }
      T item = produce(i);
      {
        std::lock_guard<std::mutex> lock(mutex);
        items[i].emplace(std::move(item));
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
  for (size_t i = 0; i < count; ++i) {
    std::optional<T> item;
    {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return items[i].has_value(); });
      item = std::move(items[i]);
      items[i].reset();
      consumed = i + 1;
    }
    changed.notify_all();
    if (!consume(i, *item)) break;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  changed.notify_all();
  for (std::thread& worker : workers) worker.join();
}

// Worker threads worth using on this machine.
inline unsigned WorkerThreads() {
  return std::max(1u, std::min(std::thread::hardware_concurrency(), 4u));
}

}  // namespace profdiff

#endif  // PROFDIFF_ORDERED_PARALLEL_H_
