#ifndef PROFDIFF_LOAD_JFR_METADATA_H_
#define PROFDIFF_LOAD_JFR_METADATA_H_

// The metadata event of a chunk: the types (classes) its events and constant pools are made of.
// Event type 0; after the event header (size, type, start time, duration, metadata id) comes a
// string table and a tree of elements (root > metadata > class > field), every name and
// attribute an index into the table (jdk.jfr.internal.MetadataReader).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/jfr/byte_cursor.h"

namespace profdiff::jfr {

// How a value of a type is encoded; kStruct: as its fields, one after the other.
enum class Encoding : uint8_t {
  kStruct,
  kBoolean,
  kByte,
  kChar,
  kShort,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kString
};

struct Field {
  std::string name;
  uint32_t type = 0;  // index into Metadata::types
  bool constant_pool = false;
  bool array = false;
};

struct Type {
  int64_t id = 0;
  std::string name;
  std::string super_type;
  Encoding encoding = Encoding::kStruct;
  std::vector<Field> fields;
  // A struct whose values take no bytes (no fields, or only such structs inline): an array of it
  // is skipped without a loop, so that counts of nothing cannot multiply into a hang.
  bool empty = false;

  // The index of the field called `name`, or -1.
  int FieldIndex(std::string_view field_name) const;
};

struct Metadata {
  std::vector<Type> types;
  absl::flat_hash_map<int64_t, uint32_t> by_id;

  const Type* FindByName(std::string_view name) const;
  const Type* FindById(int64_t id) const;
};

// Reads the metadata event's body from `cursor` (positioned after the event's type id, inside a
// cursor bounded by the event). On failure the cursor holds the reason.
std::optional<Metadata> ReadMetadata(ByteCursor& cursor);

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_METADATA_H_
