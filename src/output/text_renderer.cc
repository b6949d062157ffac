#include "profdiff/output/text_renderer.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "output/text_emphasis.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/explanation.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/runs_text.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

std::string Percent(double share) { return JavaFixed(share * 100); }

// The head of a pair's or a compilation's trees: "heading" at level + 1 and the tree at
// level + 2, or only the tree at level + 1 (an optimization-context tree).
void WriteTreeUnder(LineWriter& out, const TreeRecord& tree, const char* heading,
                    const Options& options, const TextStyle& style) {
  const int level = out.level();
  if (tree.too_big) {
    switch (tree.kind) {
      case TreeKind::kInlining:
        out.Line("The inlining trees are too big to compare", 1);
        break;
      case TreeKind::kOptimization:
        out.Line("The optimization trees are too big to compare", 1);
        break;
      case TreeKind::kOptimizationContext:
        out.Line("The optimization-context trees are too big to compare", 1);
        break;
    }
    return;
  }
  if (heading != nullptr) out.Line(Emphasized(style, Emphasis::kStrong, heading), 1);
  if (tree.CodeChanged()) {
    out.Line(absl::StrCat("The method's bytecode changed: ", tree.root_bytecode_size[0], " → ",
                          tree.root_bytecode_size[1], " bytes"),
             heading != nullptr ? 2 : 1);
  }
  if (tree.moved_call_sites > 0) {
    // The code differs between the experiments: say so, as the moves are not shown.
    out.Line(absl::StrCat(tree.moved_call_sites,
                          tree.moved_call_sites == 1 ? " call site" : " call sites",
                          " moved with the code (",
                          options.show_moved ? "marked >" : "matched at experiment 1's bci",
                          ", no difference)"),
             heading != nullptr ? 2 : 1);
  }
  out.set_level(level + (heading != nullptr ? 2 : 1));
  WriteTreeText(out, tree, options, style);
  out.set_level(level);
}

}  // namespace

std::string SamplesText(int64_t samples) {
  return absl::StrCat(samples, samples == 1 ? " sample" : " samples");
}

std::string PValueText(double p) {
  return p < 0.0001 ? std::string("< 0.0001") : absl::StrCat("= ", JavaFixed(p, 4));
}

std::string SamplingNoiseText(const MethodRecord& record) {
  std::optional<int64_t> samples[2];
  MethodRecordSamples(record, samples);
  std::string text = "within sampling noise (";
  if (samples[0] && samples[1]) {
    absl::StrAppend(&text, SamplesText(*samples[0]), " against ", *samples[1], ", ");
  }
  absl::StrAppend(&text, "p ", PValueText(record.sampling_noise ? record.sampling_noise->p : 1),
                  ")");
  return text;
}

CompiledCode CompiledCodeOf(const ExperimentRecord& record) {
  if (record.llvm.has_value()) return CompiledCode::kLlvm;
  return record.hotspot.has_value() ? CompiledCode::kJit : CompiledCode::kGraal;
}

PeriodUnit PeriodUnitOf(const ExperimentRecord& record) {
  if (record.llvm.has_value()) return PeriodUnit::kHotness;
  return record.jfr_samples.has_value() ? PeriodUnit::kSampledTime : PeriodUnit::kCycles;
}

std::string ExecutionSummaryText(const CompilationRecord& compilation, CompiledCode code) {
  if (code == CompiledCode::kLlvm) {
    return absl::StrCat(PadLeft(Percent(compilation.total_share), 5), "% of the hotness");
  }
  std::string text = absl::StrCat(
      PadLeft(Percent(compilation.graal_share), 5),
      code == CompiledCode::kGraal ? "% of Graal execution, " : "% of JIT-compiled execution, ",
      PadLeft(Percent(compilation.total_share), 5), "% of total");
  if (compilation.samples) absl::StrAppend(&text, " (", SamplesText(*compilation.samples), ")");
  return text;
}

std::string ShareClauseText(const CompilationRecord& compilation, CompiledCode code) {
  return absl::StrCat(code == CompiledCode::kLlvm ? " has " : " consumed ",
                      ExecutionSummaryText(compilation, code));
}

std::string CompilationHeaderText(const CompilationRecord& c, CompiledCode code) {
  std::string header =
      absl::StrCat("Compilation ", c.fragment ? "fragment " : "unit ", PadLeft(c.id, 5));
  if (c.multi_method_key) {
    absl::StrAppend(&header, " of multi-method ", AbslView(*c.multi_method_key));
  }
  if (c.profiled) absl::StrAppend(&header, ShareClauseText(c, code));
  absl::StrAppend(&header, " in experiment ", c.experiment);
  return header;
}

