#include "load/json/record_tape.h"

#include <array>
#include <utility>
#include <vector>

#include "load/json/json_support.h"
#include "rapidjson/reader.h"
#include "rapidjson/stream.h"

namespace profdiff::record_internal {

namespace {

// Offset just past the closing quote of the JSON string whose content starts at `content` in
// the original line (the in-situ buffer has been overwritten by the decoded text by then).
size_t StringEnd(std::string_view line, size_t content) {
  size_t p = content;
  while (true) {
    size_t quote = line.find('"', p);
    if (quote == std::string_view::npos) return line.size();
    size_t backslashes = 0;
    while (quote - backslashes > content && line[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote + 1;
    p = quote + 1;
  }
}

}  // namespace

std::string_view KeyName(KeyId key) {
  static constexpr std::array<std::string_view, static_cast<size_t>(KeyId::kCount)> kNames = {
      "",
      "methodName",
      "compilationId",
      "inliningTree",
      "optimizationTree",
      "callsiteBci",
      "inlined",
      "reason",
      "indirect",
      "alive",
      "receiverTypeProfile",
      "invokes",
      "mature",
      "profiledTypes",
      "typeName",
      "probability",
      "concreteMethodName",
      "phaseName",
      "optimizations",
      "optimizationName",
      "eventName",
      "position",
  };
  return kNames[static_cast<size_t>(key)];
}

KeyId ClassifyKey(std::string_view key) {
  // Runs for every key of every record: switching on the length first keeps it to one or two
  // compares.
  switch (key.size()) {
    case 5:
      if (key == "alive") return KeyId::kAlive;
      break;
    case 6:
      if (key == "reason") return KeyId::kReason;
      if (key == "mature") return KeyId::kMature;
      break;
    case 7:
      if (key == "inlined") return KeyId::kInlined;
      if (key == "invokes") return KeyId::kInvokes;
      break;
    case 8:
      if (key == "indirect") return KeyId::kIndirect;
      if (key == "typeName") return KeyId::kTypeName;
      if (key == "position") return KeyId::kPosition;
      break;
    case 9:
      if (key == "phaseName") return KeyId::kPhaseName;
      if (key == "eventName") return KeyId::kEventName;
      break;
    case 10:
      if (key == "methodName") return KeyId::kMethodName;
      break;
    case 11:
      if (key == "callsiteBci") return KeyId::kCallsiteBci;
      if (key == "probability") return KeyId::kProbability;
      break;
    case 12:
      if (key == "inliningTree") return KeyId::kInliningTree;
      break;
    case 13:
      if (key == "compilationId") return KeyId::kCompilationId;
      if (key == "optimizations") return KeyId::kOptimizations;
      if (key == "profiledTypes") return KeyId::kProfiledTypes;
      break;
    case 16:
      if (key == "optimizationTree") return KeyId::kOptimizationTree;
      if (key == "optimizationName") return KeyId::kOptimizationName;
      break;
    case 18:
      if (key == "concreteMethodName") return KeyId::kConcreteMethodName;
      break;
    case 19:
      if (key == "receiverTypeProfile") return KeyId::kReceiverTypeProfile;
      break;
    default:
      break;
  }
  return KeyId::kOther;
}

// The SAX handler that fills a RecordTape.
class TapeBuilder {
 public:
  TapeBuilder(RecordTape* tape, std::string_view line) : tape_(tape), line_(line) {}

  bool Null() { return Scalar(TokenKind::kNull, 4); }
  bool Bool(bool b) { return b ? Scalar(TokenKind::kTrue, 4) : Scalar(TokenKind::kFalse, 5); }
  // Never called: numbers arrive through RawNumber (kParseNumbersAsStringsFlag).
  bool Int(int) { return false; }
  bool Uint(unsigned) { return false; }
  bool Int64(int64_t) { return false; }
  bool Uint64(uint64_t) { return false; }
  bool Double(double) { return false; }
  bool RawNumber(const char*, rapidjson::SizeType length, bool) {
    size_t pos = ValueStart();
    last_end_ = pos + length;
    // In situ, RapidJSON hands out a pointer that is only right for a stream with copy
    // optimisation; the literal is still untouched at its place in the buffer anyway.
    Push(TokenKind::kNumber, pos, static_cast<uint32_t>(pos), length);
    ValueDone(tape_->size() - 1);
    return true;
  }
  bool String(const char* str, rapidjson::SizeType length, bool) {
    // In situ, the decoded text starts right after the opening quote.
    size_t pos = TextOffset(str) - 1;
    last_end_ = StringEnd(line_, pos + 1);
    Push(TokenKind::kString, pos, TextOffset(str), length);
    ValueDone(tape_->size() - 1);
    return true;
  }
  bool Key(const char* str, rapidjson::SizeType length, bool) {
    size_t pos = TextOffset(str) - 1;
    last_end_ = StringEnd(line_, pos + 1);
    Push(TokenKind::kKey, pos, TextOffset(str), length);
    KeyId id = ClassifyKey(std::string_view(str, length));
    tape_->tokens_.back().key = id;
    if (tape_->open_.size() == 1) top_key_ = id;
    return true;
  }
  bool StartObject() { return Start(TokenKind::kObject); }
  bool StartArray() { return Start(TokenKind::kArray); }
  bool EndObject(rapidjson::SizeType count) { return End(count); }
  bool EndArray(rapidjson::SizeType count) { return End(count); }

 private:
  // RapidJSON does not report where a value starts; between the end of the previous token and
  // a value there can only be whitespace and one ':' or ','.
  size_t ValueStart() const {
    size_t p = last_end_;
    while (p < line_.size()) {
      char c = line_[p];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ':' && c != ',') break;
      ++p;
    }
    return p;
  }

  uint32_t TextOffset(const char* str) const {
    return static_cast<uint32_t>(str - tape_->buffer_.data());
  }

  void Push(TokenKind kind, size_t pos, uint32_t a, uint32_t b) {
    tape_->tokens_.push_back(Token{kind, KeyId::kOther, static_cast<uint32_t>(pos), a, b});
  }

  bool Scalar(TokenKind kind, size_t length) {
    size_t pos = ValueStart();
    last_end_ = pos + length;
    Push(kind, pos, 0, 0);
    ValueDone(tape_->size() - 1);
    return true;
  }

  bool Start(TokenKind kind) {
    size_t pos = ValueStart();
    last_end_ = pos + 1;
    tape_->open_.push_back(tape_->size());
    Push(kind, pos, 0, 0);
    return true;
  }

  bool End(rapidjson::SizeType count) {
    last_end_ = ValueStart() + 1;
    uint32_t index = tape_->open_.back();
    tape_->open_.pop_back();
    Token& token = tape_->tokens_[index];
    token.a = tape_->size();
    token.b = count;
    if (tape_->open_.empty()) {
      // The scan of formats.md §3.1 also stops at the record's closing brace.
      StopHeaderScan();
    } else {
      ValueDone(index);
    }
    return true;
  }

  // Tracks the top-level header keys: a repeated key wins until both keys have been seen.
  void ValueDone(uint32_t index) {
    if (tape_->open_.size() != 1 || tape_->header_complete_) return;
    if (top_key_ == KeyId::kMethodName) {
      tape_->header_method_name_ = index;
    } else if (top_key_ == KeyId::kCompilationId) {
      tape_->header_compilation_id_ = index;
    } else {
      return;
    }
    if (tape_->header_method_name_ != kNoToken && tape_->header_compilation_id_ != kNoToken) {
      StopHeaderScan();
    }
  }

  void StopHeaderScan() {
    if (tape_->header_complete_) return;
    tape_->header_complete_ = true;
    tape_->header_stop_offset_ = last_end_;
  }

  RecordTape* tape_;
  std::string_view line_;
  size_t last_end_ = 0;  // offset just past the previous token
  KeyId top_key_ = KeyId::kOther;
};

namespace {

// The length of a JSON number literal starting at `p`, or 0 if the text there is not one.
size_t NumberLiteralLength(std::string_view text, size_t p) {
  size_t i = p;
  auto digits = [&] {
    size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i > start;
  };
  if (i < text.size() && text[i] == '-') ++i;
  if (i >= text.size()) return 0;
  if (text[i] == '0') {
    ++i;
  } else if (!digits()) {
    return 0;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    if (!digits()) return 0;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digits()) return 0;
  }
  return i - p;
}

// RapidJSON refuses numbers beyond the double range (1.0E400, 400-digit integers), which are
// valid JSON and which Java reads as +-Infinity. Every number literal outside strings that might
// be such a number (long, or with a 3-digit exponent) is overwritten by a harmless literal of
// the same length, so offsets stay exact; the original text is put back after parsing
// (numbers are read from the buffer, and in-situ decoding only writes inside strings).
void MaskHugeNumbers(std::string_view line, std::string& buffer,
                     std::vector<std::pair<size_t, size_t>>& masked) {
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    size_t length = NumberLiteralLength(line, i);
    if (length == 0) continue;
    std::string_view literal = line.substr(i, length);
    size_t e = literal.find_first_of("eE");
    size_t exponent_digits =
        e == std::string_view::npos
            ? 0
            : literal.size() - e - 1 - (literal[e + 1] == '+' || literal[e + 1] == '-');
    if (length > 300 || exponent_digits >= 3) {
      // "0", "-0", or "0.000…": valid JSON of the same length.
      if (length == 1) {
        buffer[i] = '0';
      } else if (length == 2) {
        buffer[i] = '-';
        buffer[i + 1] = '0';
      } else {
        buffer[i] = '0';
        buffer[i + 1] = '.';
        for (size_t k = 2; k < length; ++k) buffer[i + k] = '0';
      }
      masked.emplace_back(i, length);
    }
    i += length - 1;
  }
}

}  // namespace

