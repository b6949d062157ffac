#ifndef PROFDIFF_BENCH_GENERATE_MODES_H_
#define PROFDIFF_BENCH_GENERATE_MODES_H_

// What the generator writes: a pair of experiments, or several runs of each (main.cc).

#include "generate/config.h"
#include "generate/universe.h"

namespace profdiff_bench {

// OUT/exp1/{log/,prof.json} and OUT/exp2/{log/,prof.json}.
void GeneratePair(const Config& config, const Universe& universe);

// OUT/exp1/hotspot.log and OUT/exp2/hotspot.log: HotSpot LogCompilation logs (hotspot.cc).
void GenerateHotspot(const Config& config, const Universe& universe);

// OUT/exp1/build/ and OUT/exp2/build/: LLVM optimization remarks of two builds (llvm_remarks.cc).
void GenerateLlvmRemarks(const Config& config);

// OUT/exp{1,2}/run-<k>/{log/,prof.json} for k = 1..config.runs, and OUT/ground-truth.json.
void GenerateRuns(const Config& config, const Universe& universe);

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_MODES_H_
