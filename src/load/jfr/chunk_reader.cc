#include "load/jfr/chunk_reader.h"

#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/jfr/byte_cursor.h"
#include "load/jfr/constant_pools.h"
#include "load/jfr/metadata.h"
#include "load/jfr/strings.h"
#include "load/jfr/values.h"
#include "profdiff/absl_compat.h"

namespace profdiff::jfr {

namespace {

constexpr int64_t kMetadataTypeId = 0;
constexpr int64_t kCheckpointTypeId = 1;
// Values resolved through constant pools that refer to further pools (a symbol's string in the
// string pool) go at most this deep.
constexpr int kMaxResolveDepth = 8;

const uint8_t* Data(std::string_view bytes) {
  return reinterpret_cast<const uint8_t*>(bytes.data());
}

absl::Status Malformed(const std::string& display_path, uint64_t offset, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat(display_path, " at byte ", offset, ": expected ", AbslView(what)));
}

absl::Status CursorError(const std::string& display_path, const ByteCursor& cursor) {
  return Malformed(display_path, cursor.error_offset(), cursor.error());
}

struct Header {
  uint16_t major = 0;
  uint16_t minor = 0;
  int64_t chunk_size = 0;
  int64_t start_nanos = 0;
  int64_t start_ticks = 0;
  int64_t ticks_per_second = 0;
  uint8_t state = 0;
  uint8_t flags = 0;
};

Header ReadHeader(std::string_view bytes, uint64_t start) {
  ByteCursor c(Data(bytes) + start, Data(bytes) + start + kChunkHeaderSize, start, false);
  Header h;
  c.Skip(4);
  h.major = c.RawU16();
  h.minor = c.RawU16();
  h.chunk_size = c.RawI64();
  c.RawI64();  // constant pool position
  c.RawI64();  // metadata position
  h.start_nanos = c.RawI64();
  c.RawI64();  // duration
  h.start_ticks = c.RawI64();
  h.ticks_per_second = c.RawI64();
  h.state = c.U8();
  c.U8();
  c.U8();
  h.flags = c.U8();
  return h;
}

// One event found by the scan: where it starts, where it ends and its type id.
struct EventRef {
  uint64_t start = 0;
  uint64_t end = 0;
  uint64_t body = 0;  // just after the type id
  int64_t type = 0;
};

// Converts ticks of the chunk to nanoseconds as jdk.jfr's TimeConverter does.
struct TimeConverter {
  int64_t start_nanos = 0;
  int64_t start_ticks = 0;
  double divisor = 1;
  int64_t Timestamp(int64_t ticks) const {
    return start_nanos + static_cast<int64_t>(static_cast<double>(ticks - start_ticks) / divisor);
  }
  int64_t Timespan(int64_t ticks) const {
    return static_cast<int64_t>(static_cast<double>(ticks) / divisor);
  }
};

// The field indexes of an event type that profdiff reads (-1: absent).
struct EventLayout {
  int64_t type_id = -1;
  const Type* type = nullptr;
  std::vector<int> wanted;  // by field index: which of the names asked for, or -1
};

EventLayout Layout(const Metadata& metadata, std::string_view name,
                   std::initializer_list<std::string_view> fields) {
  EventLayout layout;
  layout.type = metadata.FindByName(name);
  if (layout.type == nullptr) return layout;
  layout.type_id = layout.type->id;
  layout.wanted.assign(layout.type->fields.size(), -1);
  int i = 0;
  for (std::string_view field : fields) {
    int index = layout.type->FieldIndex(field);
    if (index >= 0) layout.wanted[index] = i;
    ++i;
  }
  return layout;
}

class ChunkParser {
 public:
  ChunkParser(std::string_view bytes, const ChunkBounds& bounds, const std::string& display_path)
      : bytes_(bytes), bounds_(bounds), display_path_(display_path) {}

