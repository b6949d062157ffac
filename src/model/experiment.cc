#include "profdiff/model/experiment.h"

#include <utility>

#include "profdiff/support/absl_compat.h"

namespace profdiff {

MethodIndex Experiment::GetOrCreateMethod(std::string_view name) {
  auto it = method_index_.find(AbslView(name));
  if (it != method_index_.end()) return it->second;
  MethodIndex index = static_cast<MethodIndex>(methods_.size());
  Method method;
  method.name = std::string(name);
  methods_.push_back(std::move(method));
  method_index_.emplace(std::string(name), index);
  return index;
}

std::optional<MethodIndex> Experiment::FindMethod(std::string_view name) const {
  auto it = method_index_.find(AbslView(name));
  if (it == method_index_.end()) return std::nullopt;
  return it->second;
}

void Experiment::RenameMethod(MethodIndex m, std::string identity) {
  Method& method = methods_[m];
  method_index_.erase(method.name);
  if (method.real_name.empty()) method.real_name = std::move(method.name);
  method.name = std::move(identity);
  method_index_.emplace(method.name, m);
}

CompilationIndex Experiment::AddCompilation(Compilation compilation) {
  CompilationIndex index = static_cast<CompilationIndex>(compilations_.size());
  methods_[compilation.method].compilations.push_back(index);
  if (!compilation.is_fragment) graal_period_ += compilation.period;
  compilations_.push_back(std::move(compilation));
  return index;
}

void Experiment::AddLeftOutPeriod(std::optional<MethodIndex> method, int64_t period) {
  if (method.has_value()) methods_[*method].left_out_period += period;
  left_out_period_ += period;
  graal_period_ += period;
}

int64_t Experiment::MethodTotalPeriod(MethodIndex m) const {
  int64_t total = methods_[m].left_out_period;
  for (CompilationIndex c : methods_[m].compilations) {
    if (!compilations_[c].is_fragment) total += compilations_[c].period;
  }
  return total;
}

int64_t Experiment::HotnessPeriod(CompilationIndex c) const {
  const Compilation& unit = compilations_[c];
  const Method& method = methods_[unit.method];
  if (unit.is_fragment || method.left_out_period == 0) return unit.period;
  for (CompilationIndex other : method.compilations) {
    const Compilation& o = compilations_[other];
    if (o.is_fragment) continue;
    // The first unit of the largest period carries the method's left-out period.
    if (o.period > unit.period || (o.period == unit.period && other < c)) return unit.period;
  }
  return unit.period + method.left_out_period;
}

bool Experiment::IsMethodHot(MethodIndex m) const {
  for (CompilationIndex c : methods_[m].compilations) {
    if (compilations_[c].hot) return true;
  }
  return false;
}

std::vector<CompilationIndex> Experiment::UnitsInTableOrder() const {
  std::vector<CompilationIndex> units;
  units.reserve(compilations_.size());
  for (const Method& m : methods_) {
    for (CompilationIndex c : m.compilations) {
      if (!compilations_[c].is_fragment) units.push_back(c);
    }
  }
  return units;
}

}  // namespace profdiff
