// Runs mode: N runs of each experiment of one program, for profdiff jit-vs-jit-runs.
//
//   OUT/exp1/run-<k>/{log/,prof.json}   the runs of experiment 1 (the baseline), k = 1..N
//   OUT/exp2/run-<k>/{log/,prof.json}   the runs of experiment 2 (the change)
//   OUT/ground-truth.json               what profdiff should report as stable (below)
//
// Every unit has a baseline inlining tree. Experiment 2 plants its changes in it: flipped
// inlining decisions (a call inlined or no longer inlined, with the call sites below it) and
// removed, changed and added optimizations, the same in every run of experiment 2; and two hot
// methods take a larger and a smaller share of the time. Every run of either experiment then
// gets its own noise of the same kinds (flips, optimization changes, shares), drawn anew per run:
// a noisy call site or optimization is noisy in one run only (config.h, RunVariant::Noisy).
// Noise never touches what a planted change touches (its call site, the call sites above and
// below it, the optimizations it changes), so the planted differences show in every cross pair
// and in no same-side pair. Flips change one call site and leave the inliner's budget alone: a
// newly inlined call shows its call sites, none of them inlined.
//
// The ground truth lists every method that is hot in some run (by profdiff's default hot
// policy, simulated on the periods the profiles get), in how many runs of each experiment, and,
// computed from the baseline and planted trees of the method's hottest unit, the differences
// that the planted changes make: call sites inserted, deleted or relabelled, with their paths,
// and optimizations inserted or deleted, with their phases, outside the phases that profdiff's
// default --remove-detailed-phases=true leaves out.

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "generate/config.h"
#include "generate/inlining.h"
#include "generate/log_dir.h"
#include "generate/modes.h"
#include "generate/profile.h"
#include "generate/random.h"
#include "generate/text.h"
#include "generate/unit_sequence.h"
#include "generate/unit_writer.h"
#include "generate/universe.h"

namespace profdiff_bench {

namespace {

// The phases around an optimization of `slot`, below the root phase, as the optimization tree
// nests them (WriteOptimizationTree); nullptr when one of them is a detailed phase (a
// canonicalizer or dead-code elimination) that profdiff removes by default.
const std::vector<const char*>* VisiblePhases(Slot slot) {
  using Path = std::vector<const char*>;
  static const auto* const kPaths = new std::map<Slot, Path>{
      {kConvertDeopt, {"HighTier", "ConvertDeoptimizeToGuardPhase"}},
      {kHighIceCondElim,
       {"HighTier", "IterativeConditionalEliminationPhase", "ConditionalEliminationPhase"}},
      {kHighFullUnroll, {"HighTier", "LoopFullUnrollPhase"}},
      {kLoopPeeling, {"HighTier", "LoopPeelingPhase"}},
      {kLoopUnswitching, {"HighTier", "LoopUnswitchingPhase"}},
      {kFinalPea, {"HighTier", "FinalPartialEscapePhase"}},
      {kReadElimination, {"HighTier", "ReadEliminationPhase"}},
      {kFloatingRead, {"MidTier", "FloatingReadPhase"}},
      {kMidIce1CondElim,
       {"MidTier", "IterativeConditionalEliminationPhase", "ConditionalEliminationPhase"}},
      {kSpeculativeGuard, {"MidTier", "SpeculativeGuardMovementPhase"}},
      {kSafepointElim, {"MidTier", "LoopSafepointEliminationPhase"}},
      {kMidFullUnroll, {"MidTier", "LoopFullUnrollPhase"}},
      {kMidIce2CondElim,
       {"MidTier", "IterativeConditionalEliminationPhase", "ConditionalEliminationPhase"}},
      {kOptimizeDiv, {"MidTier", "OptimizeDivPhase"}},
      {kPartialUnroll, {"MidTier", "LoopPartialUnrollPhase"}},
      {kReassociation, {"MidTier", "ReassociationPhase"}},
      {kFixReads, {"LowTier", "FixReadsPhase"}},
      {kTrappingNullChecks, {"LowTier", "UseTrappingNullChecksPhase"}},
  };
  auto it = kPaths->find(slot);
  return it == kPaths->end() ? nullptr : &it->second;
}

// The callsite kind profdiff gives a node (formats.md §3.4), from the flags the writer logs.
const char* CallsiteKindOf(const Universe& u, const std::vector<Node>& nodes, int32_t idx) {
  const Node& n = nodes[static_cast<size_t>(idx)];
  if (idx == 0) return "root";
  if (n.kind == NodeKind::kInlined) return "inlined";
  if (n.kind == NodeKind::kDirect) return "direct";
  if (n.kind == NodeKind::kIndirect) return "indirect";
  const bool indirect =
      n.kind == NodeKind::kDevirtualized ||
      (n.kind == NodeKind::kDeleted && n.method >= 0 && u[n.method].flavor == Flavor::kInterface);
  return indirect && n.first_child >= 0 ? "devirtualized" : "deleted";
}

// Reachable nodes in preorder, each with the position after its subtree.
struct Preorder {
  std::vector<int32_t> nodes;
  std::vector<size_t> end;  // end[i]: the index in `nodes` after the subtree of nodes[i]
};

Preorder PreorderOf(const std::vector<Node>& nodes) {
  Preorder order;
  std::vector<size_t> position(nodes.size(), 0);
  std::vector<std::pair<int32_t, bool>> stack = {{0, false}};  // node, its subtree is done
  while (!stack.empty()) {
    auto [n, done] = stack.back();
    stack.pop_back();
    if (done) {
      order.end[position[static_cast<size_t>(n)]] = order.nodes.size();
      continue;
    }
    position[static_cast<size_t>(n)] = order.nodes.size();
    order.nodes.push_back(n);
    order.end.push_back(0);
    stack.emplace_back(n, true);
    const size_t mark = stack.size();
    for (int32_t c = nodes[static_cast<size_t>(n)].first_child; c >= 0;
         c = nodes[static_cast<size_t>(c)].next_sibling) {
      stack.emplace_back(c, false);
    }
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(mark), stack.end());
  }
  return order;
}

class RunsGenerator {
 public:
  RunsGenerator(const Config& c, const Universe& u)
      : c_(c), u_(u), writer_(u, c), builder_(u, c), units_(c, u) {}

