#include "output/records/stream_schema.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "load/json/json_support.h"
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
        "header",     "warning",           "error",   "experiment", "method", "compilation", "pair",
        "statistics", "statistics-change", "summary", "decisions",  "loops",  "call-sites",  "end"};
    for (const char* record_type : kRecordTypes) {
      if (type == record_type) return schemas_.at(type).get();
    }
    return nullptr;
  }

 private:
  std::map<std::string, std::unique_ptr<PooledSchemaDocument>> schemas_;
};

// Why RapidJSON's scalar parser refused `line` at `result`. The caller's parser took the line:
// RapidJSON 1.1's SSE2 scan of in-situ strings (the caller's) lets raw control characters
// through after the first bytes of a string, which this parser sees.
std::string NotJson(std::string_view line, rapidjson::ParseResult result) {
  const size_t offset = result.Offset();
  const bool control = result.Code() == rapidjson::kParseErrorStringEscapeInvalid &&
                       offset < line.size() && static_cast<unsigned char>(line[offset]) < 0x20;
  return absl::StrCat(
      "not JSON: ",
      DescribeJsonError(control ? rapidjson::kParseErrorStringInvalidEncoding : result.Code()),
      " at column ", offset + 1);
}

// Reads only the top-level "type" of a record ("" when it has none); `*not_json` says why the
// line is not JSON, if it is not.
std::string RecordType(std::string_view line, std::string* not_json) {
  rapidjson::Document parsed;
  parsed.Parse<rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag>(line.data(),
                                                                                       line.size());
  const rapidjson::Document& document = parsed;
  if (document.HasParseError()) {
    *not_json =
        NotJson(line, rapidjson::ParseResult(document.GetParseError(), document.GetErrorOffset()));
    return "";
  }
  if (!document.IsObject()) return "";
  auto type = document.FindMember("type");
  if (type == document.MemberEnd() || !type->value.IsString()) return "";
  return std::string(type->value.GetString(), type->value.GetStringLength());
}

}  // namespace

std::string ValidateStreamRecord(std::string_view line, bool runs_stream) {
  static const RecordSchemas* const kSchemas = new RecordSchemas();
  std::string not_json;
  const std::string type = RecordType(line, &not_json);
  if (!not_json.empty()) return not_json;
  const PooledSchemaDocument* schema = kSchemas->Find(type, runs_stream);
  if (schema == nullptr) return "";
  PooledSchemaValidator validator(*schema);
  rapidjson::MemoryStream stream(line.data(), line.size());
  rapidjson::Reader reader;
  rapidjson::ParseResult result =
      reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseFullPrecisionFlag>(stream,
                                                                                        validator);
  if (!result && result.Code() == rapidjson::kParseErrorNumberTooBig) return "";
  if (!result && validator.IsValid()) return NotJson(line, result);  // the rest is unchecked
  if (validator.IsValid()) return "";
  rapidjson::StringBuffer document_pointer, schema_pointer;
  validator.GetInvalidDocumentPointer().StringifyUriFragment(document_pointer);
  validator.GetInvalidSchemaPointer().StringifyUriFragment(schema_pointer);
  return absl::StrCat("the ", type, " record does not match the schema: '",
                      validator.GetInvalidSchemaKeyword(), "' fails at ",
                      document_pointer.GetString(), " (schema ", schema_pointer.GetString(), ")");
}

}  // namespace profdiff
