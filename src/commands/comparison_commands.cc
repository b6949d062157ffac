#include "commands/comparison_commands.h"

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "commands/ordered_parallel.h"
#include "profdiff/experiment_writer.h"
#include "profdiff/explanation.h"
#include "profdiff/fragments.h"
#include "profdiff/method_pairing.h"

namespace profdiff {

namespace {

// One method section (output.md §5.1) at level 0.
absl::Status WriteMethodSection(LineWriter& out, const Experiment& first, const Experiment& second,
                                const MethodPair& pair, const Options& options) {
  const bool hot1 = first.IsMethodHot(pair.first);
  const bool hot2 = second.IsMethodHot(pair.second);
  std::string title = absl::StrCat("Method ", first.method(pair.first).name);
  if (hot1 != hot2) absl::StrAppend(&title, " is hot only in experiment ", hot1 ? 1 : 2);
  out.set_level(0);
  out.Line(title);
  out.set_level(1);
  WriteCompilationList(out, first, pair.first);
  WriteCompilationList(out, second, pair.second);
  if (!options.diff_compilations) {
    for (const Experiment* experiment : {&first, &second}) {
      MethodIndex method = experiment == &first ? pair.first : pair.second;
      for (CompilationIndex c : experiment->method(method).compilations) {
        if (!experiment->compilation(c).hot) continue;
        absl::Status printed = WriteCompilation(out, *experiment, c, options);
        if (!printed.ok()) return printed;
      }
    }
    return absl::OkStatus();
  }
  SectionTreeCache trees(options);
  for (CompilationIndex a : HotCompilationsByPeriod(first, pair.first)) {
    for (CompilationIndex b : HotCompilationsByPeriod(second, pair.second)) {
      if (first.compilation(a).is_fragment && second.compilation(b).is_fragment) continue;
      out.Line(absl::StrCat(CompilationHeader(first, a), " vs"));
      out.Line(CompilationHeader(second, b));
      // Loaded after the header lines, first then second (algorithms.md §12).
      absl::StatusOr<std::shared_ptr<const RecordTrees>> left = trees.Get(first, a);
      if (!left.ok()) return left.status();
      absl::StatusOr<std::shared_ptr<const RecordTrees>> right = trees.Get(second, b);
      if (!right.ok()) return right.status();
      WriteTreesDiff(out, **left, **right, options);
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status MatchExperiments(LineWriter& out, Experiment& first, Experiment& second,
                              const Options& options) {
  if (options.create_fragments) {
    absl::Status created = CreateFragments(first, second);
    if (!created.ok()) return created;
  }
  // Sections only read the experiments: render them on worker threads, write them in order.
  const std::vector<MethodPair> pairs = SortedHotMethodPairs(first, second);
  auto render = [&](size_t k) {
    RenderedPiece piece;
    {
      LineWriter section(&piece.text);
      if (k > 0) section.EmptyLine();
      piece.status = WriteMethodSection(section, first, second, pairs[k], options);
    }
    return piece;
  };
  absl::Status written = RenderInOrder(pairs.size(), RenderThreads(), render,
                                       [&](const std::string& text) { out.Raw(text); });
  if (!written.ok()) return written;
  out.set_level(0);
  return absl::OkStatus();
}

absl::Status RunComparison(ComparisonKind kind, const std::vector<std::string>& positionals,
                           const Options& options, LineWriter& out) {
  auto at = [&](size_t i) -> std::optional<std::string> {
    if (i < positionals.size()) return positionals[i];
    return std::nullopt;
  };
  WriteExplanation(out, /*single=*/false, /*only_hot=*/true, options);
  if (kind != ComparisonKind::kAotVsAot) out.EmptyLine();

  if (kind == ComparisonKind::kAotVsAotJitProfile) {
    absl::StatusOr<Experiment> jit =
        LoadAndSummarize({0, *at(0), at(1), ExperimentKind::kJit}, options, out);
    if (!jit.ok()) return jit.status();
    out.EmptyLine();
    absl::StatusOr<Experiment> first = LoadAndSummarize(
        {1, *at(2), std::nullopt, ExperimentKind::kAot}, options, out, /*select_hot=*/false);
    if (!first.ok()) return first.status();
    out.EmptyLine();
    absl::StatusOr<Experiment> second = LoadAndSummarize(
        {2, *at(3), std::nullopt, ExperimentKind::kAot}, options, out, /*select_hot=*/false);
    if (!second.ok()) return second.status();
    absl::Status marked = MarkHotFromJitProfile(*jit, {&*first, &*second});
    if (!marked.ok()) return marked;
    out.EmptyLine();
    return MatchExperiments(out, *first, *second, options);
  }

  const ExperimentKind kind1 =
      kind == ComparisonKind::kAotVsAot ? ExperimentKind::kAot : ExperimentKind::kJit;
  const ExperimentKind kind2 =
      kind == ComparisonKind::kJitVsJit ? ExperimentKind::kJit : ExperimentKind::kAot;
  absl::StatusOr<Experiment> first = LoadAndSummarize({1, *at(0), at(1), kind1}, options, out);
  if (!first.ok()) return first.status();
  out.EmptyLine();
  std::optional<std::string> profile2 = at(3);
  absl::StatusOr<Experiment> second;
  if (kind == ComparisonKind::kJitVsAot && !profile2.has_value()) {
    // Without an AOT profile, hotness comes from the JIT experiment, before the summary.
    second = LoadQuietly({2, *at(2), std::nullopt, kind2}, out);
    if (!second.ok()) return second.status();
    absl::Status marked = MarkHotFromJitProfile(*first, {&*second});
    if (!marked.ok()) return marked;
    WriteExperimentSummary(out, *second);
  } else {
    second = LoadAndSummarize({2, *at(2), profile2, kind2}, options, out);
    if (!second.ok()) return second.status();
  }
  out.EmptyLine();
  return MatchExperiments(out, *first, *second, options);
}

}  // namespace profdiff