  void Run() {
    auto start = std::chrono::steady_clock::now();
    std::filesystem::path out(c_.out);
    const int n = c_.runs;
    auto target = static_cast<uint64_t>(c_.size_mb * 1024 * 1024);
    double file_bytes = c_.file_mb * 1024 * 1024;
    std::vector<std::unique_ptr<LogDirWriter>> logs;
    std::vector<RunVariant> variants;
    std::vector<int64_t> next_id;
    for (int side = 1; side <= 2; ++side) {
      for (int run = 0; run < n; ++run) {
        RunVariant v;
        v.side = side;
        v.run = run;
        variants.push_back(v);
        logs.push_back(std::make_unique<LogDirWriter>(RunDir(side, run) / "log", file_bytes,
                                                      Hash(c_.seed, kSaltFiles, v.Salt())));
        Rng ids(Hash(c_.seed, kSaltRunIds, v.Salt()));
        next_id.push_back(1000 + static_cast<int64_t>(ids.Below(2000)));
      }
    }
    std::vector<std::vector<UnitRecord>> records(variants.size());
    std::string line;
    std::vector<Node> baseline, planted, tree;
    std::vector<char> no_flip, opt_noise;
    for (int64_t i = 0; logs[0]->total_bytes() < target; ++i) {
      UnitSpec spec = units_.Next(i);
      specs_.push_back(spec);
      Baseline(spec, &baseline, &planted, &no_flip, &opt_noise);
      for (size_t k = 0; k < variants.size(); ++k) {
        RunVariant& v = variants[k];
        v.opt_noise_allowed = &opt_noise;
        tree = v.side == 1 ? baseline : planted;
        AddNoise(spec, baseline.size(), no_flip, v, &tree);
        int64_t id = next_id[k];
        next_id[k] += 1 + static_cast<int64_t>(Hash(c_.seed, kSaltIds + v.Salt(), i) % 6);
        line.clear();
        writer_.WriteRun(spec, tree, v, std::to_string(id), &line);
        logs[k]->Append(line);
        records[k].push_back(UnitRecord{i, id, units_.RawName(spec), spec.hot_rank, spec.osr,
                                        units_.PeriodWeight(spec)});
      }
    }
    std::vector<std::vector<int64_t>> periods(variants.size());
    for (size_t k = 0; k < variants.size(); ++k) {
      WriteProfile(c_, u_, variants[k].side, records[k],
                   RunDir(variants[k].side, variants[k].run) / "prof.json", &variants[k],
                   &periods[k]);
    }
    uint64_t bytes = logs[0]->total_bytes();
    logs.clear();  // closes the files
    WriteGroundTruth(periods, out / "ground-truth.json");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!c_.quiet) {
      std::fprintf(stderr,
                   "%s: %d + %d JIT runs, seed %" PRIu64 ": %zu units of %.1f MB per run, %.1f s\n",
                   c_.out.c_str(), n, n, c_.seed, specs_.size(),
                   static_cast<double>(bytes) / 1048576.0, secs);
    }
  }

