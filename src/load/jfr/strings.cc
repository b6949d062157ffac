#include "load/jfr/strings.h"

#include <cstdint>
#include <string>

namespace profdiff::jfr {

namespace {

void AppendUtf8(uint32_t code_point, std::string* out) {
  if (code_point < 0x80) {
    out->push_back(static_cast<char>(code_point));
  } else if (code_point < 0x800) {
    out->push_back(static_cast<char>(0xc0 | (code_point >> 6)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  } else if (code_point < 0x10000) {
    out->push_back(static_cast<char>(0xe0 | (code_point >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  } else {
    out->push_back(static_cast<char>(0xf0 | (code_point >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 12) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3f)));
  }
}

// UTF-16 code units to UTF-8; a lone surrogate becomes U+FFFD (as Java's encoder does).
void ReadCharArray(ByteCursor& cursor, uint32_t length, std::string* out) {
  out->reserve(length);
  bool have_high = false;
  uint32_t high = 0;
  for (uint32_t i = 0; i < length && cursor.ok(); ++i) {
    uint32_t unit = cursor.Char();
    if (unit >= 0xd800 && unit < 0xdc00) {
      if (have_high) AppendUtf8(0xfffd, out);
      have_high = true;
      high = unit;
      continue;
    }
    if (unit >= 0xdc00 && unit < 0xe000) {
      if (have_high) {
        AppendUtf8(0x10000 + ((high - 0xd800) << 10) + (unit - 0xdc00), out);
        have_high = false;
      } else {
        AppendUtf8(0xfffd, out);
      }
      continue;
    }
    if (have_high) AppendUtf8(0xfffd, out);
    have_high = false;
    AppendUtf8(unit, out);
  }
  if (have_high) AppendUtf8(0xfffd, out);
}

}  // namespace

void ReadStringValue(ByteCursor& cursor, StringValue* out) {
  StringRef ref;
  ReadStringRef(cursor, &out->text, &ref);
  out->kind = ref.kind;
  out->key = ref.key;
  if (ref.text.data() != out->text.data()) out->text.assign(ref.text);
}

void ReadStringRef(ByteCursor& cursor, std::string* scratch, StringRef* out) {
  out->text = {};
  out->kind = StringValue::Kind::kText;
  const uint64_t at = cursor.offset();
  switch (cursor.U8()) {
    case 0:
      out->kind = StringValue::Kind::kNull;
      return;
    case 1:
      return;
    case 2:
      out->kind = StringValue::Kind::kPoolReference;
      out->key = cursor.Long();
      return;
    case 3:
      out->text = cursor.Bytes(cursor.Count());
      return;
    case 4:
      scratch->clear();
      ReadCharArray(cursor, cursor.Count(), scratch);
      out->text = *scratch;
      return;
    case 5: {
      std::string_view latin1 = cursor.Bytes(cursor.Count());
      bool ascii = true;
      for (char c : latin1) ascii &= static_cast<uint8_t>(c) < 0x80;
      if (ascii) {
        out->text = latin1;
        return;
      }
      scratch->clear();
      scratch->reserve(latin1.size());
      for (char c : latin1) AppendUtf8(static_cast<uint8_t>(c), scratch);
      out->text = *scratch;
      return;
    }
    default:
      if (cursor.ok()) cursor.FailAt(at, "a string encoding (0 to 5)");
      out->kind = StringValue::Kind::kNull;
      return;
  }
}

void SkipStringValue(ByteCursor& cursor) {
  const uint64_t at = cursor.offset();
  switch (cursor.U8()) {
    case 0:
    case 1:
      return;
    case 2:
      return cursor.SkipLong();
    case 3:
    case 5:
      return cursor.Skip(cursor.Count());
    case 4: {
      uint32_t length = cursor.Count();
      for (uint32_t i = 0; i < length && cursor.ok(); ++i) cursor.Char();
      return;
    }
    default:
      if (cursor.ok()) cursor.FailAt(at, "a string encoding (0 to 5)");
      return;
  }
}

}  // namespace profdiff::jfr
