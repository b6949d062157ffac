#include "load/stream_schema.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "rapidjson/document.h"
#include "rapidjson/memorystream.h"
#include "rapidjson/reader.h"
#include "rapidjson/schema.h"
#include "rapidjson/stringbuffer.h"

namespace profdiff {

namespace {

// RapidJSON 1.1.0's schema leaks the property-name copies it makes while building a schema when
// the schema allocates with CrtAllocator (LeakSanitizer reports them); with a pool allocator
// every allocation belongs to the schema document's pool.
using PooledSchemaDocument =
    rapidjson::GenericSchemaDocument<rapidjson::Value, rapidjson::MemoryPoolAllocator<>>;
using PooledSchemaValidator = rapidjson::GenericSchemaValidator<PooledSchemaDocument>;

// One schema document per record type: the whole schema with its root replaced by a reference
// to the type's definition, so that a mismatch is reported against that definition rather than
// as "matches none of the record types".
class RecordSchemas {
 public:
  RecordSchemas() {
    rapidjson::Document parsed;
    parsed.Parse(OutputSchemaText().data(), OutputSchemaText().size());
    // Const, so that its iterators compare without C++20's reversed-operator ambiguity.
    const rapidjson::Document& schema = parsed;
    for (const auto& type : schema["definitions"].GetObject()) {
      std::string name(type.name.GetString(), type.name.GetStringLength());
      rapidjson::Document root;
      root.CopyFrom(schema, root.GetAllocator());
      root.RemoveMember("oneOf");
      root.RemoveMember("properties");
      root.RemoveMember("required");
      root.RemoveMember("type");
      std::string ref = "#/definitions/" + name;
      root.AddMember("$ref", rapidjson::Value(ref.c_str(), root.GetAllocator()),
                     root.GetAllocator());
      schemas_.emplace(name, std::make_unique<PooledSchemaDocument>(root));
    }
  }
  // The definition that records of `type` match: a record type's own, except the method records
  // of a jit-vs-jit-runs stream, which have the runs form.
  const PooledSchemaDocument* Find(const std::string& type, bool runs_stream) const {
    if (runs_stream && type == "method") return schemas_.at("runsMethod").get();
    return Find(type);
  }
  const PooledSchemaDocument* Find(const std::string& type) const {
    // Only record types, not the definitions they share.
    static const char* const kRecordTypes[] = {
        "header",      "warning", "error",      "experiment",        "method",
        "compilation", "pair",    "statistics", "statistics-change", "end"};
    for (const char* record_type : kRecordTypes) {
      if (type == record_type) return schemas_.at(type).get();
    }
    return nullptr;
  }

 private:
  std::map<std::string, std::unique_ptr<PooledSchemaDocument>> schemas_;
};

// Finds the top-level "type" of a record, stopping the parse there: records are megabytes, and
// the type comes first in every record profdiff writes (anywhere else it is still found).
class RecordTypeHandler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, RecordTypeHandler> {
 public:
  // A value other than a string after the "type" key: the record has no type.
  bool Default() { return !std::exchange(type_key_, false); }
  bool String(const char* text, rapidjson::SizeType length, bool) {
    if (!type_key_) return true;
    type_.assign(text, length);
    return false;  // found: stop
  }
  bool Key(const char* text, rapidjson::SizeType length, bool) {
    type_key_ = depth_ == 1 && std::string_view(text, length) == "type";
    return true;
  }
  bool StartObject() { return Open(); }
  bool StartArray() { return Open(); }
  bool EndObject(rapidjson::SizeType) { return Close(); }
  bool EndArray(rapidjson::SizeType) { return Close(); }
  const std::string& type() const { return type_; }

 private:
  bool Open() {
    if (!Default()) return false;
    ++depth_;
    return true;
  }
  bool Close() {
    --depth_;
    return true;
  }
  int depth_ = 0;  // a "type" key counts at depth 1, directly in the top-level object
  bool type_key_ = false;
  std::string type_;
};

std::string RecordType(std::string_view line) {
  RecordTypeHandler handler;
  rapidjson::Reader reader;
  rapidjson::MemoryStream stream(line.data(), line.size());
  reader.Parse<rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag>(stream,
                                                                                       handler);
  return handler.type();
}

}  // namespace

std::string ValidateStreamRecord(std::string_view line, bool runs_stream) {
  static const RecordSchemas* const kSchemas = new RecordSchemas();
  const std::string type = RecordType(line);
  const PooledSchemaDocument* schema = kSchemas->Find(type, runs_stream);
  if (schema == nullptr) return "";
  PooledSchemaValidator validator(*schema);
  rapidjson::MemoryStream stream(line.data(), line.size());
  rapidjson::Reader reader;
  rapidjson::ParseResult result =
      reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseFullPrecisionFlag>(stream,
                                                                                        validator);
  if (validator.IsValid()) return "";  // or stopped by a syntax error the caller reports
  if (!result && result.Code() == rapidjson::kParseErrorNumberTooBig) return "";
  rapidjson::StringBuffer document_pointer, schema_pointer;
  validator.GetInvalidDocumentPointer().StringifyUriFragment(document_pointer);
  validator.GetInvalidSchemaPointer().StringifyUriFragment(schema_pointer);
  return absl::StrCat("the ", type, " record does not match the schema: '",
                      validator.GetInvalidSchemaKeyword(), "' fails at ",
                      document_pointer.GetString(), " (schema ", schema_pointer.GetString(), ")");
}

}  // namespace profdiff
