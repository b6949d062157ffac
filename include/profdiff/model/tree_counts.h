#ifndef PROFDIFF_MODEL_TREE_COUNTS_H_
#define PROFDIFF_MODEL_TREE_COUNTS_H_

// What the trees of a compilation unit hold, counted while the log's records are checked (the
// check reads every tree anyway), for `profdiff stats`: call sites by kind, optimization entries
// by "<optimizationName> <eventName>" and by the phase they were logged in. Counting needs no
// trees: a few numbers per unit stay in memory, whatever the size of the log.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/model/inlining_tree.h"

namespace profdiff {

// Call sites are counted by kind: every kind of formats.md §3.4 but `root` (the root is not a
// call site), in the order that the legend of `report` lists them.
inline constexpr size_t kCallsiteKinds = 5;
inline constexpr CallsiteKind kCountedCallsiteKinds[kCallsiteKinds] = {
    CallsiteKind::kInlined, CallsiteKind::kDirect, CallsiteKind::kIndirect, CallsiteKind::kDeleted,
    CallsiteKind::kDevirtualized};
// The position of a (non-root) kind in kCountedCallsiteKinds.
inline size_t CallsiteIndex(CallsiteKind kind) { return static_cast<size_t>(kind) - 1; }

// Distinct names, numbered from 0 in the order they were first seen.
class NameTable {
 public:
  uint32_t Intern(std::string_view name);
  std::string_view name(uint32_t id) const { return names_[id]; }
  size_t size() const { return names_.size(); }

 private:
  absl::flat_hash_map<std::string, uint32_t> ids_;
  std::vector<std::string> names_;
};

struct NameCount {
  uint32_t name = 0;  // an id of the table the counts belong to
  uint32_t count = 0;
};

// The counts of one unit. Names are ids of the tables of whoever counted them (the log's, once
// loaded); each id appears once.
struct UnitCounts {
  std::array<uint32_t, kCallsiteKinds> callsites{};
  std::vector<NameCount> optimizations;  // by "<optimizationName> <eventName>"
  std::vector<NameCount> phases;         // by the name of the innermost enclosing phase

  uint32_t callsite(CallsiteKind kind) const { return callsites[CallsiteIndex(kind)]; }
};

// Counts the records of one reader (a thread reading a file), one record at a time: Begin(),
// what the record holds, then Take() if the record turned out valid (a record found invalid is
// simply never taken). The name tables grow over all records counted.
class UnitCounter {
 public:
  void Begin();
  void Callsite(CallsiteKind kind) { ++current_.callsites[CallsiteIndex(kind)]; }
  // An optimization entry and the name of the phase it is a child of.
  void Optimization(std::string_view name, std::string_view event, std::string_view phase);
  UnitCounts Take();

  const NameTable& optimization_keys() const { return optimization_keys_; }
  const NameTable& phase_names() const { return phase_names_; }

 private:
  // Dense counts by id and the ids touched by the current record.
  struct Dense {
    std::vector<uint32_t> counts;
    std::vector<uint32_t> touched;
    void Add(uint32_t id);
    void MoveTo(std::vector<NameCount>* out);
  };

  UnitCounts current_;
  NameTable optimization_keys_;
  NameTable phase_names_;
  Dense optimizations_;
  Dense phases_;
  std::string key_;  // "<name> <event>" of the entry being counted
};

// The text of an optimization key: "<optimizationName> <eventName>", as `report` prints an
// entry before its position.
std::string OptimizationKey(std::string_view name, std::string_view event);

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_TREE_COUNTS_H_
