#ifndef PROFDIFF_OUTPUT_RUNS_TEXT_H_
#define PROFDIFF_OUTPUT_RUNS_TEXT_H_

// The text of jit-vs-jit-runs (docs/runs.md): its legend, the runs of each experiment as a
// table, and one section per method.

#include <string>

#include "profdiff/options.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/output_records.h"
#include "profdiff/output/text_style.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// Whether a change between the runs of the experiments is beyond the noise, as the text says it:
// "beyond the noise (Welch's t-test: t = 2.10, df = 3.7, p = 0.1080)", "not tested (...)".
// `no_variation`: neither experiment's runs vary.
std::string ShareChangeVerdict(const ShareChangeRecord& change, bool no_variation);

void WriteRunsExplanation(LineWriter& out, const RunsOptions& runs, const Options& options);

// One row of the runs table; the first run of an experiment also writes the table's title and
// column heads. `style`: the title bold, with --color. `sampled_column`: the period column is in
// seconds of JFR sampled time (the experiment's first run has a JFR profile), not in 10^9 cycles;
// a run whose profile is of the other kind says its unit after its figure.
void WriteRunText(LineWriter& out, const ExperimentRecord& record, bool sampled_column,
                  const TextStyle& style = {});

// With --color (`style`), the method's title and headings bold and each difference's line in its
// operation's colour, as in the delta trees of the other commands.
void WriteRunsMethodText(LineWriter& out, const RunsMethodRecord& record, bool show_noise,
                         const Options& options, const TextStyle& style = {});

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RUNS_TEXT_H_
