#include "profdiff/output/runs_text.h"

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "output/text_emphasis.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

std::string Percent(double share) { return JavaFixed(share * 100); }

// A threshold share as a percentage without needless digits: 0.8 -> "80", 1/3 -> "33.3333".
std::string ThresholdPercent(double share) { return absl::StrCat(share * 100); }

std::string_view TreeHeading(TreeKind kind) {
  switch (kind) {
    case TreeKind::kInlining:
      return "Inlining tree";
    case TreeKind::kOptimization:
      return "Optimization tree";
    case TreeKind::kOptimizationContext:
      return "Optimization-context tree";
  }
  return "";
}

bool SameStep(const PathStepRecord& a, const PathStepRecord& b) {
  return a.phase == b.phase && a.name_known == b.name_known && a.bci == b.bci &&
         (!a.name_known || a.name == b.name);
}

std::string StepText(const PathStepRecord& step) {
  if (step.phase) return std::string(step.name);
  std::string text(step.name_known ? step.name : std::string_view("unknown"));
  if (step.bci != -1) absl::StrAppend(&text, " at bci ", step.bci);
  return text;
}

std::string SupportText(const DifferenceRecord& d) {
  return absl::StrCat(" (in ", d.cross, " of ", d.cross_pairs, " cross pairs, ", d.within, " of ",
                      d.within_pairs, " same-side pairs)");
}

// The differences of one list as trees, one per tree kind: each difference below the context
// lines of its path, a line per path step that the lines before have not shown yet.
void WriteDifferences(LineWriter& out, const RunsMethodRecord& record,
                      const std::vector<DifferenceRecord>& differences, const Options& options,
                      const TextStyle& style) {
  const int level = out.level();
  bool first = true;
  TreeKind kind = TreeKind::kInlining;
  std::vector<PathStepRecord> shown;  // the steps the lines so far stand for
  for (const DifferenceRecord& d : differences) {
    if (first || d.tree != kind) {
      out.set_level(level);
      out.Line(Emphasized(style, Emphasis::kStrong, std::string(TreeHeading(d.tree))));
      kind = d.tree;
      first = false;
      shown.clear();
    }
    out.set_level(level + 1);
    const NodeLabel& label = d.node.op == NodeOp::kInsert ? d.node.right : d.node.left;
    const bool inlining = label.kind == LabelKind::kInlining;
    // An inlining node is the last step of its own path; an optimization is below its path.
    const uint32_t context_end = inlining && !d.path.empty() ? d.path.end - 1 : d.path.end;
    const size_t context = context_end - d.path.begin;
    size_t common = 0;
    while (common < context && common < shown.size() &&
           SameStep(shown[common], record.path_steps[d.path.begin + common])) {
      ++common;
    }
    shown.resize(common);
    for (size_t i = common; i < context; ++i) {
      const PathStepRecord& step = record.path_steps[d.path.begin + i];
      out.Line(StepText(step), static_cast<int>(i));
      shown.push_back(step);
    }
    const int depth = static_cast<int>(context);
    const TreeRecord& tree = record.labels;
    if (inlining && d.node.op == NodeOp::kRelabel) {
      out.Line(Emphasized(
                   style, Emphasis::kRelabel,
                   absl::StrCat("* (", AbslView(d.node.left.callsite), " -> ",
                                AbslView(d.node.right.callsite), ") ",
                                d.node.left.name_known ? AbslView(d.node.left.name) : "unknown",
                                " at bci ", d.node.left.bci, MovedBciText(d.node), SupportText(d))),
               depth);
      WriteReasoningBlock(out, tree, d.node.left, " in experiment 1", depth);
      WriteReasoningBlock(out, tree, d.node.right, " in experiment 2", depth);
      WriteReceiverTypeProfileBlock(out, tree, d.node.left, " in experiment 1", depth);
      WriteReceiverTypeProfileBlock(out, tree, d.node.right, " in experiment 2", depth);
    } else {
      // A difference is an insertion, a deletion or a relabelling (run_differences.cc, and the
      // records' reader rejects any other op): the same markers as in a delta tree.
      out.Line(Emphasized(style, OpEmphasis(d.node.op),
                          absl::StrCat(AbslView(OpPrefix(d.node.op)),
                                       LabelText(tree, label, options.long_bci), SupportText(d))),
               depth);
      if (inlining) {
        WriteReasoningBlock(out, tree, label, "", depth);
        WriteReceiverTypeProfileBlock(out, tree, label, "", depth);
      }
    }
    if (inlining) {
      // The node's own line stands for the last step of its path.
      if (shown.size() == context && !d.path.empty()) {
        shown.push_back(record.path_steps[d.path.end - 1]);
      }
    }
  }
  out.set_level(level);
}

