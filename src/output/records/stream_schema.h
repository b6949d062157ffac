#ifndef PROFDIFF_LOAD_STREAM_SCHEMA_H_
#define PROFDIFF_LOAD_STREAM_SCHEMA_H_

// The JSON Schema (draft-04) of the --format=json records, schema/profdiff-output-v1.schema.json,
// built into the binary.

#include <string>
#include <string_view>

namespace profdiff {

// The schema's text.
std::string_view OutputSchemaText();

// Checks one line against the schema of its record type. Returns "" when it matches (or is of
// a record type this version does not know, or holds a number too big for a double, which the
// validator cannot read), else what does not match and where. In a stream of jit-vs-jit-runs
// (`runs_stream`), method records have the runs form ("runsMethod").
std::string ValidateStreamRecord(std::string_view line, bool runs_stream = false);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_STREAM_SCHEMA_H_
