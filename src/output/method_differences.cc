#include "profdiff/method_differences.h"

#include <algorithm>
#include <string_view>

namespace profdiff {

namespace {

bool IsInliningLabel(const NodeRecord& node) {
  const NodeLabel& label = node.op == NodeOp::kInsert ? node.right : node.left;
  return label.kind == LabelKind::kInlining;
}

// The differing nodes only: a summary row has no identities.
void CountOp(NodeOp op, OpCounts* counts) {
  if (op != NodeOp::kIdentity) counts->Add(op);
}

OpCounts Differences(const OpCounts& counts) {
  OpCounts differences = counts;
  differences.identity = 0;
  return differences;
}

}  // namespace

void MethodRecordShares(const MethodRecord& record, std::optional<double> (&share)[2]) {
  for (const CompilationListRecord& list : record.experiments) {
    if (list.experiment < 1 || list.experiment > 2 || !list.profiled) continue;
    double sum = 0;
    for (const CompilationRecord& c : list.compilations) {
      if (!c.fragment) sum += c.total_share;
    }
    // A profile whose total period is 0 gives NaN shares: unknown.
    if (sum == sum) share[list.experiment - 1] = sum;
  }
}

std::optional<double> MethodDifferences::LargerShare() const {
  if (share[0] && share[1]) return std::max(*share[0], *share[1]);
  return share[0] ? share[0] : share[1];
}

void MethodDifferenceTally::Header(const HeaderRecord& record) {
  std::lock_guard<std::mutex> lock(mutex_);
  // report and stats compare no compilations (stats counts what the logs hold).
  compares_ =
      record.command != "report" && record.command != "stats" && record.options.diff_compilations;
  runs_ = record.runs.has_value();
  fewest_runs_ = runs_ ? std::min(record.runs->runs[0].size(), record.runs->runs[1].size()) : 0;
}

bool MethodDifferenceTally::compares() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return compares_;
}

bool MethodDifferenceTally::runs() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return runs_;
}

size_t MethodDifferenceTally::fewest_runs() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return fewest_runs_;
}

MethodDifferenceTally::MethodEntry& MethodDifferenceTally::Find(std::string_view method) {
  // By name: a HotSpot comparison without a profile has a section for every method compiled on
  // both sides, thousands (a linear search was 5 % of such a run).
  auto it = index_.find(method);
  if (it != index_.end()) return methods_[it->second];
  MethodEntry& entry = methods_.emplace_back();
  entry.totals.method = std::string(method);
  index_.emplace(entry.totals.method, methods_.size() - 1);
  return entry;
}

std::optional<int64_t> SectionPairCount(const MethodRecord& record) {
  if (record.pairs.has_value()) return record.pairs;
  int64_t hot[2] = {0, 0}, hot_fragments[2] = {0, 0};
  bool listed[2] = {false, false};
  for (const CompilationListRecord& list : record.experiments) {
    if (list.experiment < 1 || list.experiment > 2 || !list.profiled) return std::nullopt;
    const int side = list.experiment - 1;
    if (listed[side]) return std::nullopt;
    listed[side] = true;
    for (const CompilationRecord& c : list.compilations) {
      if (!c.hot) continue;
      ++hot[side];
      if (c.fragment) ++hot_fragments[side];
    }
  }
  if (!listed[0] || !listed[1]) return std::nullopt;
  return hot[0] * hot[1] - hot_fragments[0] * hot_fragments[1];
}

std::vector<MethodDifferenceTally::PairDifferences> MethodDifferenceTally::TakeIfComplete(
    MethodEntry& entry) {
  std::vector<PairDifferences> pairs;
  if (entry.reduced || !entry.expected.has_value() || entry.totals.pairs != *entry.expected) {
    return pairs;
  }
  entry.reduced = true;
  pairs.swap(entry.pending);  // its memory goes with it
  return pairs;
}

