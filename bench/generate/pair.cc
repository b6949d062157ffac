// Pair mode: experiments 1 and 2 of one program, with controlled differences.

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "generate/config.h"
#include "generate/inlining.h"
#include "generate/log_dir.h"
#include "generate/modes.h"
#include "generate/profile.h"
#include "generate/random.h"
#include "generate/unit_writer.h"
#include "generate/universe.h"

namespace profdiff_bench {

namespace {

// ------------------------------------------------------------------------------------------------
// The compilation sequence.

class PairGenerator {
 public:
  PairGenerator(const Config& c, const Universe& u) : c_(c), u_(u), writer_(u, c) {}

  void Run() {
    auto start = std::chrono::steady_clock::now();
    std::filesystem::path out(c_.out);
    auto target = static_cast<uint64_t>(c_.size_mb * 1024 * 1024);
    double file_bytes = c_.file_mb * 1024 * 1024;
    LogDirWriter logs1(out / "exp1" / "log", file_bytes, Hash(c_.seed, kSaltFiles, 1));
    LogDirWriter logs2(out / "exp2" / "log", file_bytes, Hash(c_.seed, kSaltFiles, 2));
    std::vector<UnitRecord> records[3];
    int64_t next_id[3] = {0, 0, 0};
    Rng id_rng(Hash(c_.seed, kSaltIds));
    if (c_.aot()) {
      next_id[1] = 60 + static_cast<int64_t>(id_rng.Below(40));
      next_id[2] = next_id[1] + 100 + static_cast<int64_t>(id_rng.Below(100));
    } else {
      next_id[1] = 1000 + static_cast<int64_t>(id_rng.Below(2000));
      next_id[2] = next_id[1] + 600 + static_cast<int64_t>(id_rng.Below(1500));
    }
    std::string line;
    size_t max_nodes = 0;
    uint64_t units = 0;
    for (int64_t i = 0; logs1.total_bytes() < target; ++i) {
      UnitSpec spec = NextSpec(i);
      for (int exp = 1; exp <= 2; ++exp) {
        // IDs advance in both runs, also for units one of them did not compile.
        int64_t gap = c_.aot()
                          ? 1 + static_cast<int64_t>(Hash(c_.seed, kSaltIds + 10 * exp, i) % 3)
                          : 1 + static_cast<int64_t>(Hash(c_.seed, kSaltIds + 10 * exp, i) % 6);
        int64_t id = next_id[exp];
        next_id[exp] += gap;
        if (!spec.in[exp]) continue;
        line.clear();
        writer_.Write(spec, exp, std::to_string(id), &line);
        max_nodes = std::max(max_nodes, writer_.last_node_count() + writer_.last_opt_count());
        (exp == 1 ? logs1 : logs2).Append(line);
        records[exp].push_back(
            UnitRecord{i, id, RawName(spec), spec.hot_rank, spec.osr, PeriodWeight(spec)});
      }
      ++units;
    }
    WriteProfile(c_, u_, 1, records[1], out / "exp1" / "prof.json");
    WriteProfile(c_, u_, 2, records[2], out / "exp2" / "prof.json");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!c_.quiet) {
      std::fprintf(stderr,
                   "%s: %s pair, seed %" PRIu64 ": %" PRIu64
                   " unit slots, exp1 %zu units %.1f MB "
                   "in %d files, exp2 %zu units %.1f MB in %d files, largest unit %zu nodes, "
                   "%.1f s\n",
                   c_.out.c_str(), c_.aot() ? "AOT" : "JIT", c_.seed, units, records[1].size(),
                   static_cast<double>(logs1.total_bytes()) / 1048576.0, logs1.file_count(),
                   records[2].size(), static_cast<double>(logs2.total_bytes()) / 1048576.0,
                   logs2.file_count(), max_nodes, secs);
    }
  }

 private:
  std::string RawName(const UnitSpec& spec) const {
    std::string name = u_[spec.root].name;
    if (!spec.key.empty()) name.insert(name.find('('), "%%" + spec.key);
    return name;
  }

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

  UnitSpec NextSpec(int64_t i) {
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

  const Config& c_;
  const Universe& u_;
  UnitWriter writer_;
  uint64_t next_root_ = 0;
  std::set<int32_t> variants_;
};

}  // namespace

void GeneratePair(const Config& config, const Universe& universe) {
  PairGenerator(config, universe).Run();
}

}  // namespace profdiff_bench