void WriteExperimentText(LineWriter& out, const ExperimentRecord& record, const TextStyle& style) {
  std::string title = absl::StrCat("Experiment ", record.id);
  if (record.execution_id) {
    absl::StrAppend(&title, " with execution ID ", AbslView(*record.execution_id));
  }
  switch (record.kind) {
    case ExperimentKind::kJit:
      title += " (JIT)";
      break;
    case ExperimentKind::kAot:
      title += " (AOT)";
      break;
    case ExperimentKind::kUnknown:
      break;
  }
  out.Line(Emphasized(style, Emphasis::kStrong, std::move(title)));
  out.Line(absl::StrCat("Collected optimization logs for ", record.units, " compilation units"), 1);
  if (record.hotspot.has_value()) {
    const HotSpotLogRecord& hotspot = *record.hotspot;
    std::string line = "HotSpot compilation log";
    if (!hotspot.vm_version.empty()) absl::StrAppend(&line, " of ", AbslView(hotspot.vm_version));
    absl::StrAppend(&line, ": ", hotspot.tasks, " tasks, ", hotspot.failed_tasks, " failed; ",
                    hotspot.units, " units kept, ", AbslView(hotspot.kept));
    out.Line(line, 1);
    if (!hotspot.without_profile.empty()) {
      out.Line(absl::StrCat("No profile: ", AbslView(hotspot.without_profile)), 1);
    }
  }
  if (record.llvm.has_value()) {
    // LLVM remarks (docs/llvm.md): the hotness is the build profile's counts in the remarks.
    const LlvmRemarksRecord& llvm = *record.llvm;
    out.Line(absl::StrCat("LLVM optimization remarks: ", llvm.remarks, " remarks in ", llvm.files,
                          llvm.files == 1 ? " file" : " files"),
             1);
    if (!llvm.without_profile.empty()) {
      out.Line(absl::StrCat("No Hotness in the remarks (built without a profile): ",
                            AbslView(llvm.without_profile)),
               1);
      return;
    }
    out.Line(
        "Hotness: each function's largest remark Hotness, an execution count of the build's "
        "profile (-fprofile-instr-use or -fprofile-sample-use)",
        1);
    out.Line(absl::StrCat(record.hot_units, " hot functions account for ",
                          Percent(record.hot_share), "% of the hotness"),
             1);
    return;
  }
  if (!record.profiled) return;
  const bool jfr = record.jfr_samples.has_value();
  if (jfr) {
    out.Line(
        absl::StrCat("Collected JFR data for ", record.profiled_code, " compilation units from ",
                     *record.jfr_samples, " execution samples (hotness is sampled time)"),
        1);
  } else {
    out.Line(
        absl::StrCat("Collected proftool data for ", record.profiled_code, " compilation units"),
        1);
  }
  // A JFR profile's shares say how many samples they are made of: one sample is a share too.
  auto samples = [](const std::optional<int64_t>& count) {
    return count ? absl::StrCat(" (", SamplesText(*count), ")") : std::string();
  };
  out.Line(absl::StrCat(
               CompiledCodeOf(record) == CompiledCode::kGraal ? "Graal-compiled" : "JIT-compiled",
               " methods account for ", Percent(record.graal_share), "% of execution",
               samples(record.graal_samples)),
           1);
  if (const std::optional<std::string> left_out = LeftOutText(record)) out.Line(*left_out, 1);
  out.Line(absl::StrCat(record.hot_units, " hot compilation units account for ",
                        Percent(record.hot_share), "% of execution", samples(record.hot_samples)),
           1);
  out.Line(absl::StrCat(JavaFixed(static_cast<double>(record.total_period) / 1e9),
                        jfr ? " seconds sampled total" : " billion cycles total"),
           1);
  out.Line("Top methods", 1);
  out.Line(jfr ? "Execution    Seconds  Samples  Level      ID  Method"
               : "Execution     Cycles  Level      ID  Method",
           2);
  for (const TopMethodRecord& entry : record.top_methods) {
    std::string level = entry.level ? absl::StrCat(*entry.level) : "";
    std::string samples;
    if (jfr) samples = PadLeft(entry.samples ? absl::StrCat(*entry.samples) : "-", 9);
    out.Line(absl::StrCat(PadLeft(Percent(entry.share), 8), "% ",
                          PadLeft(JavaFixed(static_cast<double>(entry.period) / 1e9), 10), samples,
                          " ", PadLeft(level, 6), " ", PadLeft(entry.compile_id.value_or(""), 7),
                          "  ", AbslView(entry.name)),
             2);
  }
}

