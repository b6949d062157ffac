#include "load/llvm/canonical_remark.h"

#include <array>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace profdiff::llvm_remarks {
namespace {

// Every rule below accepts only what DocumentParser (remark_parser.cc) reads the same way; where
// the two could differ (a comment, a trailing blank, a ': ' in a value, a doubled quote in a
// value that is kept), the scan gives up and the full parser decides.

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// The first of the bytes a, b, c, d at or after `p`, or `stop`. Scalars are mostly 5 to 60 bytes
// long: 16 bytes at a time with SSE2 (every x86-64 processor), a byte at a time elsewhere.
const char* FirstOf(const char* p, const char* stop, char a, char b, char c, char d) {
#ifdef __SSE2__
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b);
  const __m128i vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d);
  while (stop - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)),
                                      _mm_or_si128(_mm_cmpeq_epi8(x, vc), _mm_cmpeq_epi8(x, vd)));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p < stop && *p != a && *p != b && *p != c && *p != d) ++p;
  return p;
}

// Past the spaces at `p` (the padding after a key: LLVM aligns values at column 18).
const char* SkipSpaces(const char* p, const char* stop) {
#ifdef __SSE2__
  const __m128i spaces = _mm_set1_epi8(' ');
  while (stop - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto others =
        ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, spaces))) & 0xFFFFu;
    if (others != 0) return p + __builtin_ctz(others);
    p += 16;
  }
#endif
  while (p < stop && *p == ' ') ++p;
  return p;
}

// The first bytes of a plain scalar the full parser reads otherwise (quotes, block scalars,
// collections, anchors, aliases, tags) or that would be a blank or a comment.
constexpr std::array<bool, 256> kNotPlainStarts = [] {
  std::array<bool, 256> stops{};
  for (unsigned char c : std::string_view(" \t\r\n'\"|>{[&*!#")) stops[c] = true;
  return stops;
}();

// A quoted scalar on one line, `p` at its opening quote: returns its closing quote, not the last
// byte of the content (nullptr if it does not close on the line, holds a '\r', or, in double
// quotes, an escape other than \n \t \\ \"). `kept` is false when the text is not the value
// itself: a doubled quote in single quotes (one quote), an escape in double ones.
const char* ClosingQuote(const char* p, const char* stop, bool& kept) {
  kept = true;
  const char quote = *p++;
  while (true) {
    p = FirstOf(p, stop, quote, '\n', '\r', '\\');
    if (p + 1 >= stop || *p == '\n' || *p == '\r') return nullptr;
    if (*p == '\\') {
      if (quote == '\'') {
        ++p;  // no escapes in single quotes
        continue;
      }
      if (p[1] != 'n' && p[1] != 't' && p[1] != '\\' && p[1] != '"') return nullptr;
    } else if (quote == '"' || p[1] != '\'') {
      return p;
    }
    kept = false;
    p += 2;
  }
}

// A value of a block mapping, `p` at its first byte, that must end its line: a plain scalar or a
// quoted one (ClosingQuote). Returns the line break after it (nullptr if not of the layout) and
// sets `value` to its text, which is the value when `kept` is true.
const char* BlockValue(const char* p, const char* stop, std::string_view& value, bool& kept) {
  kept = true;
  if (p == stop) return nullptr;
  if (*p == '\'' || *p == '"') {
    const char* close = ClosingQuote(p, stop, kept);
    if (close == nullptr) return nullptr;
    value = std::string_view(p + 1, static_cast<size_t>(close - p - 1));
    return close[1] == '\n' ? close + 1 : nullptr;
  }
  if (kNotPlainStarts[static_cast<unsigned char>(*p)]) return nullptr;
  const char* start = p;
  while (true) {
    // The bytes that end or may end a plain scalar: ": " is an error, " #" starts a comment.
    p = FirstOf(p, stop, '\n', '\r', ':', '#');
    if (p == stop || *p == '\r') return nullptr;
    if (*p == '\n') break;
    if (p + 1 == stop) return nullptr;
    if (*p == ':' && (IsBlank(p[1]) || p[1] == '\n' || p[1] == '\r')) return nullptr;
    if (*p == '#' && IsBlank(p[-1])) return nullptr;
    ++p;
  }
  if (IsBlank(p[-1])) return nullptr;  // trailing blanks: the full parser drops them
  value = std::string_view(start, static_cast<size_t>(p - start));
  return p;
}