void WriteHotness(LineWriter& out, const ShareStatsRecord& s) {
  if (std::isnan(s.mean)) {
    // Runs without profiles (HotSpot logs alone): compiled is all that is known.
    out.Line(absl::StrCat("Experiment ", s.experiment, ": compiled in ", s.compiled_runs, " of ",
                          s.runs, s.runs == 1 ? " run" : " runs", " (no profile: no shares)"));
    return;
  }
  std::string line = absl::StrCat("Experiment ", s.experiment, ": hot in ", s.hot_runs, " of ",
                                  s.runs, s.runs == 1 ? " run" : " runs", " (compiled in ",
                                  s.compiled_runs, "), share mean ", Percent(s.mean), "%");
  if (std::isnan(s.stddev)) {
    line += ", stddev n/a";
  } else {
    absl::StrAppend(&line, ", stddev ", Percent(s.stddev), "%");
  }
  absl::StrAppend(&line, ", min ", Percent(s.min), "%, max ", Percent(s.max), "%");
  out.Line(line);
}

void WriteShareChange(LineWriter& out, const RunsMethodRecord& record) {
  const ShareChangeRecord& c = record.share_change;
  if (std::isnan(c.difference)) {
    out.Line("Share change: unknown without profiles");
    return;
  }
  std::string points = JavaFixed(c.difference * 100);
  if (c.difference >= 0 && !points.starts_with("-")) points.insert(0, "+");
  out.Line(absl::StrCat(
      "Share change: ", points, " percentage points, ",
      ShareChangeVerdict(c, record.hotness[0].stddev == 0 && record.hotness[1].stddev == 0)));
}

}  // namespace

std::string ShareChangeVerdict(const ShareChangeRecord& c, bool no_variation) {
  if (!c.tested) return "not tested (Welch's t-test needs at least two runs of each experiment)";
  std::string line;
  if (no_variation) {
    absl::StrAppend(&line, c.beyond_noise ? "beyond" : "within",
                    " the noise (no run-to-run variation in either experiment)");
    return line;
  }
  absl::StrAppend(&line, c.beyond_noise ? "beyond" : "within",
                  " the noise (Welch's t-test: t = ", JavaFixed(c.t), ", df = ", JavaFixed(c.df, 1),
                  ", p ", PValueText(c.p), ")");
  return line;
}

void WriteRunsExplanation(LineWriter& out, const RunsOptions& runs, const Options& options) {
  Bullets b(out);
  out.Line("How to read this output");
  b(1,
    "Each experiment was run several times: experiment 1 is the baseline, experiment 2 the "
    "change.");
  b(1, "Each run's hot compilation units are selected on their own, as jit-vs-jit does.");
  b(1,
    "There is one section per method that is hot in at least one run: the compared methods "
    "first, each group by the mean execution shares of both experiments.");
  b(1, "A method's share is its compilation units' part of the total execution time of a run.");
  b(2,
    "Per experiment: in how many runs it was hot (and compiled), and the mean, standard "
    "deviation, minimum and maximum of its share over all runs of the experiment.");
  b(2,
    "The share changed beyond the noise when Welch's t-test of the runs' shares gives "
    "p < 0.05.");
  b(1, "A method is compared when it is hot in at least half the runs of each experiment.");
  b(2,
    "The hottest compilation of each run that compiled it is compared with that of every "
    "other run:");
  b(3, "a cross pair takes a run of each experiment, a same-side pair two runs of one;");
  b(3, "each pair is matched as jit-vs-jit matches a compilation pair.");
  b(2,
    "A difference is an inserted, deleted or relabelled call site or optimization of a pair, "
    "known by its path:");
  b(3, "for a call site, the (method, bci) of every call site from the root down to it;");
  b(3, "for an optimization, the phases around it; its position names its inlined method.");
  b(2, absl::StrCat("A difference is stable when it is in at least ",
                    ThresholdPercent(runs.stable_share), "% of the cross pairs and in at most ",
                    ThresholdPercent(runs.noise_share),
                    "% of the same-side pairs; otherwise it is noise."));
  b(2,
    "With fewer than two runs of an experiment that compiled the method, its noise is "
    "unknown and every difference is unconfirmed.");
  b(1,
    "Differences are listed as trees: a line per call site or phase on their paths, then the "
    "difference with its edit and support:");
  b(2,
    "+ only in experiment 2, - only in experiment 1, * (kind -> kind) a call site whose "
    "callsite kind changed;");
  b(2, "(in 9 of 9 cross pairs, 0 of 6 same-side pairs) says in how many pairs it was found.");
  if (options.long_bci) {
    b(2, "Optimization positions list (method, bci) pairs, the innermost inlined method first.");
  }
  if (runs.show_noise) {
    b(1, "Noise differences are listed after the stable ones.");
  } else {
    b(1, "Noise differences are only counted (--show-noise=true lists them).");
  }
}

