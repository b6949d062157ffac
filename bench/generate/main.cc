// Synthetic optimization logs and proftool profiles for benchmarking profdiff.
//
// Writes a pair of experiments (exp1, exp2) of one kind (JIT or AOT) whose optimization logs have
// about the requested size, modelled on the realistic data of ../shared/conformance/data:
//
//   OUT/exp1/log/<thread>   one JSON compilation unit per line, many files of a few MB
//   OUT/exp1/prof.json      the proftool profile (mx profjson format)
//   OUT/exp2/...            the second experiment, derived from the first with controlled
//                           differences (flipped inlining decisions, added/removed/changed
//                           optimizations, units compiled in one run only, methods compiled
//                           standalone in one run and inlined into their callers in the other,
//                           reshuffled unordered phases, shifted compile IDs and periods)
//
// Everything derives from --seed through hashing, so the same seed and size give byte-identical
// files, and JIT and AOT data generated with the same seed share one "program": the same method
// universe, call graph and hot methods (needed by jit-vs-aot and aot-vs-aot-jit-profile). The units
// of a smaller log are a prefix of those of a larger one with the same seed.
//
// The sources, by concept: random.h (hashing), text.h (JSON helpers), config.h, universe.h
// (the program), inlining.h (inlining trees), optimizations.h (phases and events),
// unit_writer.h (one unit), unit_sequence.h (which units), log_dir.h (log files),
// profile.{h,cc}, pair.cc (pair mode), runs.cc (runs mode, with its ground truth), hotspot.cc
// (HotSpot LogCompilation logs).
//
// Usage: generate --kind=jit|aot|hotspot --size-mb=N --seed=S --out=DIR [options], see Usage().

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "generate/config.h"
#include "generate/modes.h"
#include "generate/universe.h"

