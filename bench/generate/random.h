#ifndef PROFDIFF_BENCH_GENERATE_RANDOM_H_
#define PROFDIFF_BENCH_GENERATE_RANDOM_H_

// Hashing and random numbers of the benchmark generator (bench/generate/main.cc).

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
// Hashing and random numbers (own implementations, so the output does not depend on the standard
// library's distributions).

constexpr uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr uint64_t Hash(uint64_t a, uint64_t b) { return Mix(a ^ Mix(b ^ 0x632be59bd9b4e019ULL)); }

constexpr uint64_t Hash(uint64_t a, uint64_t b, uint64_t c) { return Hash(Hash(a, b), c); }

// A uniform double in [0, 1) from a hash value.
inline double Unit(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }

__extension__ using Uint128 = unsigned __int128;

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(Mix(seed)) {}
  uint64_t Next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return Mix(state_);
  }
  // Uniform in [0, n); n > 0.
  uint64_t Below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<Uint128>(Next()) * n) >> 64);
  }
  int Range(int lo, int hi) {
    return lo + static_cast<int>(Below(static_cast<uint64_t>(hi - lo + 1)));
  }
  double Uniform() { return Unit(Next()); }
  bool Chance(double p) { return Uniform() < p; }
  // Number of failures before the first success, success probability p.
  int Geometric(double p, int cap) {
    int n = 0;
    while (n < cap && !Chance(p)) ++n;
    return n;
  }
  double Normal() {
    double u1 = 1.0 - Uniform();
    double u2 = Uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  double LogNormal(double median, double sigma) { return median * std::exp(sigma * Normal()); }
  // Pareto with minimum 1 and tail index alpha.
  double Pareto(double alpha) { return std::pow(1.0 - Uniform(), -1.0 / alpha); }
  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[Below(v.size())];
  }

 private:
  uint64_t state_;
};

// Salts of the hash streams.
enum Salt : uint64_t {
  kSaltUniverse = 1,
  kSaltUnit,
  kSaltDecision,
  kSaltFlip,
  kSaltReasonNumbers,
  kSaltReasonVariant,
  kSaltPriority,
  kSaltOpts,
  kSaltOptChange,
  kSaltOptAdd,
  kSaltOrder,
  kSaltShuffle,
  kSaltProfile,
  kSaltIds,
  kSaltFiles,
  kSaltPeriods,
  kSaltStandalone,
  kSaltReceiver,
  kSaltPlanted,
  kSaltNoise,
  kSaltOptNoise,
  kSaltOptNoiseAdd,
  kSaltRunIds,
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_RANDOM_H_
