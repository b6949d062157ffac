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
#include "generate/unit_sequence.h"
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
      UnitSpec spec = units_.Next(i);
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
        records[exp].push_back(UnitRecord{i, id, units_.RawName(spec), spec.hot_rank, spec.osr,
                                          units_.PeriodWeight(spec)});
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
  const Config& c_;
  const Universe& u_;
  UnitWriter writer_;
  UnitSequence units_{c_, u_};
};

}  // namespace

void GeneratePair(const Config& config, const Universe& universe) {
  PairGenerator(config, universe).Run();
}

}  // namespace profdiff_bench
