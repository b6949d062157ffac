#include "load/jfr/values.h"

#include <cstdint>

#include "load/jfr/strings.h"

namespace profdiff::jfr {

namespace {

void SkipElement(ByteCursor& cursor, const Metadata& metadata, const Field& field, int depth) {
  if (field.constant_pool) return cursor.SkipLong();
  SkipValue(cursor, metadata, field.type, depth);
}

}  // namespace

void SkipValue(ByteCursor& cursor, const Metadata& metadata, uint32_t type, int depth) {
  const Type& t = metadata.types[type];
  switch (t.encoding) {
    case Encoding::kBoolean:
    case Encoding::kByte:
      return cursor.Skip(1);
    case Encoding::kChar:
    case Encoding::kShort:
      if (cursor.compressed()) return cursor.SkipLong();
      return cursor.Skip(2);
    case Encoding::kInt:
      if (cursor.compressed()) return cursor.SkipLong();
      return cursor.Skip(4);
    case Encoding::kLong:
      return cursor.SkipLong();
    case Encoding::kFloat:
      return cursor.Skip(4);
    case Encoding::kDouble:
      return cursor.Skip(8);
    case Encoding::kString:
      return SkipStringValue(cursor);
    case Encoding::kStruct:
      break;
  }
  if (depth >= kMaxValueDepth) return cursor.Fail("values nested at most 32 deep");
  for (const Field& field : t.fields) {
    SkipField(cursor, metadata, field, depth + 1);
    if (!cursor.ok()) return;
  }
}

void SkipField(ByteCursor& cursor, const Metadata& metadata, const Field& field, int depth) {
  if (!field.array) return SkipElement(cursor, metadata, field, depth);
  uint32_t count = cursor.Count();
  if (!field.constant_pool && metadata.types[field.type].empty) return;
  for (uint32_t i = 0; i < count && cursor.ok(); ++i) SkipElement(cursor, metadata, field, depth);
}

bool IsInteger(const Metadata& metadata, const Field& field) {
  if (field.array) return false;
  if (field.constant_pool) return true;
  switch (metadata.types[field.type].encoding) {
    case Encoding::kBoolean:
    case Encoding::kByte:
    case Encoding::kChar:
    case Encoding::kShort:
    case Encoding::kInt:
    case Encoding::kLong:
      return true;
    default:
      return false;
  }
}

int64_t ReadInteger(ByteCursor& cursor, const Metadata& metadata, const Field& field) {
  if (!IsInteger(metadata, field)) {
    SkipField(cursor, metadata, field);
    return 0;
  }
  if (field.constant_pool) return cursor.Long();
  switch (metadata.types[field.type].encoding) {
    case Encoding::kBoolean:
      return cursor.U8() != 0;
    case Encoding::kByte:
      return static_cast<int8_t>(cursor.U8());
    case Encoding::kChar:
      return cursor.Char();
    case Encoding::kShort:
      return cursor.Short();
    case Encoding::kInt:
      return cursor.Int();
    default:
      return cursor.Long();
  }
}

}  // namespace profdiff::jfr
