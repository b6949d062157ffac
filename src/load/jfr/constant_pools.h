#ifndef PROFDIFF_LOAD_JFR_CONSTANT_POOLS_H_
#define PROFDIFF_LOAD_JFR_CONSTANT_POOLS_H_

// The constant pools of a chunk: checkpoint events (type 1) hold, after their header (start
// time, duration, delta to the previous checkpoint, a flags byte), a count of pools, each a type
// id, a count and that many (key, value) pairs. Values carry no size: every one is walked (with
// the schema's skip plans). The index keeps where each value starts, to be read when an event
// refers to it, for the pools that profdiff reads through (Schema::resolved_pools) only.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/jfr/byte_cursor.h"
#include "load/jfr/schema.h"

namespace profdiff::jfr {

class ConstantPools {
 public:
  explicit ConstantPools(const Schema& schema)
      : schema_(schema), pools_(schema.metadata.types.size()) {}

  // Indexes the pools of one checkpoint event; `cursor` is bounded by the event and positioned
  // after its type id. On malformed content the cursor fails.
  void ReadCheckpoint(ByteCursor& cursor);

  // The file offset of the value of `key` in the pool of `type` (an index into metadata.types);
  // nullopt when the pool lacks the key or is not indexed.
  std::optional<uint64_t> Find(uint32_t type, int64_t key) const {
    auto it = pools_[type].find(key);
    if (it == pools_[type].end()) return std::nullopt;
    return it->second;
  }

 private:
  const Schema& schema_;
  std::vector<absl::flat_hash_map<int64_t, uint64_t>> pools_;
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_CONSTANT_POOLS_H_
