#ifndef PROFDIFF_LOAD_JFR_POOL_RESOLVER_H_
#define PROFDIFF_LOAD_JFR_POOL_RESOLVER_H_

// Resolves what the events of a chunk refer to through its constant pools: stack traces with
// their frames, methods with their classes, texts (symbols, frame types, pooled strings). Each is
// read once a chunk and then found by its key. Texts are views of the recording's bytes where the
// encoding allows (UTF-8, ASCII), else kept in the resolver's own strings.

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "load/jfr/byte_cursor.h"
#include "load/jfr/constant_pools.h"
#include "load/jfr/schema.h"
#include "load/jfr/strings.h"
#include "profdiff/load/jfr/jfr_recording.h"

namespace profdiff::jfr {

// A method of a chunk: views of texts that live as long as the bytes or the resolver.
struct MethodView {
  std::string_view class_name, name, descriptor;
  bool hidden = false;
};

class PoolResolver {
 public:
  // `bytes` is the recording; pooled values are read up to `readable_end`. Stack traces and
  // frames go to `out` (its frames, stack_traces and frame_type_names), methods to methods().
  // Unless `full_stacks`, frames below the first that is not inlined are skipped.
  PoolResolver(const Schema& schema, const ConstantPools& pools, std::string_view bytes,
               uint64_t readable_end, bool compressed, const std::string& display_path,
               bool full_stacks, JfrRecording* out);

  // A text field: a string (inline or a reference into the string pool) or a reference to a
  // struct whose first text field is the text (jdk.types.Symbol, jdk.types.FrameType). The view
  // stays valid until the next call (an inline string) or as long as the resolver.
  std::string_view ReadText(ByteCursor& c, const Field& field, int depth);

  // The chunk-local index of the method of `key` in methods(), or JfrRecording::kNoMethod.
  uint32_t Method(int64_t key);
  // The index of the stack trace of `key` in out->stack_traces, or kNoStackTrace.
  uint32_t StackTrace(int64_t key);

  const std::vector<MethodView>& methods() const { return methods_; }
  // The first malformed pooled value met while resolving (the chunk fails with it).
  const absl::Status& error() const { return error_; }

 private:
  std::string_view ResolveText(uint32_t type, int64_t key, int depth);
  std::string_view ClassName(uint32_t type, int64_t key);
  void ReadFrame(ByteCursor& c, const ReadPlan& plan);
  // Skips `count` frames of the array `field` of a stack trace.
  void SkipFrames(ByteCursor& c, const Field& field, uint32_t count);
  uint32_t FrameTypeName(ByteCursor& c, const Field& field);
  uint32_t FrameTypeIndex(std::string_view name);
  // A cursor at the pooled value of `key` of `type`, or a failed one when the pool lacks it.
  bool PoolCursor(uint32_t type, int64_t key, ByteCursor* cursor) const;
  // A view that stays valid as long as the resolver: `text` itself unless it is in scratch_.
  std::string_view Keep(std::string_view text);
  void NoteError(const ByteCursor& c);

  const Schema& schema_;
  const Metadata& metadata_;
  const SkipPlans& plans_;
  const ConstantPools& pools_;
  std::string_view bytes_;
  uint64_t readable_end_;
  bool compressed_;
  const std::string& display_path_;
  bool full_stacks_;
  JfrRecording* out_;
  std::vector<MethodView> methods_;
  std::string scratch_;           // the last text decoded from an encoding not kept as is
  std::deque<std::string> kept_;  // texts decoded (not views of the bytes)
  absl::flat_hash_map<int64_t, uint32_t> method_index_;
  absl::flat_hash_map<int64_t, std::string_view> class_names_;
  absl::flat_hash_map<int64_t, uint32_t> stack_trace_index_;
  absl::flat_hash_map<std::string, uint32_t> frame_type_names_;
  std::vector<JfrFrameType> frame_types_;  // by frame type name
  // Frame types by their pool (type index, key): a handful a chunk, searched in order.
  std::vector<std::pair<std::pair<uint32_t, int64_t>, uint32_t>> frame_type_keys_;
  absl::Status error_;
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_POOL_RESOLVER_H_
