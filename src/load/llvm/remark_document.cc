#include "load/llvm/remark_document.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace profdiff::llvm_remarks {
namespace {

constexpr std::string_view kTagList =
    "a remark tag (!Passed, !Missed, !Analysis, !AnalysisFPCommute, !AnalysisAliasing or "
    "!Failure)";

// Debian's Abseil is C++14: absl::string_view is not std::string_view, and StrCat takes only
// the former.
absl::string_view Av(std::string_view s) { return {s.data(), s.size()}; }

// The bytes a plain scalar or key must look at (line breaks, ':', '#' and the flow indicators);
// the others are skipped in a tight loop.
constexpr std::array<bool, 256> kPlainStops = [] {
  std::array<bool, 256> stops{};
  for (unsigned char c : std::string_view("\n\r:#,}]")) stops[c] = true;
  return stops;
}();

// Moves `p` past bytes that no plain scalar or key stops at.
const char* SkipPlain(const char* p, const char* end) {
  while (p < end && !kPlainStops[static_cast<unsigned char>(*p)]) ++p;
  return p;
}
// Appends the UTF-8 encoding of a code point.
void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The parser of one document, content[begin, end) where end is the start of its `...` line.
class DocumentParser {
 public:
  DocumentParser(std::string_view content, const char* begin, const char* end,
                 std::string_view file_name, size_t first_line)
      : content_(content), p_(begin), end_(end), file_name_(file_name), first_line_(first_line) {}

  absl::Status Parse(Remark& remark);
  void set_spare_args(std::vector<RemarkArg>* spare) { spare_args_ = spare; }

 private:
  // "FILE:LINE:COLUMN: expected WHAT" at `at`.
  absl::Status Expected(const char* at, std::string_view what) const {
    size_t line = first_line_ + static_cast<size_t>(std::count(content_.data(), at, '\n'));
    return absl::InvalidArgumentError(
        absl::StrCat(Av(file_name_), ":", line, ":", Column(at) + 1, ": expected ", Av(what)));
  }

  const char* LineStart(const char* at) const {
    while (at > content_.data() && at[-1] != '\n') --at;
    return at;
  }
  size_t Column(const char* at) const { return static_cast<size_t>(at - LineStart(at)); }

  void SkipSpaces() {
    while (p_ < end_ && IsSpace(*p_)) ++p_;
  }
  // After a value: blanks, an optional comment, then the end of the line (or of the document).
  absl::Status EndOfLine() {
    SkipSpaces();
    if (p_ < end_ && *p_ == '#') {
      while (p_ < end_ && *p_ != '\n') ++p_;
    }
    if (p_ < end_ && *p_ == '\r') ++p_;
    if (p_ == end_) return absl::OkStatus();
    if (*p_ != '\n') return Expected(p_, "the end of the line");
    ++p_;
    return absl::OkStatus();
  }
  // Moves to the first line that is neither blank nor a comment; returns its indentation (p_ at
  // its first non-blank), or -1 at the end of the document.
  int NextContentLine() {
    while (p_ < end_) {
      const char* line = p_;
      while (p_ < end_ && *p_ == ' ') ++p_;
      if (p_ == end_) return -1;
      if (*p_ == '\n' || *p_ == '\r' || *p_ == '#' || *p_ == '\t') {
        const char* blank = p_;
        while (blank < end_ && IsSpace(*blank)) ++blank;
        if (blank < end_ && !IsBreak(*blank) && *blank != '#') {
          return static_cast<int>(p_ - line);  // a tab inside indentation: left to the caller
        }
        while (p_ < end_ && *p_ != '\n') ++p_;
        if (p_ < end_) ++p_;
        continue;
      }
      return static_cast<int>(p_ - line);
    }
    return -1;
  }

