#include "profdiff/model/tree_counts.h"

#include "profdiff/support/absl_compat.h"

namespace profdiff {

uint32_t NameTable::Intern(std::string_view name) {
  auto found = ids_.find(AbslView(name));
  if (found != ids_.end()) return found->second;
  const auto id = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

std::string OptimizationKey(std::string_view name, std::string_view event) {
  std::string key;
  key.reserve(name.size() + 1 + event.size());
  key.append(name).append(" ").append(event);
  return key;
}

void UnitCounter::Dense::Add(uint32_t id) {
  if (id >= counts.size()) counts.resize(id + 1, 0);
  if (counts[id]++ == 0) touched.push_back(id);
}

void UnitCounter::Dense::MoveTo(std::vector<NameCount>* out) {
  out->clear();
  out->reserve(touched.size());
  for (uint32_t id : touched) {
    out->push_back(NameCount{id, counts[id]});
    counts[id] = 0;
  }
  touched.clear();
}

void UnitCounter::Begin() {
  current_.callsites.fill(0);
  // What an invalid record left behind.
  for (Dense* dense : {&optimizations_, &phases_}) {
    for (uint32_t id : dense->touched) dense->counts[id] = 0;
    dense->touched.clear();
  }
}

void UnitCounter::Optimization(std::string_view name, std::string_view event,
                               std::string_view phase) {
  key_.assign(name).append(" ").append(event);
  optimizations_.Add(optimization_keys_.Intern(key_));
  phases_.Add(phase_names_.Intern(phase));
}

UnitCounts UnitCounter::Take() {
  UnitCounts counts;
  counts.callsites = current_.callsites;
  optimizations_.MoveTo(&counts.optimizations);
  phases_.MoveTo(&counts.phases);
  current_.callsites.fill(0);
  return counts;
}

}  // namespace profdiff
