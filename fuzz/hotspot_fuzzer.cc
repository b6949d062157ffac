// Fuzz target for the reader of HotSpot compilation logs (docs/hotspot.md): the input is a
// whole log. It is loaded like a file given on the command line (the expat scan of every
// <task>, a cut-off end, malformed XML), the trees of every unit are built from their byte
// ranges, and the trees must be well formed: every child's parent is the node that lists it,
// a tree is empty or has its root first, optimizations have no children. The input is also
// parsed as one task on its own. Split reading (worker threads parse the tasks) must read
// exactly what one parse of the whole file reads: units, warnings, errors.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "load/hotspot/hotspot_log.h"
#include "profdiff/load/optimization_log.h"
#include "tree_checks.h"

namespace profdiff {
namespace {

const std::string& ScratchPath() {
  static const std::string path =
      std::string(std::getenv("TMPDIR") != nullptr ? std::getenv("TMPDIR") : "/tmp") +
      "/profdiff_hotspot_fuzz_" + std::to_string(getpid()) + ".log";
  return path;
}

}  // namespace
}  // namespace profdiff

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace profdiff;  // NOLINT
  using fuzz::Check;
  using fuzz::CheckTrees;
  fuzz::target_name = "hotspot_fuzzer";
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<RecordTrees> task = ParseHotSpotTask(input);
  if (task.ok()) CheckTrees(*task);

  FILE* file = std::fopen(ScratchPath().c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  std::string warnings;
  absl::StatusOr<OptimizationLog> log = LoadHotSpotLog(
      ScratchPath(), 1,
      [&](std::string_view line) { warnings.append(line.data(), line.size()).push_back('\n'); },
      LogCounting::kCount, nullptr);
  // Split reading (the default) reads exactly what one parse of the whole file reads.
  std::string whole_warnings;
  absl::StatusOr<OptimizationLog> whole = LoadHotSpotLog(
      ScratchPath(), 1,
      [&](std::string_view line) {
        whole_warnings.append(line.data(), line.size()).push_back('\n');
      },
      LogCounting::kNone, nullptr, HotSpotReading::kWhole);
  Check(warnings == whole_warnings, "split and whole reading warn differently");
  Check(log.ok() == whole.ok(), "split and whole reading disagree on success");
  if (!log.ok()) {
    Check(log.status().message() == whole.status().message(),
          "split and whole reading fail differently");
    return 0;
  }
  Check(log->units.size() == whole->units.size(), "split and whole reading differ in units");
  for (size_t i = 0; i < log->units.size(); ++i) {
    const UnitRecord& a = log->units[i];
    const UnitRecord& b = whole->units[i];
    Check(a.offset == b.offset && a.length == b.length && a.failed == b.failed &&
              a.level == b.level && a.compilation_id == b.compilation_id &&
              a.method_name == b.method_name,
          "split and whole reading differ in a unit");
  }
  Check(log->vm_version == whole->vm_version, "split and whole reading differ in the version");
  Check(log->counts.size() == log->units.size(), "a unit without counts");
  for (const UnitRecord& unit : log->units) {
    Check(unit.offset + unit.length <= size, "a task beyond the end of the input");
    absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, unit, 1);
    Check(trees.ok(), "a unit whose task does not parse again");
    CheckTrees(*trees);
  }
  return 0;
}
