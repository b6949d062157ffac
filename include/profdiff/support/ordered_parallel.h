#ifndef PROFDIFF_SUPPORT_ORDERED_PARALLEL_H_
#define PROFDIFF_SUPPORT_ORDERED_PARALLEL_H_

// Produces independent items (rendered pieces of output, loaded trees) on worker threads and
// consumes them in index order on the calling thread. At most a few items are produced ahead of
// the consumer, so memory stays bounded by the largest items rather than growing with their
// number.

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace profdiff {

// Calls produce(i) for i in [0, count) on up to `threads` threads and consume(i, item) in index
// order on the calling thread, until consume returns false (then no further item is consumed and
// the workers stop after the items they are producing).
//
// The items in flight live in a ring of `window` slots (memory does not grow with `count`), and
// a thread is woken only when it waits for what just happened: the consumer when its next item
// is ready, a worker when the window moves. (Waking every thread for every item made a third of
// a comparison's CPU time kernel time on 2 cores.)
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
  std::vector<std::optional<T>> slots(window);  // item i in slots[i % window] until consumed
  std::mutex mutex;
  std::condition_variable ready;  // the consumer's next item is there
  std::condition_variable moved;  // the window moved (or the work stops)
  size_t next = 0;                // next item to hand to a worker
  size_t consumed = 0;            // items already consumed
  bool stop = false;
  bool consumer_waiting = false;
  unsigned workers_waiting = 0;
  auto work = [&] {
    while (true) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(mutex);
        while (!stop && next < count && next >= consumed + window) {
          ++workers_waiting;
          moved.wait(lock);
          --workers_waiting;
        }
        if (stop || next >= count) return;
        i = next++;
      }
      T item = produce(i);
      bool wake;
      {
        std::lock_guard<std::mutex> lock(mutex);
        slots[i % window].emplace(std::move(item));
        wake = consumer_waiting && i == consumed;
      }
      if (wake) ready.notify_one();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
  for (size_t i = 0; i < count; ++i) {
    std::optional<T> item;
    bool wake;
    {
      std::unique_lock<std::mutex> lock(mutex);
      std::optional<T>& slot = slots[i % window];
      while (!slot.has_value()) {
        consumer_waiting = true;
        ready.wait(lock);
        consumer_waiting = false;
      }
      item = std::move(slot);
      slot.reset();
      consumed = i + 1;
      wake = workers_waiting > 0;
    }
    if (wake) moved.notify_one();  // one slot is free: one item more may be produced
    if (!consume(i, *item)) break;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  moved.notify_all();
  for (std::thread& worker : workers) worker.join();
}

// Groups consecutive items (pieces of output, in order) into batches of about `budget` cost
// each, for ProduceInOrder to hand out a batch at a time: items that cost little (a small
// method's section) then do not pay a hand-over between threads each, while an item that costs
// more than the budget is a batch of its own. A batch holds at most `max_items` items.
class ItemBatches {
 public:
  ItemBatches(uint64_t budget, size_t max_items) : budget_(budget), max_items_(max_items) {}
  // Appends the next item, of cost `cost`.
  void Add(uint64_t cost) {
    if (items_ > 0 && (cost_ + cost > budget_ || items_ >= max_items_)) Close();
    cost_ += cost;
    ++items_;
    ++count_;
  }
  // The end (one past the last item) of each batch, in order; the last ends at the number of
  // items added.
  std::vector<size_t> Ends() && {
    if (items_ > 0) Close();
    return std::move(ends_);
  }

 private:
  void Close() {
    ends_.push_back(count_);
    cost_ = 0;
    items_ = 0;
  }
  uint64_t budget_;
  size_t max_items_;
  uint64_t cost_ = 0;  // of the open batch
  size_t items_ = 0;   // in the open batch
  size_t count_ = 0;   // items added
  std::vector<size_t> ends_;
};

// Worker threads worth using on this machine.
inline unsigned WorkerThreads() {
  return std::max(1u, std::min(std::thread::hardware_concurrency(), 4u));
}

}  // namespace profdiff

#endif  // PROFDIFF_SUPPORT_ORDERED_PARALLEL_H_
