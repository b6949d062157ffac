#ifndef PROFDIFF_LOAD_HOTSPOT_BYTE_SCAN_H_
#define PROFDIFF_LOAD_HOTSPOT_BYTE_SCAN_H_

// The byte scans of the reading thread of split reading (task_split.cc), which runs them over
// every byte of a log: finding where tasks start and end, and counting the line breaks of task
// bodies. They test 16 bytes at a time with SSE2 (every x86-64 CPU), 32 with AVX2
// (block_width.h); std::string_view::find of "</task" stops at every '<' (about every 50 bytes
// of a HotSpot log) and std::count of '\n' tests a byte at a time, together about half a second
// of the reading thread's time per GB.

#include <cstddef>
#include <string_view>

#include "load/hotspot/block_width.h"

namespace profdiff {

// Where the three bytes `a`, `b`, `c` next occur in `text` at or after `from` (the position of
// `a`), or std::string_view::npos.
size_t FindThreeBytes(std::string_view text, size_t from, char a, char b, char c);
size_t FindThreeBytes(std::string_view text, size_t from, char a, char b, char c,
                      BlockWidth blocks);  // with blocks of the given width (block_width.h)

// text.find(needle, from), for a needle of three bytes or more.
size_t FindText(std::string_view text, size_t from, std::string_view needle);

// How many bytes of `text` are `byte`.
size_t CountByte(std::string_view text, char byte);
size_t CountByte(std::string_view text, char byte, BlockWidth blocks);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_BYTE_SCAN_H_