std::optional<std::string> LeftOutText(const ExperimentRecord& record) {
  if (record.left_out_period == 0 || !record.hotspot.has_value()) return std::nullopt;
  const std::string tiers = absl::StrCat("--tiers=", AbslView(record.hotspot->tiers));
  // A JFR recording's share says the samples it rests on (issue 32), as every other share does.
  const std::string samples =
      record.left_out_samples ? absl::StrCat(" (", SamplesText(*record.left_out_samples), ")") : "";
  return absl::StrCat(Percent(record.left_out_share), "% of execution", samples,
                      " is in compilations that ", tiers, " leaves out; --tiers=all shows them");
}

void WriteCompilationListText(LineWriter& out, const CompilationListRecord& list,
                              const TextStyle& style, CompiledCode code) {
  out.Line(absl::StrCat("In experiment ", list.experiment));
  if (!list.name_in_log.empty()) {
    out.Line(absl::StrCat("Named in the log ", AbslView(list.name_in_log)), 1);
  }
  if (list.compilations.empty()) {
    out.Line("No compilations", 1);
    return;
  }
  std::string count = absl::StrCat(list.compilations.size(), " compilations");
  if (list.profiled) {
    size_t hot = 0;
    for (const CompilationRecord& c : list.compilations) hot += c.hot ? 1 : 0;
    absl::StrAppend(&count, " (", hot, " of which are hot)");
  }
  out.Line(count, 1);
  if (list.left_out_period != 0) {
    std::string line = absl::StrCat("Compilations that --tiers leaves out consumed ",
                                    Percent(list.left_out_share), "% of total");
    if (list.left_out_samples) {
      absl::StrAppend(&line, " (", SamplesText(*list.left_out_samples), ")");
    }
    out.Line(line, 1);
  }
  out.Line("Compilations", 1);
  for (const CompilationRecord& c : list.compilations) {
    std::string row = PadLeft(c.id, 5);
    if (c.multi_method_key)
      absl::StrAppend(&row, " of multi-method ", AbslView(*c.multi_method_key));
    if (list.profiled) {
      absl::StrAppend(&row, ShareClauseText(c, code));
      if (c.hot) absl::StrAppend(&row, " ", Emphasized(style, Emphasis::kStrong, "*hot*"));
    }
    out.Line(row, 2);
    if (!c.fragment) continue;
    for (size_t i = 0; i < c.inlining_path.size(); ++i) {
      const PathElementRecord& element = c.inlining_path[i];
      std::string line = i == 0 ? "  |_ a fragment of " : std::string(19, ' ');
      line += element.method.value_or("null");
      if (element.bci != -1) absl::StrAppend(&line, " at bci ", element.bci);
      out.Line(line, 2);
    }
  }
}

void TextRenderer::Header(const HeaderRecord& record) {
  report_ = record.command == "report";
  aot_vs_aot_ = record.command == "aot-vs-aot";
  stats_ = record.command == "stats";
  options_ = record.options;
  if (stats_) {
    out_.set_level(0);
    if (!options_.explanation) return;
    WriteStatsExplanation(out_);
    out_.EmptyLine();
    return;
  }
  if (record.runs.has_value()) {
    show_noise_ = record.runs->show_noise;
    out_.set_level(0);
    if (!options_.explanation) return;
    WriteRunsExplanation(out_, *record.runs, options_);
    out_.EmptyLine();
    return;
  }
  // Only hot methods get a section: report with a profile, and every comparison.
  const bool only_hot = !report_ || record.arguments.size() > 1;
  out_.set_level(0);
  if (!options_.explanation) return;
  WriteExplanation(out_, report_, only_hot, options_);
  if (!aot_vs_aot_) out_.EmptyLine();
}

void TextRenderer::Warning(const WarningRecord& record) {
  out_.set_level(0);
  out_.Line(absl::StrCat("Warning: ", AbslView(record.message)));
}

