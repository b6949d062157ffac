#ifndef PROFDIFF_LOAD_JFR_SCHEMA_H_
#define PROFDIFF_LOAD_JFR_SCHEMA_H_

// What a chunk's metadata means to profdiff, worked out once a metadata: the types, the plans
// that skip their values (skip_plan.h), which fields of the events and pooled types profdiff
// reads, and which constant pools it resolves (the others are walked but not indexed). A
// recording of several chunks repeats the same metadata in each, so the schemas are cached by the
// metadata's bytes (MetadataCache).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/jfr/byte_cursor.h"
#include "load/jfr/metadata.h"
#include "load/jfr/skip_plan.h"

namespace profdiff::jfr {

// How a field that is read is read: as an integer (and which encoding), as a text, or skipped.
struct FieldRead {
  enum class Kind : uint8_t { kSkip, kKey, kBoolean, kByte, kChar, kShort, kInt, kLong, kText };
  Kind kind = Kind::kSkip;
  int role = -1;  // what the reader makes of it (a slot of an event, a field of a type)
  SkipStep skip;  // kSkip: the step (consecutive skipped fields merge into one)
  const Field* field = nullptr;
};

// The fields of an event type or a pooled type in order, each read or skipped.
struct ReadPlan {
  int64_t type_id = -1;
  const Type* type = nullptr;  // nullptr: the metadata does not declare it
  std::vector<FieldRead> fields;
};

// Roles of the fields of the types read through pools.
enum MethodRole { kMethodClass, kMethodName, kMethodDescriptor, kMethodHidden };
enum FrameRole { kFrameMethod, kFrameLine, kFrameBytecodeIndex, kFrameType };
enum StackTraceRole { kTraceTruncated, kTraceFrames };

// What an event of a type id is to profdiff.
enum class EventKind : uint8_t { kUndeclared, kOther, kSample, kCompilation, kSetting, kJvm };

struct Schema {
  Metadata metadata;
  std::unique_ptr<SkipPlans> plans;
  // Events: the slots are the names asked for, in order (Schema::Make).
  ReadPlan sample, compilation, setting, jvm;  // jvm: jdk.JVMInformation's pid
  // Pooled types (type nullptr when not declared): jdk.types.Method, jdk.types.StackTrace, and
  // by type index the classes a method's "type" field refers to and the frames of a stack trace.
  ReadPlan method, stack_trace;
  absl::flat_hash_map<uint32_t, ReadPlan> classes, frames;
  int method_type = -1;       // index into metadata.types of jdk.types.Method
  int stack_trace_type = -1;  // of jdk.types.StackTrace
  // By type: the field whose text stands for a pooled struct (its first string, or reference to
  // a struct), -1 when none.
  std::vector<int> text_field;
  // By type: whether its constant pool is indexed (read through by some event profdiff reads).
  std::vector<bool> resolved_pools;
  absl::flat_hash_map<int64_t, const std::string*> event_names;  // the events' type ids

  EventKind KindOf(int64_t type_id) const {
    if (type_id >= 0 && type_id < static_cast<int64_t>(kinds_by_id.size())) {
      return kinds_by_id[type_id];
    }
    if (metadata.FindById(type_id) == nullptr) return EventKind::kUndeclared;
    if (sample.type != nullptr && type_id == sample.type_id) return EventKind::kSample;
    if (compilation.type != nullptr && type_id == compilation.type_id) {
      return EventKind::kCompilation;
    }
    if (setting.type != nullptr && type_id == setting.type_id) return EventKind::kSetting;
    if (jvm.type != nullptr && type_id == jvm.type_id) return EventKind::kJvm;
    return EventKind::kOther;
  }
  std::vector<EventKind> kinds_by_id;  // KindOf for small ids (JFR numbers its types from 0)

  // Works it out from parsed metadata; `compressed`: the chunk's integer encoding.
  static std::unique_ptr<Schema> Make(Metadata metadata, bool compressed);
};

// Reads a field whose plan reads it as an integer (kKey to kLong) as a long.
inline int64_t ReadInteger(ByteCursor& cursor, FieldRead::Kind kind) {
  switch (kind) {
    case FieldRead::Kind::kBoolean:
      return cursor.U8() != 0;
    case FieldRead::Kind::kByte:
      return static_cast<int8_t>(cursor.U8());
    case FieldRead::Kind::kChar:
      return cursor.Char();
    case FieldRead::Kind::kShort:
      return cursor.Short();
    case FieldRead::Kind::kInt:
      return cursor.Int();
    default:
      return cursor.Long();
  }
}

// Schemas by the bytes of their metadata event (after its start time, duration and id, which
// differ from chunk to chunk), shared by the threads reading chunks. The views of the bytes must
// outlive the cache.
class MetadataCache {
 public:
  // The schema of the metadata whose body `cursor` is at (bounded by the event), parsed and
  // cached when it is not yet; nullptr when it is malformed (the cursor then holds the reason).
  std::shared_ptr<const Schema> Get(ByteCursor& cursor, bool compressed);

 private:
  struct Entry {
    uint64_t hash;
    bool compressed;
    std::string_view bytes;
    std::shared_ptr<const Schema> schema;
  };
  static constexpr size_t kMaxEntries = 16;
  std::mutex mutex_;
  std::vector<Entry> entries_;
  size_t next_victim_ = 0;
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_SCHEMA_H_
