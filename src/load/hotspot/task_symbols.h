#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_

// The symbols of one HotSpot compilation task: the types of its <type> and <klass> elements and
// the methods of its <method> elements, by the ids the task's other elements name them with
// (docs/hotspot.md "Names"). The tree builder (task_trees.h) looks them up for every call and
// parse, so the lookups are inline.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/hotspot/element_handler.h"
#include "load/hotspot/java_names.h"
#include "profdiff/model/interned_name.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

// Text kept while one task is built, in chunks reused from task to task: what is kept does not
// move until Clear(), and keeping it allocates nothing once there are chunks enough.
class TaskTextArena {
 public:
  std::string_view Keep(std::string_view text);
  // Room for `size` bytes, to be written by the caller, kept like Keep's text.
  char* Allocate(size_t size);
  // Forgets what was kept; keeps up to kKeptChunks chunks for the next task.
  void Clear();

 private:
  static constexpr size_t kChunkBytes = size_t{16} << 10;
  static constexpr size_t kKeptChunks = 64;
  struct Chunk {
    std::unique_ptr<char[]> data;
    size_t size;
  };
  std::vector<Chunk> chunks_;
  size_t chunk_ = 0;  // the chunk written to
  size_t used_ = 0;   // bytes of it written
};

class TaskSymbols {
 public:
  struct Method {
    std::string_view name;  // in Graal's spelling (kept in the task's arena)
    int32_t bytes = -1;     // <method bytes>; -1 when the log does not say (an unloaded method)
    std::optional<InternedName> interned;  // the name, once a position needs it
  };

  // Room for a typical task's definitions, so that the tables do not grow step by step.
  TaskSymbols() {
    types_.reserve(32);
    methods_.reserve(16);
  }

  // Forgets every definition, keeping the room the tables have (absl's clear() gives up that of
  // large ones).
  void Clear() {
    types_.clear();
    names_.Clear();
    methods_.clear();
    parameters_.clear();
  }

  // <type>, <klass>: the type `id` is called `name` (qualified already, or to be qualified).
  // A later definition of the same id replaces an earlier one.
  void DefineType(std::string_view id, std::string_view name, bool qualify) {
    if (qualify && (name.starts_with('[') || name.find('/') != std::string_view::npos)) {
      name = names_.Keep(QualifiedTypeName(name));
    }
    types_.insert_or_assign(id, name);
  }

  // <method id holder name arguments bytes>: the holder and the arguments are type ids.
  void DefineMethod(ElementAttributes attributes);

  // The qualified name of the type `id` (or "<unknown type>").
  std::string_view TypeName(std::string_view id) const {
    auto it = types_.find(id);
    return it == types_.end() ? std::string_view("<unknown type>") : it->second;
  }

  // The method `id`, or nullptr when the task does not define it.
  const Method* FindMethod(std::string_view id) const {
    auto it = methods_.find(id);
    return it == methods_.end() ? nullptr : &it->second;
  }

  // The name of an undefined method.
  static std::string_view UnknownMethod() { return "<unknown method>"; }

  // The name of method `id` in Graal's spelling (or UnknownMethod()).
  std::string_view MethodName(std::string_view id) const {
    auto it = methods_.find(id);
    return it != methods_.end() ? it->second.name : UnknownMethod();
  }

  // The method's name interned, once per method and task (until the method is defined again).
  InternedName MethodInterned(std::string_view id) {
    auto it = methods_.find(id);
    if (it == methods_.end()) return InternedName(UnknownMethod());
    Method& method = it->second;
    if (!method.interned.has_value()) method.interned = InternedName(method.name);
    return *method.interned;
  }

 private:
  // Ids and names are views into the task's text (which outlives the builder: element_handler.h),
  // so that a definition copies no more than the method's name in Graal's spelling, and that
  // into the arena.
  absl::flat_hash_map<std::string_view, std::string_view, StringViewHash>
      types_;            // id -> qualified name
  TaskTextArena names_;  // the names spelled anew: methods, types QualifiedTypeName converts
  absl::flat_hash_map<std::string_view, Method, StringViewHash> methods_;  // by id
  std::vector<std::string_view> parameters_;                               // DefineMethod's, reused
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_
