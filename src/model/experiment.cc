#include "profdiff/model/experiment.h"

#include <utility>

#include "profdiff/support/absl_compat.h"

namespace profdiff {

MethodIndex Experiment::GetOrCreateMethod(std::string_view name) {
  auto it = method_index_.find(AbslView(name));
  if (it != method_index_.end()) return it->second;
  MethodIndex index = static_cast<MethodIndex>(methods_.size());
  methods_.push_back(Method{std::string(name), {}});
  method_index_.emplace(std::string(name), index);
  return index;
}

std::optional<MethodIndex> Experiment::FindMethod(std::string_view name) const {
  auto it = method_index_.find(AbslView(name));
  if (it == method_index_.end()) return std::nullopt;
  return it->second;
}

CompilationIndex Experiment::AddCompilation(Compilation compilation) {
  CompilationIndex index = static_cast<CompilationIndex>(compilations_.size());
  methods_[compilation.method].compilations.push_back(index);
  if (!compilation.is_fragment) graal_period_ += compilation.period;
  compilations_.push_back(std::move(compilation));
  return index;
}

int64_t Experiment::MethodTotalPeriod(MethodIndex m) const {
  int64_t total = 0;
  for (CompilationIndex c : methods_[m].compilations) {
    if (!compilations_[c].is_fragment) total += compilations_[c].period;
  }
  return total;
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
