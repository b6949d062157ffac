#ifndef PROFDIFF_LOAD_RECORD_TAPE_H_
#define PROFDIFF_LOAD_RECORD_TAPE_H_

// First pass over a record: RapidJSON's SAX reader turns the line into a flat "tape" of tokens
// that the schema walk (record_reader.cc) can revisit in any order. A tape is needed because
// the meaning of a value can depend on keys that come after it (duplicate keys where the later
// value wins, an optimization-tree item that is a phase only if its final "phaseName" is not
// null), while the walk itself must stay iterative however deep the record nests.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rapidjson/reader.h"

namespace profdiff::record_internal {

// The keys the schema knows; every other key is kOther.
enum class KeyId : uint8_t {
  kOther,
  kMethodName,
  kCompilationId,
  kInliningTree,
  kOptimizationTree,
  kCallsiteBci,
  kInlined,
  kReason,
  kIndirect,
  kAlive,
  kReceiverTypeProfile,
  kInvokes,
  kMature,
  kProfiledTypes,
  kTypeName,
  kProbability,
  kConcreteMethodName,
  kPhaseName,
  kOptimizations,
  kOptimizationName,
  kEventName,
  kPosition,
  kCount,
};

enum class TokenKind : uint8_t { kObject, kArray, kString, kNumber, kTrue, kFalse, kNull, kKey };

inline constexpr uint32_t kNoToken = UINT32_MAX;

// An object is its kObject token followed by (kKey, value) token runs; an array is its kArray
// token followed by its element values. Containers know where they end, so a value is skipped
// in O(1).
struct Token {
  TokenKind kind;
  KeyId key;     // kKey only
  uint32_t pos;  // byte offset of the token's first byte in the line
  // kString, kKey, kNumber: offset of the decoded text in the tape's buffer.
  // kObject, kArray: index of the first token after the container.
  uint32_t a;
  uint32_t b;  // kString, kKey, kNumber: length of the text
};

// The KeyId of a key's decoded text.
KeyId ClassifyKey(std::string_view key);
// The key as records spell it (ClassifyKey's inverse; "" for kOther).
std::string_view KeyName(KeyId key);

class RecordTape {
 public:
  // Tokenizes `line`. Returns false on a syntax error (syntax_error_* then describe it, and the
  // tape holds the tokens read before it). Whatever happens, the top-level "methodName" /
  // "compilationId" values seen before the scan's stop point are recorded (header_*).
  // Plain records take ScanPlain; everything else (and every error) the general path.
  bool Parse(std::string_view line);

  // The two paths of Parse, for tests that compare them.
  // ScanPlain: a tokenizer of its own for the common case (record_tape_scan.cc), which gives up
  // (returns false, the tape then undefined) on anything unusual: a syntax error, a \u escape or
  // a control character in a string, a number that is long or has a 3-digit exponent, a NUL
  // byte. When it returns true the tape is exactly the one ParseGeneral builds.
  bool ScanPlain(std::string_view line);
  // ParseGeneral: RapidJSON's SAX reader; decides and describes every syntax error.
  bool ParseGeneral(std::string_view line);

  // Syntax error: 0-based byte offset and what was expected.
  size_t syntax_error_offset() const { return syntax_error_offset_; }
  const std::string& syntax_error_message() const { return syntax_error_message_; }

  // The stop point of formats.md §3.1: both header keys seen, or the top-level '}' reached.
  bool header_complete() const { return header_complete_; }
  size_t header_stop_offset() const { return header_stop_offset_; }
  // Value tokens of the header keys (kNoToken when not seen before the stop point).
  uint32_t header_method_name() const { return header_method_name_; }
  uint32_t header_compilation_id() const { return header_compilation_id_; }

  uint32_t size() const { return static_cast<uint32_t>(tokens_.size()); }
  const Token& operator[](uint32_t i) const { return tokens_[i]; }
  std::string_view Text(const Token& token) const {
    return std::string_view(buffer_.data() + token.a, token.b);
  }
  // The index of the token after value `i` (skipping a container's contents).
  uint32_t Next(uint32_t i) const {
    const Token& t = tokens_[i];
    return t.kind == TokenKind::kObject || t.kind == TokenKind::kArray ? t.a : i + 1;
  }
  // Null and absent are the same everywhere in the schema.
  bool IsAbsent(uint32_t i) const { return i == kNoToken || tokens_[i].kind == TokenKind::kNull; }

  // Drops oversized buffers so that one huge record does not pin memory for the whole run.
  void Trim();

 private:
  friend class TapeBuilder;

  void Reset();

  rapidjson::Reader reader_;  // kept: constructing one allocates
  std::vector<Token> tokens_;
  std::string buffer_;            // copy of the line, decoded in place by RapidJSON
  std::vector<uint32_t> open_;    // indices of the containers being read
  std::vector<uint32_t> counts_;  // ScanPlain: members / elements of each open container so far
  size_t syntax_error_offset_ = 0;
  std::string syntax_error_message_;
  bool header_complete_ = false;
  size_t header_stop_offset_ = 0;
  uint32_t header_method_name_ = kNoToken;
  uint32_t header_compilation_id_ = kNoToken;
};

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_LOAD_RECORD_TAPE_H_
