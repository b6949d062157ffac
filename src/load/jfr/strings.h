#ifndef PROFDIFF_LOAD_JFR_STRINGS_H_
#define PROFDIFF_LOAD_JFR_STRINGS_H_

// JFR's string values: an encoding byte, then the string in that encoding.

#include <cstdint>
#include <string>
#include <string_view>

#include "load/jfr/byte_cursor.h"

namespace profdiff::jfr {

struct StringValue {
  enum class Kind : uint8_t { kNull, kText, kPoolReference };
  Kind kind = Kind::kNull;
  std::string text;  // kText: the string in UTF-8
  int64_t key = 0;   // kPoolReference: the key in the pool of java.lang.String
};

// Reads one string value: encoding 0 null, 1 empty, 2 a reference into the constant pool of
// java.lang.String, 3 UTF-8, 4 char array (UTF-16 code units, each a compressed char), 5 Latin-1.
// An unknown encoding fails the cursor.
void ReadStringValue(ByteCursor& cursor, StringValue* out);

// ReadStringValue without copying where it can: `text` is a view of the recording's bytes for
// UTF-8 and for Latin-1 that is ASCII, else of `*scratch`, into which the text was decoded.
struct StringRef {
  StringValue::Kind kind = StringValue::Kind::kNull;
  std::string_view text;
  int64_t key = 0;
};
void ReadStringRef(ByteCursor& cursor, std::string* scratch, StringRef* out);

// Skips one string value of any encoding.
void SkipStringValue(ByteCursor& cursor);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_STRINGS_H_
