#include "profdiff/model/interned_name.h"

#include <mutex>

#include "absl/container/flat_hash_map.h"
#include "absl/container/node_hash_set.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The process-wide table. node_hash_set keeps each string at its address for good.
struct NameTable {
  std::mutex mutex;
  absl::node_hash_set<std::string> names;
};

NameTable& Table() {
  static NameTable* table = new NameTable();  // never destroyed: names outlive everything
  return *table;
}

}  // namespace

const std::string* InternedName::Intern(std::string_view text) {
  if (text.empty()) return &kEmptyText;
  // Trees are built on several threads at once: each looks in its own cache first, so the
  // shared table (and its lock) is only visited once per thread and name.
  thread_local absl::flat_hash_map<std::string_view, const std::string*, StringViewHash> cache;
  if (auto it = cache.find(text); it != cache.end()) return it->second;
  NameTable& table = Table();
  const std::string* interned;
  {
    std::lock_guard<std::mutex> lock(table.mutex);
    interned = &*table.names.emplace(text).first;
  }
  cache.emplace(std::string_view(*interned), interned);
  return interned;
}

}  // namespace profdiff