void TextRenderer::Experiment(const ExperimentRecord& record) {
  compared_methods_.Experiment(record);
  if (stats_ && record.id == 2) compared_ = true;
  if (record.id >= 1 && record.id <= 2 && record.run.index == 0) {
    period_units_[record.id - 1] = PeriodUnitOf(record);
  }
  out_.set_level(0);
  if (record.run.index > 0) {
    if (record.run.index == 1) sampled_runs_column_ = record.jfr_samples.has_value();
    WriteRunText(out_, record, sampled_runs_column_, style_);
    if (record.run.index == record.run.count) out_.EmptyLine();
    return;
  }
  if (record.id > 0 && record.id < static_cast<int>(compiled_code_.size())) {
    compiled_code_[record.id] = CompiledCodeOf(record);
  }
  WriteExperimentText(out_, record, style_);
  if (!report_) out_.EmptyLine();
}

CompiledCode TextRenderer::CodeOf(int experiment) const {
  return experiment > 0 && experiment < static_cast<int>(compiled_code_.size())
             ? compiled_code_[experiment]
             : CompiledCode::kGraal;
}

void TextRenderer::Method(const MethodRecord& record) {
  if (report_ || record.index > 0) out_.EmptyLine();
  std::string title = absl::StrCat("Method ", AbslView(record.name));
  if (record.hot_only_in != 0) {
    absl::StrAppend(&title, " is hot only in experiment ", record.hot_only_in);
  }
  // Hot in one only, or at other shares, yet maybe by chance (docs/jfr.md "How sure is a share").
  if (record.sampling_noise && record.sampling_noise->within_noise) {
    absl::StrAppend(&title, record.hot_only_in != 0 ? ", " : ", share change ",
                    SamplingNoiseText(record));
  }
  out_.set_level(0);
  out_.Line(Emphasized(style_, Emphasis::kStrong, std::move(title)));
  out_.set_level(1);
  for (const CompilationListRecord& list : record.experiments) {
    WriteCompilationListText(out_, list, style_, CodeOf(list.experiment));
  }
}

void TextRenderer::Compilation(const CompilationTreesRecord& record) {
  out_.set_level(report_ ? 2 : 1);
  out_.Line(CompilationHeaderText(record.compilation, CodeOf(record.compilation.experiment)));
  if (record.context != nullptr) {
    WriteTreeUnder(out_, *record.context, nullptr, options_, style_);
    return;
  }
  WriteTreeUnder(out_, *record.inlining, "Inlining tree", options_, style_);
  WriteTreeUnder(out_, *record.optimization, "Optimization tree", options_, style_);
}

void TextRenderer::Pair(const PairRecord& record) {
  out_.set_level(1);
  out_.Line(
      absl::StrCat(CompilationHeaderText(record.first, CodeOf(record.first.experiment)), " vs"));
  std::string second = CompilationHeaderText(record.second, CodeOf(record.second.experiment));
  // The two compilations' shares may differ by chance (docs/jfr.md "How sure is a share"); their
  // samples are on the two lines.
  if (record.sampling_noise && record.sampling_noise->within_noise) {
    absl::StrAppend(&second, ", share change within sampling noise (p ",
                    PValueText(record.sampling_noise->p), ")");
  }
  out_.Line(second);
  if (record.context != nullptr) {
    WriteTreeUnder(out_, *record.context, nullptr, options_, style_);
    return;
  }
  WriteTreeUnder(out_, *record.inlining, "Inlining tree matching", options_, style_);
  WriteTreeUnder(out_, *record.optimization, "Optimization tree matching", options_, style_);
}

namespace {

std::string OpCountsText(const OpCounts& counts) {
  return absl::StrCat(counts.insert, "/", counts.remove, "/", counts.relabel);
}

std::string ShareText(const std::optional<double>& share) {
  return share ? Percent(*share) + "%" : "-";
}

}  // namespace

