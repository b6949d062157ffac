#include "load/jfr/metadata.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "load/jfr/strings.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::jfr {

namespace {

// Deeper element trees are not JFR's (root > metadata > class > field > annotation).
constexpr int kMaxElementDepth = 32;

struct Element {
  uint32_t name = 0;  // index into the string table
  std::vector<std::pair<uint32_t, uint32_t>> attributes;
  std::vector<uint32_t> children;  // indexes into the element arena
};

class MetadataParser {
 public:
  explicit MetadataParser(ByteCursor& cursor) : cursor_(cursor) {}

  std::optional<Metadata> Parse() {
    ReadStringTable();
    if (!cursor_.ok()) return std::nullopt;
    ReadElements();
    if (!cursor_.ok()) return std::nullopt;
    return DeclareTypes();
  }

 private:
  void ReadStringTable() {
    uint32_t count = cursor_.Count();
    strings_.reserve(count);
    StringValue value;
    for (uint32_t i = 0; i < count && cursor_.ok(); ++i) {
      uint64_t at = cursor_.offset();
      ReadStringValue(cursor_, &value);
      if (value.kind == StringValue::Kind::kPoolReference) {
        return cursor_.FailAt(at, "a string in the metadata's string table, not a reference");
      }
      strings_.push_back(std::move(value.text));
    }
  }

  uint32_t StringIndex() {
    uint64_t at = cursor_.offset();
    int32_t index = cursor_.Int();
    if (!cursor_.ok()) return 0;
    if (index < 0 || static_cast<size_t>(index) >= strings_.size()) {
      cursor_.FailAt(at, "an index into the metadata's string table");
      return 0;
    }
    return static_cast<uint32_t>(index);
  }

  // One element with its attributes; returns the count of its children still to read.
  uint32_t ReadElement(Element* element) {
    element->name = StringIndex();
    uint32_t attributes = cursor_.Count();
    for (uint32_t i = 0; i < attributes && cursor_.ok(); ++i) {
      uint32_t key = StringIndex();
      uint32_t value = StringIndex();
      element->attributes.emplace_back(key, value);
    }
    return cursor_.Count();
  }

  // The tree, depth first without recursion.
  void ReadElements() {
    struct Open {
      uint32_t element;
      uint32_t children_left;
    };
    std::vector<Open> stack;
    elements_.emplace_back();
    stack.push_back({0, ReadElement(&elements_[0])});
    while (!stack.empty() && cursor_.ok()) {
      if (stack.back().children_left == 0) {
        stack.pop_back();
        continue;
      }
      --stack.back().children_left;
      if (stack.size() >= kMaxElementDepth) {
        return cursor_.Fail("metadata elements nested at most 32 deep");
      }
      uint32_t index = static_cast<uint32_t>(elements_.size());
      elements_[stack.back().element].children.push_back(index);
      elements_.emplace_back();
      Element child;
      uint32_t children = ReadElement(&child);
      elements_[index] = std::move(child);
      stack.push_back({index, children});
    }
  }

  std::string_view Name(const Element& e) const { return strings_[e.name]; }
  std::optional<std::string_view> Attribute(const Element& e, std::string_view key) const {
    for (const auto& [k, v] : e.attributes) {
      if (strings_[k] == key) return std::string_view(strings_[v]);
    }
    return std::nullopt;
  }

