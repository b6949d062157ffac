#include "load/jfr/constant_pools.h"

#include <cstdint>

#include "load/jfr/values.h"

namespace profdiff::jfr {

void ConstantPools::ReadCheckpoint(ByteCursor& cursor, const Metadata& metadata) {
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
    absl::flat_hash_map<int64_t, uint64_t>& pool = pools_[type];
    uint32_t count = cursor.Count();
    pool.reserve(pool.size() + count);
    for (uint32_t i = 0; i < count && cursor.ok(); ++i) {
      int64_t key = cursor.Long();
      pool.emplace(key, cursor.offset());
      SkipValue(cursor, metadata, type);
    }
  }
  if (cursor.ok() && !cursor.at_end()) {
    cursor.Fail("the end of the checkpoint event (its content is shorter than its size)");
  }
}

}  // namespace profdiff::jfr
