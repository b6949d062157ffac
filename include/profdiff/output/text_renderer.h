#ifndef PROFDIFF_OUTPUT_TEXT_RENDERER_H_
#define PROFDIFF_OUTPUT_TEXT_RENDERER_H_

// The reference's text format (output.md): the records as indented lines.

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "profdiff/options.h"
#include "profdiff/output/compared_methods.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/output_records.h"
#include "profdiff/output/text_style.h"

namespace profdiff {

// Whose compiled code an experiment's shares are of: Graal's (a Graal log, output.md §5.3), the
// JIT compilers' of a HotSpot log (C1 and C2: "JIT-compiled", docs/hotspot.md), or the functions
// of LLVM remarks, whose shares are of the remarks' hotness (docs/llvm.md).
enum class CompiledCode { kGraal, kJit, kLlvm };

// What an experiment's periods are: proftool's cycles, or a JFR recording's nanoseconds of
// sampled time (docs/jfr.md), both shown divided by 10^9 (billion cycles, seconds sampled); or
// LLVM remarks' Hotness, a count of the build's profile, shown as it is (docs/llvm.md).
enum class PeriodUnit { kCycles, kSampledTime, kHotness };

class TextRenderer : public Renderer {
 public:
  explicit TextRenderer(std::FILE* file, TextStyle style = {}) : out_(file), style_(style) {}
  explicit TextRenderer(std::string* target, TextStyle style = {}) : out_(target), style_(style) {}

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
  void End(const EndRecord&) override {}
  void Error(const ErrorRecord&) override {}  // the message goes to stderr, not into the text
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override;
  void WritePiece(std::string_view rendered) override { out_.Raw(rendered); }
  void Flush() override { out_.Flush(); }
  int WriteError() const override { return out_.write_error(); }
  void SetWriteGuard(WriteGuard* guard) override { out_.set_write_guard(guard); }

 private:
  LineWriter out_;
  TextStyle style_;
  bool report_ = false;      // the report command (else a comparison)
  bool aot_vs_aot_ = false;  // no empty line after the legend (output.md §2)
  bool stats_ = false;       // the stats command
  // stats: two experiments are compared (a summary of experiment 2 came), so the changes are
  // shown and each experiment's own statistics are not.
  bool compared_ = false;
  int sections_ = 0;  // stats sections written, for the empty lines between them
  // stats: the periods of experiments 1 and 2, from their summaries.
  PeriodUnit period_units_[2] = {PeriodUnit::kCycles, PeriodUnit::kCycles};
  // jit-vs-jit-runs: the period column of the runs table being written is in seconds sampled.
  bool sampled_runs_column_ = false;
  bool show_noise_ = false;           // jit-vs-jit-runs
  ComparedMethods compared_methods_;  // hot ones, or compiled ones without any profile
  // Per experiment ID (1 and 2), whose compiled code its shares are of.
  std::array<CompiledCode, 3> compiled_code_{};
  CompiledCode CodeOf(int experiment) const;
  Options options_;
};

// A call site that moved with the code (issue 36) is matched at experiment 1's bci; its line
// says where it is in experiment 2 too: " → 243". Empty for every other node.
std::string MovedBciText(const NodeRecord& node);
// Line texts of output.md §6 (without indentation). `tree` holds the label's ranges.
std::string LabelText(const TreeRecord& tree, const NodeLabel& label, bool long_bci);
// The same appended to `text` (a LineWriter's buffer: no string per line). With `moved_to`, an
// optimization's position is followed by where it is in experiment 2 (" at bci 40 → 47").
void AppendLabelText(const TreeRecord& tree, const NodeLabel& label, bool long_bci,
                     std::string* text, const NodeLabel* moved_to = nullptr);
CompiledCode CompiledCodeOf(const ExperimentRecord& record);
PeriodUnit PeriodUnitOf(const ExperimentRecord& record);
std::string CompilationHeaderText(const CompilationRecord& compilation,
                                  CompiledCode code = CompiledCode::kGraal);
// "<%5.2f>% of Graal execution, <%5.2f>% of total" (output.md §5.3); of LLVM remarks, whose
// functions are all the code, "<%5.2f>% of the hotness".
std::string ExecutionSummaryText(const CompilationRecord& compilation,
                                 CompiledCode code = CompiledCode::kGraal);
// What a compilation's share follows in a compilation header or list: " consumed " and the
// execution summary, or " has " and the share of the hotness of LLVM remarks.
std::string ShareClauseText(const CompilationRecord& compilation, CompiledCode code);

// "1 sample", "12 samples".
std::string SamplesText(int64_t samples);
// A p-value as the text prints it: "= 0.0123", or "< 0.0001" below that.
std::string PValueText(double p);
// The marker of a share change within sampling noise in the --summary table, and its legend.
inline constexpr char kWithinSamplingNoiseMarker[] = "~";
// "within sampling noise (1 sample against 0, p = 0.4410)": how a method section's title says
// that a method's share change between two JFR profiles is chance (docs/jfr.md).
std::string SamplingNoiseText(const MethodRecord& record);

// A tree or delta tree, the root at the writer's level; an empty delta tree prints "There are
// no differences" (a tree too big to compare prints nothing: its caller says so).
void WriteTreeText(LineWriter& out, const TreeRecord& tree, const Options& options,
                   const TextStyle& style = {});
// Blocks under an inlining node at writer level + depth + 1 (output.md §6.2, §6.3), if the
// label has them; `suffix` is "" or " in experiment <id>".
void WriteReasoningBlock(LineWriter& out, const TreeRecord& tree, const NodeLabel& label,
                         std::string_view suffix, int depth);
void WriteReceiverTypeProfileBlock(LineWriter& out, const TreeRecord& tree, const NodeLabel& label,
                                   std::string_view suffix, int depth);
// "12.40% of execution is in compilations that --tiers=top leaves out; --tiers=all shows them"
// (docs/jfr.md), or nullopt when nothing is left out (every Graal log, --tiers=all).
std::optional<std::string> LeftOutText(const ExperimentRecord& record);
void WriteExperimentText(LineWriter& out, const ExperimentRecord& record,
                         const TextStyle& style = {});
void WriteCompilationListText(LineWriter& out, const CompilationListRecord& list,
                              const TextStyle& style = {},
                              CompiledCode code = CompiledCode::kGraal);
// A scope's statistics, or its changes, as a section at the writer's level (statistics_text.cc).
void WriteStatisticsText(LineWriter& out, const StatisticsRecord& record,
                         PeriodUnit unit = PeriodUnit::kCycles);
// `unit1` and `unit2`: the periods of experiments 1 and 2.
void WriteStatisticsChangeText(LineWriter& out, const StatisticsChangeRecord& record,
                               PeriodUnit unit1 = PeriodUnit::kCycles,
                               PeriodUnit unit2 = PeriodUnit::kCycles);
// The --decisions section at the writer's level (decisions_text.cc).
// `compared`: "hot" or "compiled" (ComparedMethods), the methods the pairs are of; `hotness`:
// the shares are of LLVM remarks' Hotness, not of execution.
void WriteDecisionsText(LineWriter& out, const DecisionsRecord& record, const TextStyle& style,
                        std::string_view compared, bool hotness = false);
// The loop view of --decisions on LLVM remarks at the writer's level (loops_text.cc).
void WriteLoopsText(LineWriter& out, const LoopsRecord& record, const TextStyle& style,
                    std::string_view compared);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TEXT_RENDERER_H_
