#include "load/jfr/pool_resolver.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "load/jfr/chunk_header.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::jfr {

namespace {

// Values resolved through constant pools that refer to further pools (a symbol's string in the
// string pool) go at most this deep.
constexpr int kMaxResolveDepth = 8;

JfrFrameType FrameTypeOf(std::string_view name) {
  if (name == "Interpreted") return JfrFrameType::kInterpreted;
  if (name == "JIT compiled") return JfrFrameType::kJitCompiled;
  if (name == "Inlined") return JfrFrameType::kInlined;
  if (name == "Native") return JfrFrameType::kNative;
  return JfrFrameType::kOther;
}

}  // namespace

PoolResolver::PoolResolver(const Schema& schema, const ConstantPools& pools, std::string_view bytes,
                           uint64_t readable_end, bool compressed, const std::string& display_path,
                           bool full_stacks, JfrRecording* out)
    : schema_(schema),
      metadata_(schema.metadata),
      plans_(*schema.plans),
      pools_(pools),
      bytes_(bytes),
      readable_end_(readable_end),
      compressed_(compressed),
      display_path_(display_path),
      full_stacks_(full_stacks),
      out_(out) {}

bool PoolResolver::PoolCursor(uint32_t type, int64_t key, ByteCursor* cursor) const {
  std::optional<uint64_t> at = pools_.Find(type, key);
  if (!at) return false;
  const uint8_t* data = reinterpret_cast<const uint8_t*>(bytes_.data());
  *cursor = ByteCursor(data + *at, data + readable_end_, *at, compressed_);
  return true;
}

void PoolResolver::NoteError(const ByteCursor& c) {
  if (!c.ok() && error_.ok()) {
    error_ = Malformed(display_path_, c.error_offset(), c.error());
  }
}

std::string_view PoolResolver::Keep(std::string_view text) {
  if (text.empty()) return {};
  if (text.data() != scratch_.data()) return text;
  return kept_.emplace_back(text);
}

std::string_view PoolResolver::ReadText(ByteCursor& c, const Field& field, int depth) {
  if (field.array || depth > kMaxResolveDepth) {
    plans_.SkipField(c, field);
    return {};
  }
  if (field.constant_pool) {
    const int64_t key = c.Long();
    return ResolveText(field.type, key, depth + 1);
  }
  if (metadata_.types[field.type].encoding == Encoding::kString) {
    StringRef ref;
    ReadStringRef(c, &scratch_, &ref);
    if (ref.kind == StringValue::Kind::kPoolReference) {
      return ResolveText(field.type, ref.key, depth + 1);
    }
    return ref.text;
  }
  plans_.SkipField(c, field);
  return {};
}

std::string_view PoolResolver::ResolveText(uint32_t type, int64_t key, int depth) {
  if (depth > kMaxResolveDepth) return {};
  ByteCursor c(nullptr, nullptr, 0, compressed_);
  if (!PoolCursor(type, key, &c)) return {};
  std::string_view text;
  const Type& t = metadata_.types[type];
  if (t.encoding == Encoding::kString) {
    StringRef ref;
    ReadStringRef(c, &scratch_, &ref);
    if (ref.kind == StringValue::Kind::kPoolReference) {
      text = ResolveText(type, ref.key, depth + 1);
    } else {
      text = Keep(ref.text);
    }
  } else if (t.encoding == Encoding::kStruct) {
    const int text_field = schema_.text_field[type];
    for (int i = 0; i < static_cast<int>(t.fields.size()); ++i) {
      if (i == text_field) {
        text = Keep(ReadText(c, t.fields[i], depth));
      } else {
        plans_.SkipField(c, t.fields[i]);
      }
      if (!c.ok()) break;
    }
  }
  NoteError(c);
  return text;
}

std::string_view PoolResolver::ClassName(uint32_t type, int64_t key) {
  auto cached = class_names_.find(key);
  if (cached != class_names_.end()) return cached->second;
  std::string_view name;
  ByteCursor c(nullptr, nullptr, 0, compressed_);
  if (PoolCursor(type, key, &c)) {
    for (const FieldRead& read : schema_.classes.at(type).fields) {
      if (read.kind == FieldRead::Kind::kSkip) {
        plans_.Run(c, read.skip, 0);
      } else {
        name = ReadText(c, *read.field, 0);
      }
      if (!c.ok()) break;
    }
    NoteError(c);
  }
  name = Keep(name);
  class_names_.emplace(key, name);
  return name;
}

uint32_t PoolResolver::Method(int64_t key) {
  auto cached = method_index_.find(key);
  if (cached != method_index_.end()) return cached->second;
  uint32_t result = JfrRecording::kNoMethod;
  ByteCursor c(nullptr, nullptr, 0, compressed_);
  if (schema_.method_type >= 0 && PoolCursor(static_cast<uint32_t>(schema_.method_type), key, &c)) {
    MethodView method;
    for (const FieldRead& read : schema_.method.fields) {
      switch (read.role) {
        case kMethodClass:
          method.class_name = ClassName(read.field->type, c.Long());
          break;
        case kMethodName:
          method.name = Keep(ReadText(c, *read.field, 0));
          break;
        case kMethodDescriptor:
          method.descriptor = Keep(ReadText(c, *read.field, 0));
          break;
        case kMethodHidden:
          method.hidden = ReadInteger(c, read.kind) != 0;
          break;
        default:
          plans_.Run(c, read.skip, 0);
          break;
      }
      if (!c.ok()) break;
    }
    NoteError(c);
    result = static_cast<uint32_t>(methods_.size());
    methods_.push_back(method);
  }
  method_index_.emplace(key, result);
  return result;
}

