#ifndef PROFDIFF_LOAD_JFR_METHOD_TABLE_H_
#define PROFDIFF_LOAD_JFR_METHOD_TABLE_H_

// The methods of a recording, each once: chunks number their methods by their own keys, so the
// same method is met again in every chunk. The threads that read chunks add each chunk's methods
// as they finish it; the table is split into shards, each with its own lock, so that they rarely
// wait for each other. A recording lists its methods in the order the chunks first meet them
// (chunk by chunk), whichever thread finishes first: each method keeps where it was first met.

#include <cstdint>
#include <deque>
#include <mutex>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/jfr/pool_resolver.h"
#include "profdiff/load/jfr/jfr_recording.h"

namespace profdiff::jfr {

class MethodTable {
 public:
  // Adds the methods of the `chunk`th chunk (in the order the chunk met them) and returns the id
  // of each. Methods are the same when their class, name and descriptor are.
  std::vector<uint32_t> Intern(uint32_t chunk, const std::vector<MethodView>& methods);

  // Once every chunk is added: the methods in the order the chunks first met them, and for each
  // id its index in that list (Index).
  std::vector<JfrMethod> Finish();
  uint32_t Index(uint32_t id) const { return shards_[id % kShards].index[id / kShards]; }

 private:
  static constexpr uint32_t kShards = 64;
  struct Key {
    uint64_t hash;
    std::string_view class_name, name, descriptor;
  };
  struct KeyHash {
    size_t operator()(const Key& key) const { return key.hash; }
  };
  struct KeyEq {
    bool operator()(const Key& a, const Key& b) const {
      return a.class_name == b.class_name && a.name == b.name && a.descriptor == b.descriptor;
    }
  };
  struct Shard {
    std::mutex mutex;
    absl::flat_hash_map<Key, uint32_t, KeyHash, KeyEq> ids;  // index into `methods`
    std::deque<JfrMethod> methods;                           // the keys are views of these
    std::vector<uint64_t> first_met;  // by method: chunk << 32 | index in the chunk, least
    std::vector<uint32_t> index;      // by method: its index in Finish's list
  };
  Shard shards_[kShards];
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_METHOD_TABLE_H_
