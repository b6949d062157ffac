#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_SPLIT_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_SPLIT_H_

// Reading a HotSpot log, sequentially or split at its <task> elements (docs/hotspot.md
// "Reading"). Split reading finds each task's start and end tags (a `<task` start tag, the next
// `</task>`), feeds the scan (log_scan.h) the log with each task's body replaced by one line
// break and as many spaces as its last line has characters (the scan adds the line breaks left
// out to its line numbers), so that the scan's lines and columns stay those of the file, and has
// worker threads (task_batches.h) check batches of task elements as strictly as expat would:
// every byte is still checked, once. Whatever the split cannot vouch for (a worker's check
// fails, a task tag turns up where the splitter did not expect one, a DOCTYPE) makes the caller
// read the log again sequentially, which gives the messages and positions of one expat parse of
// the whole file. The content of the <tty> section is handed to the workers the same way, in
// pieces cut at its top-level records (a tenth to a fifth of a real log; the scan alone parsed it
// while the workers waited for the first task).

#include <cstdint>

#include "load/hotspot/log_scan.h"
#include "load/input_stream.h"
#include "profdiff/support/progress.h"

namespace profdiff {

// How reading the log through the scan's parser ended.
enum class ScanOutcome {
  kComplete,   // the whole content parsed
  kCut,        // the content ended inside the log (EndsCutShort; expat's error on the parser)
  kMalformed,  // malformed XML (expat's error on the parser)
  kReadError,  // the stream failed (stream.error())
  kFallBack,   // split reading cannot vouch for the result: read sequentially
};

// Feeds the whole content of `stream` to the scan's parser.
ScanOutcome ReadWholeLog(InputStream& stream, LogScan& scan, ProgressSink* progress);

// Split reading; sets the `failed` flag of the units from their <task_done>.
ScanOutcome ReadSplitLog(InputStream& stream, LogScan& scan, ProgressSink* progress);

// How many pieces of tty content split reading handed to the workers since the process started
// (tests).
int64_t TtyPiecesHandedOut();

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_SPLIT_H_