// `p` past `text` if it starts there.
const char* Expect(const char* p, const char* stop, std::string_view text) {
  if (static_cast<size_t>(stop - p) < text.size() || std::memcmp(p, text.data(), text.size()) != 0)
    return nullptr;
  return p + text.size();
}

// 1 to `most` decimal digits, not followed by another: `p` past them. (Up to 9 stay below 2^32,
// up to 18 below 2^63, the limits of a DebugLoc's line and column and of Hotness.)
const char* Digits(const char* p, const char* stop, int most, uint64_t& out) {
  const char* start = p;
  uint64_t n = 0;
  while (p < stop && *p >= '0' && *p <= '9') {
    if (p - start == most) return nullptr;
    n = n * 10 + static_cast<uint64_t>(*p++ - '0');
  }
  if (p == start) return nullptr;
  out = n;
  return p;
}

// After an entry of a flow mapping, `p` at its ',': past the blanks and line breaks that follow
// it (LLVM breaks the line past column 70) and the key `key`.
const char* NextFlowKey(const char* p, const char* stop, std::string_view key) {
  if (p == stop || *p != ',') return nullptr;
  ++p;
  while (p < stop && (*p == ' ' || *p == '\n')) ++p;
  return Expect(p, stop, key);
}

// `{ File: 'F', Line: L, Column: C }` (File plain or quoted), `p` at '{': returns the line
// break after it.
const char* FlowLocation(const char* p, const char* stop, std::string_view& file, bool& kept,
                         uint32_t& line) {
  p = Expect(p, stop, "{ File: ");
  if (p == nullptr || p == stop) return nullptr;
  kept = true;
  if (*p == '\'' || *p == '"') {
    const char* close = ClosingQuote(p, stop, kept);
    if (close == nullptr) return nullptr;
    file = std::string_view(p + 1, static_cast<size_t>(close - p - 1));
    p = close + 1;
  } else {
    // A plain scalar in a flow mapping ends at ','; anything it might hold otherwise gives up.
    if (kNotPlainStarts[static_cast<unsigned char>(*p)]) return nullptr;
    const char* start = p;
    while (p < stop && *p != ',' && *p != ':' && *p != '#' && *p != '}' && *p != ']' &&
           *p != '\n' && *p != '\r' && *p != '[' && *p != '{')
      ++p;
    if (p == stop || *p != ',' || IsBlank(p[-1])) return nullptr;
    file = std::string_view(start, static_cast<size_t>(p - start));
  }
  uint64_t line_number = 0, column = 0;
  if ((p = NextFlowKey(p, stop, "Line: ")) == nullptr) return nullptr;
  if ((p = Digits(p, stop, 9, line_number)) == nullptr) return nullptr;
  if ((p = NextFlowKey(p, stop, "Column: ")) == nullptr) return nullptr;
  if ((p = Digits(p, stop, 9, column)) == nullptr) return nullptr;
  line = static_cast<uint32_t>(line_number);
  if ((p = Expect(p, stop, " }\n")) == nullptr) return nullptr;
  return p - 1;
}

// Past the blanks after a key's ':' (at least one space, no tab).
const char* AfterColon(const char* p, const char* stop) {
  if (p == stop || *p != ' ') return nullptr;
  p = SkipSpaces(p, stop);
  return p == stop ? nullptr : p;
}

enum KeyBit : unsigned {
  kPass = 1,
  kName = 2,
  kDebugLoc = 4,
  kFunction = 8,
  kHotness = 16,
  kArgs = 32,
};

unsigned TopLevelKey(std::string_view key) {
  switch (key.size()) {
    case 4:
      if (key == "Pass") return kPass;
      if (key == "Name") return kName;
      if (key == "Args") return kArgs;
      return 0;
    case 7:
      if (key == "Hotness") return kHotness;
      return 0;
    case 8:
      if (key == "DebugLoc") return kDebugLoc;
      if (key == "Function") return kFunction;
      return 0;
    default:
      return 0;
  }
}