namespace {

// A run's total period in the column's unit (10^9 cycles or seconds sampled); a figure of the
// other unit carries its own.
std::string PeriodText(const ExperimentRecord& record, bool sampled_column) {
  std::string text = JavaFixed(static_cast<double>(record.total_period) / 1e9);
  const bool sampled = record.jfr_samples.has_value();
  if (sampled != sampled_column) text += sampled ? " s" : " Gcycles";
  return text;
}

}  // namespace

void WriteRunText(LineWriter& out, const ExperimentRecord& record, bool sampled_column,
                  const TextStyle& style) {
  if (record.run.index == 1) {
    std::string title = absl::StrCat("Experiment ", record.id);
    if (record.kind == ExperimentKind::kJit) title += " (JIT)";
    if (record.kind == ExperimentKind::kAot) title += " (AOT)";
    absl::StrAppend(&title, ", ", record.run.count, record.run.count == 1 ? " run" : " runs");
    out.Line(Emphasized(style, Emphasis::kStrong, std::move(title)));
    if (record.hotspot.has_value()) {
      // HotSpot logs (docs/hotspot.md): which compilations are kept, and without profiles what
      // is compared instead of the hot methods (docs/runs.md).
      std::string line =
          absl::StrCat("HotSpot compilation logs: ", AbslView(record.hotspot->kept), " kept");
      if (!record.hotspot->without_profile.empty()) {
        absl::StrAppend(&line, "; no profiles: ", AbslView(record.hotspot->without_profile));
      }
      out.Line(line, 1);
    }
    // The period column's unit is the first run's (docs/jfr.md): proftool's cycles, or a JFR
    // recording's sampled time.
    // A HotSpot log's shares are of C1- and C2-compiled code, not Graal's (docs/hotspot.md).
    // With JFR recordings each share says its samples (docs/jfr.md "How sure is a share"), and
    // a column the run's.
    const char* code_share = record.hotspot.has_value() ? "JIT share" : "Graal share";
    out.Line(sampled_column
                 ? absl::StrCat("Run  Execution ID  Units  Hot units  ", PadLeft("Hot share", 14),
                                "  ", PadLeft(code_share, 14), "    Sampled (s)  Samples  Inputs")
                 : absl::StrCat("Run  Execution ID  Units  Hot units  Hot share  ",
                                PadLeft(code_share, 11), "  Cycles (10^9)  Inputs"),
             1);
  }
  // A share, with its samples in a table of JFR recordings (a table of proftool profiles has no
  // room for them: a recording among them says its unit only).
  auto share = [&](double value, const std::optional<int64_t>& samples, size_t width) {
    std::string text = Percent(value) + "%";
    if (!sampled_column) return PadLeft(text, width);
    if (samples) absl::StrAppend(&text, " (", *samples, ")");
    return PadLeft(text, 14);
  };
  auto samples = [&](const std::optional<int64_t>& count) {
    return sampled_column ? PadLeft(count ? absl::StrCat(*count) : "-", 7) + "  " : std::string();
  };
  std::string row = absl::StrCat(PadLeft(absl::StrCat(record.run.index), 3), "  ",
                                 PadLeft(record.execution_id.value_or("-"), 12), "  ",
                                 PadLeft(absl::StrCat(record.units), 5), "  ");
  if (record.profiled) {
    absl::StrAppend(&row, PadLeft(absl::StrCat(record.hot_units), 9), "  ",
                    share(record.hot_share, record.hot_samples, 9), "  ",
                    share(record.graal_share, record.graal_samples, 11), "  ",
                    PadLeft(PeriodText(record, sampled_column), 13), "  ",
                    samples(record.jfr_samples));
  } else {
    absl::StrAppend(&row, PadLeft("-", 9), "  ", PadLeft("-", sampled_column ? 14 : 9), "  ",
                    PadLeft("-", sampled_column ? 14 : 11), "  ", PadLeft("-", 13), "  ",
                    samples(std::nullopt));
  }
  absl::StrAppend(&row, AbslView(record.run.log));
  if (!record.run.profile.empty()) absl::StrAppend(&row, " ", AbslView(record.run.profile));
  out.Line(row, 1);
  // Under the run's row: its shares count them, its units do not (docs/jfr.md).
  if (const std::optional<std::string> left_out = LeftOutText(record)) out.Line(*left_out, 2);
}

