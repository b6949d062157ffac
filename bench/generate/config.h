#ifndef PROFDIFF_BENCH_GENERATE_CONFIG_H_
#define PROFDIFF_BENCH_GENERATE_CONFIG_H_

// What the generator was asked for (see Usage() in main.cc).

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "generate/random.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Configuration.

enum class Kind { kJit, kAot };

struct Config {
  Kind kind = Kind::kJit;
  // --kind=hotspot: HotSpot LogCompilation logs of the program instead (hotspot.cc).
  bool hotspot = false;
  // --kind=llvm: LLVM optimization remarks of two builds instead (llvm_remarks.cc), with Hotness
  // on every remark when llvm_hotness (--hotness).
  bool llvm = false;
  bool llvm_hotness = false;
  double size_mb = 100;
  uint64_t seed = 1;
  std::string out;
  double file_mb = 1.0;           // target size of one log file
  double flip_rate = 0.004;       // per call site: inlining decision flipped in exp2
  double opt_remove_rate = 0.01;  // per optimization: missing in exp2
  double opt_change_rate = 0.01;  // per optimization: changed in exp2
  double opt_add_rate = 0.01;     // per optimization: an extra one in exp2
  double unit_only_rate = 0.015;  // per unit: compiled in one experiment only (each way)
  double standalone_rate = 0.01;  // per method: standalone in one run, inlined in the other
  double shuffle_rate = 0.3;      // per unit: unordered phases logged in another order in exp2
  bool quiet = false;

  // Runs mode (runs.cc): `runs` runs of each experiment when > 0. Planted changes are in every run
  // of experiment 2; noise is drawn anew for every run of either experiment.
  int runs = 0;
  double planted_flip_rate = 0.002;  // per call site: inlining decision flipped in experiment 2
  double planted_opt_rate = 0.002;   // per optimization: removed, changed, and one added (each)
  double noise_flip_rate = 0.002;    // per call site and run
  double noise_opt_rate = 0.002;     // per optimization and run: removed, changed, added (each)
  double share_noise = 0.03;         // per run: sigma of the log-normal noise of period shares
  // How noise falls on runs: false: a noisy item is noisy in one run only (exact ground truth);
  // true: "marginal" items, each noisy in every run with probability 1/2, like a decision on
  // the edge of a threshold (for measuring how well stable and noise separate).
  bool marginal_noise = false;
  // Let noise also touch what planted changes touch (masking them in some runs).
  bool noise_on_planted = false;

  bool aot() const { return kind == Kind::kAot; }
};

// Runs mode: the run a tree, a unit or a profile is written for.
struct RunVariant {
  int side = 1;  // experiment 1 or 2
  int run = 0;   // 0-based
  // Per node of the unit's baseline inlining tree: whether noise may change the node's
  // optimizations. Nodes added later (by flips) never get such noise.
  const std::vector<char>* opt_noise_allowed = nullptr;

  // The salt of the run's own random decisions.
  uint64_t Salt() const { return static_cast<uint64_t>(side) * 1000 + static_cast<uint64_t>(run); }

  // Whether noise chosen with probability `rate` per run for the item with hash `h` falls on this
  // run. Each noisy item is noisy in exactly one of the 2 * runs runs: noise that agreed across
  // all runs of an experiment would be a difference like any planted one.
  bool Noisy(uint64_t h, double rate, int runs, bool marginal = false) const {
    if (marginal) {
      // Marginal with probability 2 * rate, then noisy in each run with probability 1/2.
      return Unit(h) < 2 * rate && Unit(Hash(h, 0x6e6f697365, Salt())) < 0.5;
    }
    const int total = 2 * runs;
    if (Unit(h) >= rate * total) return false;
    return static_cast<int>(Hash(h, 0x6e6f697365) % static_cast<uint64_t>(total)) ==
           (side - 1) * runs + run;
  }
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_CONFIG_H_