bool IsKnownTag(std::string_view tag) {
  return tag == "Passed" || tag == "Missed" || tag == "Analysis" || tag == "AnalysisFPCommute" ||
         tag == "AnalysisAliasing" || tag == "Failure";
}

bool IsKeyChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

const char* ScanCanonicalRemark(const char* doc, const char* stop, RemarkIndexFields& fields) {
  fields.function = {};
  fields.hotness = -1;
  fields.starts.clear();
  const char* p = Expect(doc, stop, "--- !");
  if (p == nullptr) return nullptr;
  const char* tag = p;
  while (p < stop && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z'))) ++p;
  if (p == stop || *p != '\n' || !IsKnownTag(std::string_view(tag, p - tag))) return nullptr;
  ++p;
  unsigned seen = 0;
  bool in_args = false;
  // The argument being read: whether it is a Caller or Callee (its value `callee`), whether it
  // has its DebugLoc.
  bool start_candidate = false;
  bool item_has_location = false;
  std::string_view callee;
  std::string_view value;
  bool kept = true;
  while (true) {
    if (p == stop) return nullptr;  // no `...` line
    if (*p == '.') {
      if ((p = Expect(p, stop, "...\n")) == nullptr) return nullptr;
      break;
    }
    if (*p == ' ') {
      if (!in_args) return nullptr;
      if (const char* item = Expect(p, stop, "  - "); item != nullptr) {
        const char* key = item;
        while (item < stop && IsKeyChar(*item)) ++item;
        if (item == key || item == stop || *item != ':') return nullptr;
        const std::string_view name(key, static_cast<size_t>(item - key));
        if (name == "DebugLoc") return nullptr;
        if ((p = AfterColon(item + 1, stop)) == nullptr) return nullptr;
        if ((p = BlockValue(p, stop, value, kept)) == nullptr) return nullptr;
        start_candidate = name == "Caller" || name == "Callee";
        if (start_candidate && !kept) return nullptr;
        callee = value;
        item_has_location = false;
      } else if (const char* loc = Expect(p, stop, "    DebugLoc:"); loc != nullptr) {
        if (item_has_location) return nullptr;
        item_has_location = true;
        if ((p = AfterColon(loc, stop)) == nullptr || *p != '{') return nullptr;
        std::string_view file;
        uint32_t line = 0;
        if ((p = FlowLocation(p, stop, file, kept, line)) == nullptr) return nullptr;
        if (start_candidate && line != 0) {
          if (!kept) return nullptr;
          fields.starts.push_back(FunctionStartArg{callee, file, line});
        }
      } else {
        return nullptr;
      }
      ++p;  // the line break
      continue;
    }
    in_args = false;
    const char* key = p;
    while (p < stop && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z'))) ++p;
    if (p == stop || *p != ':') return nullptr;
    const unsigned bit = TopLevelKey(std::string_view(key, static_cast<size_t>(p - key)));
    if (bit == 0 || (seen & bit) != 0) return nullptr;
    seen |= bit;
    ++p;
    if (bit == kArgs) {
      // A block sequence of arguments: its first item must follow.
      if (Expect(p, stop, "\n  - ") == nullptr) return nullptr;
      in_args = true;
      ++p;
      continue;
    }
    if ((p = AfterColon(p, stop)) == nullptr) return nullptr;
    if (bit == kDebugLoc) {
      if (*p != '{') return nullptr;
      std::string_view file;
      uint32_t line = 0;
      if ((p = FlowLocation(p, stop, file, kept, line)) == nullptr) return nullptr;
    } else if (bit == kHotness) {
      uint64_t hotness = 0;
      if ((p = Digits(p, stop, 18, hotness)) == nullptr) return nullptr;
      fields.hotness = static_cast<int64_t>(hotness);
      if (p == stop || *p != '\n') return nullptr;
    } else {
      if ((p = BlockValue(p, stop, value, kept)) == nullptr) return nullptr;
      if (bit == kFunction) {
        if (!kept) return nullptr;
        fields.function = value;
      }
    }
    ++p;  // the line break
  }
  if ((seen & (kPass | kName | kFunction)) != (kPass | kName | kFunction)) return nullptr;
  return p;
}

}  // namespace profdiff::llvm_remarks
