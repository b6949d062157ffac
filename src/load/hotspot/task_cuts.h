#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_CUTS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_CUTS_H_

// Where split reading (task_split.h) cuts a HotSpot log: the start and end tags of its tasks,
// the places in its <tty> section where a piece may start or end, and what the scan is fed in
// place of a task's body (docs/hotspot.md "Reading"). Byte scans of the text read so far; they
// parse nothing.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace profdiff {

inline constexpr size_t kNotFound = std::string_view::npos;

// The next `<task` start tag at or after `from` (its '<'), or kNotFound with `*safe`: how far the
// text holds none, even when more follows.
size_t FindTaskStart(std::string_view text, size_t from, bool eof, size_t* safe);

// The end of the start tag at `start` (after its '>'), kNotFound when the text ends before it,
// or 0 when it is no tag ('<' outside quotes).
size_t StartTagEnd(std::string_view text, size_t start);

// The next `</task>` end tag at or after `from`: its start, and its end in `*end`; kNotFound
// when the text ends before one.
size_t FindTaskEnd(std::string_view text, size_t from, size_t* end);

// The line breaks of `text` as expat counts them: CR LF, CR and LF each one.
size_t LineBreaks(std::string_view text);

// What the scan gets for a task's body: a line break when the body has any, then a space for
// every character after its last one, so that the columns of whatever follows stay those of the
// file; returns the line breaks (as expat counts them: CR LF, CR and LF each one) left out, which
// the caller adds to the scan's `line_shift` once the text is fed. Feeding every line break of
// the body would keep expat's line numbers those of the file too, but it spends the reading
// thread's time on a token and a callback for each.
uint64_t BlankBody(std::string_view body, std::string* out);

// The first place at or after `from` and before `limit` where a piece of the tty's content may
// start (a line that starts with one of the records HotSpot writes at the tty's top level, one
// a line: `<nmethod ` or `<task_queued `), or kNotFound.
size_t NextTtyCut(std::string_view text, size_t from, size_t limit);

// The last place after `after` and at or before `limit` where a piece may end, or kNotFound.
size_t LastTtyCut(std::string_view text, size_t after, size_t limit);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_CUTS_H_