void MethodDifferenceTally::Reduce(MethodEntry& entry, std::vector<PairDifferences> pairs) {
  if (pairs.empty()) return;
  // The pairing (CountedPairs, up to O(n^3) in a method's compilations) outside the lock: the
  // entry takes no more pairs of its own meanwhile (more would come only from a stream not
  // written by profdiff, and they wait in `pending`).
  MethodDifferences counted;
  IdPairs ids;
  Count(pairs, &counted, keep_ids_ ? &ids : nullptr);
  std::vector<PairDifferences>().swap(pairs);
  std::lock_guard<std::mutex> lock(mutex_);
  MethodDifferences& totals = entry.totals;
  totals.counted_pairs += counted.counted_pairs;
  totals.inlining += counted.inlining;
  totals.optimization += counted.optimization;
  totals.inlining_too_big += counted.inlining_too_big;
  totals.optimization_too_big += counted.optimization_too_big;
  for (auto& id : ids) entry.counted_ids.push_back(std::move(id));
}

void MethodDifferenceTally::Method(const MethodRecord& record) {
  MethodEntry* entry;
  std::vector<PairDifferences> complete;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    entry = &Find(record.name);
    MethodDifferences& method = entry->totals;
    method.index = record.index;
    MethodRecordShares(record, method.share);
    if (!entry->expected.has_value()) entry->expected = SectionPairCount(record);
    complete = TakeIfComplete(*entry);
  }
  Reduce(*entry, std::move(complete));
}

ComparedPair ComparedPairOf(const PairRecord& record) {
  ComparedPair pair;
  pair.left = record.first.id;
  pair.right = record.second.id;
  pair.left_fragment = record.first.fragment;
  pair.right_fragment = record.second.fragment;
  // A tree too big to compare has an unknown cost and may differ, unless it was found identical.
  for (const TreeRecord* tree : {record.inlining, record.optimization, record.context}) {
    if (tree == nullptr) continue;
    if (tree->too_big && !tree->identical) pair.cost_known = false;
    pair.cost += tree->cost;
  }
  return pair;
}

void MethodDifferenceTally::Pair(const PairRecord& record) {
  PairDifferences entry;
  entry.pair = ComparedPairOf(record);
  auto add_cost = [](const TreeRecord& tree) { return tree.too_big && !tree.identical ? 1 : 0; };
  if (record.context != nullptr) {
    entry.inlining_too_big = entry.optimization_too_big = add_cost(*record.context);
    for (const NodeRecord& node : record.context->nodes) {
      CountOp(node.op, IsInliningLabel(node) ? &entry.inlining : &entry.optimization);
    }
  } else {
    if (record.inlining != nullptr) {
      entry.inlining = Differences(record.inlining->counts);
      entry.inlining_too_big = add_cost(*record.inlining);
    }
    if (record.optimization != nullptr) {
      entry.optimization = Differences(record.optimization->counts);
      entry.optimization_too_big = add_cost(*record.optimization);
    }
  }
  MethodEntry* method;
  std::vector<PairDifferences> complete;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    method = &Find(record.method);
    ++method->totals.pairs;
    method->pending.push_back(std::move(entry));
    complete = TakeIfComplete(*method);
  }
  Reduce(*method, std::move(complete));
}

