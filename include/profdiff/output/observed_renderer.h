#ifndef PROFDIFF_OUTPUT_OBSERVED_RENDERER_H_
#define PROFDIFF_OUTPUT_OBSERVED_RENDERER_H_

// A renderer that passes every record to another renderer and to an observer (a record
// consumer such as MethodDifferenceTally), pieces rendered on worker threads included: the
// observer sees the records of the pieces as they are rendered, from those threads, so it
// must be thread-safe and must not depend on their order.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "profdiff/output/output_records.h"

namespace profdiff {

class ObservedRenderer : public Renderer {
 public:
  ObservedRenderer(Renderer& out, RecordSink& observer) : out_(out), observer_(observer) {}
  // A renderer that owns `out` (a piece) and shows its records to `observer` too.
  static std::unique_ptr<Renderer> Owning(std::unique_ptr<Renderer> out, RecordSink& observer) {
    return std::unique_ptr<Renderer>(new ObservedRenderer(std::move(out), observer));
  }

  void Header(const HeaderRecord& record) override {
    observer_.Header(record);
    out_.Header(record);
  }
  void Warning(const WarningRecord& record) override {
    observer_.Warning(record);
    out_.Warning(record);
  }
  void Experiment(const ExperimentRecord& record) override {
    observer_.Experiment(record);
    out_.Experiment(record);
  }
  void Method(const MethodRecord& record) override {
    observer_.Method(record);
    out_.Method(record);
  }
  void Compilation(const CompilationTreesRecord& record) override {
    observer_.Compilation(record);
    out_.Compilation(record);
  }
  void Pair(const PairRecord& record) override {
    observer_.Pair(record);
    out_.Pair(record);
  }
  void Statistics(const StatisticsRecord& record) override {
    observer_.Statistics(record);
    out_.Statistics(record);
  }
  void StatisticsChange(const StatisticsChangeRecord& record) override {
    observer_.StatisticsChange(record);
    out_.StatisticsChange(record);
  }
  void RunsMethod(const RunsMethodRecord& record) override {
    observer_.RunsMethod(record);
    out_.RunsMethod(record);
  }
  void Summary(const SummaryRecord& record) override {
    observer_.Summary(record);
    out_.Summary(record);
  }
  void Decisions(const DecisionsRecord& record) override {
    observer_.Decisions(record);
    out_.Decisions(record);
  }
  void Loops(const LoopsRecord& record) override {
    observer_.Loops(record);
    out_.Loops(record);
  }
  void CallSites(const CallSitesRecord& record) override {
    observer_.CallSites(record);
    out_.CallSites(record);
  }
  void End(const EndRecord& record) override {
    observer_.End(record);
    if (before_end_) before_end_(out_);
    out_.End(record);
  }
  // Called with the renderer just before the end record is passed on (not for pieces, which
  // have none): the place for records computed from all the others (the summary).
  void set_before_end(std::function<void(Renderer&)> before_end) {
    before_end_ = std::move(before_end);
  }
  void Error(const ErrorRecord& record) override {
    observer_.Error(record);
    out_.Error(record);
  }
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override {
    // The piece owns the renderer of its text.
    return Owning(out_.NewPiece(target), observer_);
  }
  void WritePiece(std::string_view rendered) override { out_.WritePiece(rendered); }
  void Flush() override { out_.Flush(); }
  int WriteError() const override { return out_.WriteError(); }
  void SetWriteGuard(WriteGuard* guard) override { out_.SetWriteGuard(guard); }
  void SetStderrGuard(WriteGuard* guard) override { out_.SetStderrGuard(guard); }

 private:
  ObservedRenderer(std::unique_ptr<Renderer> owned, RecordSink& observer)
      : owned_(std::move(owned)), out_(*owned_), observer_(observer) {}

  std::unique_ptr<Renderer> owned_;  // pieces: out_
  Renderer& out_;
  RecordSink& observer_;
  std::function<void(Renderer&)> before_end_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_OBSERVED_RENDERER_H_