 private:
  std::filesystem::path RunDir(int side, int run) const {
    return std::filesystem::path(c_.out) / ("exp" + std::to_string(side)) /
           ("run-" + std::to_string(run + 1));
  }

  static bool Flippable(const Universe& u, const std::vector<Node>& nodes, int32_t idx) {
    if (idx == 0) return false;
    const Node& n = nodes[static_cast<size_t>(idx)];
    if (n.method < 0) return false;
    const Node& parent = nodes[static_cast<size_t>(n.parent)];
    if (parent.kind == NodeKind::kDevirtualized) return false;
    if (n.kind == NodeKind::kInlined) return true;
    if (n.kind != NodeKind::kDirect) return false;
    const Method& m = u[n.method];
    if (m.flavor != Flavor::kNormal && m.flavor != Flavor::kAccessor) return false;
    return !TreeBuilder::OnPathOf(nodes, n.parent, n.method);
  }

  // Flips the inlining decision of node `idx`: an inlined call becomes a direct call without
  // its subtree; a direct call becomes inlined, with its own call sites below it.
  void Flip(const UnitSpec& spec, std::vector<Node>* nodes, int32_t idx) {
    Node& n = (*nodes)[static_cast<size_t>(idx)];
    if (n.kind == NodeKind::kInlined) {
      n.kind = NodeKind::kDirect;
      n.reason = Reason::kRelevanceTooBig;
      n.by_phase = false;
      n.first_child = n.last_child = -1;
      return;
    }
    n.kind = NodeKind::kInlined;
    n.reason = Reason::kRelevanceInline;
    n.by_phase = true;
    builder_.ExpandShallow(spec, nodes, idx);
  }

  // Flips, in preorder, the nodes of the baseline (indices below `baseline_size`) that `chosen`
  // picks, skipping those whose ancestor a flip has just cut off.
  template <class Chosen>
  void FlipWhere(const UnitSpec& spec, size_t baseline_size, std::vector<Node>* nodes,
                 const Chosen& chosen) {
    const Preorder order = PreorderOf(*nodes);
    for (size_t p = 0; p < order.nodes.size(); ++p) {
      const int32_t idx = order.nodes[p];
      if (static_cast<size_t>(idx) >= baseline_size) continue;
      if (!Flippable(u_, *nodes, idx) || !chosen(idx)) continue;
      const bool cuts = (*nodes)[static_cast<size_t>(idx)].kind == NodeKind::kInlined;
      Flip(spec, nodes, idx);
      if (cuts) p = order.end[p] - 1;  // its subtree is gone
    }
  }

  bool Planted(const Node& n) const {
    return Unit(Hash(n.id, kSaltPlanted)) < c_.planted_flip_rate;
  }

