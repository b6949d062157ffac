// RecordTape::ScanPlain: the tape of a plain record without RapidJSON.
//
// Nearly every record of a real log is compact JSON whose strings have no escapes beyond the
// simple ones and whose numbers are short. Tokenizing those took about 40 % of the CPU of
// jit-vs-jit-runs through RapidJSON's SAX reader and the handler that rebuilds token positions
// from its callbacks (a second scan of every string for its closing quote). This scanner knows
// every position as it goes and builds the same tape in one pass. It only has to be right about
// records it accepts: whatever it is not sure of (any syntax error, \u escapes, control
// characters, long numbers, NUL bytes) it leaves to ParseGeneral, which decides and describes
// every error exactly as before.

#include <cstdint>
#include <cstring>
#include <string_view>

#include "load/json/record_tape.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace profdiff::record_internal {

namespace {

// Longest number literal accepted here. With at most a 2-digit exponent, such a number is far
// from the double range that RapidJSON refuses (kParseErrorNumberTooBig), which is left to the
// general path along with every longer literal.
constexpr size_t kMaxPlainNumber = 32;

inline bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }

inline size_t SkipSpace(const char* buf, size_t p) {
  while (IsSpace(buf[p])) ++p;
  return p;
}

// The first byte at or after `p` that ends a plain run of string content: '"', '\\' or a control
// character. `buf` must hold a byte below 0x20 at or after `p` (the tape's NUL padding) and 15
// readable bytes after it.
inline size_t FindStringSpecial(const char* buf, size_t p) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i control_max = _mm_set1_epi8(0x1F);
  while (true) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + p));
    const __m128i special =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_cmpeq_epi8(_mm_max_epu8(v, control_max), control_max));
    const int mask = _mm_movemask_epi8(special);
    if (mask != 0) return p + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    p += 16;
  }
#else
  while (true) {
    const auto c = static_cast<unsigned char>(buf[p]);
    if (c == '"' || c == '\\' || c < 0x20) return p;
    ++p;
  }
#endif
}

// Scans the string whose opening quote is at `quote`, decoding simple escapes in place (the
// decoded text starts right after the quote, as with RapidJSON's in-situ parsing). Returns the
// offset just past the closing quote and sets *length to the decoded length, or returns 0 when
// the string is not plain.
inline size_t ScanString(char* buf, size_t quote, uint32_t* length) {
  const size_t content = quote + 1;
  size_t p = FindStringSpecial(buf, content);
  if (buf[p] == '"') {
    *length = static_cast<uint32_t>(p - content);
    return p + 1;
  }
  size_t out = p;  // where the next decoded byte goes
  while (true) {
    const char c = buf[p];
    if (c == '"') {
      *length = static_cast<uint32_t>(out - content);
      return p + 1;
    }
    if (static_cast<unsigned char>(c) < 0x20) return 0;
    if (c != '\\') {
      buf[out++] = c;
      ++p;
      continue;
    }
    char decoded;
    switch (buf[p + 1]) {
      case '"':
        decoded = '"';
        break;
      case '\\':
        decoded = '\\';
        break;
      case '/':
        decoded = '/';
        break;
      case 'b':
        decoded = '\b';
        break;
      case 'f':
        decoded = '\f';
        break;
      case 'n':
        decoded = '\n';
        break;
      case 'r':
        decoded = '\r';
        break;
      case 't':
        decoded = '\t';
        break;
      default:
        return 0;  // \u escapes (surrogates) and invalid escapes: the general path
    }
    buf[out++] = decoded;
    p += 2;
  }
}

// The length of the JSON number literal at `p`, or 0 when there is none or it is not plain.
inline size_t ScanNumber(const char* buf, size_t p) {
  size_t i = p;
  if (buf[i] == '-') ++i;
  if (buf[i] == '0') {
    ++i;
  } else if (IsDigit(buf[i])) {
    while (IsDigit(buf[i])) ++i;
  } else {
    return 0;
  }
  if (buf[i] == '.') {
    ++i;
    if (!IsDigit(buf[i])) return 0;
    while (IsDigit(buf[i])) ++i;
  }
  if (buf[i] == 'e' || buf[i] == 'E') {
    ++i;
    if (buf[i] == '+' || buf[i] == '-') ++i;
    const size_t digits = i;
    while (IsDigit(buf[i])) ++i;
    if (i == digits || i - digits > 2) return 0;
  }
  if (i - p > kMaxPlainNumber) return 0;
  return i - p;
}

}  // namespace

