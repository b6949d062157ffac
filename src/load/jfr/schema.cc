#include "load/jfr/schema.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/hash/hash.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::jfr {

namespace {

// How a single field is read as an integer (a pool key, or an integer, char or boolean), or
// kSkip when it is none of these.
FieldRead::Kind IntegerKind(const Metadata& metadata, const Field& field) {
  if (field.array) return FieldRead::Kind::kSkip;
  if (field.constant_pool) return FieldRead::Kind::kKey;
  switch (metadata.types[field.type].encoding) {
    case Encoding::kBoolean:
      return FieldRead::Kind::kBoolean;
    case Encoding::kByte:
      return FieldRead::Kind::kByte;
    case Encoding::kChar:
      return FieldRead::Kind::kChar;
    case Encoding::kShort:
      return FieldRead::Kind::kShort;
    case Encoding::kInt:
      return FieldRead::Kind::kInt;
    case Encoding::kLong:
      return FieldRead::Kind::kLong;
    default:
      return FieldRead::Kind::kSkip;
  }
}

// A plan that reads the fields `choose` gives a role (and a kind) and skips the others.
// choose(field) returns {role, kind}; role -1 skips.
ReadPlan MakePlan(const Schema& schema, const Type* type,
                  const std::function<std::pair<int, FieldRead::Kind>(const Field&)>& choose) {
  ReadPlan plan;
  plan.type = type;
  if (type == nullptr) return plan;
  plan.type_id = type->id;
  for (const Field& field : type->fields) {
    auto [role, kind] = choose(field);
    if (role < 0 || kind == FieldRead::Kind::kSkip) {
      SkipStep step = schema.plans->FieldStep(field);
      if (!plan.fields.empty() && plan.fields.back().kind == FieldRead::Kind::kSkip &&
          plan.fields.back().skip.kind == SkipStep::Kind::kLongs &&
          step.kind == SkipStep::Kind::kLongs) {
        plan.fields.back().skip.count += step.count;
        continue;
      }
      FieldRead read;
      read.skip = step;
      read.field = &field;
      plan.fields.push_back(read);
      continue;
    }
    FieldRead read;
    read.kind = kind;
    read.role = role;
    read.field = &field;
    plan.fields.push_back(read);
  }
  return plan;
}

// An event's plan: the fields named in `slots` are read as integers, or as texts when they are
// single strings; each gets the index of its name as its role.
ReadPlan EventPlan(const Schema& schema, std::string_view name,
                   std::initializer_list<std::string_view> slots) {
  const Metadata& m = schema.metadata;
  const Type* type = m.FindByName(name);
  // By field index: the slot of the first field of each name asked for, or -1.
  std::vector<int> slot_of(type == nullptr ? 0 : type->fields.size(), -1);
  int slot = 0;
  for (std::string_view wanted : slots) {
    const int index = type == nullptr ? -1 : type->FieldIndex(wanted);
    if (index >= 0) slot_of[index] = slot;
    ++slot;
  }
  return MakePlan(schema, type, [&](const Field& field) {
    const int slot = slot_of[&field - type->fields.data()];
    if (slot < 0) return std::make_pair(-1, FieldRead::Kind::kSkip);
    FieldRead::Kind kind = IntegerKind(m, field);
    if (kind == FieldRead::Kind::kSkip && !field.array &&
        m.types[field.type].encoding == Encoding::kString) {
      kind = FieldRead::Kind::kText;
    }
    return std::make_pair(slot, kind);
  });
}

int TypeIndex(const Metadata& m, const Type* type) {
  return type == nullptr ? -1 : static_cast<int>(type - m.types.data());
}

// The pools read through: those of methods and stack traces, every string pool, and whatever
// their values refer to, transitively (a superset of what resolution follows).
std::vector<bool> ResolvedPools(const Schema& schema) {
  const Metadata& m = schema.metadata;
  std::vector<bool> resolved(m.types.size(), false);
  std::vector<uint32_t> work;
  auto add = [&](int type) {
    if (type >= 0 && !resolved[type]) {
      resolved[type] = true;
      work.push_back(static_cast<uint32_t>(type));
    }
  };
  add(schema.method_type);
  add(schema.stack_trace_type);
  for (size_t t = 0; t < m.types.size(); ++t) {
    if (m.types[t].encoding == Encoding::kString) add(static_cast<int>(t));
  }
  while (!work.empty()) {
    const uint32_t type = work.back();
    work.pop_back();
    for (const Field& field : m.types[type].fields) add(static_cast<int>(field.type));
  }
  return resolved;
}

}  // namespace

