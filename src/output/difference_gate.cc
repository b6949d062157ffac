#include "profdiff/output/difference_gate.h"

#include "absl/strings/str_cat.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/compared_methods.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

bool Differs(const MethodDifferences& method, FailOn fail_on) {
  switch (fail_on) {
    case FailOn::kNone:
      return false;
    case FailOn::kInlining:
      return method.InliningDiffers();
    case FailOn::kOptimization:
      return method.OptimizationDiffers();
    case FailOn::kAny:
      return method.InliningDiffers() || method.OptimizationDiffers();
  }
  return false;
}

std::string_view TreesText(FailOn fail_on) {
  switch (fail_on) {
    case FailOn::kInlining:
      return "inlining";
    case FailOn::kOptimization:
      return "optimization";
    case FailOn::kAny:
    case FailOn::kNone:
      break;
  }
  return "inlining or optimization";
}

std::string Percent(double share) { return JavaFixed(share * 100) + "%"; }

}  // namespace

GateVerdict DecideGate(const std::vector<MethodDifferences>& methods, FailOn fail_on,
                       double min_share, bool across_runs, bool hot) {
  GateVerdict verdict;
  if (fail_on == FailOn::kNone) return verdict;
  int64_t counted = 0;
  int64_t differing = 0;
  const MethodDifferences* top = nullptr;  // the most executed differing method
  // Differing methods whose share change between two JFR profiles is within sampling noise:
  // they count (the trees differ whatever the shares did), and the line says so (docs/ci.md).
  int64_t within_noise = 0;
  for (const MethodDifferences& method : methods) {
    if (method.pairs == 0) continue;
    const std::optional<double> share = method.LargerShare();
    if (share && *share < min_share) continue;
    ++counted;
    if (!Differs(method, fail_on)) continue;
    ++differing;
    if (method.sampling_noise && method.sampling_noise->within_noise) ++within_noise;
    if (top == nullptr || (share && (!top->LargerShare() || *share > *top->LargerShare()))) {
      top = &method;
    }
  }
  if (differing == 0) return verdict;
  verdict.failed = true;
  verdict.message = absl::StrCat(
      "profdiff: differences found (--fail-on=", AbslView(NameOf(fail_on)), "): ", differing,
      " of ", counted, " compared ", AbslView(ComparedMethods::AdjectiveOf(hot)), " methods");
  if (min_share > 0) {
    absl::StrAppend(&verdict.message, " with at least ", Percent(min_share), " of the execution");
  }
  absl::StrAppend(&verdict.message, across_runs ? " have stable differences in " : " differ in ",
                  AbslView(TreesText(fail_on)));
  if (std::optional<double> share = top->LargerShare()) {
    absl::StrAppend(&verdict.message, ", the most executed ", top->method, " (",
                    across_runs ? "mean " : "", Percent(*share));
    if (std::optional<int64_t> samples = top->LargerShareSamples()) {
      absl::StrAppend(&verdict.message, ", ", *samples, *samples == 1 ? " sample" : " samples");
    }
    verdict.message += ")";
  } else {  // no profile on either side
    absl::StrAppend(&verdict.message, ", among them ", top->method);
  }
  if (within_noise > 0) {
    absl::StrAppend(&verdict.message, "; the share change of ", within_noise, " of the ", differing,
                    " is within sampling noise (docs/jfr.md)");
  }
  return verdict;
}

std::string RunsGateProblem(size_t fewest_runs) {
  if (fewest_runs >= 2) return "";
  return "--fail-on with jit-vs-jit-runs needs at least two runs of each experiment: with one, "
         "no difference can be stable, so the gate could never close";
}

}  // namespace profdiff