bool RecordTape::ScanPlain(std::string_view line) {
  Reset();
  const size_t size = line.size();
  if (size >= UINT32_MAX - 8) return false;
  buffer_.assign(line.data(), size);
  buffer_.append(16, '\0');  // stops every scan, and covers the 16-byte loads
  char* const buf = buffer_.data();

  // Per open container (open_ holds its token): its member or element count so far.
  counts_.clear();
  KeyId top_key = KeyId::kOther;
  size_t last_end = 0;  // just past the previous token (the header stop offset, as TapeBuilder)

  auto push = [this](TokenKind kind, size_t pos, uint32_t a, uint32_t b) {
    tokens_.push_back(Token{kind, KeyId::kOther, static_cast<uint32_t>(pos), a, b});
  };
  auto stop_header_scan = [&] {
    if (header_complete_) return;
    header_complete_ = true;
    header_stop_offset_ = last_end;
  };
  // TapeBuilder::ValueDone: the top-level header keys.
  auto value_done = [&](uint32_t index) {
    if (open_.size() != 1 || header_complete_) return;
    if (top_key == KeyId::kMethodName) {
      header_method_name_ = index;
    } else if (top_key == KeyId::kCompilationId) {
      header_compilation_id_ = index;
    } else {
      return;
    }
    if (header_method_name_ != kNoToken && header_compilation_id_ != kNoToken) stop_header_scan();
  };

  size_t p = SkipSpace(buf, 0);
  if (buf[p] != '{') return false;  // a record is an object
  bool expect_key = false;          // after '{' or ',' inside an object
  while (true) {
    // A value (or, with expect_key, a key and its value) at p.
    p = SkipSpace(buf, p);
    if (expect_key) {
      if (buf[p] != '"') return false;
      uint32_t length = 0;
      const size_t end = ScanString(buf, p, &length);
      if (end == 0) return false;
      push(TokenKind::kKey, p, static_cast<uint32_t>(p + 1), length);
      const KeyId id = ClassifyKey(std::string_view(buf + p + 1, length));
      tokens_.back().key = id;
      if (open_.size() == 1) top_key = id;
      last_end = end;
      p = SkipSpace(buf, end);
      if (buf[p] != ':') return false;
      p = SkipSpace(buf, p + 1);
      expect_key = false;
    }
    const char c = buf[p];
    if (c == '{' || c == '[') {
      open_.push_back(static_cast<uint32_t>(tokens_.size()));
      counts_.push_back(0);
      push(c == '{' ? TokenKind::kObject : TokenKind::kArray, p, 0, 0);
      last_end = p + 1;
      p = SkipSpace(buf, p + 1);
      if (buf[p] != (c == '{' ? '}' : ']')) {
        expect_key = c == '{';
        continue;
      }
      // An empty container: closed below.
    } else {
      if (c == '"') {
        uint32_t length = 0;
        const size_t end = ScanString(buf, p, &length);
        if (end == 0) return false;
        push(TokenKind::kString, p, static_cast<uint32_t>(p + 1), length);
        last_end = end;
      } else if (c == '-' || IsDigit(c)) {
        const size_t length = ScanNumber(buf, p);
        if (length == 0) return false;
        push(TokenKind::kNumber, p, static_cast<uint32_t>(p), static_cast<uint32_t>(length));
        last_end = p + length;
      } else if (c == 't' && std::memcmp(buf + p, "true", 4) == 0) {
        push(TokenKind::kTrue, p, 0, 0);
        last_end = p + 4;
      } else if (c == 'f' && std::memcmp(buf + p, "false", 5) == 0) {
        push(TokenKind::kFalse, p, 0, 0);
        last_end = p + 5;
      } else if (c == 'n' && std::memcmp(buf + p, "null", 4) == 0) {
        push(TokenKind::kNull, p, 0, 0);
        last_end = p + 4;
      } else {
        return false;
      }
      value_done(static_cast<uint32_t>(tokens_.size() - 1));
      ++counts_.back();
      p = SkipSpace(buf, last_end);
    }
    // After a value (or at an empty container's closing bracket): ',' or closing brackets.
    while (true) {
      const uint32_t open = open_.back();
      const char close = tokens_[open].kind == TokenKind::kObject ? '}' : ']';
      if (buf[p] == ',' && counts_.back() > 0) {
        expect_key = close == '}';
        ++p;
        break;
      }
      if (buf[p] != close) return false;
      Token& token = tokens_[open];
      token.a = static_cast<uint32_t>(tokens_.size());
      token.b = counts_.back();
      open_.pop_back();
      counts_.pop_back();
      last_end = p + 1;
      if (open_.empty()) {
        stop_header_scan();
        // Only whitespace may follow the record.
        return SkipSpace(buf, p + 1) == size;
      }
      value_done(open);
      ++counts_.back();
      p = SkipSpace(buf, p + 1);
    }
  }
}

}  // namespace profdiff::record_internal