uint32_t PoolResolver::FrameTypeIndex(std::string_view name) {
  auto cached = frame_type_names_.find(AbslView(name));
  if (cached != frame_type_names_.end()) return cached->second;
  const uint32_t index = static_cast<uint32_t>(out_->frame_type_names.size());
  out_->frame_type_names.emplace_back(name);
  frame_types_.push_back(FrameTypeOf(name));
  frame_type_names_.emplace(std::string(name), index);
  return index;
}

uint32_t PoolResolver::FrameTypeName(ByteCursor& c, const Field& field) {
  if (!field.constant_pool) return FrameTypeIndex(ReadText(c, field, 0));
  const std::pair<uint32_t, int64_t> key(field.type, c.Long());
  for (const auto& [k, index] : frame_type_keys_) {
    if (k == key) return index;
  }
  const uint32_t index = FrameTypeIndex(ResolveText(key.first, key.second, 1));
  frame_type_keys_.emplace_back(key, index);
  return index;
}

void PoolResolver::ReadFrame(ByteCursor& c, const ReadPlan& plan) {
  JfrFrame frame;
  frame.method = JfrRecording::kNoMethod;
  for (const FieldRead& read : plan.fields) {
    switch (read.role) {
      case kFrameMethod:
        frame.method = Method(c.Long());
        break;
      case kFrameLine:
        frame.line = static_cast<int32_t>(ReadInteger(c, read.kind));
        break;
      case kFrameBytecodeIndex:
        frame.bytecode_index = static_cast<int32_t>(ReadInteger(c, read.kind));
        break;
      case kFrameType:
        frame.type_name = FrameTypeName(c, *read.field);
        frame.type = frame_types_[frame.type_name];
        break;
      default:
        plans_.Run(c, read.skip, 0);
        break;
    }
    if (!c.ok()) return;
  }
  out_->frames.push_back(frame);
}

void PoolResolver::SkipFrames(ByteCursor& c, const Field& field, uint32_t count) {
  if (field.constant_pool) return c.SkipLongs(count);
  auto [begin, end] = plans_.Plan(field.type);
  if (compressed_ && end - begin == 1 && begin->kind == SkipStep::Kind::kLongs) {
    return c.SkipLongs(static_cast<uint64_t>(count) * begin->count);
  }
  // Field by field, as ReadFrame walks a frame.
  for (uint32_t i = 0; i < count && c.ok(); ++i) {
    for (const SkipStep* step = begin; step != end && c.ok(); ++step) plans_.Run(c, *step, 0);
  }
}

uint32_t PoolResolver::StackTrace(int64_t key) {
  auto cached = stack_trace_index_.find(key);
  if (cached != stack_trace_index_.end()) return cached->second;
  uint32_t result = JfrRecording::kNoStackTrace;
  ByteCursor c(nullptr, nullptr, 0, compressed_);
  if (schema_.stack_trace_type >= 0 &&
      PoolCursor(static_cast<uint32_t>(schema_.stack_trace_type), key, &c)) {
    JfrStackTrace trace;
    trace.first_frame = static_cast<uint32_t>(out_->frames.size());
    for (const FieldRead& read : schema_.stack_trace.fields) {
      if (read.role == kTraceTruncated) {
        trace.truncated = ReadInteger(c, read.kind) != 0;
      } else if (read.role == kTraceFrames) {
        const Field& field = *read.field;
        const ReadPlan& frame_plan = schema_.frames.at(field.type);
        const uint32_t count = c.Count();
        for (uint32_t i = 0; i < count && c.ok(); ++i) {
          const size_t frames = out_->frames.size();
          if (field.constant_pool) {
            ByteCursor frame(nullptr, nullptr, 0, compressed_);
            if (PoolCursor(field.type, c.Long(), &frame)) {
              ReadFrame(frame, frame_plan);
              NoteError(frame);
            }
          } else {
            ReadFrame(c, frame_plan);
          }
          if (!full_stacks_ && out_->frames.size() > frames &&
              out_->frames.back().type != JfrFrameType::kInlined) {
            // The frames below are walked only when fields follow them (the pool's walk has
            // checked them already).
            if (&read != &schema_.stack_trace.fields.back()) SkipFrames(c, field, count - i - 1);
            break;
          }
        }
      } else {
        plans_.Run(c, read.skip, 0);
      }
      if (!c.ok()) break;
    }
    NoteError(c);
    trace.frame_count = static_cast<uint32_t>(out_->frames.size()) - trace.first_frame;
    result = static_cast<uint32_t>(out_->stack_traces.size());
    out_->stack_traces.push_back(trace);
  }
  stack_trace_index_.emplace(key, result);
  return result;
}

}  // namespace profdiff::jfr
