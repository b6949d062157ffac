#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_BATCHES_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_BATCHES_H_

// The worker threads of split reading (task_split.h): each parses batches of task elements with
// pugixml, or with an expat parser of its own when the batch holds what only expat checks
// (docs/hotspot.md "Reading"), checks that every element is a <task> exactly where the reading
// thread cut it, and reads what each task's start tag says of its unit (TaskHead).

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "load/hotspot/log_scan.h"
#include "load/hotspot/pugixml_judge.h"

namespace profdiff {

// Task elements parsed by one worker: "<r>" + the elements + "</r>"; or a piece of the <tty>
// section's content (`tty`), whose install records the worker collects.
struct Batch {
  size_t number = 0;
  bool tty = false;
  std::string text = "<r>";
  std::vector<size_t> ends;    // where each element ends in `text` (the first starts at 3)
  std::vector<int64_t> units;  // the unit of each element, -1 when it is not a valid unit
};

// What the workers found in the batches, by batch.
struct BatchFindings {
  std::vector<int64_t> failed;  // units whose <task_done> says success='0', in log order
  std::vector<TaskHead> heads;  // of the tasks of valid units TakeHeads did not take
  std::vector<std::vector<InstallRecord>> installs;  // the tty's install records, by batch
};

// Parses batches on worker threads, a few at a time.
class BatchWorkers {
 public:
  explicit BatchWorkers(unsigned threads);
  ~BatchWorkers();
  BatchWorkers(const BatchWorkers&) = delete;
  BatchWorkers& operator=(const BatchWorkers&) = delete;

  // An empty batch to fill, its text's buffer (room for `capacity` bytes) one a worker is done
  // with when there is one: a new buffer for every batch cost the reading thread a page fault
  // for every 4 KiB and the copies of growing it.
  Batch NewBatch(size_t capacity);

  // Hands a batch over, waiting while enough are waiting.
  void Submit(Batch batch);

  // Whether a batch was not as the reading thread cut it (the reading stops early).
  bool failed();

  // The TaskHeads of the batches done since the last call, in no order: the reading thread
  // fills their units as it goes, so that they are not held twice.
  std::vector<TaskHead> TakeHeads();

  // Waits for every batch; false when one was not as the reading thread cut it.
  bool Finish(BatchFindings* findings);

 private:
  void Close();
  void Work();

  const size_t threads_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Batch> queue_;
  bool closing_ = false;
  bool failed_ = false;
  std::vector<std::vector<int64_t>> failed_units_;    // by batch
  std::vector<TaskHead> heads_;                       // of the batches done, not taken
  std::vector<std::vector<InstallRecord>> installs_;  // by batch
  std::vector<std::string> spare_texts_;              // buffers of batches done with
  std::vector<std::thread> workers_;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_BATCHES_H_