  absl::StatusOr<ChunkContents> Parse() {
    const Header header = ReadHeader(bytes_, bounds_.start);
    compressed_ = (header.flags & 1) != 0;
    time_.start_nanos = header.start_nanos;
    time_.start_ticks = header.start_ticks;
    if (header.ticks_per_second <= 0) {
      return Malformed(display_path_, bounds_.start + 56, "a positive count of ticks per second");
    }
    time_.divisor = static_cast<double>(header.ticks_per_second) / 1e9;

    absl::Status scanned = Scan();
    if (!scanned.ok()) return scanned;
    ChunkContents out;
    out.lost_bytes = bounds_.declared_end - readable_end_;
    if (metadata_event_ == nullptr) {
      if (bounds_.cut_off) {
        out.lost_bytes = bounds_.declared_end - (bounds_.start + kChunkHeaderSize);
        out.lost_events = event_count_;
        return out;
      }
      return Malformed(display_path_, bounds_.start, "a metadata event in the chunk");
    }
    ByteCursor meta = EventCursor(*metadata_event_);
    meta.SkipLong();  // start time
    meta.SkipLong();  // duration
    meta.SkipLong();  // metadata id
    std::optional<Metadata> metadata = ReadMetadata(meta);
    if (!metadata) return CursorError(display_path_, meta);
    metadata_ = &*metadata;
    ConstantPools pools(*metadata);
    for (const EventRef& event : special_) {
      if (event.type != kCheckpointTypeId) continue;
      ByteCursor c = EventCursor(event);
      pools.ReadCheckpoint(c, *metadata);
      if (!c.ok()) return CursorError(display_path_, c);
    }
    pools_ = &pools;
    PrepareTypes();
    methods_out_ = &out.methods;
    out.data.declares_samples = sample_.type != nullptr;
    out.data.declares_compilations = compilation_.type != nullptr;
    absl::Status read = ForEachEvent([&](const EventRef& event) {
      if (event.type == kMetadataTypeId || event.type == kCheckpointTypeId) {
        return absl::OkStatus();
      }
      if (metadata->FindById(event.type) == nullptr) {
        return Malformed(display_path_, event.start,
                         absl::StrCat("an event of a type the metadata declares (type id ",
                                      event.type, " is not declared)"));
      }
      return ReadEvent(event, &out.data);
    });
    if (!read.ok()) return read;
    out.lost_events = unresolved_;
    out.strings = strings_;
    out.has_metadata = true;
    out.data.chunks = 1;
    return out;
  }

 private:
  ByteCursor EventCursor(const EventRef& event) const {
    ByteCursor c(Data(bytes_) + event.body, Data(bytes_) + event.end, event.body, compressed_);
    return c;
  }

  // Calls visit(event) for each event of the chunk; in a cut-off chunk, stops at the first event
  // that is not complete.
  template <class Visit>
  absl::Status ForEachEvent(Visit&& visit) {
    uint64_t position = bounds_.start + kChunkHeaderSize;
    uint64_t readable_end = position;
    while (position < bounds_.end) {
      ByteCursor c(Data(bytes_) + position, Data(bytes_) + bounds_.end, position, compressed_);
      int64_t size = c.Int();
      int64_t type = c.Long();
      if (!c.ok()) {
        if (bounds_.cut_off) break;
        return CursorError(display_path_, c);
      }
      const uint64_t header_bytes = c.offset() - position;
      if (size < static_cast<int64_t>(header_bytes)) {
        return Malformed(display_path_, position,
                         "an event size that covers at least the size and the type id");
      }
      if (static_cast<uint64_t>(size) > bounds_.end - position) {
        if (bounds_.cut_off) break;
        return Malformed(display_path_, position, "an event size that fits in the chunk");
      }
      EventRef event{position, position + static_cast<uint64_t>(size), c.offset(), type};
      absl::Status visited = visit(event);
      if (!visited.ok()) return visited;
      position = event.end;
      readable_end = position;
    }
    readable_end_ = readable_end;
    return absl::OkStatus();
  }

  // Finds the metadata and checkpoint events and counts the others.
  absl::Status Scan() {
    absl::Status scanned = ForEachEvent([&](const EventRef& event) {
      if (event.type == kMetadataTypeId || event.type == kCheckpointTypeId) {
        special_.push_back(event);
      } else {
        ++event_count_;
      }
      return absl::OkStatus();
    });
    if (!scanned.ok()) return scanned;
    for (const EventRef& event : special_) {
      if (event.type == kMetadataTypeId) metadata_event_ = &event;
    }
    return absl::OkStatus();
  }

