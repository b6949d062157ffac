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


namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Configuration.

enum class Kind { kJit, kAot };

struct Config {
  Kind kind = Kind::kJit;
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

  bool aot() const { return kind == Kind::kAot; }
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_CONFIG_H_
