#include "load/hotspot/task_batches.h"

#include <expat.h>

#include <climits>
#include <cstring>
#include <utility>

#include "load/hotspot/log_scan.h"
#include "load/hotspot/task_optimizations.h"

namespace profdiff {

namespace {

// A worker's parse of a batch: each element of the wrapper must be a <task> exactly where the
// splitter cut it.
struct BatchCheck {
  XML_Parser parser = nullptr;
  const Batch* batch = nullptr;
  size_t next = 0;
  size_t current = 0;
  int depth = 0;
  bool ok = true;
  std::vector<int64_t> failed;  // units whose <task_done> says success='0'

  void Fail() {
    ok = false;
    XML_StopParser(parser, XML_FALSE);
  }
};

void XMLCALL CheckStart(void* data, const char* element, const char** attributes) {
  BatchCheck& check = *static_cast<BatchCheck*>(data);
  ++check.depth;
  if (check.depth == 2) {
    const size_t start = check.next == 0 ? 3 : check.batch->ends[check.next - 1];
    if (check.next >= check.batch->ends.size() || std::strcmp(element, "task") != 0 ||
        XML_GetCurrentByteIndex(check.parser) != static_cast<XML_Index>(start)) {
      check.Fail();
      return;
    }
    check.current = check.next++;
  } else if (check.depth > 2 && std::strcmp(element, "task_done") == 0) {
    const char* success = FindAttribute(attributes, "success");
    const int64_t unit = check.batch->units[check.current];
    if (success != nullptr && std::strcmp(success, "0") == 0 && unit >= 0 &&
        (check.failed.empty() || check.failed.back() != unit)) {
      check.failed.push_back(unit);
    }
  }
}

void XMLCALL CheckEnd(void* data, const char*) {
  BatchCheck& check = *static_cast<BatchCheck*>(data);
  if (check.depth == 2 && check.ok) {
    const XML_Index end = XML_GetCurrentByteIndex(check.parser) +
                          static_cast<XML_Index>(XML_GetCurrentByteCount(check.parser));
    if (end != static_cast<XML_Index>(check.batch->ends[check.current])) check.Fail();
  }
  --check.depth;
}

}  // namespace

BatchWorkers::BatchWorkers(unsigned threads) : threads_(threads) {
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

BatchWorkers::~BatchWorkers() { Close(); }

void BatchWorkers::Submit(Batch batch) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < threads_ || failed_; });
  if (failed_) return;
  if (failed_units_.size() <= batch.number) failed_units_.resize(batch.number + 1);
  queue_.push_back(std::move(batch));
  changed_.notify_all();
}
bool BatchWorkers::failed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return failed_;
}
bool BatchWorkers::Finish(std::vector<int64_t>* failed_units) {
  Close();
  for (const std::vector<int64_t>& units : failed_units_) {
    failed_units->insert(failed_units->end(), units.begin(), units.end());
  }
  return !failed_;
}
void BatchWorkers::Close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
}
void BatchWorkers::Work() {
  Parser parser = NewParser();
  while (true) {
    Batch batch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return !queue_.empty() || closing_ || failed_; });
      if (queue_.empty() || failed_) return;
      batch = std::move(queue_.front());
      queue_.pop_front();
    }
    changed_.notify_all();
    BatchCheck check;
    check.parser = parser.get();
    check.batch = &batch;
    batch.text += "</r>";
    XML_ParserReset(parser.get(), "UTF-8");
    XML_SetUserData(parser.get(), &check);
    XML_SetElementHandler(parser.get(), CheckStart, CheckEnd);
    const bool parsed = batch.text.size() <= static_cast<size_t>(INT_MAX) &&
                        XML_Parse(parser.get(), batch.text.data(),
                                  static_cast<int>(batch.text.size()), 1) == XML_STATUS_OK;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!parsed || !check.ok || check.next != batch.ends.size()) {
        failed_ = true;
      } else {
        failed_units_[batch.number] = std::move(check.failed);
      }
    }
    changed_.notify_all();
  }
}
}  // namespace profdiff
