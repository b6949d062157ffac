#ifndef PROFDIFF_MODEL_EXPERIMENT_H_
#define PROFDIFF_MODEL_EXPERIMENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/model/optimization_log.h"
#include "profdiff/model/position.h"
#include "profdiff/model/profile.h"

namespace profdiff {

using CompilationIndex = uint32_t;
using MethodIndex = uint32_t;

// A compilation unit (one record of the log) or a fragment derived from a hot unit
// (algorithms.md §8).
struct Compilation {
  MethodIndex method = 0;
  std::string id;  // units: the compilation ID; fragments: "<parent id>#<n>"
  int64_t period = 0;
  bool hot = false;
  std::optional<std::string> multi_method_key;  // units only
  bool is_fragment = false;
  uint32_t unit_record = 0;  // units: index into OptimizationLog::units
  // Fragments only:
  CompilationIndex parent = 0;       // the unit it was derived from
  std::vector<uint32_t> child_path;  // child positions from the parent's root to the fragment root
  Path inlining_path;                // (name, bci) of root..fragment root, indirect nodes skipped
};

// All compilations of one root method (multi-method key removed from the name).
struct Method {
  std::string name;
  // When `name` is the stable identity of a generated class's method (RenameMethod): its name in
  // the log, which changes from run to run. Else empty.
  std::string real_name;
  std::vector<CompilationIndex> compilations;  // units in registration order, then fragments
  // The period of the method's HotSpot compilations that --tiers left out (docs/jfr.md "Tiers
  // left out"): part of the method's share, in no unit.
  int64_t left_out_period = 0;
};

// What an experiment read from a HotSpot compilation log is (docs/hotspot.md).
struct HotSpotInfo {
  std::string vm_version;     // <vm_version><release>, empty when the header has none
  int64_t tasks = 0;          // the complete <task> elements read
  int64_t failed_tasks = 0;   // of them, those that failed
  int64_t units = 0;          // the units kept (--tiers)
  std::string tiers = "top";  // --tiers, spelled as TierSelection::Name() spells it
  // What was kept, for summaries: TierSelection::Description() ("each method's top-tier
  // compilations").
  std::string kept = "each method's top-tier compilations";
  // Without a profile, which methods are shown or compared instead of the hot ones.
  std::string without_profile;
};

// What an experiment read from LLVM optimization remarks is (docs/llvm.md).
struct LlvmInfo {
  int64_t files = 0;     // remarks files read
  int64_t remarks = 0;   // remarks read
  bool hotness = false;  // the remarks carry Hotness (the build used a profile)
  // Without Hotness, which functions are shown or compared instead of the hot ones.
  std::string without_profile;
};

// The stable identities of an experiment's generated classes' methods (docs/decisions.md,
// "Generated classes keep their identity"), once assigned: inlining trees read from the log
// then name these methods by their identity.
struct GeneratedIdentities {
  absl::flat_hash_map<std::string, std::string> by_name;  // the log's name -> identity
  // identity -> the one name in the log that has it; empty when several do (ambiguous: they
  // keep their names).
  absl::flat_hash_map<std::string, std::string> owner;
};

// One program run: its units, grouped into methods in insertion order, and its profile.
class Experiment {
 public:
  Experiment(int id, ExperimentKind kind) : id_(id), kind_(kind) {}

  int id() const { return id_; }
  ExperimentKind kind() const { return kind_; }
  void set_kind(ExperimentKind kind) { kind_ = kind; }

  const std::optional<Profile>& profile() const { return profile_; }
  bool has_profile() const { return profile_.has_value(); }
  void set_profile(Profile profile) { profile_ = std::move(profile); }
  int64_t total_period() const { return profile_ ? profile_->total_period : 0; }

  const std::optional<HotSpotInfo>& hotspot() const { return hotspot_; }
  void set_hotspot(HotSpotInfo info) { hotspot_ = std::move(info); }

  const std::optional<LlvmInfo>& llvm() const { return llvm_; }
  void set_llvm(LlvmInfo info) { llvm_ = std::move(info); }

  OptimizationLog& log() { return log_; }
  const OptimizationLog& log() const { return log_; }

  const std::vector<Method>& methods() const { return methods_; }
  const Method& method(MethodIndex m) const { return methods_[m]; }
  const std::vector<Compilation>& compilations() const { return compilations_; }
  const Compilation& compilation(CompilationIndex c) const { return compilations_[c]; }
  Compilation& compilation(CompilationIndex c) { return compilations_[c]; }

  // The method called `name`, appended (empty) to the method table if it is not there yet
  // (algorithms.md §1.1: such insertions influence tie order).
  MethodIndex GetOrCreateMethod(std::string_view name);
  std::optional<MethodIndex> FindMethod(std::string_view name) const;
  // Gives method `m` the name `identity` (unused so far), keeping its name so far as real_name.
  void RenameMethod(MethodIndex m, std::string identity);

  const std::optional<GeneratedIdentities>& generated_identities() const {
    return generated_identities_;
  }
  void set_generated_identities(GeneratedIdentities identities) {
    generated_identities_ = std::move(identities);
  }

  // Appends a compilation to its method's list. A unit's period must be final by then.
  CompilationIndex AddCompilation(Compilation compilation);
  // Room for `count` compilations in all, so that adding them does not grow the table by halves.
  void ReserveCompilations(size_t count) { compilations_.reserve(count); }

  // Period of compilations that --tiers left out (a HotSpot log's other tiers): of `method`
  // when it has kept units, else of the experiment only. Counts in GraalPeriod().
  void AddLeftOutPeriod(std::optional<MethodIndex> method, int64_t period);
  int64_t LeftOutPeriod() const { return left_out_period_; }

  // Sum of the periods of the method's units (fragments do not count) and of its compilations
  // that --tiers left out: a method's share is of all its compilations.
  int64_t MethodTotalPeriod(MethodIndex m) const;
  bool IsMethodHot(MethodIndex m) const;
  // The period by which hot selection ranks a unit: its own, and for the method's most executed
  // unit (the first of them on a tie) the method's left-out period too, so that a method whose
  // time is in left-out compilations is hot as its share says. Fragments: their own.
  int64_t HotnessPeriod(CompilationIndex c) const;
  // Sum of all unit periods (fragments repeat their parent's period and do not count) and of
  // the left-out compilations: all JIT-compiled execution.
  int64_t GraalPeriod() const { return graal_period_; }
  // Units (not fragments) in table order: methods in insertion order, each method's list.
  std::vector<CompilationIndex> UnitsInTableOrder() const;

 private:
  int id_;
  ExperimentKind kind_;
  std::optional<Profile> profile_;
  std::optional<HotSpotInfo> hotspot_;
  std::optional<LlvmInfo> llvm_;
  std::optional<GeneratedIdentities> generated_identities_;
  OptimizationLog log_;
  std::vector<Method> methods_;
  absl::flat_hash_map<std::string, MethodIndex> method_index_;
  std::vector<Compilation> compilations_;
  int64_t graal_period_ = 0;
  int64_t left_out_period_ = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_EXPERIMENT_H_
