#ifndef PROFDIFF_OUTPUT_RECORD_STREAM_READER_H_
#define PROFDIFF_OUTPUT_RECORD_STREAM_READER_H_

// Reads a JSON Lines stream written by --format=json (docs/output-formats.md) back into output
// records, for `profdiff render`.

#include <functional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// Passes the records of the stream in `path` to `out`, in order. A line that is not JSON, not a
// record of schema version 1, or out of place stops the reading with an error naming the line
// (what came before it has been passed on). An error record ends the stream with its message
// as the error. A stream without an end record (cut short) gets `warn` called, and is
// otherwise fine.
absl::Status ReadRecordStream(const std::string& path, RecordSink& out,
                              const std::function<void(std::string_view)>& warn);

// The same for a stream held in memory (`display_path` names it in messages).
absl::Status ReadRecordStreamText(std::string_view text, const std::string& display_path,
                                  RecordSink& out,
                                  const std::function<void(std::string_view)>& warn);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RECORD_STREAM_READER_H_