  // A mapping key, then ':' and the blanks after it. Plain keys end at ": " (or ':' at the end
  // of the line); quoted keys are unquoted.
  // Reads a key into key_.
  absl::Status Key(bool flow);
  // A scalar value; `indent` is the indentation of the mapping holding it (block scalars and
  // folded lines need it). In flow context plain scalars end at ',', '}' or ']'.
  absl::Status Scalar(std::string& value, int indent, bool flow);
  absl::Status SingleQuoted(std::string& value);
  absl::Status DoubleQuoted(std::string& value);
  absl::Status BlockScalar(std::string& value, int indent);
  // Folds a line break inside a quoted scalar: p_ at the break; appends ' ' or the empty lines.
  void FoldBreak(std::string& value);
  absl::Status Integer(const char* at, const std::string& text, uint64_t max, uint64_t& out);
  absl::Status Location(DebugLoc& loc, int indent);
  // Parses the arguments into args[used...], reusing the elements there (their strings keep their
  // capacity), and drops those after the last.
  absl::Status Args(std::vector<RemarkArg>& args, size_t used, int indent);
  // Starts a DebugLoc in `loc`, reusing its storage when it has one.
  // Keeps the first `used` arguments, the others as spares.
  void Shrink(std::vector<RemarkArg>& args, size_t used) {
    while (args.size() > used) {
      if (spare_args_ != nullptr) spare_args_->push_back(std::move(args.back()));
      args.pop_back();
    }
  }
  static DebugLoc& FreshLocation(std::optional<DebugLoc>& loc) {
    if (!loc.has_value()) return loc.emplace();
    loc->file.clear();
    loc->line = loc->column = 0;
    return *loc;
  }

