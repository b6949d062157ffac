#ifndef PROFDIFF_BENCH_GENERATE_UNIT_SEQUENCE_H_
#define PROFDIFF_BENCH_GENERATE_UNIT_SEQUENCE_H_

// The sequence of compilation units of the generated program: which method each unit compiles,
// its size budget, whether it is hot, and in which experiments it exists.

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>

#include "generate/config.h"
#include "generate/inlining.h"
#include "generate/random.h"
#include "generate/universe.h"

namespace profdiff_bench {

class UnitSequence {
 public:
  UnitSequence(const Config& c, const Universe& u) : c_(c), u_(u) {}

  // The method name a unit's log record and profile entry carry (with its multi-method key).
  std::string RawName(const UnitSpec& spec) const {
    std::string name = u_[spec.root].name;
    if (!spec.key.empty()) name.insert(name.find('('), "%%" + spec.key);
    return name;
  }

  // The unit's relative share of the time of the units that are not hot by construction.
  double PeriodWeight(const UnitSpec& spec) const {
    if (spec.hot_rank >= 0) return 0;
    uint64_t h = Hash(spec.id, kSaltPeriods);
    if (Unit(h) > 0.45) return 0;  // never sampled
    Rng r(Hash(h, 1));
    return r.Pareto(1.15);
  }

  // Hot units are among the first compilations; a second compilation of the hottest method
  // follows.
  static int HotRankAt(int64_t i) {
    static constexpr int64_t kSlots[] = {0, 5, 9, 14, 18, 23, 27, 32, 38, 44, 51, 57};
    for (int k = 0; k < Universe::kHotMethods; ++k)
      if (kSlots[k] == i) return k;
    return i == 150 ? Universe::kHotMethods : -1;
  }

  // The i-th unit; called for i = 0, 1, 2, ... in order.
  UnitSpec Next(int64_t i) {
    UnitSpec s;
    s.index = i;
    s.id = Hash(c_.seed, kSaltUnit, static_cast<uint64_t>(i));
    Rng r(s.id);
    int hot = HotRankAt(i);
    // Hot units have a fixed size in big logs and shrink in small ones.
    double scale = std::clamp(c_.size_mb / (c_.aot() ? 150.0 : 100.0), 0.02, 1.0);
    if (hot >= 0) {
      int rank = hot == Universe::kHotMethods ? 0 : hot;
      s.root = u_.hot()[static_cast<size_t>(rank)];
      s.hot_rank = hot;
      s.osr = !c_.aot() && rank == 4;
      // The second compilation of the hottest method: a recompilation in a JIT run, a
      // multi-method variant (deoptimization target) in an AOT image.
      if (hot == Universe::kHotMethods && c_.aot()) s.key = "D";
      s.budget = (c_.aot() ? 7000.0 : 2200.0) * (0.5 + r.Uniform()) * scale;
      if (rank >= 10) s.budget *= 0.4;
    } else {
      if (!c_.aot() && next_root_ > 50 && r.Chance(0.04)) {
        // A recompilation (deoptimized code compiled again).
        s.root = u_.root_order()[r.Below(next_root_)];
      } else if (int32_t variant = c_.aot() && next_root_ > 50 && r.Chance(0.03)
                                       ? u_.root_order()[r.Below(next_root_)]
                                       : -1;
                 variant >= 0 && variants_.insert(variant).second) {
        // A multi-method variant of an already compiled method (at most one per method).
        s.root = variant;
        s.key = r.Chance(0.85) ? "D" : "Deopt";
      } else {
        // Mostly methods that call something: tiny leaf methods rarely get hot enough.
        do {
          s.root = u_.root_order()[next_root_ % u_.root_order().size()];
          ++next_root_;
        } while ((u_[s.root].calls.empty() || u_[s.root].level > 11) && !r.Chance(0.3));
      }
      s.osr = !c_.aot() && r.Chance(0.01);
      s.budget =
          std::clamp(r.LogNormal(c_.aot() ? 45.0 : 32.0, 1.0), 0.0, c_.aot() ? 6000.0 : 1500.0);
      double x = r.Uniform();
      if (x < c_.unit_only_rate) {
        s.in[2] = false;
      } else if (x < 2 * c_.unit_only_rate) {
        s.in[1] = false;
      }
    }
    int standalone = TreeBuilder::StandaloneExperiment(u_, c_, s.root);
    if (standalone == 1) s.in[2] = false;
    if (standalone == 2) s.in[1] = false;
    if (!s.key.empty()) {
      // Multi-method variants never come and go on their own.
      s.in[1] = s.in[2] = s.in[1] && s.in[2];
    }
    return s;
  }

 private:
  const Config& c_;
  const Universe& u_;
  uint64_t next_root_ = 0;
  std::set<int32_t> variants_;
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_UNIT_SEQUENCE_H_