void TextRenderer::Summary(const SummaryRecord& record) {
  out_.EmptyLine();
  out_.set_level(0);
  out_.Line(
      Emphasized(style_, Emphasis::kStrong,
                 absl::StrCat("Summary: the compared ", AbslView(compared_methods_.Adjective()),
                              " methods, the most executed with the most differences "
                              "first")));
  out_.set_level(1);
  // Several compilations on a side: only the pairs of the one-to-one pairing count (issue 22).
  const bool some_not_counted =
      std::any_of(record.methods.begin(), record.methods.end(),
                  [](const SummaryRowRecord& row) { return row.counted_pairs < row.pairs; });
  if (some_not_counted) {
    out_.Line(
        "Differences count the compilations paired one to one by least edit cost (docs/ci.md)");
  }
  // The code differed between the experiments (issue 36): say how much only moved.
  int64_t moved = 0;
  int64_t moved_in = 0;
  for (const SummaryRowRecord& row : record.methods) {
    moved += row.moved_call_sites;
    moved_in += row.moved_call_sites > 0 ? 1 : 0;
  }
  if (moved > 0) {
    out_.Line(absl::StrCat(moved, moved == 1 ? " call site" : " call sites", " in ", moved_in,
                           moved_in == 1 ? " method" : " methods",
                           " moved with the code: no difference (--show-moved=true shows them)"));
  }
  // JFR profiles: the samples behind the shares, and which changes sampling noise explains.
  const bool sampled =
      std::any_of(record.methods.begin(), record.methods.end(),
                  [](const SummaryRowRecord& row) { return row.samples[0] || row.samples[1]; });
  const bool tested =
      std::any_of(record.methods.begin(), record.methods.end(),
                  [](const SummaryRowRecord& row) { return row.sampling_noise.has_value(); });
  if (tested) {
    out_.Line(absl::StrCat(
        kWithinSamplingNoiseMarker,
        " after the shares: the share change is within sampling noise (exact binomial test of "
        "the samples, p >= 0.05; docs/jfr.md)"));
  }
  out_.Line(sampled ? "Share 1   Share 2    Samples 1  Samples 2  Pairs  Inlining +/-/*  "
                      "Optimization +/-/*  Method"
                    : "Share 1   Share 2  Pairs  Inlining +/-/*  Optimization +/-/*  Method");
  for (const SummaryRowRecord& row : record.methods) {
    std::string samples;
    if (sampled) {
      const bool within = row.sampling_noise && row.sampling_noise->within_noise;
      auto count = [](const std::optional<int64_t>& n) {
        return PadLeft(n ? absl::StrCat(*n) : "-", 11);
      };
      samples = absl::StrCat(within ? absl::StrCat(" ", kWithinSamplingNoiseMarker) : "  ",
                             count(row.samples[0]), count(row.samples[1]));
    }
    std::string line = absl::StrCat(
        PadLeft(ShareText(row.share[0]), 7), PadLeft(ShareText(row.share[1]), 10), samples,
        PadLeft(absl::StrCat(row.pairs), 7), PadLeft(OpCountsText(row.inlining), 16),
        PadLeft(OpCountsText(row.optimization), 20), "  ", AbslView(row.method));
    const int64_t too_big = std::max(row.inlining_too_big, row.optimization_too_big);
    if (too_big > 0) {
      absl::StrAppend(&line, " (", too_big, too_big == 1 ? " pair" : " pairs",
                      " too big to compare)");
    }
    out_.Line(line);
  }
}

void TextRenderer::Decisions(const DecisionsRecord& record) {
  out_.EmptyLine();
  out_.set_level(0);
  WriteDecisionsText(out_, record, style_, compared_methods_.Adjective(),
                     CodeOf(1) == CompiledCode::kLlvm || CodeOf(2) == CompiledCode::kLlvm);
}

void TextRenderer::Loops(const LoopsRecord& record) {
  out_.EmptyLine();
  out_.set_level(0);
  WriteLoopsText(out_, record, style_, compared_methods_.Adjective());
}

void TextRenderer::Statistics(const StatisticsRecord& record) {
  if (compared_) return;  // the changes show both experiments' figures
  out_.set_level(0);
  if (sections_ > 0) out_.EmptyLine();
  ++sections_;
  WriteStatisticsText(out_, record, period_units_[record.experiment == 2 ? 1 : 0]);
}

void TextRenderer::StatisticsChange(const StatisticsChangeRecord& record) {
  out_.set_level(0);
  if (sections_ > 0) out_.EmptyLine();
  ++sections_;
  WriteStatisticsChangeText(out_, record, period_units_[0], period_units_[1]);
}

void TextRenderer::RunsMethod(const RunsMethodRecord& record) {
  if (record.index > 0) out_.EmptyLine();
  out_.set_level(0);
  WriteRunsMethodText(out_, record, show_noise_, options_, style_);
}

std::unique_ptr<Renderer> TextRenderer::NewPiece(std::string* target) const {
  auto piece = std::make_unique<TextRenderer>(target, style_);
  piece->report_ = report_;
  piece->aot_vs_aot_ = aot_vs_aot_;
  piece->stats_ = stats_;
  piece->compared_ = compared_;
  piece->show_noise_ = show_noise_;
  piece->compiled_code_ = compiled_code_;
  piece->options_ = options_;
  return piece;
}

}  // namespace profdiff
