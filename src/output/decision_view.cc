#include "profdiff/output/decision_view.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

#include "profdiff/diff/decision_changes.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/record_builders.h"

namespace profdiff {

namespace {

// Larger known shares first, unknown last.
bool ShareBefore(const std::optional<double>& a, const std::optional<double>& b) {
  if (a.has_value() != b.has_value()) return a.has_value();
  return a.has_value() && *a > *b;
}

// What the tally keeps of `change` of `decisions` (whose trees are gone once it is written).
CollectedDecisionPair::Change KeptChange(const PairDecisions& decisions,
                                         const DecisionChange& change) {
  CollectedDecisionPair::Change kept;
  kept.kind_changed = change.kind_changed;
  kept.moved = change.moved;
  for (uint32_t i = change.path_begin; i < change.path_end; ++i) {
    const DecisionPathStep& step = decisions.path[i];
    CollectedDecisionPair::Step& copy = kept.path.emplace_back();
    if (step.method) copy.method = std::string(*step.method);
    copy.bci = step.bci;
  }
  for (int s = 0; s < 2; ++s) {
    kept.side[s].present = change.side[s].present;
    kept.side[s].kind = std::string(change.side[s].kind);
    if (change.side[s].reasons != nullptr) kept.side[s].reasons = *change.side[s].reasons;
    kept.side[s].bytecode_size = change.side[s].bytecode_size;
    kept.side[s].bci = change.side[s].bci;
  }
  return kept;
}

}  // namespace

std::vector<size_t> PairsCountedForDecisions(
    const std::vector<const CollectedDecisionPair*>& pairs) {
  std::vector<ComparedPair> compared;
  compared.reserve(pairs.size());
  for (const CollectedDecisionPair* pair : pairs) compared.push_back(pair->compared);
  return CountedPairs(compared);
}

void DecisionTally::Method(const MethodRecord& record) {
  std::optional<double> share[2];
  MethodRecordShares(record, share);
  std::optional<int64_t> samples[2];
  MethodRecordSamples(record, samples);
  MethodInfo info;
  info.index = record.index;
  if (const int side = LargerShareSide(share); side >= 0) {
    info.share = share[side];
    info.samples = samples[side];
  }
  info.sampling_noise = record.sampling_noise;
  std::lock_guard<std::mutex> lock(mutex_);
  methods_[std::string(record.name)] = info;
}

void DecisionTally::Pair(const PairRecord& record) {
  if (record.decisions == nullptr) return;
  const PairDecisions& decisions = *record.decisions;
  CollectedDecisionPair pair;
  pair.method = std::string(record.method);
  pair.compared = ComparedPairOf(record);
  pair.period[0] = record.first.period;
  pair.period[1] = record.second.period;
  pair.too_big = decisions.too_big;
  for (int s = 0; s < 2; ++s) {
    pair.call_sites[s] = decisions.call_sites[s];
    pair.inlined[s] = decisions.inlined[s];
  }
  pair.changes.reserve(decisions.changes.size());
  for (const DecisionChange& change : decisions.changes) {
    pair.changes.push_back(KeptChange(decisions, change));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  pairs_.push_back(std::move(pair));
}

void DecisionTally::RunsMethod(const RunsMethodRecord& record) {
  if (!record.compared) return;
  MethodInfo info;
  info.index = record.index;
  for (const ShareStatsRecord& hotness : record.hotness) {
    if (hotness.mean == hotness.mean && (!info.share || hotness.mean > *info.share)) {
      info.share = hotness.mean;
    }
  }
  CollectedDecisionPair pair;
  pair.method = std::string(record.name);
  pair.runs = true;
  pair.pairs_of_runs = record.cross_pairs;
  auto label_of = [](const NodeRecord& node) -> const NodeLabel& {
    return node.op == NodeOp::kInsert ? node.right : node.left;
  };
  // The call-site steps of a difference's path (phases of context trees left out).
  auto steps_of = [&](const DifferenceRecord& d) {
    std::vector<CollectedDecisionPair::Step> steps;
    for (uint32_t i = d.path.begin; i < d.path.end; ++i) {
      const PathStepRecord& step = record.path_steps[i];
      if (step.phase) continue;
      CollectedDecisionPair::Step& kept = steps.emplace_back();
      if (step.name_known) kept.method = std::string(step.name);
      kept.bci = step.bci;
    }
    return steps;
  };
  std::vector<const DifferenceRecord*> inlining;
  for (const DifferenceRecord& d : record.stable) {
    if (d.tree == TreeKind::kOptimization || d.node.op == NodeOp::kIdentity ||
        d.node.op == NodeOp::kMoved) {
      continue;
    }
    if (label_of(d.node).kind != LabelKind::kInlining) continue;
    inlining.push_back(&d);
  }
  auto same_steps = [](const std::vector<CollectedDecisionPair::Step>& a,
                       const std::vector<CollectedDecisionPair::Step>& b, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      if (a[i].method != b[i].method || a[i].bci != b[i].bci) return false;
    }
    return true;
  };
  std::vector<std::vector<CollectedDecisionPair::Step>> paths;
  for (const DifferenceRecord* d : inlining) paths.push_back(steps_of(*d));
  for (size_t k = 0; k < inlining.size(); ++k) {
    const DifferenceRecord& d = *inlining[k];
    if (d.node.op != NodeOp::kRelabel) {
      // Under a call site whose own decision changed (stably), it follows from that change.
      bool consequence = false;
      for (size_t j = 0; j < inlining.size() && !consequence; ++j) {
        consequence = paths[j].size() + 1 == paths[k].size() &&
                      same_steps(paths[j], paths[k], paths[j].size());
      }
      if (consequence) continue;
    }
    CollectedDecisionPair::Change& change = pair.changes.emplace_back();
    change.path = paths[k];
    for (int s = 0; s < 2; ++s) {
      const bool present = s == 0 ? d.node.op != NodeOp::kInsert : d.node.op != NodeOp::kDelete;
      if (!present) continue;
      const NodeLabel& label = s == 0 ? d.node.left : d.node.right;
      change.side[s].present = true;
      change.side[s].kind = std::string(label.callsite);
      if (record.decisions != nullptr && label.name_known) {
        const auto& sizes = record.decisions->callee_sizes[s];
        if (auto size = sizes.find(label.name); size != sizes.end()) {
          change.side[s].bytecode_size = size->second;
        }
      }
      if (label.reasons_shown) {
        for (uint32_t i = label.reasons.begin; i < label.reasons.end; ++i) {
          change.side[s].reasons.emplace_back(record.labels.reasons[i]);
        }
      }
    }
  }
  if (record.decisions != nullptr) {
    // The stable reason-only changes, after the stable kind changes.
    const PairDecisions& reasons = record.decisions->reason_changes;
    for (const DecisionChange& change : reasons.changes) {
      pair.changes.push_back(KeptChange(reasons, change));
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  methods_[pair.method] = info;
  if (record.decisions != nullptr) {
    runs_ = true;
    for (int s = 0; s < 2; ++s) {
      for (const RunsDecisions::RunCallSites& run : record.decisions->runs[s]) {
        pair.call_sites[s] += run.call_sites;
        pair.inlined[s] += run.inlined;
        DecisionRateRecord& rate = run_rates_[s][run.run];
        rate.call_sites += run.call_sites;
        rate.inlined += run.inlined;
        if (info.share) {
          rate.weighted_call_sites += *info.share * static_cast<double>(run.call_sites);
          rate.weighted_inlined += *info.share * static_cast<double>(run.inlined);
        }
      }
    }
  }
  pairs_.push_back(std::move(pair));
}

const DecisionsRecord& DecisionTally::MakeRecord() {
  std::lock_guard<std::mutex> lock(mutex_);
  record_ = DecisionsRecord();
  keys_.clear();
  auto method_info = [&](const std::string& name) {
    auto it = methods_.find(name);
    return it != methods_.end() ? it->second
                                : MethodInfo{INT64_MAX, std::nullopt, std::nullopt, std::nullopt};
  };
  // The pairs of each method section in a fixed order (they came from several threads).
  std::map<std::pair<int64_t, std::string>, std::vector<const CollectedDecisionPair*>> sections;
  for (const CollectedDecisionPair& pair : pairs_) {
    sections[{method_info(pair.method).index, pair.method}].push_back(&pair);
  }
  std::vector<const CollectedDecisionPair*> counted;
  for (auto& [key, pairs] : sections) {
    std::sort(pairs.begin(), pairs.end(),
              [](const CollectedDecisionPair* a, const CollectedDecisionPair* b) {
                return std::tie(b->period[0], b->period[1], a->compared.left, a->compared.right) <
                       std::tie(a->period[0], a->period[1], b->compared.left, b->compared.right);
              });
    // jit-vs-jit-runs: a method's stable differences, which count as they are.
    if (pairs.size() == 1 && pairs[0]->runs) {
      counted.push_back(pairs[0]);
      continue;
    }
    for (size_t i : PairsCountedForDecisions(pairs)) counted.push_back(pairs[i]);
  }
  record_.methods = static_cast<int64_t>(sections.size());

  auto keep = [&](std::string text) -> std::string_view {
    return keys_.emplace_back(std::move(text));
  };
  struct Transition {
    int64_t call_sites = 0;
    std::set<std::string_view> methods;
    double share = 0;
    bool share_known = false;
    int64_t samples = 0;  // of the methods whose share is known from JFR samples
    bool samples_known = false;
  };
  std::map<std::tuple<std::string, std::string, std::string, std::string>, Transition> transitions;
  for (const CollectedDecisionPair* pair : counted) {
    record_.pairs += pair->runs ? pair->pairs_of_runs : 1;
    if (!pair->runs) {
      record_.counted.push_back({pair->method, {pair->compared.left, pair->compared.right}});
    }
    const MethodInfo info = method_info(pair->method);
    // The rate counts the trees of every counted pair, also of those too big to compare.
    for (int s = 0; s < 2; ++s) {
      DecisionRateRecord& rate = record_.rate[s];
      rate.call_sites += pair->call_sites[s];
      rate.inlined += pair->inlined[s];
      if (info.share) {
        rate.weighted_call_sites += *info.share * static_cast<double>(pair->call_sites[s]);
        rate.weighted_inlined += *info.share * static_cast<double>(pair->inlined[s]);
      }
    }
    if (pair->too_big) {
      ++record_.too_big;
      continue;
    }
    for (const CollectedDecisionPair::Change& change : pair->changes) {
      DecisionSiteRecord site;
      site.method = pair->method;
      site.index = info.index;
      site.share = info.share;
      site.samples = info.samples;
      site.sampling_noise = info.sampling_noise;
      site.compilation[0] = pair->compared.left;
      site.compilation[1] = pair->compared.right;
      site.path.begin = static_cast<uint32_t>(record_.path.size());
      for (const CollectedDecisionPair::Step& step : change.path) {
        PathElementRecord& element = record_.path.emplace_back();
        if (step.method) element.method = *step.method;
        element.bci = step.bci;
      }
      site.path.end = static_cast<uint32_t>(record_.path.size());
      if (change.path.size() >= 2) {
        const auto& caller = change.path[change.path.size() - 2].method;
        if (caller) site.caller = *caller;
      } else {
        site.caller = pair->method;
      }
      if (!change.path.empty()) {
        if (change.path.back().method) site.callee = *change.path.back().method;
        site.bci = change.path.back().bci;
      }
      for (int s = 0; s < 2; ++s) {
        site.present[s] = change.side[s].present;
        site.kind[s] = change.side[s].kind;
        if (change.side[s].bytecode_size >= 0) site.bytecode_size[s] = change.side[s].bytecode_size;
        // jit-vs-jit-runs does not align moved call sites: a side there is at the path's bci.
        if (change.side[s].present) {
          site.side_bci[s] = change.side[s].bci != -1 ? change.side[s].bci : site.bci;
        }
        site.reasons[s].begin = static_cast<uint32_t>(record_.reasons.size());
        for (const std::string& reason : change.side[s].reasons) record_.reasons.push_back(reason);
        site.reasons[s].end = static_cast<uint32_t>(record_.reasons.size());
      }
      if (change.moved) {
        record_.moves.push_back(site);
        continue;
      }
      if (!change.kind_changed) {
        record_.reason_changes.push_back(site);
        continue;
      }
      record_.changes.push_back(site);
      Transition& t = transitions[{change.side[0].kind, ReasonKey(change.side[0].reasons),
                                   change.side[1].kind, ReasonKey(change.side[1].reasons)}];
      ++t.call_sites;
      if (t.methods.insert(pair->method).second && info.share) {
        t.share += *info.share;
        t.share_known = true;
        if (info.samples) {
          t.samples += *info.samples;
          t.samples_known = true;
        }
      }
    }
  }
  for (auto& [key, t] : transitions) {
    DecisionTransitionRecord& row = record_.transitions.emplace_back();
    row.kind[0] = keep(std::get<0>(key));
    row.reason[0] = keep(std::get<1>(key));
    row.kind[1] = keep(std::get<2>(key));
    row.reason[1] = keep(std::get<3>(key));
    row.call_sites = t.call_sites;
    row.methods = static_cast<int64_t>(t.methods.size());
    if (t.share_known) row.share = t.share;
    if (t.samples_known) row.samples = t.samples;
  }
  // The transitions came in key order; the largest share first, then the most call sites.
  std::stable_sort(record_.transitions.begin(), record_.transitions.end(),
                   [](const DecisionTransitionRecord& a, const DecisionTransitionRecord& b) {
                     if (a.share != b.share) return ShareBefore(a.share, b.share);
                     return a.call_sites > b.call_sites;
                   });
  // The call sites came in section, pair and tree order; by their method's share first.
  auto rank = [](std::vector<DecisionSiteRecord>& sites) {
    std::stable_sort(sites.begin(), sites.end(),
                     [](const DecisionSiteRecord& a, const DecisionSiteRecord& b) {
                       return ShareBefore(a.share, b.share);
                     });
  };
  rank(record_.changes);
  rank(record_.reason_changes);
  rank(record_.moves);
  if (runs_) record_.runs_rate = RunsRate();
  return record_;
}

RunsRateRecord DecisionTally::RunsRate() const {
  RunsRateRecord result;
  for (int weighted = 0; weighted < 2; ++weighted) {
    std::vector<double>* rates = weighted ? result.weighted_rates : result.rates;
    for (int s = 0; s < 2; ++s) {
      for (const auto& [run, rate] : run_rates_[s]) {
        const double whole =
            weighted ? rate.weighted_call_sites : static_cast<double>(rate.call_sites);
        const double part = weighted ? rate.weighted_inlined : static_cast<double>(rate.inlined);
        if (whole > 0) rates[s].push_back(part / whole);
      }
    }
    result.change[weighted] = TestShareChange(rates[0], rates[1]);
  }
  return result;
}

}  // namespace profdiff
