#ifndef PROFDIFF_OUTPUT_RUNS_JSON_H_
#define PROFDIFF_OUTPUT_RUNS_JSON_H_

// The JSON of jit-vs-jit-runs (docs/output-formats.md, docs/runs.md).

#include "output/json_out.h"
#include "profdiff/output/output_records.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// The header's "runs" member: the inputs of each experiment's runs.
void WriteRunsInputs(JsonOut& json, const RunsOptions& runs);
// An experiment record's "run" member.
void WriteRunIdentity(JsonOut& json, const RunIdentityRecord& run);
// The members of a method record before its differences (type to pairs), inside an object the
// caller opened: the HTML page keeps the differences apart (docs/html-report.md "Data").
void WriteRunsMethodHead(JsonOut& json, const RunsMethodRecord& record);
// A whole method record (type "method", the runs form).
void WriteRunsMethodJson(JsonOut& json, const RunsMethodRecord& record);
// A share change (a method's "share_change", a rate change of the decisions record) as an
// object.
void WriteShareChangeJson(JsonOut& json, const ShareChangeRecord& change);
// The end record's "runs" member.
void WriteRunsTotals(JsonOut& json, const RunsTotalsRecord& totals);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RUNS_JSON_H_
