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

// Whether pugixml's parse of `text` can stand for expat's: pugixml does not check what expat
// checks in UTF-8, control characters, non-ASCII names, entity and character references,
// comments, processing instructions, CDATA sections and a stray "]]>", so a batch holding any
// of those (a byte >= 0x80, a control character but tab and line breaks, a '&' that starts
// none of the five predefined entities, "<!", "<?", "]]>") is left to expat. HotSpot writes
// none of them inside tasks, so in practice every batch of ASCII method names goes to pugixml.
// `counts`, when given, gets the markup of `text` it counts as it passes (NoLessThanInValues).
struct MarkupCounts {
  size_t less_than = 0;   // '<'
  size_t end_tags = 0;    // "</"
  size_t empty_ends = 0;  // "/>"
};
bool PugixmlCanJudge(std::string_view text, MarkupCounts* counts = nullptr);

// Whether a document pugixml parsed (with no comment, PI, CDATA or DOCTYPE in it: see
// PugixmlCanJudge) from a text of `counts` into `elements` element nodes holds no '<' in an
// attribute value, which expat rejects and pugixml accepts. Every '<' of such a text starts a
// start tag (one an element), starts an end tag or is in an attribute value; every element ends
// with "/>" or an end tag. With S elements ended by "/>" and T by an end tag (S + T = elements),
// V '<' in values of which V2 start a "</", and X "/>" in values and text:
//   less_than = S + 2T + V,  end_tags = T + V2,  empty_ends = S + X.
// So less_than - end_tags == elements means V == V2, and end_tags + empty_ends == elements
// means V2 + X == 0: together, V == 0. When they do not hold, the values must be searched.
bool NoLessThanInValues(const MarkupCounts& counts, size_t elements);

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
