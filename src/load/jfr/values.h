#ifndef PROFDIFF_LOAD_JFR_VALUES_H_
#define PROFDIFF_LOAD_JFR_VALUES_H_

// Values as the metadata describes them: a field holds one value or an array (a count, then the
// values), each a constant-pool key (a long) or the value inline; an inline struct is its fields
// in order. Constant pool entries carry no size, so a reader must walk every value it passes.

#include <cstdint>

#include "load/jfr/byte_cursor.h"
#include "load/jfr/metadata.h"

namespace profdiff::jfr {

// Inline structs nested deeper than this are not JFR's (and a type that contains itself would
// never end): the cursor fails.
constexpr int kMaxValueDepth = 32;

// Skips the value of `field` (one value or an array of them).
void SkipField(ByteCursor& cursor, const Metadata& metadata, const Field& field, int depth = 0);

// Skips one inline value of the type `type` (an index into metadata.types).
void SkipValue(ByteCursor& cursor, const Metadata& metadata, uint32_t type, int depth = 0);

// Reads a single (not array) field that is a constant-pool reference or an integer, char or
// boolean as a long; anything else (string, float, struct, array) is skipped and gives 0.
int64_t ReadInteger(ByteCursor& cursor, const Metadata& metadata, const Field& field);

// Whether ReadInteger reads `field` as a number.
bool IsInteger(const Metadata& metadata, const Field& field);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_VALUES_H_