  void PrepareTypes() {
    sample_ = Layout(*metadata_, "jdk.ExecutionSample", {"startTime", "stackTrace"});
    compilation_ = Layout(
        *metadata_, "jdk.Compilation",
        {"startTime", "duration", "compileId", "method", "compileLevel", "succeded", "isOsr"});
    setting_ = Layout(*metadata_, "jdk.ActiveSetting", {"startTime", "id", "name", "value"});
    jvm_ = Layout(*metadata_, "jdk.JVMInformation", {"pid"});
    const Type* method = metadata_->FindByName("jdk.types.Method");
    const Type* stack_trace = metadata_->FindByName("jdk.types.StackTrace");
    if (method != nullptr) method_type_ = static_cast<int>(method - metadata_->types.data());
    if (stack_trace != nullptr) {
      stack_trace_type_ = static_cast<int>(stack_trace - metadata_->types.data());
    }
    event_names_.clear();
    for (const Type& type : metadata_->types) {
      if (type.super_type == "jdk.jfr.Event") event_names_[type.id] = &type.name;
    }
  }

  absl::Status ReadEvent(const EventRef& event, JfrRecording* out) {
    const EventLayout* layout = nullptr;
    if (event.type == sample_.type_id) layout = &sample_;
    if (event.type == compilation_.type_id) layout = &compilation_;
    if (event.type == setting_.type_id) layout = &setting_;
    if (event.type == jvm_.type_id) layout = &jvm_;
    if (layout == nullptr) return absl::OkStatus();
    ByteCursor c = EventCursor(event);
    int64_t values[7] = {0, 0, 0, 0, 0, 0, 0};
    std::string texts[7];
    const Type& type = *layout->type;
    for (size_t i = 0; i < type.fields.size() && c.ok(); ++i) {
      const Field& field = type.fields[i];
      const int slot = layout->wanted[i];
      if (slot < 0) {
        SkipField(c, *metadata_, field);
      } else if (IsInteger(*metadata_, field)) {
        values[slot] = ReadInteger(c, *metadata_, field);
      } else if (metadata_->types[field.type].encoding == Encoding::kString && !field.array) {
        texts[slot] = ReadText(c, field, 0);
      } else {
        SkipField(c, *metadata_, field);
      }
    }
    if (!c.ok()) return CursorError(display_path_, c);
    if (layout == &sample_) {
      JfrSample sample;
      sample.time = time_.Timestamp(values[0]);
      sample.stack_trace = ResolveStackTrace(values[1], out);
      if (!resolve_error_.ok()) return resolve_error_;
      if (values[1] != 0 && sample.stack_trace == JfrRecording::kNoStackTrace && bounds_.cut_off) {
        ++unresolved_;  // its stack trace was in a constant pool that was never written
        return absl::OkStatus();
      }
      out->samples.push_back(sample);
    } else if (layout == &compilation_) {
      JfrCompilation compilation;
      compilation.start = time_.Timestamp(values[0]);
      compilation.duration = time_.Timespan(values[1]);
      compilation.compile_id = values[2];
      compilation.method = ResolveMethod(values[3]);
      if (!resolve_error_.ok()) return resolve_error_;
      if (values[3] != 0 && compilation.method == JfrRecording::kNoMethod && bounds_.cut_off) {
        ++unresolved_;
        return absl::OkStatus();
      }
      compilation.level = static_cast<int32_t>(values[4]);
      compilation.succeeded = values[5] != 0;
      compilation.osr = values[6] != 0;
      out->compilations.push_back(compilation);
    } else if (layout == &jvm_) {
      if (values[0] > 0 && !out->pid.has_value()) out->pid = values[0];
    } else {
      JfrActiveSetting setting;
      setting.time = time_.Timestamp(values[0]);
      setting.event_id = values[1];
      auto name = event_names_.find(setting.event_id);
      if (name != event_names_.end()) setting.event = *name->second;
      setting.name = std::move(texts[2]);
      setting.value = std::move(texts[3]);
      if (!resolve_error_.ok()) return resolve_error_;
      out->settings.push_back(std::move(setting));
    }
    return absl::OkStatus();
  }