  std::optional<Metadata> DeclareTypes() {
    Metadata metadata;
    const uint64_t at = cursor_.offset();
    auto fail = [&](const char* what) {
      cursor_.FailAt(at, what);
      return std::nullopt;
    };
    // Classes first (fields refer to classes declared after them), then their fields.
    std::vector<const Element*> classes;
    for (uint32_t child : elements_[0].children) {
      if (Name(elements_[child]) != "metadata") continue;
      for (uint32_t c : elements_[child].children) {
        if (Name(elements_[c]) == "class") classes.push_back(&elements_[c]);
      }
    }
    for (const Element* e : classes) {
      Type type;
      std::optional<std::string_view> id = Attribute(*e, "id");
      std::optional<std::string_view> name = Attribute(*e, "name");
      if (!id || !name || !absl::SimpleAtoi(AbslView(*id), &type.id)) {
        return fail("a metadata class with a numeric \"id\" and a \"name\"");
      }
      type.name = std::string(*name);
      if (auto super_type = Attribute(*e, "superType")) type.super_type = std::string(*super_type);
      type.encoding = PrimitiveEncoding(type.name);
      if (!metadata.by_id.emplace(type.id, metadata.types.size()).second) {
        return fail("metadata classes with distinct ids");
      }
      metadata.types.push_back(std::move(type));
    }
    for (size_t i = 0; i < classes.size(); ++i) {
      for (uint32_t f : classes[i]->children) {
        const Element& e = elements_[f];
        if (Name(e) != "field") continue;
        Field field;
        std::optional<std::string_view> name = Attribute(e, "name");
        std::optional<std::string_view> class_id = Attribute(e, "class");
        int64_t id = 0;
        if (!name || !class_id || !absl::SimpleAtoi(AbslView(*class_id), &id)) {
          return fail("a metadata field with a \"name\" and a numeric \"class\"");
        }
        const Type* field_type = metadata.FindById(id);
        if (field_type == nullptr) return fail("a metadata field of a declared class");
        field.name = std::string(*name);
        field.type = static_cast<uint32_t>(field_type - metadata.types.data());
        field.constant_pool = Attribute(e, "constantPool") == "true";
        std::optional<std::string_view> dimension = Attribute(e, "dimension");
        if (dimension && *dimension != "0") {
          if (*dimension != "1") return fail("a metadata field of dimension 0 or 1");
          field.array = true;
        }
        metadata.types[i].fields.push_back(std::move(field));
      }
    }
    for (const Type& type : metadata.types) {
      if (type.encoding != Encoding::kStruct && !type.fields.empty()) {
        return fail("no fields in a primitive metadata class");
      }
    }
    MarkEmptyTypes(metadata);
    return metadata;
  }

  // The largest set of structs that take no bytes: start from all, drop those with a field that
  // takes some, until nothing changes.
  static void MarkEmptyTypes(Metadata& metadata) {
    for (Type& type : metadata.types) type.empty = type.encoding == Encoding::kStruct;
    bool changed = true;
    while (changed) {
      changed = false;
      for (Type& type : metadata.types) {
        if (!type.empty) continue;
        for (const Field& field : type.fields) {
          if (field.array || field.constant_pool || !metadata.types[field.type].empty) {
            type.empty = false;
            changed = true;
            break;
          }
        }
      }
    }
  }

  static Encoding PrimitiveEncoding(std::string_view name) {
    if (name == "boolean") return Encoding::kBoolean;
    if (name == "byte") return Encoding::kByte;
    if (name == "char") return Encoding::kChar;
    if (name == "short") return Encoding::kShort;
    if (name == "int") return Encoding::kInt;
    if (name == "long") return Encoding::kLong;
    if (name == "float") return Encoding::kFloat;
    if (name == "double") return Encoding::kDouble;
    if (name == "java.lang.String") return Encoding::kString;
    return Encoding::kStruct;
  }

  ByteCursor& cursor_;
  std::vector<std::string> strings_;
  std::vector<Element> elements_;
};

}  // namespace

int Type::FieldIndex(std::string_view field_name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field_name) return static_cast<int>(i);
  }
  return -1;
}

const Type* Metadata::FindByName(std::string_view name) const {
  for (const Type& type : types) {
    if (type.name == name) return &type;
  }
  return nullptr;
}

const Type* Metadata::FindById(int64_t id) const {
  auto it = by_id.find(id);
  return it == by_id.end() ? nullptr : &types[it->second];
}

std::optional<Metadata> ReadMetadata(ByteCursor& cursor) { return MetadataParser(cursor).Parse(); }

}  // namespace profdiff::jfr
