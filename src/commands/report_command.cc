#include <algorithm>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "commands/ordered_parallel.h"
#include "profdiff/experiment_writer.h"
#include "profdiff/explanation.h"

namespace profdiff {

absl::Status RunReport(const std::string& log_directory, const std::optional<std::string>& profile,
                       const Options& options, LineWriter& out) {
  WriteExplanation(out, /*single=*/true, /*only_hot=*/profile.has_value(), options);
  out.EmptyLine();
  ExperimentInput input{1, log_directory, profile, std::nullopt};
  absl::StatusOr<Experiment> experiment = LoadAndSummarize(input, options, out);
  if (!experiment.ok()) return experiment.status();

  std::vector<MethodIndex> methods;
  for (MethodIndex m = 0; m < experiment->methods().size(); ++m) {
    if (!profile.has_value() || experiment->IsMethodHot(m)) methods.push_back(m);
  }
  std::vector<int64_t> totals(experiment->methods().size());
  for (MethodIndex m : methods) totals[m] = experiment->MethodTotalPeriod(m);
  std::stable_sort(methods.begin(), methods.end(),
                   [&](MethodIndex a, MethodIndex b) { return totals[a] > totals[b]; });

  // Method sections are independent: render them on worker threads, write them in order.
  const Experiment& loaded = *experiment;
  auto render = [&](size_t k) {
    RenderedPiece piece;
    {
      LineWriter section(&piece.text);
      MethodIndex m = methods[k];
      section.EmptyLine();
      section.Line(absl::StrCat("Method ", loaded.method(m).name));
      section.set_level(1);
      WriteCompilationList(section, loaded, m);
      section.set_level(2);
      for (CompilationIndex c : loaded.method(m).compilations) {
        if (profile.has_value() && !loaded.compilation(c).hot) continue;
        piece.status = WriteCompilation(section, loaded, c, options);
        if (!piece.status.ok()) break;
      }
    }
    return piece;
  };
  absl::Status written = RenderInOrder(methods.size(), WorkerThreads(), render,
                                       [&](const std::string& text) { out.Raw(text); });
  if (!written.ok()) return written;
  out.set_level(0);
  return absl::OkStatus();
}

}  // namespace profdiff
