#ifndef PROFDIFF_SUPPORT_PROGRESS_H_
#define PROFDIFF_SUPPORT_PROGRESS_H_

// What the long steps of a run (loading an experiment's log, comparing) report, for a progress
// line on a terminal (--progress, terminal_progress.h). The steps call it from worker threads;
// implementations keep Advance cheap (the steps call it every megabyte or so).

#include <cstdint>
#include <string_view>

namespace profdiff {

class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  // A step starts: `what` ("Loading experiment 1", "Comparing"), `total_items` of
  // `item_name` ("files", "compilation pairs") and, when counted, `total_bytes` (0: not).
  virtual void Begin(std::string_view what, int64_t total_items, std::string_view item_name,
                     int64_t total_bytes) = 0;
  // `items` more items done, `bytes` more bytes read, `units` more compilation units found.
  virtual void Advance(int64_t items, int64_t bytes, int64_t units) = 0;
};

// A part of a step that its owner began: the loads of several runs make one "Loading runs" step,
// so each load's own Begin is dropped and its progress adds to the whole.
class ProgressWithinStep : public ProgressSink {
 public:
  explicit ProgressWithinStep(ProgressSink& step) : step_(step) {}
  void Begin(std::string_view, int64_t, std::string_view, int64_t) override {}
  void Advance(int64_t items, int64_t bytes, int64_t units) override {
    step_.Advance(items, bytes, units);
  }

 private:
  ProgressSink& step_;
};

}  // namespace profdiff

#endif  // PROFDIFF_SUPPORT_PROGRESS_H_
