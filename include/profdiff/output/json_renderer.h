#ifndef PROFDIFF_OUTPUT_JSON_RENDERER_H_
#define PROFDIFF_OUTPUT_JSON_RENDERER_H_

// --format=json: JSON Lines, one record per line (docs/output-formats.md).

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "profdiff/output/line_writer.h"
#include "profdiff/output/output_records.h"
#include "profdiff/runs_options.h"

namespace profdiff {

class JsonRenderer : public Renderer {
 public:
  explicit JsonRenderer(std::FILE* file) : out_(file) {}
  explicit JsonRenderer(std::string* target) : out_(target) {}

  void Header(const HeaderRecord& record) override;
  void Warning(const WarningRecord& record) override;
  void Experiment(const ExperimentRecord& record) override;
  void Method(const MethodRecord& record) override;
  void Compilation(const CompilationTreesRecord& record) override;
  void Pair(const PairRecord& record) override;
  void Statistics(const StatisticsRecord& record) override;
  void StatisticsChange(const StatisticsChangeRecord& record) override;
  void RunsMethod(const RunsMethodRecord& record) override;
  void Summary(const SummaryRecord& record) override;
  void Decisions(const DecisionsRecord& record) override;
  void Loops(const LoopsRecord& record) override;
  void CallSites(const CallSitesRecord& record) override;
  void End(const EndRecord& record) override;
  void Error(const ErrorRecord& record) override;
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override {
    auto piece = std::make_unique<JsonRenderer>(target);
    piece->ContinueStream();
    return piece;
  }
  // Records of a stream whose header was written elsewhere (pieces, the HTML page's records):
  // an error record is then written, not dropped as a failure before the stream began.
  void ContinueStream() { header_written_ = true; }
  void WritePiece(std::string_view rendered) override { out_.Raw(rendered); }
  void Flush() override { out_.Flush(); }
  int WriteError() const override { return out_.write_error(); }
  void SetWriteGuard(WriteGuard* guard) override { out_.set_write_guard(guard); }

 private:
  // Ends the record that was appended to out_.buffer().
  void WriteLine();
  LineWriter out_;
  bool header_written_ = false;
};

// The option names and values of the header record, as JSON members ("hot-min-limit": 1, ...),
// in the order of `profdiff help`.
std::string OptionsJson(const Options& options);
// The same with the options of jit-vs-jit-runs after them (when `runs` is given).
std::string OptionsJson(const Options& options, const RunsOptions* runs);
std::string_view FormatName(OutputFormat format);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_JSON_RENDERER_H_
