#include "load/jfr/chunk_reader.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/jfr/byte_cursor.h"
#include "load/jfr/constant_pools.h"
#include "load/jfr/pool_resolver.h"
#include "load/jfr/schema.h"

namespace profdiff::jfr {

namespace {

constexpr int64_t kMetadataTypeId = 0;
constexpr int64_t kCheckpointTypeId = 1;

const uint8_t* Data(std::string_view bytes) {
  return reinterpret_cast<const uint8_t*>(bytes.data());
}

absl::Status CursorError(const std::string& display_path, const ByteCursor& cursor) {
  return Malformed(display_path, cursor.error_offset(), cursor.error());
}

// One event found by the scan: where it starts, where it ends and its type id.
struct EventRef {
  uint64_t start = 0;
  uint64_t end = 0;
  uint64_t body = 0;  // just after the type id
  int64_t type = 0;
};

class ChunkParser {
 public:
  ChunkParser(ChunkReadContext& context, const ChunkBounds& bounds)
      : context_(context),
        bytes_(context.bytes),
        bounds_(bounds),
        display_path_(context.display_path) {}

  absl::StatusOr<ChunkContents> Parse(uint32_t index) {
    const ChunkHeader header = ReadChunkHeader(bytes_, bounds_.start);
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
    std::shared_ptr<const Schema> schema = context_.metadata.Get(meta, compressed_);
    if (schema == nullptr) return CursorError(display_path_, meta);
    schema_ = schema.get();
    ConstantPools pools(*schema_);
    for (const EventRef& event : special_) {
      if (event.type != kCheckpointTypeId) continue;
      ByteCursor c = EventCursor(event);
      pools.ReadCheckpoint(c);
      if (!c.ok()) return CursorError(display_path_, c);
    }
    PoolResolver resolver(*schema_, pools, bytes_, readable_end_, compressed_, display_path_,
                          context_.options.full_stacks, &out.data);
    resolver_ = &resolver;
    out.data.declares_samples = schema_->sample.type != nullptr;
    out.data.declares_compilations = schema_->compilation.type != nullptr;
    absl::Status read = ForEachEvent([&](const EventRef& event) {
      if (event.type == kMetadataTypeId || event.type == kCheckpointTypeId) {
        return absl::OkStatus();
      }
      const EventKind kind = schema_->KindOf(event.type);
      if (kind == EventKind::kUndeclared) {
        return Malformed(display_path_, event.start,
                         absl::StrCat("an event of a type the metadata declares (type id ",
                                      event.type, " is not declared)"));
      }
      if (kind == EventKind::kOther) return absl::OkStatus();
      return ReadEvent(event, kind, &out.data);
    });
    if (!read.ok()) return read;
    out.lost_events = unresolved_;
    out.has_metadata = true;
    out.data.chunks = 1;
    out.method_ids = context_.methods.Intern(index, resolver.methods());
    return out;
  }

 private:
  ByteCursor EventCursor(const EventRef& event) const {
    return ByteCursor(Data(bytes_) + event.body, Data(bytes_) + event.end, event.body, compressed_);
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

  absl::Status ReadEvent(const EventRef& event, EventKind kind, JfrRecording* out) {
    const ReadPlan& plan = kind == EventKind::kSample        ? schema_->sample
                           : kind == EventKind::kCompilation ? schema_->compilation
                           : kind == EventKind::kJvm         ? schema_->jvm
                                                             : schema_->setting;
    ByteCursor c = EventCursor(event);
    int64_t values[7] = {0, 0, 0, 0, 0, 0, 0};
    std::string name, value;  // a setting's texts (inline ones are views of a scratch buffer)
    for (const FieldRead& read : plan.fields) {
      if (!c.ok()) break;
      if (read.kind == FieldRead::Kind::kSkip) {
        schema_->plans->Run(c, read.skip, 0);
      } else if (read.kind == FieldRead::Kind::kText) {
        std::string_view text = resolver_->ReadText(c, *read.field, 0);
        if (read.role == 2) name.assign(text);
        if (read.role == 3) value.assign(text);
      } else {
        values[read.role] = ReadInteger(c, read.kind);
      }
    }
    if (!c.ok()) return CursorError(display_path_, c);
    if (kind == EventKind::kSample) {
      JfrSample sample;
      sample.time = time_.Timestamp(values[0]);
      sample.stack_trace = resolver_->StackTrace(values[1]);
      if (!resolver_->error().ok()) return resolver_->error();
      if (values[1] != 0 && sample.stack_trace == JfrRecording::kNoStackTrace && bounds_.cut_off) {
        ++unresolved_;  // its stack trace was in a constant pool that was never written
        return absl::OkStatus();
      }
      out->samples.push_back(sample);
    } else if (kind == EventKind::kCompilation) {
      JfrCompilation compilation;
      compilation.start = time_.Timestamp(values[0]);
      compilation.duration = time_.Timespan(values[1]);
      compilation.compile_id = values[2];
      compilation.method = resolver_->Method(values[3]);
      if (!resolver_->error().ok()) return resolver_->error();
      if (values[3] != 0 && compilation.method == JfrRecording::kNoMethod && bounds_.cut_off) {
        ++unresolved_;
        return absl::OkStatus();
      }
      compilation.level = static_cast<int32_t>(values[4]);
      compilation.succeeded = values[5] != 0;
      compilation.osr = values[6] != 0;
      out->compilations.push_back(compilation);
    } else if (kind == EventKind::kJvm) {
      if (values[0] > 0 && !out->pid.has_value()) out->pid = values[0];
    } else {
      JfrActiveSetting setting;
      setting.time = time_.Timestamp(values[0]);
      setting.event_id = values[1];
      auto event_name = schema_->event_names.find(setting.event_id);
      if (event_name != schema_->event_names.end()) setting.event = *event_name->second;
      setting.name = std::move(name);
      setting.value = std::move(value);
      if (!resolver_->error().ok()) return resolver_->error();
      out->settings.push_back(std::move(setting));
    }
    return absl::OkStatus();
  }

  ChunkReadContext& context_;
  std::string_view bytes_;
  const ChunkBounds& bounds_;
  const std::string& display_path_;
  bool compressed_ = true;
  TimeConverter time_;
  std::vector<EventRef> special_;  // metadata and checkpoint events
  uint64_t event_count_ = 0;
  const EventRef* metadata_event_ = nullptr;
  uint64_t readable_end_ = 0;
  const Schema* schema_ = nullptr;
  PoolResolver* resolver_ = nullptr;
  uint64_t unresolved_ = 0;
};

}  // namespace

absl::StatusOr<ChunkContents> ReadChunk(ChunkReadContext& context, const ChunkBounds& bounds,
                                        uint32_t index) {
  if (bounds.end - bounds.start < kChunkHeaderSize) {
    ChunkContents contents;
    contents.lost_bytes = bounds.declared_end - bounds.start;
    return contents;
  }
  return ChunkParser(context, bounds).Parse(index);
}

}  // namespace profdiff::jfr