  // The unit's baseline tree, its planted version (experiment 2), and which baseline nodes noise
  // must leave alone: `no_flip` (planted call sites, the call sites above and below them, and
  // the call sites above every planted optimization change) and `opt_noise` (optimizations that
  // noise may change: not those of planted call sites and the call sites below them).
  void Baseline(const UnitSpec& spec, std::vector<Node>* baseline, std::vector<Node>* planted,
                std::vector<char>* no_flip, std::vector<char>* opt_noise) {
    builder_.Build(spec, 1, baseline);
    const size_t size = baseline->size();
    const std::vector<Node>& b = *baseline;
    no_flip->assign(size, 0);
    opt_noise->assign(size, 1);
    std::vector<char> below(size, 0);  // at or below a planted call site
    const Preorder order = PreorderOf(b);
    auto mark_above = [&](int32_t idx) {
      for (int32_t p = idx; p >= 0; p = b[static_cast<size_t>(p)].parent) {
        (*no_flip)[static_cast<size_t>(p)] = 1;
      }
    };
    for (size_t p = 0; p < order.nodes.size(); ++p) {
      const int32_t idx = order.nodes[p];
      const Node& n = b[static_cast<size_t>(idx)];
      const bool site = Flippable(u_, b, idx) && Planted(n);
      if (site) {
        mark_above(idx);
        for (size_t q = p; q < order.end[p]; ++q) {
          below[static_cast<size_t>(order.nodes[q])] = 1;
          (*no_flip)[static_cast<size_t>(order.nodes[q])] = 1;
        }
      }
      if (n.kind == NodeKind::kRoot || n.kind == NodeKind::kInlined || site) {
        bool changed = false;
        UnitWriter::ForEachOptId(
            c_, n, [&](uint64_t id) { changed = changed || UnitWriter::PlantedOptChange(c_, id); });
        if (changed) mark_above(idx);
      }
    }
    for (size_t i = 0; i < size; ++i) (*opt_noise)[i] = below[i] ? 0 : 1;
    if (c_.noise_on_planted) {
      no_flip->assign(size, 0);
      opt_noise->assign(size, 1);
    }
    *planted = *baseline;
    FlipWhere(spec, size, planted,
              [&](int32_t idx) { return Planted((*planted)[static_cast<size_t>(idx)]); });
  }

  void AddNoise(const UnitSpec& spec, size_t baseline_size, const std::vector<char>& no_flip,
                const RunVariant& v, std::vector<Node>* tree) {
    FlipWhere(spec, baseline_size, tree, [&](int32_t idx) {
      if (no_flip[static_cast<size_t>(idx)]) return false;
      const Node& n = (*tree)[static_cast<size_t>(idx)];
      return v.Noisy(Hash(n.id, kSaltNoise), c_.noise_flip_rate, c_.runs, c_.marginal_noise);
    });
  }

  // ---- the ground truth