void RecordTape::Reset() {
  tokens_.clear();
  open_.clear();
  header_complete_ = false;
  header_stop_offset_ = 0;
  header_method_name_ = kNoToken;
  header_compilation_id_ = kNoToken;
}

bool RecordTape::Parse(std::string_view line) {
  if (ScanPlain(line)) {
    syntax_error_message_.clear();
    syntax_error_offset_ = 0;
    return true;
  }
  return ParseGeneral(line);
}

bool RecordTape::ParseGeneral(std::string_view line) {
  syntax_error_message_.clear();
  syntax_error_offset_ = 0;
  if (line.size() >= UINT32_MAX - 8) {
    syntax_error_message_ = "expected a record shorter than 4 GiB";
    return false;
  }
  std::vector<std::pair<size_t, size_t>> masked;
  rapidjson::ParseResult result;
  size_t parsed_length = 0;
  for (bool masking : {false, true}) {
    Reset();
    // Trailing NULs guard every look-ahead; RapidJSON stops at the first NUL anyway.
    buffer_.assign(line.data(), line.size());
    buffer_.append(16, '\0');  // RapidJSON's SSE2 scan loads whole aligned 16-byte blocks
    if (masking) MaskHugeNumbers(line, buffer_, masked);
    // RapidJSON's own in-situ stream: its SSE2 paths skip whitespace and scan strings.
    rapidjson::InsituStringStream stream(buffer_.data());
    TapeBuilder builder(this, line);
    constexpr unsigned kFlags = kJsonParseFlags | rapidjson::kParseInsituFlag;
    result = reader_.Parse<kFlags>(stream, builder);
    parsed_length = stream.Tell();
    if (result.Code() != rapidjson::kParseErrorNumberTooBig) break;
  }
  for (auto [offset, length] : masked) buffer_.replace(offset, length, line.substr(offset, length));
  // A raw control character that RapidJSON let through inside a string, before anything it
  // refused, is the first error of the line.
  if (const size_t control = FindControlByteSse2Misses(line);
      control != std::string_view::npos && (!result.IsError() || control < result.Offset()) &&
      control < parsed_length) {
    syntax_error_offset_ = control;
    syntax_error_message_ = DescribeJsonError(rapidjson::kParseErrorStringInvalidEncoding);
    return false;
  }
  if (result.IsError()) {
    syntax_error_offset_ = result.Offset();
  } else if (parsed_length != line.size()) {
    syntax_error_offset_ = parsed_length;  // RapidJSON took a NUL byte for the end of input
  } else {
    return true;
  }
  size_t nul = line.find('\0');
  if (nul != std::string_view::npos && syntax_error_offset_ >= nul) {
    syntax_error_offset_ = nul;
    syntax_error_message_ = "expected JSON text, found a NUL byte";
  } else if (result.Code() == rapidjson::kParseErrorStringEscapeInvalid &&
             syntax_error_offset_ < line.size() &&
             static_cast<unsigned char>(line[syntax_error_offset_]) < 0x20) {
    // RapidJSON reports a raw control character as a bad escape (at the character itself; a
    // bad escape is reported at its backslash). json_support words it as an encoding error.
    syntax_error_message_ = DescribeJsonError(rapidjson::kParseErrorStringInvalidEncoding);
  } else {
    syntax_error_message_ = DescribeJsonError(result.Code());
  }
  return false;
}

void RecordTape::Trim() {
  constexpr size_t kKeepBytes = size_t{64} << 20;
  if (buffer_.capacity() > kKeepBytes) std::string().swap(buffer_);
  if (tokens_.capacity() * sizeof(Token) > kKeepBytes) std::vector<Token>().swap(tokens_);
  if (open_.capacity() * sizeof(uint32_t) > kKeepBytes) std::vector<uint32_t>().swap(open_);
  if (counts_.capacity() * sizeof(uint32_t) > kKeepBytes) std::vector<uint32_t>().swap(counts_);
}

}  // namespace profdiff::record_internal
