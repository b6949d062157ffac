#include "load/jfr/constant_pools.h"

#include <cstdint>

namespace profdiff::jfr {

void ConstantPools::ReadCheckpoint(ByteCursor& cursor) {
  const Metadata& metadata = schema_.metadata;
  const SkipPlans& plans = *schema_.plans;
  cursor.SkipLong();  // start time
  cursor.SkipLong();  // duration
  cursor.SkipLong();  // delta to the previous checkpoint
  cursor.U8();        // flags (flush, chunk header, statics, thread)
  uint32_t pool_count = cursor.Count();
  for (uint32_t p = 0; p < pool_count && cursor.ok(); ++p) {
    const uint64_t at = cursor.offset();
    int64_t type_id = cursor.Long();
    if (!cursor.ok()) return;
    auto it = metadata.by_id.find(type_id);
    if (it == metadata.by_id.end()) {
      return cursor.FailAt(at, "a constant pool of a type the metadata declares");
    }
    const uint32_t type = it->second;
    uint32_t count = cursor.Count();
    if (!schema_.resolved_pools[type]) {
      // Not read through: only walked. Values that are only compressed integers are skipped
      // with their keys as one run.
      auto [begin, end] = plans.Plan(type);
      if (cursor.compressed() && end - begin == 1 && begin->kind == SkipStep::Kind::kLongs) {
        cursor.SkipLongs(static_cast<uint64_t>(count) * (1 + begin->count));
        continue;
      }
      for (uint32_t i = 0; i < count && cursor.ok(); ++i) {
        cursor.SkipLong();
        plans.SkipValue(cursor, type);
      }
      continue;
    }
    absl::flat_hash_map<int64_t, uint64_t>& pool = pools_[type];
    pool.reserve(pool.size() + count);
    for (uint32_t i = 0; i < count && cursor.ok(); ++i) {
      int64_t key = cursor.Long();
      pool.emplace(key, cursor.offset());
      plans.SkipValue(cursor, type);
    }
  }
  if (cursor.ok() && !cursor.at_end()) {
    cursor.Fail("the end of the checkpoint event (its content is shorter than its size)");
  }
}

}  // namespace profdiff::jfr
