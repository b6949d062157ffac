#ifndef PROFDIFF_OUTPUT_EXPERIMENT_WRITER_H_
#define PROFDIFF_OUTPUT_EXPERIMENT_WRITER_H_

#include <string>

#include "profdiff/model/experiment.h"
#include "profdiff/output/line_writer.h"

namespace profdiff {

// Text of the experiment records straight from the model (record builders + text renderer).

// "Experiment <id>..." with its counts and, with a profile, the Top methods table
// (output.md §4), at the writer's level.
void WriteExperimentSummary(LineWriter& out, const Experiment& experiment);

// "<%5.2f>% of Graal execution, <%5.2f>% of total" (output.md §5.3).
std::string ExecutionSummary(const Experiment& experiment, const Compilation& compilation);

// "Compilation unit|fragment <id>[ of multi-method k][ consumed ...] in experiment <id>".
std::string CompilationHeader(const Experiment& experiment, CompilationIndex compilation);

// "In experiment <id>" and the method's compilation list below it (output.md §5.2).
void WriteCompilationList(LineWriter& out, const Experiment& experiment, MethodIndex method);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_EXPERIMENT_WRITER_H_
