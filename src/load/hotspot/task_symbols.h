#ifndef PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_
#define PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_

// The symbols of one HotSpot compilation task: the types of its <type> and <klass> elements and
// the methods of its <method> elements, by the ids the task's other elements name them with
// (docs/hotspot.md "Names"). The tree builder (task_trees.h) looks them up for every call and
// parse, so the lookups are inline.

#include <cstdint>
#include <forward_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/hotspot/element_handler.h"
#include "load/hotspot/java_names.h"
#include "profdiff/absl_compat.h"
#include "profdiff/interned_name.h"

namespace profdiff {

class TaskSymbols {
 public:
  struct Method {
    std::string name;    // in Graal's spelling
    int32_t bytes = -1;  // <method bytes>; -1 when the log does not say (an unloaded method)
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
    converted_types_.clear();
    methods_.clear();
    parameters_.clear();
  }

  // <type>, <klass>: the type `id` is called `name` (qualified already, or to be qualified).
  // A later definition of the same id replaces an earlier one.
  void DefineType(std::string_view id, std::string_view name, bool qualify) {
    if (qualify && (name.starts_with('[') || name.find('/') != std::string_view::npos)) {
      converted_types_.push_front(QualifiedTypeName(name));
      name = converted_types_.front();
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
  static const std::string& UnknownMethod() {
    static const std::string kUnknown = "<unknown method>";
    return kUnknown;
  }

  // The name of method `id` in Graal's spelling (or UnknownMethod()).
  const std::string& MethodName(std::string_view id) const {
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
  // so that a definition copies no more than the method's name in Graal's spelling.
  absl::flat_hash_map<std::string_view, std::string_view, StringViewHash>
      types_;                                       // id -> qualified name
  std::forward_list<std::string> converted_types_;  // the names QualifiedTypeName spells anew
  absl::flat_hash_map<std::string_view, Method, StringViewHash> methods_;  // by id
  std::vector<std::string_view> parameters_;                               // DefineMethod's, reused
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_TASK_SYMBOLS_H_