  std::string_view content_;
  const char* p_;
  const char* end_;
  std::string_view file_name_;
  size_t first_line_;  // of content_
  // Arguments a remark with fewer arguments than the one before left over, their strings'
  // storage kept for the next remark with more (licm remarks have one, gvn ones eight).
  std::vector<RemarkArg>* spare_args_ = nullptr;
  // The last key read: a view of the content, or of quoted_key_ for a quoted key.
  std::string_view key_;
  std::string quoted_key_;
};

absl::Status DocumentParser::Key(bool flow) {
  if (p_ < end_ && (*p_ == '\'' || *p_ == '"')) {
    quoted_key_.clear();
    if (absl::Status s = *p_ == '\'' ? SingleQuoted(quoted_key_) : DoubleQuoted(quoted_key_);
        !s.ok()) {
      return s;
    }
    key_ = quoted_key_;
    SkipSpaces();
    if (p_ == end_ || *p_ != ':') return Expected(p_, "':' after the key");
    ++p_;
  } else {
    const char* start = p_;
    while (true) {
      p_ = SkipPlain(p_, end_);
      if (p_ == end_ || *p_ == '\n' || *p_ == '\r' || (flow && (*p_ == ',' || *p_ == '}'))) {
        return Expected(p_, "':' after the key");
      }
      if (*p_ == ':' && (p_ + 1 == end_ || IsSpace(p_[1]) || IsBreak(p_[1]))) break;
      ++p_;
    }
    if (p_ == start) return Expected(p_, "a key");
    const char* last = p_;
    while (last > start && IsSpace(last[-1])) --last;
    key_ = std::string_view(start, static_cast<size_t>(last - start));
    ++p_;
  }
  SkipSpaces();
  return absl::OkStatus();
}

void DocumentParser::FoldBreak(std::string& value) {
  // p_ at '\n' (or "\r\n"): trailing blanks of the line were already dropped by the caller.
  size_t empty_lines = 0;
  while (true) {
    if (p_ < end_ && *p_ == '\r') ++p_;
    if (p_ < end_ && *p_ == '\n') ++p_;
    while (p_ < end_ && IsSpace(*p_)) ++p_;
    if (p_ < end_ && IsBreak(*p_)) {
      ++empty_lines;
      continue;
    }
    break;
  }
  if (empty_lines == 0) {
    value.push_back(' ');
  } else {
    value.append(empty_lines, '\n');
  }
}

absl::Status DocumentParser::SingleQuoted(std::string& value) {
  const char* open = p_;
  ++p_;
  // The common case: no '' and no line break, one copy.
  const char* close = static_cast<const char*>(std::memchr(p_, '\'', end_ - p_));
  if (close != nullptr && (close + 1 == end_ || close[1] != '\'') &&
      std::memchr(p_, '\n', close - p_) == nullptr) {
    value.append(p_, close);
    p_ = close + 1;
    return absl::OkStatus();
  }
  while (true) {
    if (p_ == end_) return Expected(open, "the closing ' of this string");
    char c = *p_;
    if (c == '\'') {
      if (p_ + 1 < end_ && p_[1] == '\'') {
        value.push_back('\'');
        p_ += 2;
        continue;
      }
      ++p_;
      return absl::OkStatus();
    }
    if (IsBreak(c)) {
      while (!value.empty() && IsSpace(value.back())) value.pop_back();
      FoldBreak(value);
      if (IsMarker(LineStart(p_), end_, '-') && Column(p_) == 0) {
        return Expected(open, "the closing ' of this string");
      }
      continue;
    }
    value.push_back(c);
    ++p_;
  }
}

absl::Status DocumentParser::DoubleQuoted(std::string& value) {
  const char* open = p_;
  ++p_;
  // Trailing blanks before a line break are dropped, but not escaped ones: keep the length of
  // what an escape wrote.
  size_t kept = value.size();
  while (true) {
    if (p_ == end_) return Expected(open, "the closing \" of this string");
    char c = *p_;
    if (c == '"') {
      ++p_;
      return absl::OkStatus();
    }
    if (IsBreak(c)) {
      size_t size = value.size();
      while (size > kept && IsSpace(value[size - 1])) --size;
      value.resize(size);
      FoldBreak(value);
      kept = value.size();
      continue;
    }
    if (c != '\\') {
      value.push_back(c);
      ++p_;
      if (!IsSpace(c)) kept = value.size();
      continue;
    }
    const char* escape = p_;
    ++p_;
    if (p_ == end_) return Expected(escape, "an escape after '\\'");
    char e = *p_++;
    int hex_digits = 0;
    switch (e) {
      case '0':
        value.push_back('\0');
        break;
      case 'a':
        value.push_back('\a');
        break;
      case 'b':
        value.push_back('\b');
        break;
      case 't':
      case '\t':
        value.push_back('\t');
        break;
      case 'n':
        value.push_back('\n');
        break;
      case 'v':
        value.push_back('\v');
        break;
      case 'f':
        value.push_back('\f');
        break;
      case 'r':
        value.push_back('\r');
        break;
      case 'e':
        value.push_back('\x1b');
        break;
      case ' ':
        value.push_back(' ');
        break;
      case '"':
        value.push_back('"');
        break;
      case '/':
        value.push_back('/');
        break;
      case '\\':
        value.push_back('\\');
        break;
      case 'N':
        AppendUtf8(value, 0x85);
        break;
      case '_':
        AppendUtf8(value, 0xA0);
        break;
      case 'L':
        AppendUtf8(value, 0x2028);
        break;
      case 'P':
        AppendUtf8(value, 0x2029);
        break;
      case 'x':
        hex_digits = 2;
        break;
      case 'u':
        hex_digits = 4;
        break;
      case 'U':
        hex_digits = 8;
        break;
      case '\r':
      case '\n': {
        // An escaped line break: joins the lines without a space.
        --p_;
        if (*p_ == '\r') ++p_;
        if (p_ < end_ && *p_ == '\n') ++p_;
        size_t empty_lines = 0;
        while (true) {
          while (p_ < end_ && IsSpace(*p_)) ++p_;
          if (p_ < end_ && IsBreak(*p_)) {
            ++empty_lines;
            if (*p_ == '\r') ++p_;
            if (p_ < end_ && *p_ == '\n') ++p_;
            continue;
          }
          break;
        }
        value.append(empty_lines, '\n');
        break;
      }
      default:
        return Expected(escape, "a YAML escape (\\n, \\t, \\\\, \\\", \\xXX, \\uXXXX, ...)");
    }
    if (hex_digits > 0) {
      uint32_t cp = 0;
      for (int i = 0; i < hex_digits; ++i) {
        if (p_ == end_ || !std::isxdigit(static_cast<unsigned char>(*p_))) {
          return Expected(
              p_, absl::StrCat(hex_digits, " hexadecimal digits after \\", std::string(1, e)));
        }
        char d = *p_++;
        cp = cp * 16 + static_cast<uint32_t>(d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
      }
      if (cp > 0x10FFFF) return Expected(escape, "a Unicode code point up to 10FFFF");
      AppendUtf8(value, cp);
    }
    kept = value.size();
  }
}

absl::Status DocumentParser::BlockScalar(std::string& value, int indent) {
  bool literal = *p_ == '|';
  ++p_;
  char chomp = 0;
  int explicit_indent = 0;
  for (int i = 0; i < 2 && p_ < end_; ++i) {
    if ((*p_ == '+' || *p_ == '-') && chomp == 0) {
      chomp = *p_++;
    } else if (*p_ >= '1' && *p_ <= '9' && explicit_indent == 0) {
      explicit_indent = *p_++ - '0';
    }
  }
  if (absl::Status s = EndOfLine(); !s.ok()) return s;
  int content_indent = explicit_indent > 0 ? indent + explicit_indent : -1;
  size_t pending = 0;  // empty lines since the last content line
  bool any = false;
  bool last_had_break = false;
  bool previous_more_indented = false;
  while (p_ < end_) {
    const char* line = p_;
    int spaces = 0;
    while (p_ < end_ && *p_ == ' ') ++p_, ++spaces;
    bool empty = p_ == end_ || IsBreak(*p_);
    if (empty && content_indent >= 0 && spaces > content_indent) {
      empty = false;  // blanks beyond the indentation are content
    }
    if (empty) {
      ++pending;
      if (p_ < end_ && *p_ == '\r') ++p_;
      if (p_ < end_ && *p_ == '\n') ++p_;
      continue;
    }
    if (content_indent < 0) {
      if (spaces <= indent) {
        p_ = line;
        break;
      }
      content_indent = spaces;
    } else if (spaces < content_indent) {
      if (spaces > indent) {
        return Expected(
            p_, absl::StrCat("an indentation of ", content_indent, " spaces in this block scalar"));
      }
      p_ = line;
      break;
    }
    const char* start = line + content_indent;
    p_ = start;
    while (p_ < end_ && !IsBreak(*p_)) ++p_;
    bool more_indented = start < p_ && IsSpace(*start);
    if (any) {
      if (literal || more_indented || previous_more_indented) {
        value.append(pending + 1, '\n');
      } else if (pending == 0) {
        value.push_back(' ');
      } else {
        value.append(pending, '\n');
      }
    } else {
      value.append(pending, '\n');
    }
    pending = 0;
    any = true;
    previous_more_indented = more_indented;
    value.append(start, p_);
    last_had_break = p_ < end_;
    if (p_ < end_ && *p_ == '\r') ++p_;
    if (p_ < end_ && *p_ == '\n') ++p_;
  }
  // Chomping: strip drops the final line breaks, clip keeps one, keep keeps them all.
  if (chomp == '+') {
    value.append((last_had_break ? 1 : 0) + pending, '\n');
  } else if (chomp == 0 && last_had_break) {
    value.push_back('\n');
  }
  // The caller ends the line: leave p_ on the last line break consumed.
  if (p_ > content_.data() && p_[-1] == '\n') --p_;
  return absl::OkStatus();
}

absl::Status DocumentParser::Scalar(std::string& value, int indent, bool flow) {
  value.clear();
  if (p_ == end_) return absl::OkStatus();
  char c = *p_;
  if (c == '\'') return SingleQuoted(value);
  if (c == '"') return DoubleQuoted(value);
  if (!flow && (c == '|' || c == '>')) return BlockScalar(value, indent);
  if (c == '{' || c == '[' || c == '&' || c == '*' || c == '!') {
    return Expected(p_, "a string (anchors, aliases, tags and collections are not of the schema)");
  }
  // Plain: to the end of the line (or a ',', '}' in flow), without a comment and trailing blanks.
  const char* start = p_;
  while (true) {
    p_ = SkipPlain(p_, end_);
    if (p_ == end_ || IsBreak(*p_)) break;
    if (*p_ == '#' && p_ > start && IsSpace(p_[-1])) break;
    if (flow && (*p_ == ',' || *p_ == '}' || *p_ == ']')) break;
    if (*p_ == ':' && (p_ + 1 == end_ || IsSpace(p_[1]) || IsBreak(p_[1]))) {
      return Expected(p_, "a single string (a quoted one if it holds \": \")");
    }
    ++p_;
  }
  const char* last = p_;
  while (last > start && IsSpace(last[-1])) --last;
  value.assign(start, last);
  return absl::OkStatus();
}

absl::Status DocumentParser::Integer(const char* at, const std::string& text, uint64_t max,
                                     uint64_t& out) {
  if (text.empty() || text.size() > 20) return Expected(at, "a non-negative integer");
  uint64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return Expected(at, "a non-negative integer");
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (n > (max - digit) / 10) return Expected(at, absl::StrCat("an integer up to ", max));
    n = n * 10 + digit;
  }
  out = n;
  return absl::OkStatus();
}

absl::Status DocumentParser::Location(DebugLoc& loc, int indent) {
  const char* start = p_;
  bool have_file = false, have_line = false, have_column = false;
  std::string value;
  auto entry = [&](const char* key_at) -> absl::Status {
    const char* value_at = p_;
    bool flow = *start == '{';
    if (key_ == "File") {
      if (absl::Status s = Scalar(loc.file, indent, flow); !s.ok()) return s;
      have_file = true;
      return absl::OkStatus();
    }
    if (key_ != "Line" && key_ != "Column") {
      return Expected(key_at, "File, Line or Column in a DebugLoc");
    }
    if (absl::Status s = Scalar(value, indent, flow); !s.ok()) return s;
    uint64_t n = 0;
    if (absl::Status s = Integer(value_at, value, UINT32_MAX, n); !s.ok()) return s;
    (key_ == "Line" ? loc.line : loc.column) = static_cast<uint32_t>(n);
    (key_ == "Line" ? have_line : have_column) = true;
    return absl::OkStatus();
  };
  if (p_ < end_ && *p_ == '{') {
    ++p_;
    while (true) {
      while (p_ < end_ && (IsSpace(*p_) || IsBreak(*p_))) ++p_;
      if (p_ == end_) return Expected(start, "the closing } of this DebugLoc");
      if (*p_ == '}') {
        ++p_;
        break;
      }
      const char* key_at = p_;
      if (absl::Status s = Key(true); !s.ok()) return s;
      while (p_ < end_ && (IsSpace(*p_) || IsBreak(*p_))) ++p_;
      if (absl::Status s = entry(key_at); !s.ok()) return s;
      while (p_ < end_ && (IsSpace(*p_) || IsBreak(*p_))) ++p_;
      if (p_ < end_ && *p_ == ',') {
        ++p_;
      } else if (p_ == end_ || *p_ != '}') {
        return Expected(p_, "',' or '}' in this DebugLoc");
      }
    }
    if (absl::Status s = EndOfLine(); !s.ok()) return s;
  } else {
    if (absl::Status s = EndOfLine(); !s.ok()) return s;
    int entry_indent = NextContentLine();
    if (entry_indent <= indent)
      return Expected(p_, "a DebugLoc mapping { File: ..., Line: ..., Column: ... }");
    while (true) {
      const char* key_at = p_;
      if (absl::Status s = Key(false); !s.ok()) return s;
      if (absl::Status s = entry(key_at); !s.ok()) return s;
      if (absl::Status s = EndOfLine(); !s.ok()) return s;
      const char* line = p_;
      int next = NextContentLine();
      if (next != entry_indent) {
        if (next > entry_indent)
          return Expected(p_, "a key of the DebugLoc at the indentation of the first");
        p_ = line;
        break;
      }
    }
  }
  if (!have_file || !have_line || !have_column) {
    return Expected(start, "File, Line and Column in a DebugLoc");
  }
  return absl::OkStatus();
}

absl::Status DocumentParser::Args(std::vector<RemarkArg>& args, size_t used, int indent) {
  auto done = [&] {
    Shrink(args, used);
    return absl::OkStatus();
  };
  if (p_ < end_ && *p_ == '[') {
    ++p_;
    while (p_ < end_ && (IsSpace(*p_) || IsBreak(*p_))) ++p_;
    if (p_ == end_ || *p_ != ']') return Expected(p_, "']' (Args in flow style can only be empty)");
    ++p_;
    Shrink(args, used);
    return EndOfLine();
  }
  if (absl::Status s = EndOfLine(); !s.ok()) return s;
  const char* after = p_;
  int item_indent = NextContentLine();
  if (item_indent < indent || p_ == end_ || *p_ != '-' ||
      !(p_ + 1 == end_ || IsSpace(p_[1]) || IsBreak(p_[1]))) {
    p_ = after;  // Args: with nothing under it
    return done();
  }
  std::string value;
  while (true) {
    // p_ at the item's '-'.
    const char* item = p_;
    ++p_;
    SkipSpaces();
    int key_indent;
    if (p_ == end_ || IsBreak(*p_) || *p_ == '#') {
      if (absl::Status s = EndOfLine(); !s.ok()) return s;
      key_indent = NextContentLine();
      if (key_indent <= item_indent) return Expected(item, "an argument mapping after '-'");
    } else {
      key_indent = static_cast<int>(Column(p_));
    }
    if (used == args.size()) {
      if (spare_args_ != nullptr && !spare_args_->empty()) {
        args.push_back(std::move(spare_args_->back()));
        spare_args_->pop_back();
      } else {
        args.emplace_back();
      }
    }
    RemarkArg& arg = args[used++];
    bool have_value = false;
    bool have_loc = false;
    while (true) {
      const char* key_at = p_;
      if (absl::Status s = Key(false); !s.ok()) return s;
      if (key_ == "DebugLoc") {
        if (have_loc) return Expected(key_at, "one DebugLoc per argument");
        have_loc = true;
        if (absl::Status s = Location(FreshLocation(arg.loc), key_indent); !s.ok()) return s;
      } else {
        if (have_value) return Expected(key_at, "one key and value per argument (and a DebugLoc)");
        arg.key = key_;
        if (absl::Status s = Scalar(arg.value, key_indent, false); !s.ok()) return s;
        have_value = true;
        if (absl::Status s = EndOfLine(); !s.ok()) return s;
      }
      const char* line = p_;
      int next = NextContentLine();
      if (next == key_indent && next != item_indent) continue;
      if (!have_value) return Expected(item, "a key and value in this argument");
      if (!have_loc) arg.loc.reset();
      if (next == item_indent && p_ < end_ && *p_ == '-' &&
          (p_ + 1 == end_ || IsSpace(p_[1]) || IsBreak(p_[1]))) {
        break;  // the next argument
      }
      if (next < item_indent || (next == item_indent && next == indent)) {
        p_ = line;  // the end of Args
        return done();
      }
      return Expected(p_, absl::StrCat("the next argument (\"- \" at column ", item_indent + 1,
                                       ") or the end of Args"));
    }
  }
}

absl::Status DocumentParser::Parse(Remark& remark) {
  const char* doc = p_;
  p_ += 3;
  SkipSpaces();
  if (p_ == end_ || *p_ != '!') return Expected(p_, kTagList);
  const char* tag = p_;
  while (p_ < end_ && !IsSpace(*p_) && !IsBreak(*p_)) ++p_;
  std::string_view name(tag + 1, static_cast<size_t>(p_ - tag - 1));
  if (name == "Passed") {
    remark.kind = RemarkKind::kPassed;
  } else if (name == "Missed") {
    remark.kind = RemarkKind::kMissed;
  } else if (name == "Analysis") {
    remark.kind = RemarkKind::kAnalysis;
  } else if (name == "AnalysisFPCommute") {
    remark.kind = RemarkKind::kAnalysisFPCommute;
  } else if (name == "AnalysisAliasing") {
    remark.kind = RemarkKind::kAnalysisAliasing;
  } else if (name == "Failure") {
    remark.kind = RemarkKind::kFailure;
  } else {
    return Expected(tag, kTagList);
  }
  if (absl::Status s = EndOfLine(); !s.ok()) return s;
  bool have_pass = false, have_name = false, have_function = false;
  bool have_loc = false, have_args = false;
  remark.hotness.reset();
  std::string value;
  while (true) {
    int indent = NextContentLine();
    if (indent < 0) break;
    if (indent != 0) return Expected(p_, "a key of the remark at column 1");
    const char* key_at = p_;
    if (absl::Status s = Key(false); !s.ok()) return s;
    if (key_ == "DebugLoc") {
      have_loc = true;
      if (absl::Status s = Location(FreshLocation(remark.loc), 0); !s.ok()) return s;
      continue;
    }
    if (key_ == "Args") {
      // A second Args appends to the first.
      if (absl::Status s = Args(remark.args, have_args ? remark.args.size() : 0, 0); !s.ok()) {
        return s;
      }
      have_args = true;
      continue;
    }
    const char* value_at = p_;
    std::string* target = nullptr;
    if (key_ == "Pass") {
      target = &remark.pass;
      have_pass = true;
    } else if (key_ == "Name") {
      target = &remark.name;
      have_name = true;
    } else if (key_ == "Function") {
      target = &remark.function;
      have_function = true;
    } else if (key_ == "Hotness") {
      target = &value;
    } else {
      return Expected(key_at, "Pass, Name, DebugLoc, Function, Hotness or Args");
    }
    if (absl::Status s = Scalar(*target, 0, false); !s.ok()) return s;
    if (target == &value) {
      uint64_t hotness = 0;
      if (absl::Status s = Integer(value_at, value, INT64_MAX, hotness); !s.ok()) return s;
      remark.hotness = static_cast<int64_t>(hotness);
    }
    if (absl::Status s = EndOfLine(); !s.ok()) return s;
  }
  if (!have_pass || !have_name || !have_function) {
    return Expected(doc, "Pass, Name and Function in every remark");
  }
  if (!have_loc) remark.loc.reset();
  if (!have_args) Shrink(remark.args, 0);
  return absl::OkStatus();
}

}  // namespace

absl::Status ParseDocument(std::string_view content, const char* begin, const char* end,
                           std::string_view file_name, size_t first_line, Remark& remark,
                           std::vector<RemarkArg>* spare_args) {
  DocumentParser parser(content, begin, end, file_name, first_line);
  parser.set_spare_args(spare_args);
  return parser.Parse(remark);
}

}  // namespace profdiff::llvm_remarks
