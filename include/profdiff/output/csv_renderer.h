#ifndef PROFDIFF_OUTPUT_CSV_RENDERER_H_
#define PROFDIFF_OUTPUT_CSV_RENDERER_H_

// --format=csv: one RFC 4180 table (docs/output-formats.md): a row per compared compilation
// pair, or (report, --diff-compilations=false) a row per printed compilation, or (stats) a row
// per figure of a scope, or (jit-vs-jit-runs) a row per method and experiment with the method's
// hotness over the runs. Warnings go to stderr, where they cannot break the table.

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "profdiff/output/line_writer.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

class CsvRenderer : public Renderer {
 public:
  CsvRenderer(std::FILE* file, std::FILE* warnings) : out_(file), warnings_(warnings) {}
  explicit CsvRenderer(std::string* target) : out_(target) {}

  void Header(const HeaderRecord& record) override;
  void Warning(const WarningRecord& record) override;
  void Experiment(const ExperimentRecord& record) override;
  void Method(const MethodRecord&) override {}
  void Compilation(const CompilationTreesRecord& record) override;
  void Pair(const PairRecord& record) override;
  void Statistics(const StatisticsRecord& record) override;
  void StatisticsChange(const StatisticsChangeRecord& record) override;
  void RunsMethod(const RunsMethodRecord& record) override;
  void Summary(const SummaryRecord&) override {}  // the table is the pairs' (output-formats.md)
  // --decisions: the table is the changed call sites instead of the pairs.
  void Decisions(const DecisionsRecord& record) override;
  // --decisions on LLVM remarks: a row per loop whose vectorization changed, in the same table.
  void Loops(const LoopsRecord& record) override;
  void End(const EndRecord&) override {}
  void Error(const ErrorRecord&) override {}
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override {
    auto piece = std::make_unique<CsvRenderer>(target);
    piece->decisions_ = decisions_;
    return piece;
  }
  void WritePiece(std::string_view rendered) override { out_.Raw(rendered); }
  void Flush() override { out_.Flush(); }
  int WriteError() const override { return out_.write_error(); }
  void SetWriteGuard(WriteGuard* guard) override { out_.set_write_guard(guard); }
  void SetStderrGuard(WriteGuard* guard) override { guard_ = guard; }

 private:
  LineWriter out_;
  std::FILE* warnings_ = nullptr;
  WriteGuard* guard_ = nullptr;
  std::string row_;
  bool compared_ = false;   // stats: a summary of experiment 2 came, rows are changes
  bool decisions_ = false;  // --decisions: a row per changed call site
};

// Appends `field` to `row` as RFC 4180 wants it: quoted (quotes doubled) when it holds a comma,
// a quote, CR or LF.
void AppendCsvField(std::string_view field, std::string* row);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_CSV_RENDERER_H_
