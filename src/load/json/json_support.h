#ifndef PROFDIFF_LOAD_JSON_SUPPORT_H_
#define PROFDIFF_LOAD_JSON_SUPPORT_H_

// Pieces shared by the readers of records and profiles (both RapidJSON SAX based).

#include <cstdint>
#include <string>
#include <string_view>

#include "rapidjson/error/error.h"
#include "rapidjson/reader.h"

namespace profdiff {

// Flags for every SAX parse: never recurse, numbers arrive as their literal text so that we
// type them ourselves (JsonNumber).
inline constexpr unsigned kJsonParseFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;

// A JSON number typed the way profdiff reads it (README "Decisions"): a literal with a '.' is a
// double; any other literal whose value is an integer is int32 if it fits, else int64 if it
// fits, else a double (so 1e5 is the int32 100000, 1e-1 the double 0.1, and 2^64 a double).
struct JsonNumber {
  enum class Type { kInt32, kInt64, kDouble };
  Type type = Type::kInt32;
  int64_t integer = 0;  // kInt32, kInt64
  double real = 0;      // kDouble
  // The value as a double (exact for integers up to 2^53).
  double AsDouble() const { return type == Type::kDouble ? real : static_cast<double>(integer); }
  // True and sets *out when the value is exactly an integer within [min, max].
  bool ExactInteger(int64_t min, int64_t max, int64_t* out) const;
};

// Types a literal that RapidJSON accepted as a JSON number.
JsonNumber ParseJsonNumber(std::string_view literal);

// Java's (long) conversion of a number: doubles truncate toward zero, NaN becomes 0, values out
// of range saturate.
int64_t JsonNumberToLongTruncating(const JsonNumber& number);

// What the parser expected when it failed, in our words (e.g. "expected ',' or '}' after an
// object member").
std::string DescribeJsonError(rapidjson::ParseErrorCode code);

// The offset of the first raw byte 0x1a-0x1f in `text`, or npos. RapidJSON 1.1's SSE2 string scan
// compares with 0x19 instead of 0x1f, so these raw control characters pass inside a string after
// its first bytes; anywhere else RapidJSON refuses them itself. A parse that reaches such a byte
// without an error has therefore read it inside a string, where JSON forbids it.
size_t FindControlByteSse2Misses(std::string_view text);

// Replaces every maximal ill-formed UTF-8 subsequence by U+FFFD (the decoding Java applies,
// formats.md §2). Returns true and fills *out only when `text` was not valid UTF-8.
bool RepairUtf8(std::string_view text, std::string* out);

// The byte offset in `original` of byte `repaired_offset` of its repaired text (RepairUtf8), so
// that messages can point into the line as it is in the file. An offset inside a replacement
// character maps to the start of the bytes it replaced.
size_t OriginalUtf8Offset(std::string_view original, size_t repaired_offset);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_JSON_SUPPORT_H_
