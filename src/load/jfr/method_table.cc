#include "load/jfr/method_table.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/hash/hash.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::jfr {

std::vector<uint32_t> MethodTable::Intern(uint32_t chunk, const std::vector<MethodView>& methods) {
  std::vector<uint32_t> ids(methods.size());
  // Hashed outside the locks, then added shard by shard, each lock taken once.
  std::vector<uint64_t> hashes(methods.size());
  std::vector<uint32_t> shard_sizes(kShards + 1, 0);
  for (size_t i = 0; i < methods.size(); ++i) {
    const MethodView& m = methods[i];
    hashes[i] = absl::HashOf(AbslView(m.class_name), AbslView(m.name), AbslView(m.descriptor));
    ++shard_sizes[(hashes[i] >> 58) + 1];
  }
  for (uint32_t s = 0; s < kShards; ++s) shard_sizes[s + 1] += shard_sizes[s];
  std::vector<uint32_t> by_shard(methods.size());
  std::vector<uint32_t> next(shard_sizes.begin(), shard_sizes.end() - 1);
  for (uint32_t i = 0; i < methods.size(); ++i) by_shard[next[hashes[i] >> 58]++] = i;
  for (uint32_t s = 0; s < kShards; ++s) {
    if (shard_sizes[s] == shard_sizes[s + 1]) continue;
    Shard& shard = shards_[s];
    std::lock_guard<std::mutex> lock(shard.mutex);
    for (uint32_t k = shard_sizes[s]; k < shard_sizes[s + 1]; ++k) {
      const uint32_t i = by_shard[k];
      const MethodView& m = methods[i];
      const uint64_t met = static_cast<uint64_t>(chunk) << 32 | i;
      auto found = shard.ids.find(Key{hashes[i], m.class_name, m.name, m.descriptor});
      uint32_t local;
      if (found != shard.ids.end()) {
        local = found->second;
        // The first chunk to meet the method decides whether it is hidden, as in one pass.
        if (met < shard.first_met[local]) {
          shard.first_met[local] = met;
          shard.methods[local].hidden = m.hidden;
        }
      } else {
        local = static_cast<uint32_t>(shard.methods.size());
        const JfrMethod& kept = shard.methods.emplace_back(JfrMethod{
            std::string(m.class_name), std::string(m.name), std::string(m.descriptor), m.hidden});
        shard.ids.emplace(Key{hashes[i], kept.class_name, kept.name, kept.descriptor}, local);
        shard.first_met.push_back(met);
      }
      ids[i] = local * kShards + s;
    }
  }
  return ids;
}

std::vector<JfrMethod> MethodTable::Finish() {
  std::vector<std::pair<uint64_t, uint32_t>> order;  // (first met, id)
  for (uint32_t s = 0; s < kShards; ++s) {
    const Shard& shard = shards_[s];
    for (uint32_t local = 0; local < shard.methods.size(); ++local) {
      order.emplace_back(shard.first_met[local], local * kShards + s);
    }
  }
  std::sort(order.begin(), order.end());
  std::vector<JfrMethod> methods;
  methods.reserve(order.size());
  for (uint32_t s = 0; s < kShards; ++s) shards_[s].index.resize(shards_[s].methods.size());
  for (const auto& [met, id] : order) {
    Shard& shard = shards_[id % kShards];
    shard.index[id / kShards] = static_cast<uint32_t>(methods.size());
    methods.push_back(std::move(shard.methods[id / kShards]));
  }
  return methods;
}

}  // namespace profdiff::jfr
