#ifndef PROFDIFF_RUNS_OPTIONS_H_
#define PROFDIFF_RUNS_OPTIONS_H_

// What `jit-vs-jit-runs` is given besides the global options (docs/runs.md): the runs of each
// experiment and the thresholds that separate stable differences from noise.

#include <string>
#include <vector>

namespace profdiff {

// One run: an optimization log (a directory, or a HotSpot compilation log) and its profile (a
// proftool profile or a JFR recording); empty for a HotSpot log without one.
struct RunInput {
  std::string log;
  std::string profile;
};

struct RunsOptions {
  // runs[0]: experiment 1 (the baseline), runs[1]: experiment 2 (the change), in the order given.
  std::vector<RunInput> runs[2];
  // A difference is stable when it is in at least this share of the cross pairs...
  double stable_share = 0.8;
  // ...and in at most this share of the same-side pairs.
  double noise_share = 0.2;
  // List the noise differences too (they are always in the JSON).
  bool show_noise = false;
};

}  // namespace profdiff

#endif  // PROFDIFF_RUNS_OPTIONS_H_
