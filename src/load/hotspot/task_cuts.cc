#include "load/hotspot/task_cuts.h"

#include <algorithm>

#include "load/hotspot/byte_scan.h"

namespace profdiff {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where a piece of the tty's content may start or end: a line that starts with one of the
// records HotSpot writes at the tty's top level, one a line (docs/hotspot.md "Reading").
bool IsTtyCut(std::string_view text, size_t at) {
  if (at == 0 || at >= text.size() || text[at - 1] != '\n') return false;
  const std::string_view rest = text.substr(at);
  return rest.starts_with("<nmethod ") || rest.starts_with("<task_queued ");
}

}  // namespace

size_t FindTaskStart(std::string_view text, size_t from, bool eof, size_t* safe) {
  constexpr std::string_view kOpen = "<task";
  while (true) {
    const size_t hit = FindText(text, from, kOpen);
    if (hit == kNotFound) {
      *safe = eof ? text.size() : std::max(from, text.size() - std::min(text.size(), size_t{4}));
      return kNotFound;
    }
    if (hit + kOpen.size() >= text.size()) {
      *safe = eof ? text.size() : hit;
      return kNotFound;
    }
    const char next = text[hit + kOpen.size()];
    if (IsSpace(next) || next == '>' || next == '/') return hit;
    from = hit + 1;
  }
}

size_t StartTagEnd(std::string_view text, size_t start) {
  char quote = 0;
  for (size_t i = start + 1; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '>') {
      return i + 1;
    } else if (c == '<') {
      return 0;
    }
  }
  return kNotFound;
}

size_t FindTaskEnd(std::string_view text, size_t from, size_t* end) {
  constexpr std::string_view kClose = "</task";
  while (true) {
    const size_t hit = FindText(text, from, kClose);
    if (hit == kNotFound) return kNotFound;
    size_t i = hit + kClose.size();
    while (i < text.size() && IsSpace(text[i])) ++i;
    if (i == text.size()) return kNotFound;
    if (text[i] == '>') {
      *end = i + 1;
      return hit;
    }
    from = hit + 1;
  }
}

size_t LineBreaks(std::string_view text) {
  if (text.find('\r') == std::string_view::npos) return CountByte(text, '\n');
  size_t breaks = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++breaks;
    } else if (text[i] == '\r') {
      ++breaks;
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    }
  }
  return breaks;
}

uint64_t BlankBody(std::string_view body, std::string* out) {
  const size_t breaks = LineBreaks(body);
  const size_t last = body.find_last_of("\r\n");
  const std::string_view tail = last == std::string_view::npos ? body : body.substr(last + 1);
  size_t characters = 0;
  for (char c : tail) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++characters;
  }
  out->assign(breaks > 0 ? 1 : 0, '\n');
  out->append(characters, ' ');
  return breaks > 0 ? breaks - 1 : 0;
}

size_t NextTtyCut(std::string_view text, size_t from, size_t limit) {
  for (size_t at = from; at < limit; ++at) {
    at = text.find('<', at);
    if (at == kNotFound || at >= limit) return kNotFound;
    if (IsTtyCut(text, at)) return at;
  }
  return kNotFound;
}

size_t LastTtyCut(std::string_view text, size_t after, size_t limit) {
  size_t end = std::min(limit, text.size());  // the places left to look at are <= end
  while (end > after) {
    const size_t line_break = text.rfind('\n', end - 1);
    if (line_break == kNotFound || line_break + 1 <= after) return kNotFound;
    if (IsTtyCut(text, line_break + 1)) return line_break + 1;
    end = line_break;
  }
  return kNotFound;
}

}  // namespace profdiff