  // A cursor at the pool value of `key` of `type`, or nullopt when the pool lacks the key.
  std::optional<ByteCursor> PoolCursor(uint32_t type, int64_t key) {
    std::optional<uint64_t> at = pools_->Find(type, key);
    if (!at) return std::nullopt;
    return ByteCursor(Data(bytes_) + *at, Data(bytes_) + readable_end_, *at, compressed_);
  }

  void NoteError(const ByteCursor& c) {
    if (!c.ok() && resolve_error_.ok()) resolve_error_ = CursorError(display_path_, c);
  }

  // A text field: a string (inline or a reference into the string pool) or a reference to a
  // struct whose first text field is the text (jdk.types.Symbol, jdk.types.FrameType).
  // A view that stays valid as long as the parser's texts: `text` itself when it is one of them,
  // else a copy among them (an inline string lives in scratch_ until the next read).
  std::string_view Keep(std::string_view text) {
    if (text.data() != scratch_.text.data()) return text;
    return strings_->emplace_back(text);
  }

  // The view stays valid until the next call (an inline string) or the parser's end (a pooled
  // one).
  std::string_view ReadText(ByteCursor& c, const Field& field, int depth) {
    const Type& type = metadata_->types[field.type];
    if (field.array || depth > kMaxResolveDepth) {
      SkipField(c, *metadata_, field);
      return {};
    }
    if (field.constant_pool) {
      int64_t key = c.Long();
      return ResolveText(field.type, key, depth + 1);
    }
    if (type.encoding == Encoding::kString) {
      ReadStringValue(c, &scratch_);
      if (scratch_.kind == StringValue::Kind::kPoolReference) {
        return ResolveText(field.type, scratch_.key, depth + 1);
      }
      return scratch_.text;
    }
    SkipField(c, *metadata_, field);
    return {};
  }

  std::string_view ResolveText(uint32_t type, int64_t key, int depth) {
    if (depth > kMaxResolveDepth) return {};
    auto cached = texts_.find({type, key});
    if (cached != texts_.end()) return *cached->second;
    std::optional<ByteCursor> c = PoolCursor(type, key);
    if (!c) return {};
    std::string text;
    const Type& t = metadata_->types[type];
    if (t.encoding == Encoding::kString) {
      ReadStringValue(*c, &scratch_);
      if (scratch_.kind == StringValue::Kind::kPoolReference) {
        text = ResolveText(type, scratch_.key, depth + 1);
      } else {
        text = std::move(scratch_.text);
      }
    } else if (t.encoding == Encoding::kStruct) {
      bool found = false;
      for (const Field& field : t.fields) {
        if (!found && !field.array &&
            (metadata_->types[field.type].encoding == Encoding::kString ||
             (field.constant_pool && metadata_->types[field.type].encoding == Encoding::kStruct))) {
          text = ReadText(*c, field, depth);
          found = true;
        } else {
          SkipField(*c, *metadata_, field);
        }
        if (!c->ok()) break;
      }
    }
    NoteError(*c);
    const std::string* stored = &strings_->emplace_back(std::move(text));
    texts_.emplace(std::make_pair(type, key), stored);
    return *stored;
  }

  uint32_t ResolveMethod(int64_t key) {
    auto cached = methods_.find(key);
    if (cached != methods_.end()) return cached->second;
    uint32_t result = JfrRecording::kNoMethod;
    if (method_type_ >= 0) {
      std::optional<ByteCursor> c = PoolCursor(static_cast<uint32_t>(method_type_), key);
      if (c) {
        MethodView method;
        const Type& t = metadata_->types[method_type_];
        for (const Field& field : t.fields) {
          if (field.name == "type" && field.constant_pool && !field.array) {
            method.class_name = ResolveClassName(field.type, c->Long());
          } else if (field.name == "name") {
            method.name = Keep(ReadText(*c, field, 0));
          } else if (field.name == "descriptor") {
            method.descriptor = Keep(ReadText(*c, field, 0));
          } else if (field.name == "hidden" && IsInteger(*metadata_, field)) {
            method.hidden = ReadInteger(*c, *metadata_, field) != 0;
          } else {
            SkipField(*c, *metadata_, field);
          }
          if (!c->ok()) break;
        }
        NoteError(*c);
        result = static_cast<uint32_t>(methods_out_->size());
        methods_out_->push_back(method);
      }
    }
    methods_.emplace(key, result);
    return result;
  }

