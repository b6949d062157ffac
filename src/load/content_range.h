#ifndef PROFDIFF_LOAD_CONTENT_RANGE_H_
#define PROFDIFF_LOAD_CONTENT_RANGE_H_

// Reading a range of a log file's content again (docs/robustness.md, "Compressed logs"): the
// loaders scan a file once and keep where each record (a Graal JSON line, a HotSpot <task>) is;
// its trees are built later from that range alone.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "profdiff/load/optimization_log.h"

namespace profdiff {

// Reads `out.size()` bytes at `offset` of the content of the log file `path` as its scan read
// it: from the file itself when it is plain (`content` null or not compressed), from
// `content->copy` when there is one, else by decompressing the file again up to the range.
// Returns the reason on failure, empty on success: the file cannot be read, or it is shorter now
// ("the file changed since it was read: the <what> at byte offset <offset>[ of its content] is
// cut short[ (<damage>)]"; " of its content" for a compressed file), or the copy cannot be read.
std::string ReadContentRange(const std::string& path, const LogFileContent* content,
                             uint64_t offset, std::span<char> out, std::string_view what);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_CONTENT_RANGE_H_
