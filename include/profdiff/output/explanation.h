#ifndef PROFDIFF_OUTPUT_EXPLANATION_H_
#define PROFDIFF_OUTPUT_EXPLANATION_H_

#include "profdiff/options.h"
#include "profdiff/output/line_writer.h"

namespace profdiff {

// The introductory legend (output.md §2): an unindented title followed only by bullet lines
// "<4*d spaces>- text". `single` = the report command; `only_hot` = only hot methods get a
// section (report with a profile, every comparison).
void WriteExplanation(LineWriter& out, bool single, bool only_hot, const Options& options);
// The legend of the stats command.
void WriteStatsExplanation(LineWriter& out);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_EXPLANATION_H_