std::unique_ptr<Schema> Schema::Make(Metadata metadata, bool compressed) {
  auto schema = std::make_unique<Schema>();
  schema->metadata = std::move(metadata);
  const Metadata& m = schema->metadata;
  schema->plans = std::make_unique<SkipPlans>(m, compressed);
  schema->sample = EventPlan(*schema, "jdk.ExecutionSample", {"startTime", "stackTrace"});
  schema->compilation = EventPlan(
      *schema, "jdk.Compilation",
      {"startTime", "duration", "compileId", "method", "compileLevel", "succeded", "isOsr"});
  schema->setting = EventPlan(*schema, "jdk.ActiveSetting", {"startTime", "id", "name", "value"});
  schema->jvm = EventPlan(*schema, "jdk.JVMInformation", {"pid"});

  using Kind = FieldRead::Kind;
  const Type* method = m.FindByName("jdk.types.Method");
  schema->method_type = TypeIndex(m, method);
  schema->method = MakePlan(*schema, method, [&](const Field& field) {
    if (field.name == "type" && field.constant_pool && !field.array) {
      return std::make_pair(int{kMethodClass}, Kind::kKey);
    }
    if (field.name == "name") return std::make_pair(int{kMethodName}, Kind::kText);
    if (field.name == "descriptor") return std::make_pair(int{kMethodDescriptor}, Kind::kText);
    if (field.name == "hidden") return std::make_pair(int{kMethodHidden}, IntegerKind(m, field));
    return std::make_pair(-1, Kind::kSkip);
  });
  for (const FieldRead& read : schema->method.fields) {
    if (read.role != kMethodClass || schema->classes.contains(read.field->type)) continue;
    schema->classes.emplace(read.field->type,
                            MakePlan(*schema, &m.types[read.field->type], [](const Field& field) {
                              return field.name == "name" ? std::make_pair(0, Kind::kText)
                                                          : std::make_pair(-1, Kind::kSkip);
                            }));
  }

  const Type* stack_trace = m.FindByName("jdk.types.StackTrace");
  schema->stack_trace_type = TypeIndex(m, stack_trace);
  schema->stack_trace = MakePlan(*schema, stack_trace, [&](const Field& field) {
    const Type& type = m.types[field.type];
    if (field.name == "truncated")
      return std::make_pair(int{kTraceTruncated}, IntegerKind(m, field));
    if (field.name == "frames" && field.array && type.encoding == Encoding::kStruct &&
        !type.empty) {
      return std::make_pair(int{kTraceFrames}, Kind::kKey);  // the kind is not used
    }
    return std::make_pair(-1, Kind::kSkip);
  });
  for (const FieldRead& read : schema->stack_trace.fields) {
    if (read.role != kTraceFrames || schema->frames.contains(read.field->type)) continue;
    schema->frames.emplace(
        read.field->type, MakePlan(*schema, &m.types[read.field->type], [&](const Field& field) {
          if (field.name == "method" && field.constant_pool && !field.array) {
            return std::make_pair(int{kFrameMethod}, Kind::kKey);
          }
          if (field.name == "lineNumber") {
            return std::make_pair(int{kFrameLine}, IntegerKind(m, field));
          }
          if (field.name == "bytecodeIndex") {
            return std::make_pair(int{kFrameBytecodeIndex}, IntegerKind(m, field));
          }
          if (field.name == "type" && !field.array) {
            return std::make_pair(int{kFrameType}, Kind::kText);
          }
          return std::make_pair(-1, Kind::kSkip);
        }));
  }

  schema->text_field.assign(m.types.size(), -1);
  for (size_t t = 0; t < m.types.size(); ++t) {
    const Type& type = m.types[t];
    if (type.encoding != Encoding::kStruct) continue;
    for (size_t f = 0; f < type.fields.size(); ++f) {
      const Field& field = type.fields[f];
      const Encoding encoding = m.types[field.type].encoding;
      if (!field.array && (encoding == Encoding::kString ||
                           (field.constant_pool && encoding == Encoding::kStruct))) {
        schema->text_field[t] = static_cast<int>(f);
        break;
      }
    }
  }
  schema->resolved_pools = ResolvedPools(*schema);
  for (const Type& type : m.types) {
    if (type.super_type == "jdk.jfr.Event") schema->event_names[type.id] = &type.name;
  }
  constexpr int64_t kDenseIds = 4096;
  schema->kinds_by_id.assign(kDenseIds, EventKind::kUndeclared);
  for (const Type& type : m.types) {
    if (type.id >= 0 && type.id < kDenseIds) schema->kinds_by_id[type.id] = EventKind::kOther;
  }
  for (auto [plan, kind] : {std::make_pair(&schema->sample, EventKind::kSample),
                            std::make_pair(&schema->compilation, EventKind::kCompilation),
                            std::make_pair(&schema->setting, EventKind::kSetting),
                            std::make_pair(&schema->jvm, EventKind::kJvm)}) {
    if (plan->type != nullptr && plan->type_id >= 0 && plan->type_id < kDenseIds) {
      schema->kinds_by_id[plan->type_id] = kind;
    }
  }
  return schema;
}

std::shared_ptr<const Schema> MetadataCache::Get(ByteCursor& cursor, bool compressed) {
  const std::string_view bytes = cursor.Peek();
  const uint64_t hash = absl::HashOf(AbslView(bytes));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Entry& entry : entries_) {
      if (entry.hash == hash && entry.compressed == compressed && entry.bytes == bytes) {
        return entry.schema;
      }
    }
  }
  std::optional<Metadata> metadata = ReadMetadata(cursor);
  if (!metadata) return nullptr;
  std::shared_ptr<const Schema> schema = Schema::Make(std::move(*metadata), compressed);
  std::lock_guard<std::mutex> lock(mutex_);
  Entry entry{hash, compressed, bytes, schema};
  if (entries_.size() < kMaxEntries) {
    entries_.push_back(std::move(entry));
  } else {
    entries_[next_victim_] = std::move(entry);
    next_victim_ = (next_victim_ + 1) % kMaxEntries;
  }
  return schema;
}

}  // namespace profdiff::jfr
