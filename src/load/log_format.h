#ifndef PROFDIFF_LOAD_LOG_FORMAT_H_
#define PROFDIFF_LOAD_LOG_FORMAT_H_

// Telling optimization logs apart by what they are (docs/hotspot.md "Detection"): a directory
// is a Graal log; a file whose content (decompressed: gzip, zstd) starts like
// `<?xml ... <hotspot_log` is a HotSpot log.

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace profdiff {

// Whether the first bytes of a file are those of a HotSpot log: an optional byte-order mark,
// an optional XML declaration (and comments or white space), then the <hotspot_log> element.
bool LooksLikeHotSpotLog(std::string_view prefix);

// How many bytes LooksLikeHotSpotLog wants to see.
inline constexpr size_t kHotSpotSniffBytes = 4096;

// Whether the open regular file `fd` is a HotSpot log, its content decompressed when it is gzip
// or zstd (read from offset 0; the position is at 0 afterwards).
bool IsHotSpotLogFile(int fd);

enum class LogPathKind { kGraalDirectory, kHotSpotFile, kLlvmRemarks, kOther };

// What `path` is (docs/llvm.md "Detection"): a directory holding remarks files (*.opt.yaml, at
// any depth) or a file whose content starts like YAML remarks (`---`) is kLlvmRemarks; another
// directory a Graal log. kOther with `why` ("No such file or directory", "an empty file", "LLVM
// bitstream remarks ...", "a file that is not a HotSpot compilation log") when it is none.
LogPathKind ClassifyLogPath(const std::string& path, std::string* why);

// The error for a log path that is a file but not a HotSpot log: names the path, what is wrong
// (`why`, from ClassifyLogPath) and what was expected.
absl::Status NotAnOptimizationLog(const std::string& path, int experiment_id,
                                  const std::string& why);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_LOG_FORMAT_H_