void MethodDifferenceTally::RunsMethod(const RunsMethodRecord& record) {
  // A method hot in too few runs was not compared: like a method hot in one experiment only,
  // it has no pairs and does not count.
  if (!record.compared) return;
  MethodEntry entry;
  MethodDifferences& method = entry.totals;
  method.index = record.index;
  method.method = std::string(record.name);
  for (const ShareStatsRecord& hotness : record.hotness) {
    // A NaN mean (a profile whose total period is 0) is unknown.
    if (hotness.experiment >= 1 && hotness.experiment <= 2 && hotness.mean == hotness.mean) {
      method.share[hotness.experiment - 1] = hotness.mean;
    }
  }
  method.pairs = method.counted_pairs = record.cross_pairs;
  for (const DifferenceRecord& difference : record.stable) {
    if (difference.node.op == NodeOp::kIdentity) continue;
    const bool inlining =
        difference.tree == TreeKind::kInlining ||
        (difference.tree != TreeKind::kOptimization && IsInliningLabel(difference.node));
    (inlining ? method.inlining : method.optimization).Add(difference.node.op);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  methods_.push_back(std::move(entry));
  methods_.back().reduced = true;
}

void MethodDifferenceTally::Count(const std::vector<PairDifferences>& pairs,
                                  MethodDifferences* totals, IdPairs* ids) {
  if (pairs.empty()) return;
  std::vector<ComparedPair> compared;
  compared.reserve(pairs.size());
  for (const PairDifferences& entry : pairs) compared.push_back(entry.pair);
  for (size_t k : CountedPairs(compared)) {
    const PairDifferences& pair = pairs[k];
    ++totals->counted_pairs;
    totals->inlining += pair.inlining;
    totals->optimization += pair.optimization;
    totals->inlining_too_big += pair.inlining_too_big;
    totals->optimization_too_big += pair.optimization_too_big;
    if (ids != nullptr) ids->emplace_back(pair.pair.left, pair.pair.right);
  }
}

std::vector<MethodDifferences> MethodDifferenceTally::Methods() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<MethodDifferences> methods;
  methods.reserve(methods_.size());
  for (const MethodEntry& entry : methods_) {
    // The pairs not reduced yet: of a method whose pair count was not known or not reached, or
    // that came after it was reached.
    Count(entry.pending, &methods.emplace_back(entry.totals), nullptr);
  }
  std::stable_sort(
      methods.begin(), methods.end(),
      [](const MethodDifferences& a, const MethodDifferences& b) { return a.index < b.index; });
  return methods;
}

std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
MethodDifferenceTally::CountedPairIds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> result;
  if (runs_) return result;
  // In section order, as Methods(): the records came from worker threads in any order.
  std::vector<const MethodEntry*> entries;
  entries.reserve(methods_.size());
  for (const MethodEntry& entry : methods_) entries.push_back(&entry);
  std::stable_sort(entries.begin(), entries.end(), [](const MethodEntry* a, const MethodEntry* b) {
    return a->totals.index < b->totals.index;
  });
  for (const MethodEntry* entry : entries) {
    if (entry->totals.pairs == 0) continue;
    auto& [method, ids] = result.emplace_back();
    method = entry->totals.method;
    ids = entry->counted_ids;
    MethodDifferences unused;
    Count(entry->pending, &unused, &ids);
  }
  return result;
}

size_t MethodDifferenceTally::PendingPairs() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t pending = 0;
  for (const MethodEntry& entry : methods_) pending += entry.pending.size();
  return pending;
}

std::vector<MethodDifferences> RankMethods(std::vector<MethodDifferences> methods) {
  auto differs = [](const MethodDifferences& m) {
    return m.InliningDiffers() || m.OptimizationDiffers();
  };
  auto count = [](const MethodDifferences& m) {
    return m.inlining.differences() + m.optimization.differences();
  };
  std::stable_sort(methods.begin(), methods.end(),
                   [&](const MethodDifferences& a, const MethodDifferences& b) {
                     if (differs(a) != differs(b)) return differs(a);
                     const std::optional<double> sa = a.LargerShare(), sb = b.LargerShare();
                     // Unknown shares after known ones.
                     const bool ka = sa.has_value(), kb = sb.has_value();
                     if (ka != kb) return ka;
                     if (ka && *sa != *sb) return *sa > *sb;
                     if (count(a) != count(b)) return count(a) > count(b);
                     return a.index < b.index;
                   });
  return methods;
}

SummaryRecord MakeSummaryRecord(const std::vector<MethodDifferences>& ranked) {
  SummaryRecord record;
  record.methods.reserve(ranked.size());
  for (const MethodDifferences& method : ranked) {
    SummaryRowRecord& row = record.methods.emplace_back();
    row.rank = static_cast<int64_t>(record.methods.size());
    row.index = method.index;
    row.method = method.method;
    row.share[0] = method.share[0];
    row.share[1] = method.share[1];
    row.pairs = method.pairs;
    row.counted_pairs = method.counted_pairs;
    row.inlining = method.inlining;
    row.optimization = method.optimization;
    row.inlining_too_big = method.inlining_too_big;
    row.optimization_too_big = method.optimization_too_big;
  }
  return record;
}

}  // namespace profdiff
