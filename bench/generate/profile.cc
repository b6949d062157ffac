#include "generate/profile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "generate/random.h"
#include "generate/text.h"

namespace profdiff_bench {

namespace {

void WriteProfileEntryJit(std::string* out, bool* first, const char* compile_id_or_null,
                          const std::string& id, const std::string& name, int level,
                          int64_t period) {
  out->append(*first ? "\n" : ",\n");
  *first = false;
  out->append("        {\n            \"compileId\": ");
  if (compile_id_or_null == nullptr) {
    out->append("null");
  } else {
    AppendQuoted(out, id);
  }
  out->append(",\n            \"name\": ");
  AppendQuoted(out, name);
  out->append(",\n            \"level\": ");
  if (level < 0) {
    out->append("null");
  } else {
    AppendInt(out, level);
  }
  out->append(",\n            \"period\": ");
  AppendInt(out, period);
  out->append("\n        }");
}

struct NativeEntry {
  const char* name;
  double share;  // of the total period
};

}  // namespace

void WriteProfile(const Config& c, const Universe& u, int exp, std::vector<UnitRecord>& units,
                  const std::filesystem::path& path, const RunVariant* variant,
                  std::vector<int64_t>* periods) {
  Rng r(Hash(c.seed, kSaltProfile,
             variant != nullptr ? 100 + variant->Salt() : static_cast<uint64_t>(exp)));
  // The total time does not depend on the number of units, like a benchmark run of fixed length.
  double total = 5.0e11 * (1.0 + 0.1 * r.Uniform());
  double graal = total * (c.aot() ? 0.72 : 0.65);
  double hot_sum = 0;
  double rest = 0;
  for (const auto& ur : units) {
    if (ur.hot_rank >= 0) {
      hot_sum += ur.hot_rank == Universe::kHotMethods ? kRecompileShare : kHotShares[ur.hot_rank];
    } else {
      rest += ur.weight;
    }
  }
  double rest_share = std::max(0.05, 1.0 - hot_sum);
  struct Entry {
    const UnitRecord* unit;
    int64_t period;
  };
  std::vector<Entry> entries;
  for (const auto& ur : units) {
    double share;
    if (ur.hot_rank >= 0) {
      share = ur.hot_rank == Universe::kHotMethods ? kRecompileShare : kHotShares[ur.hot_rank];
      if (variant != nullptr) {
        Rng noise(
            Hash(c.seed, kSaltPeriods, variant->Salt() * 64 + static_cast<uint64_t>(ur.hot_rank)));
        share *= PlantedShareShift(ur.hot_rank, variant->side) *
                 std::exp(c.share_noise * noise.Normal());
      } else {
        share *= exp == 2 ? 0.85 + 0.3 * Unit(Hash(c.seed, kSaltPeriods, ur.hot_rank)) : 1.0;
      }
    } else {
      if (ur.weight <= 0) continue;
      share = rest_share * ur.weight / rest;
      if (variant != nullptr) {
        Rng noise(Hash(static_cast<uint64_t>(ur.index), kSaltPeriods, variant->Salt()));
        share *= std::exp(c.share_noise * noise.Normal());
      }
    }
    auto period = static_cast<int64_t>(graal * share);
    if (period > 0) entries.push_back({&ur, period});
  }
  int64_t sum = 0;
  for (const auto& e : entries) sum += e.period;
  if (periods != nullptr) {
    periods->assign(units.size(), 0);
    for (const auto& e : entries)
      periods->at(static_cast<size_t>(e.unit - units.data())) = e.period;
  }

  std::string out = "{\n    \"compilationKind\": ";
  bool first = true;
  if (!c.aot()) {
    static constexpr NativeEntry kNatives[] = {
        {"Interpreter", 0.072},        {"StubRoutines (1)", 0.0085},
        {"I2C/C2I adapters", 0.0018},  {"vtable chunks", 0.00044},
        {"libjvm.so", 0.035},          {"libc.so.6", 0.0092},
        {"[kernel.kallsyms]", 0.0154}, {"method entry point (kind = native)", 0.0012},
    };
    out.append("\"JIT\",\n    \"totalPeriod\": ");
    std::string body;
    for (const auto& n : kNatives) {
      auto p = static_cast<int64_t>(total * n.share * (0.9 + 0.2 * r.Uniform()));
      sum += p;
      WriteProfileEntryJit(&body, &first, nullptr, "", n.name, -1, p);
    }
    // Graal units in compile-ID order, with C1 (level 3) and level-1 compilations in the gaps.
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
      return a.unit->compile_id < b.unit->compile_id;
    });
    int64_t last_id = -1;
    for (const auto& e : entries) {
      const UnitRecord& ur = *e.unit;
      if (ur.compile_id - last_id > 1 && r.Chance(0.15)) {
        int64_t id = ur.compile_id - 1;
        const std::string& name = u[u.root_order()[r.Below(u.root_order().size())]].name;
        auto p = static_cast<int64_t>(total * 2e-6 * r.Pareto(1.5));
        sum += p;
        std::string sid = std::to_string(id);
        WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + name, r.Chance(0.85) ? 3 : 1, p);
      }
      last_id = ur.compile_id;
      std::string sid = std::to_string(ur.compile_id) + (ur.osr ? "%" : "");
      WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + ur.name, 4, e.period);
    }
    // A compilation that the log does not have (its log was lost): a warning in profdiff.
    {
      std::string sid = std::to_string(last_id + 3);
      auto p = static_cast<int64_t>(total * 2e-6);
      sum += p;
      WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + u[u.root_order()[0]].name, 4, p);
    }
    AppendInt(&out, std::max(sum, static_cast<int64_t>(total)));
    out.append(",\n    \"executionId\": \"");
    AppendInt(&out, 10000 + static_cast<int64_t>(r.Below(90000)));
    out.append("\",\n    \"code\": [");
    out.append(body);
  } else {
    static constexpr NativeEntry kNatives[] = {
        {"[kernel.kallsyms]", 0.0207},
        {"memset", 0.0163},
        {"__memmove_avx_unaligned_erms", 0.0145},
        {"libc.so.6", 0.004},
        {"com.oracle.svm.core.genscavenge.GreyToBlackObjectVisitor.visitObjectInline(Object)",
         0.0224},
        {"com.oracle.svm.core.genscavenge.ThreadLocalAllocation.slowPathNewInstance(Word, "
         "DynamicHub)",
         0.0204},
        {"com.oracle.svm.core.thread.Safepoint.slowPathSafepointCheck()", 0.0128},
        {"com.oracle.svm.core.genscavenge.GCImpl.collect(GCCause)", 0.003},
    };
    struct Named {
      std::string name;
      int64_t period;
    };
    std::vector<Named> all;
    for (const auto& n : kNatives) {
      auto p = static_cast<int64_t>(total * n.share * (0.9 + 0.2 * r.Uniform()));
      all.push_back({n.name, p});
      sum += p;
    }
    for (const auto& e : entries) all.push_back({e.unit->name, e.period});
    std::stable_sort(all.begin(), all.end(),
                     [](const Named& a, const Named& b) { return a.period > b.period; });
    out.append("\"AOT\",\n    \"totalPeriod\": ");
    AppendInt(&out, std::max(sum, static_cast<int64_t>(total)));
    out.append(",\n    \"code\": [");
    for (const auto& n : all) {
      out.append(first ? "\n" : ",\n");
      first = false;
      out.append("        {\n            \"name\": ");
      AppendQuoted(&out, n.name);
      out.append(",\n            \"period\": ");
      AppendInt(&out, n.period);
      out.append("\n        }");
    }
  }
  out.append("\n    ]\n}\n");
  std::FILE* fp = std::fopen(path.c_str(), "wb");
  if (fp == nullptr || std::fwrite(out.data(), 1, out.size(), fp) != out.size() ||
      std::fclose(fp) != 0) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

}  // namespace profdiff_bench