namespace profdiff_bench {
namespace {

void Usage() {
  std::fprintf(
      stderr,
      "usage: generate --kind=jit|aot|hotspot|llvm --size-mb=N --seed=S --out=DIR [options]\n"
      "Writes DIR/exp1/{log/,prof.json} and DIR/exp2/{log/,prof.json}; each log is\n"
      "about N MB (1 MB = 2^20 bytes). --kind=hotspot writes DIR/exp{1,2}/hotspot.log\n"
      "instead: HotSpot LogCompilation logs of the same program (generate/hotspot.cc;\n"
      "--flip-rate and --unit-only-rate apply). --kind=llvm writes DIR/exp{1,2}/build/:\n"
      "LLVM optimization remarks (*.opt.yaml, one per translation unit of about --file-mb)\n"
      "of two builds of one program (generate/llvm_remarks.cc; --flip-rate and the\n"
      "--opt-*-rate options apply; --hotness: every remark has a Hotness, as with PGO).\n"
      "Options (defaults in brackets):\n"
      "  --file-mb=X          size of one log file [1]\n"
      "  --flip-rate=X        call sites whose inlining decision exp2 flips [0.004]\n"
      "  --opt-remove-rate=X  optimizations missing in exp2 [0.01]\n"
      "  --opt-change-rate=X  optimizations changed in exp2 [0.01]\n"
      "  --opt-add-rate=X     optimizations added in exp2 [0.01]\n"
      "  --unit-only-rate=X   units compiled by one experiment only, each way [0.015]\n"
      "  --standalone-rate=X  methods compiled standalone in one run and inlined in the\n"
      "                       other [0.01]\n"
      "  --shuffle-rate=X     units whose unordered phases exp2 logs in another order [0.3]\n"
      "Runs mode (JIT only): N runs of each experiment and a ground truth (generate/runs.cc):\n"
      "  --runs=N             write OUT/exp{1,2}/run-{1..N}/{log/,prof.json} and\n"
      "                       OUT/ground-truth.json; each log is about --size-mb\n"
      "  --planted-flip-rate=X  call sites whose inlining experiment 2 flips [0.002]\n"
      "  --planted-opt-rate=X   optimizations experiment 2 removes, changes, adds one\n"
      "                         after (each) [0.002]\n"
      "  --noise-flip-rate=X    call sites each run flips on its own [0.002]\n"
      "  --noise-opt-rate=X     optimizations each run removes, changes, adds (each) [0.002]\n"
      "  --share-noise=X        sigma of each run's log-normal noise of period shares [0.03]\n"
      "  --noise-model=M        one-run: a noisy item is noisy in one run only (the ground\n"
      "                         truth is then exact); marginal: noisy items are noisy in\n"
      "                         each run with probability 1/2 [one-run]\n"
      "  --noise-on-planted     noise may also touch what planted changes touch\n"
      "  --quiet              no summary on stderr\n");
}

bool ParseArgs(int argc, char** argv, Config* c) {
  bool have_kind = false, have_size = false, have_seed = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--quiet") {
      c->quiet = true;
      continue;
    }
    if (a == "--hotness") {
      c->llvm_hotness = true;
      continue;
    }
    if (a == "--noise-on-planted") {
      c->noise_on_planted = true;
      continue;
    }
    size_t eq = a.find('=');
    if (a.substr(0, 2) != "--" || eq == std::string_view::npos) return false;
    std::string key(a.substr(2, eq - 2));
    std::string value(a.substr(eq + 1));
    char* end = nullptr;
    auto number = [&]() {
      double v = std::strtod(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0' || !(v >= 0)) {
        std::fprintf(stderr, "bad value for --%s: %s\n", key.c_str(), value.c_str());
        std::exit(2);
      }
      return v;
    };
    if (key == "kind") {
      if (value != "jit" && value != "aot" && value != "hotspot" && value != "llvm") return false;
      c->kind = value == "aot" || value == "llvm" ? Kind::kAot : Kind::kJit;
      c->hotspot = value == "hotspot";
      c->llvm = value == "llvm";
      have_kind = true;
    } else if (key == "size-mb") {
      c->size_mb = number();
      have_size = c->size_mb > 0;
    } else if (key == "seed") {
      c->seed = std::strtoull(value.c_str(), &end, 10);
      have_seed = end != value.c_str() && *end == '\0';
    } else if (key == "out") {
      c->out = value;
    } else if (key == "file-mb") {
      c->file_mb = std::max(0.01, number());
    } else if (key == "flip-rate") {
      c->flip_rate = number();
    } else if (key == "opt-remove-rate") {
      c->opt_remove_rate = number();
    } else if (key == "opt-change-rate") {
      c->opt_change_rate = number();
    } else if (key == "opt-add-rate") {
      c->opt_add_rate = number();
    } else if (key == "unit-only-rate") {
      c->unit_only_rate = number();
    } else if (key == "standalone-rate") {
      c->standalone_rate = number();
    } else if (key == "shuffle-rate") {
      c->shuffle_rate = number();
    } else if (key == "runs") {
      double runs = number();
      if (runs < 1 || runs > 100 || runs != static_cast<int>(runs)) return false;
      c->runs = static_cast<int>(runs);
    } else if (key == "planted-flip-rate") {
      c->planted_flip_rate = number();
    } else if (key == "planted-opt-rate") {
      c->planted_opt_rate = number();
    } else if (key == "noise-flip-rate") {
      c->noise_flip_rate = number();
    } else if (key == "noise-opt-rate") {
      c->noise_opt_rate = number();
    } else if (key == "share-noise") {
      c->share_noise = number();
    } else if (key == "noise-model") {
      if (value != "one-run" && value != "marginal") return false;
      c->marginal_noise = value == "marginal";
    } else {
      return false;
    }
  }
  if (c->runs > 0) {
    if (c->aot()) {
      std::fprintf(stderr, "--runs: JIT only\n");
      return false;
    }
    c->unit_only_rate = 0;  // every run compiles every unit
  }
  return have_kind && have_size && have_seed && !c->out.empty();
}

}  // namespace
}  // namespace profdiff_bench

int main(int argc, char** argv) {
  profdiff_bench::Config config;
  if (!profdiff_bench::ParseArgs(argc, argv, &config)) {
    profdiff_bench::Usage();
    return 2;
  }
  if (std::filesystem::exists(config.out) && !std::filesystem::is_empty(config.out)) {
    std::fprintf(stderr, "%s exists and is not empty\n", config.out.c_str());
    return 1;
  }
  if (config.llvm) {
    profdiff_bench::GenerateLlvmRemarks(config);
    return 0;
  }
  profdiff_bench::Universe universe(config.seed);
  if (config.hotspot) {
    profdiff_bench::GenerateHotspot(config, universe);
  } else if (config.runs > 0) {
    profdiff_bench::GenerateRuns(config, universe);
  } else {
    profdiff_bench::GeneratePair(config, universe);
  }
  return 0;
}
