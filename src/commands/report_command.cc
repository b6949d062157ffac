#include <algorithm>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
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

  for (MethodIndex m : methods) {
    out.EmptyLine();
    out.set_level(0);
    out.Line(absl::StrCat("Method ", experiment->method(m).name));
    out.set_level(1);
    WriteCompilationList(out, *experiment, m);
    out.set_level(2);
    for (CompilationIndex c : experiment->method(m).compilations) {
      if (profile.has_value() && !experiment->compilation(c).hot) continue;
      absl::Status printed = WriteCompilation(out, *experiment, c, options);
      if (!printed.ok()) return printed;
    }
  }
  out.set_level(0);
  return absl::OkStatus();
}

}  // namespace profdiff