  // profdiff's default hot policy (algorithms.md §2) on one run's unit periods.
  static std::vector<char> HotUnits(const std::vector<int64_t>& periods) {
    std::vector<size_t> order(periods.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return periods[a] > periods[b]; });
    double graal = 0;
    for (int64_t p : periods) graal += static_cast<double>(p);
    double limit = graal * 0.9;
    std::vector<char> hot(periods.size(), 0);
    for (size_t i = 0; i < order.size(); ++i) {
      limit -= static_cast<double>(periods[order[i]]);
      hot[order[i]] = i < 1 || (limit >= 0 && i < 10);
    }
    return hot;
  }

  void AppendPath(const std::vector<Node>& nodes, int32_t idx, std::string* out) const {
    std::vector<int32_t> chain;
    for (int32_t p = idx; p > 0; p = nodes[static_cast<size_t>(p)].parent) chain.push_back(p);
    out->append("[");
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if (it != chain.rbegin()) out->append(",");
      const Node& n = nodes[static_cast<size_t>(*it)];
      out->append("{\"method\":");
      if (n.method < 0) {
        out->append("null");
      } else {
        AppendQuoted(out, u_[n.method].name);
      }
      out->append(",\"bci\":");
      AppendInt(out, n.bci);
      out->append("}");
    }
    out->append("]");
  }

  void AppendCallsite(const std::vector<Node>& nodes, int32_t idx, std::string* out) const {
    const Node& n = nodes[static_cast<size_t>(idx)];
    out->append("{\"callsite\":\"");
    out->append(CallsiteKindOf(u_, nodes, idx));
    out->append("\",\"method\":");
    if (n.method < 0) {
      out->append("null");
    } else {
      AppendQuoted(out, u_[n.method].name);
    }
    out->append(",\"bci\":");
    AppendInt(out, n.bci);
    out->append("}");
  }

  // The inlining differences between the baseline and the planted tree of a unit.
  void InliningDifferences(const std::vector<Node>& before, const std::vector<Node>& after,
                           std::vector<std::string>* out) const {
    // Call sites by path: (method, bci) from below the root; unique among siblings.
    auto index = [&](const std::vector<Node>& nodes) {
      std::map<std::vector<std::pair<int32_t, int32_t>>, int32_t> by_path;
      for (int32_t idx : PreorderOf(nodes).nodes) {
        std::vector<std::pair<int32_t, int32_t>> path;
        for (int32_t p = idx; p > 0; p = nodes[static_cast<size_t>(p)].parent) {
          path.emplace_back(nodes[static_cast<size_t>(p)].method,
                            nodes[static_cast<size_t>(p)].bci);
        }
        std::reverse(path.begin(), path.end());
        if (!by_path.emplace(path, idx).second) {
          std::fprintf(stderr, "two call sites with one path: the ground truth would be wrong\n");
          std::exit(1);
        }
      }
      return by_path;
    };
    const auto left = index(before);
    const auto right = index(after);
    for (const auto& [path, l] : left) {
      auto r = right.find(path);
      std::string d;
      if (r == right.end()) {
        d = "{\"tree\":\"inlining\",\"op\":\"delete\",\"path\":";
        AppendPath(before, l, &d);
        d += ",\"left\":";
        AppendCallsite(before, l, &d);
      } else if (std::string_view(CallsiteKindOf(u_, before, l)) !=
                 CallsiteKindOf(u_, after, r->second)) {
        d = "{\"tree\":\"inlining\",\"op\":\"relabel\",\"path\":";
        AppendPath(before, l, &d);
        d += ",\"left\":";
        AppendCallsite(before, l, &d);
        d += ",\"right\":";
        AppendCallsite(after, r->second, &d);
      } else {
        continue;
      }
      d += "}";
      out->push_back(std::move(d));
    }
    for (const auto& [path, r] : right) {
      if (left.count(path) != 0) continue;
      std::string d = "{\"tree\":\"inlining\",\"op\":\"insert\",\"path\":";
      AppendPath(after, r, &d);
      d += ",\"right\":";
      AppendCallsite(after, r, &d);
      d += "}";
      out->push_back(std::move(d));
    }
  }

  // The optimization differences: optimizations (outside detailed phases) that one tree has
  // more often than the other, keyed by their phases and label.
  void OptimizationDifferences(const UnitSpec& spec, const std::vector<Node>& before,
                               const std::vector<Node>& after, std::vector<std::string>* out) {
    auto labels = [&](const std::vector<Node>& nodes, int side) {
      RunVariant v;
      v.side = side;
      std::vector<UnitWriter::OptFact> facts;
      writer_.DescribeOpts(spec, nodes, v, &facts);
      std::map<std::string, std::pair<int, std::string>> counted;  // key -> count, label JSON
      for (const UnitWriter::OptFact& f : facts) {
        const std::vector<const char*>* phases = VisiblePhases(f.slot);
        if (phases == nullptr) continue;
        std::string path = "[";
        for (size_t i = 0; i < phases->size(); ++i) {
          if (i > 0) path += ",";
          AppendQuoted(&path, (*phases)[i]);
        }
        path += "]";
        std::string label = "{\"name\":";
        AppendQuoted(&label, f.name);
        label += ",\"event\":";
        AppendQuoted(&label, f.event);
        label += ",\"position\":[";
        for (size_t i = 0; i < f.position.size(); ++i) {
          if (i > 0) label += ",";
          label += "{\"method\":";
          AppendQuoted(&label, f.position[i].first);
          label += ",\"bci\":";
          AppendInt(&label, f.position[i].second);
          label += "}";
        }
        label += "],\"properties\":" + f.properties + "}";
        auto& entry = counted[path + label];
        ++entry.first;
        entry.second = "\"path\":" + path;
        entry.second += "," + std::string("\"label\":") + label;
      }
      return counted;
    };
    const auto left = labels(before, 1);
    const auto right = labels(after, 2);
    auto emit = [&](const char* op, const std::string& fields) {
      // fields: "path":[...],"label":{...}; the label goes under "left" or "right".
      const size_t at = fields.find(",\"label\":");
      std::string d = "{\"tree\":\"optimization\",\"op\":\"";
      d += op;
      d += "\",";
      d += fields.substr(0, at);
      d += std::string(",\"") + (std::string_view(op) == "delete" ? "left" : "right") + "\":";
      d += fields.substr(at + 9);
      d += "}";
      out->push_back(std::move(d));
    };
    for (const auto& [key, entry] : left) {
      auto r = right.find(key);
      if (r == right.end() || r->second.first < entry.first) emit("delete", entry.second);
    }
    for (const auto& [key, entry] : right) {
      auto l = left.find(key);
      if (l == left.end() || l->second.first < entry.first) emit("insert", entry.second);
    }
  }

  void WriteGroundTruth(const std::vector<std::vector<int64_t>>& periods,
                        const std::filesystem::path& path) {
    const int n = c_.runs;
    const size_t runs = periods.size();
    std::vector<std::vector<char>> hot(runs);
    for (size_t k = 0; k < runs; ++k) hot[k] = HotUnits(periods[k]);
    // Per root method: its units.
    std::map<int32_t, std::vector<size_t>> units_of;
    for (size_t i = 0; i < specs_.size(); ++i) units_of[specs_[i].root].push_back(i);
    std::string text = "{\"runs\":";
    AppendInt(&text, n);
    text += ",\"seed\":";
    AppendInt(&text, static_cast<int64_t>(c_.seed));
    text += ",\"policy\":\"profdiff's defaults\",\"methods\":[";
    bool first_method = true;
    std::vector<Node> baseline, planted;
    std::vector<char> no_flip, opt_noise;
    for (const auto& [root, units] : units_of) {
      int hot_runs[2] = {0, 0};
      std::vector<size_t> hottest;  // per run
      for (size_t k = 0; k < runs; ++k) {
        bool is_hot = false;
        size_t best = units.front();
        for (size_t i : units) {
          is_hot = is_hot || hot[k][i];
          if (periods[k][i] > periods[k][best]) best = i;
        }
        if (is_hot) ++hot_runs[k < static_cast<size_t>(n) ? 0 : 1];
        hottest.push_back(best);
      }
      if (hot_runs[0] + hot_runs[1] == 0) continue;
      const bool consistent =
          std::all_of(hottest.begin(), hottest.end(), [&](size_t i) { return i == hottest[0]; });
      const UnitSpec& spec = specs_[hottest[0]];
      if (!first_method) text += ",";
      first_method = false;
      text += "\n{\"method\":";
      AppendQuoted(&text, u_[root].name);
      text += ",\"hot_runs\":[";
      AppendInt(&text, hot_runs[0]);
      text += ",";
      AppendInt(&text, hot_runs[1]);
      text += "],\"compared\":";
      text += hot_runs[0] * 2 >= n && hot_runs[1] * 2 >= n ? "true" : "false";
      text += ",\"consistent\":";
      text += consistent ? "true" : "false";
      text += ",\"share_shift\":";
      AppendJavaDouble(&text, spec.hot_rank >= 0 && spec.hot_rank < Universe::kHotMethods
                                  ? PlantedShareShift(spec.hot_rank, 2)
                                  : 1.0);
      text += ",\"stable_differences\":[";
      std::vector<std::string> differences;
      if (consistent) {
        Baseline(spec, &baseline, &planted, &no_flip, &opt_noise);
        InliningDifferences(baseline, planted, &differences);
        OptimizationDifferences(spec, baseline, planted, &differences);
      }
      for (size_t i = 0; i < differences.size(); ++i) {
        text += i == 0 ? "\n  " : ",\n  ";
        text += differences[i];
      }
      text += "]}";
    }
    text += "]}\n";
    std::FILE* fp = std::fopen(path.c_str(), "wb");
    if (fp == nullptr || std::fwrite(text.data(), 1, text.size(), fp) != text.size() ||
        std::fclose(fp) != 0) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      std::exit(1);
    }
  }

  const Config& c_;
  const Universe& u_;
  UnitWriter writer_;
  TreeBuilder builder_;
  UnitSequence units_;
  std::vector<UnitSpec> specs_;
};

}  // namespace

void GenerateRuns(const Config& config, const Universe& universe) {
  RunsGenerator(config, universe).Run();
}

}  // namespace profdiff_bench
