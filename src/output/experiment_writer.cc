#include "profdiff/output/experiment_writer.h"

#include "profdiff/output/record_builders.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {

namespace {

CompiledCode CodeOf(const Experiment& experiment) {
  if (experiment.llvm().has_value()) return CompiledCode::kLlvm;
  return experiment.hotspot() ? CompiledCode::kJit : CompiledCode::kGraal;
}

}  // namespace

void WriteExperimentSummary(LineWriter& out, const Experiment& experiment) {
  WriteExperimentText(out, MakeExperimentRecord(experiment));
}

std::string ExecutionSummary(const Experiment& experiment, const Compilation& compilation) {
  CompilationRecord record;
  record.graal_share =
      static_cast<double>(compilation.period) / static_cast<double>(experiment.GraalPeriod());
  record.total_share =
      static_cast<double>(compilation.period) / static_cast<double>(experiment.total_period());
  return ExecutionSummaryText(record, CodeOf(experiment));
}

std::string CompilationHeader(const Experiment& experiment, CompilationIndex compilation) {
  return CompilationHeaderText(MakeCompilationRecord(experiment, compilation), CodeOf(experiment));
}

void WriteCompilationList(LineWriter& out, const Experiment& experiment, MethodIndex method) {
  WriteCompilationListText(out, MakeCompilationList(experiment, method), {}, CodeOf(experiment));
}

}  // namespace profdiff