  std::string_view ResolveClassName(uint32_t type, int64_t key) {
    auto cached = classes_.find(key);
    if (cached != classes_.end()) return *cached->second;
    std::string name;
    std::optional<ByteCursor> c = PoolCursor(type, key);
    if (c) {
      for (const Field& field : metadata_->types[type].fields) {
        if (field.name == "name") {
          name = ReadText(*c, field, 0);
        } else {
          SkipField(*c, *metadata_, field);
        }
        if (!c->ok()) break;
      }
      NoteError(*c);
    }
    const std::string* stored = &strings_->emplace_back(std::move(name));
    classes_.emplace(key, stored);
    return *stored;
  }

  uint32_t ResolveFrameTypeName(const Field& field, ByteCursor& c, JfrRecording* out) {
    std::string name(ReadText(c, field, 0));
    auto cached = frame_type_names_.find(name);
    if (cached != frame_type_names_.end()) return cached->second;
    uint32_t index = static_cast<uint32_t>(out->frame_type_names.size());
    out->frame_type_names.push_back(name);
    frame_type_names_.emplace(std::move(name), index);
    return index;
  }

  static JfrFrameType FrameTypeOf(std::string_view name) {
    if (name == "Interpreted") return JfrFrameType::kInterpreted;
    if (name == "JIT compiled") return JfrFrameType::kJitCompiled;
    if (name == "Inlined") return JfrFrameType::kInlined;
    if (name == "Native") return JfrFrameType::kNative;
    return JfrFrameType::kOther;
  }

  void ReadFrame(ByteCursor& c, const Type& frame_type, JfrRecording* out) {
    JfrFrame frame;
    frame.method = JfrRecording::kNoMethod;
    for (const Field& field : frame_type.fields) {
      if (field.name == "method" && field.constant_pool && !field.array) {
        frame.method = ResolveMethod(c.Long());
      } else if (field.name == "lineNumber" && IsInteger(*metadata_, field)) {
        frame.line = static_cast<int32_t>(ReadInteger(c, *metadata_, field));
      } else if (field.name == "bytecodeIndex" && IsInteger(*metadata_, field)) {
        frame.bytecode_index = static_cast<int32_t>(ReadInteger(c, *metadata_, field));
      } else if (field.name == "type" && !field.array) {
        frame.type_name = ResolveFrameTypeName(field, c, out);
        frame.type = FrameTypeOf(out->frame_type_names[frame.type_name]);
      } else {
        SkipField(c, *metadata_, field);
      }
      if (!c.ok()) return;
    }
    out->frames.push_back(frame);
  }

  uint32_t ResolveStackTrace(int64_t key, JfrRecording* out) {
    auto cached = stack_traces_.find(key);
    if (cached != stack_traces_.end()) return cached->second;
    uint32_t result = JfrRecording::kNoStackTrace;
    std::optional<ByteCursor> c;
    if (stack_trace_type_ >= 0) c = PoolCursor(static_cast<uint32_t>(stack_trace_type_), key);
    if (c) {
      JfrStackTrace trace;
      trace.first_frame = static_cast<uint32_t>(out->frames.size());
      for (const Field& field : metadata_->types[stack_trace_type_].fields) {
        const Type& field_type = metadata_->types[field.type];
        if (field.name == "truncated" && IsInteger(*metadata_, field)) {
          trace.truncated = ReadInteger(*c, *metadata_, field) != 0;
        } else if (field.name == "frames" && field.array &&
                   field_type.encoding == Encoding::kStruct && !field_type.empty) {
          uint32_t count = c->Count();
          for (uint32_t i = 0; i < count && c->ok(); ++i) {
            if (field.constant_pool) {
              std::optional<ByteCursor> frame = PoolCursor(field.type, c->Long());
              if (frame) {
                ReadFrame(*frame, field_type, out);
                NoteError(*frame);
              }
            } else {
              ReadFrame(*c, field_type, out);
            }
          }
        } else {
          SkipField(*c, *metadata_, field);
        }
        if (!c->ok()) break;
      }
      NoteError(*c);
      trace.frame_count = static_cast<uint32_t>(out->frames.size()) - trace.first_frame;
      result = static_cast<uint32_t>(out->stack_traces.size());
      out->stack_traces.push_back(trace);
    }
    stack_traces_.emplace(key, result);
    return result;
  }

