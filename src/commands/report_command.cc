#include <algorithm>
#include <cstdint>
#include <vector>

#include "commands/call_site_facts.h"
#include "commands/command_steps.h"
#include "commands/ordered_parallel.h"
#include "profdiff/analysis/method_filter.h"
#include "profdiff/load/input_paths.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/output/record_builders.h"

namespace profdiff {

absl::Status RunReport(const std::string& log_directory, const std::optional<std::string>& profile,
                       const Options& options, Renderer& out, ProgressSink* progress) {
  std::vector<std::string> arguments{log_directory};
  if (profile.has_value()) arguments.push_back(*profile);
  ExperimentInput input{1, log_directory, profile, std::nullopt, LogCounting::kNone, progress};
  input.tiers = options.tiers;
  // Before the first record: a mistyped path prints its error and nothing else.
  absl::Status paths = CheckExperimentPaths({input});
  if (!paths.ok()) return paths;
  out.Header(HeaderRecord{"report", arguments, options});
  absl::StatusOr<Experiment> experiment = LoadAndSummarize(input, options, out);
  if (!experiment.ok()) return experiment.status();

  // --method selects among the methods that would be printed; hotness stays as without it.
  MethodFilter filter(options.method);
  filter.LearnSpellings(*experiment);
  std::vector<MethodIndex> methods;
  // LLVM remarks with Hotness are profiled without a profile argument (docs/llvm.md).
  const bool profiled = experiment->has_profile();
  for (MethodIndex m = 0; m < experiment->methods().size(); ++m) {
    if (profiled && !experiment->IsMethodHot(m)) continue;
    if (filter.Matches(experiment->method(m).name)) methods.push_back(m);
  }
  std::vector<int64_t> totals(experiment->methods().size());
  for (MethodIndex m : methods) totals[m] = experiment->MethodTotalPeriod(m);
  std::stable_sort(methods.begin(), methods.end(),
                   [&](MethodIndex a, MethodIndex b) { return totals[a] > totals[b]; });

  // Method sections are independent: render them on worker threads, write them in order.
  const Experiment& loaded = *experiment;
  const KeepLogFilesOpen open_files;  // each printed unit's record is read again
  std::vector<uint64_t> costs(methods.size(), 0);
  for (size_t k = 0; k < methods.size(); ++k) {
    for (CompilationIndex c : loaded.method(methods[k]).compilations) {
      if (!profiled || loaded.compilation(c).hot) costs[k] += ReloadBytes(loaded, c);
    }
  }
  EndRecord end;
  absl::Status written = RenderInOrder(
      PieceBatchEnds(costs, WorkerThreads()), WorkerThreads(), out, &end,
      [&](size_t k, Renderer& section, RenderedPiece& piece) {
        MethodIndex m = methods[k];
        MethodRecord method;
        method.index = static_cast<int64_t>(k);
        method.name = loaded.method(m).name;
        method.experiments.push_back(MakeCompilationList(loaded, m));
        section.Method(method);
        ++piece.tally.methods;
        for (CompilationIndex c : loaded.method(m).compilations) {
          if (profiled && !loaded.compilation(c).hot) continue;
          piece.status = WriteCompilation(section, loaded, c, options, nullptr, &piece.tally);
          if (!piece.status.ok()) break;
        }
      });
  if (!written.ok()) return written;
  // What --require checks (without a profile nothing is hot: every unit counts).
  if (!options.require.empty()) {
    absl::Status facts = WriteCallSiteFacts(out, loaded, /*all_units=*/!profiled);
    if (!facts.ok()) return facts;
  }
  out.End(end);
  return absl::OkStatus();
}

}  // namespace profdiff
