#ifndef PROFDIFF_BENCH_GENERATE_PROFILE_H_
#define PROFDIFF_BENCH_GENERATE_PROFILE_H_

// proftool profiles (mx profjson format) of the generated experiments.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "generate/config.h"
#include "generate/universe.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Profiles.

struct UnitRecord {
  int64_t index;
  int64_t compile_id;
  std::string name;  // raw name, with multi-method key
  int hot_rank;
  bool osr;
  double weight;  // share of the Graal-compiled time among non-hot units (relative)
};

// Shares of the Graal-compiled time of the hot units, by rank; the rest is spread over the other
// units with a Pareto tail.
constexpr double kHotShares[] = {0.40, 0.13,  0.07,  0.05,  0.035, 0.025,
                                 0.02, 0.017, 0.014, 0.012, 0.01,  0.008};
constexpr double kRecompileShare = 0.027;

// Runs mode: the factor by which experiment `side` shifts the period share of the hot units of
// `hot_rank` (a planted hotness change: two hot methods, one up, one down).
inline double PlantedShareShift(int hot_rank, int side) {
  if (side != 2) return 1.0;
  if (hot_rank == 1) return 1.3;
  if (hot_rank == 5) return 0.7;
  return 1.0;
}

// Writes the profile of experiment `exp` (1 or 2) whose log holds `units`; in runs mode that of
// run `variant` (its shares with the run's noise and the planted shifts). `periods`, when given,
// receives each unit's period (0: no profile entry).
void WriteProfile(const Config& c, const Universe& u, int exp, std::vector<UnitRecord>& units,
                  const std::filesystem::path& path, const RunVariant* variant = nullptr,
                  std::vector<int64_t>* periods = nullptr);

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_PROFILE_H_