void WriteRunsMethodText(LineWriter& out, const RunsMethodRecord& record, bool show_noise,
                         const Options& options, const TextStyle& style) {
  const int level = out.level();
  out.Line(Emphasized(style, Emphasis::kStrong, absl::StrCat("Method ", AbslView(record.name))));
  out.set_level(level + 1);
  for (const ShareStatsRecord& hotness : record.hotness) WriteHotness(out, hotness);
  WriteShareChange(out, record);
  if (!record.compared) {
    std::string line = std::isnan(record.hotness[0].mean)
                           ? "Not compared: compiled in fewer than half the runs of experiment "
                           : "Not compared: hot in fewer than half the runs of experiment ";
    const bool cold1 = record.hotness[0].hot_runs * 2 < record.hotness[0].runs;
    const bool cold2 = record.hotness[1].hot_runs * 2 < record.hotness[1].runs;
    line += cold1 && cold2 ? "1 and 2" : cold1 ? "1" : "2";
    out.Line(line);
    out.set_level(level);
    return;
  }
  out.Line(absl::StrCat("Compared ", record.cross_pairs,
                        record.cross_pairs == 1 ? " cross pair and " : " cross pairs and ",
                        record.within_pairs,
                        record.within_pairs == 1 ? " same-side pair" : " same-side pairs",
                        " of the runs' hottest compilations"));
  if (record.unconfirmed) {
    const bool few1 = record.hotness[0].compiled_runs < 2;
    const bool few2 = record.hotness[1].compiled_runs < 2;
    out.Line(absl::StrCat("Unconfirmed: experiment",
                          few1 && few2 ? "s 1 and 2"
                          : few1       ? " 1"
                                       : " 2",
                          " compiled the method in fewer than two runs, so the run-to-run noise "
                          "is unknown"));
  }
  if (record.stable.empty()) {
    out.Line(record.unconfirmed ? "No stable differences (none can be confirmed)"
                                : "No stable differences");
  } else {
    out.Line(Emphasized(style, Emphasis::kStrong, "Stable differences"));
    out.set_level(level + 2);
    WriteDifferences(out, record, record.stable, options, style);
    out.set_level(level + 1);
  }
  const std::string_view noise = record.unconfirmed ? "unconfirmed" : "noise";
  if (record.noise.empty()) {
    out.Line(absl::StrCat("No ", AbslView(noise), " differences"));
  } else if (show_noise) {
    out.Line(
        Emphasized(style, Emphasis::kStrong,
                   absl::StrCat(record.unconfirmed ? "Unconfirmed" : "Noise", " differences")));
    out.set_level(level + 2);
    WriteDifferences(out, record, record.noise, options, style);
    out.set_level(level + 1);
  } else {
    out.Line(absl::StrCat(record.noise.size(), " ", AbslView(noise),
                          record.noise.size() == 1 ? " difference" : " differences",
                          " left out (--show-noise=true lists them)"));
  }
  out.set_level(level);
}

}  // namespace profdiff