  std::string_view bytes_;
  const ChunkBounds& bounds_;
  const std::string& display_path_;
  bool compressed_ = true;
  TimeConverter time_;
  std::vector<EventRef> special_;  // metadata and checkpoint events
  uint64_t event_count_ = 0;
  const EventRef* metadata_event_ = nullptr;
  uint64_t readable_end_ = 0;
  const Metadata* metadata_ = nullptr;
  const ConstantPools* pools_ = nullptr;
  EventLayout sample_, compilation_, setting_, jvm_;
  absl::flat_hash_map<int64_t, const std::string*> event_names_;
  int method_type_ = -1;
  int stack_trace_type_ = -1;
  // The texts resolved through constant pools; handed to the contents at the end.
  std::shared_ptr<std::deque<std::string>> strings_ = std::make_shared<std::deque<std::string>>();
  std::vector<MethodView>* methods_out_ = nullptr;
  StringValue scratch_;  // the last inline string read
  absl::flat_hash_map<std::pair<uint32_t, int64_t>, const std::string*> texts_;
  absl::flat_hash_map<int64_t, uint32_t> methods_;
  absl::flat_hash_map<int64_t, const std::string*> classes_;
  absl::flat_hash_map<std::string, uint32_t> frame_type_names_;
  absl::flat_hash_map<int64_t, uint32_t> stack_traces_;
  uint64_t unresolved_ = 0;
  absl::Status resolve_error_;
};

}  // namespace

absl::StatusOr<std::vector<ChunkBounds>> FindChunks(std::string_view bytes,
                                                    const std::string& display_path) {
  std::vector<ChunkBounds> chunks;
  uint64_t start = 0;
  const uint64_t size = bytes.size();
  while (start < size) {
    if (size - start < kChunkHeaderSize) {
      if (std::memcmp(bytes.data() + start, "FLR\0", std::min<uint64_t>(4, size - start)) != 0) {
        return Malformed(display_path, start, "the magic bytes \"FLR\\0\" of a chunk header");
      }
      if (chunks.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(display_path, ": the recording is cut off: ", size,
                         " bytes, less than one chunk header (68 bytes)"));
      }
      chunks.push_back({start, size, start + kChunkHeaderSize, true});
      break;
    }
    if (std::memcmp(bytes.data() + start, "FLR\0", 4) != 0) {
      return Malformed(display_path, start, "the magic bytes \"FLR\\0\" of a chunk header");
    }
    const Header header = ReadHeader(bytes, start);
    if (header.major != 2) {
      return Malformed(display_path, start + 4,
                       absl::StrCat("a recording of version 2.x (JDK 11 and later), not ",
                                    header.major, ".", header.minor));
    }
    ChunkBounds chunk;
    chunk.start = start;
    // A chunk still being written (state not 0, or no size yet) reaches to the end of the file.
    if (header.state != 0 || header.chunk_size < static_cast<int64_t>(kChunkHeaderSize)) {
      chunk.end = size;
      chunk.declared_end = size;
      chunk.cut_off = true;
    } else if (static_cast<uint64_t>(header.chunk_size) > size - start) {
      chunk.end = size;
      chunk.declared_end = start + static_cast<uint64_t>(header.chunk_size);
      chunk.cut_off = true;
    } else {
      chunk.end = chunk.declared_end = start + static_cast<uint64_t>(header.chunk_size);
    }
    chunks.push_back(chunk);
    start = chunk.end;
  }
  return chunks;
}

absl::StatusOr<ChunkContents> ReadChunk(std::string_view bytes, const ChunkBounds& bounds,
                                        const std::string& display_path) {
  if (bounds.end - bounds.start < kChunkHeaderSize) {
    ChunkContents contents;
    contents.lost_bytes = bounds.declared_end - bounds.start;
    return contents;
  }
  return ChunkParser(bytes, bounds, display_path).Parse();
}

}  // namespace profdiff::jfr
