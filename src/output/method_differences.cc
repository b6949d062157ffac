#include "profdiff/output/method_differences.h"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <utility>

#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

bool IsInliningLabel(const NodeRecord& node) {
  const NodeLabel& label = node.op == NodeOp::kInsert ? node.right : node.left;
  return label.kind == LabelKind::kInlining;
}

// The differing nodes only: a summary row has no identities (nor moves, which are identities).
void CountOp(NodeOp op, OpCounts* counts) {
  if (op != NodeOp::kIdentity && op != NodeOp::kMoved) counts->Add(op);
}

OpCounts Differences(const OpCounts& counts) {
  OpCounts differences = counts;
  differences.identity = 0;
  differences.moved = 0;
  return differences;
}

// Sorts `methods` as std::stable_sort would, without its buffer (half as big as the methods):
// an order of their positions, then each method moved once along the order's cycles.
template <typename Less>
void StableSortInPlace(std::vector<MethodDifferences>& methods, Less less) {
  std::vector<size_t> order(methods.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (less(methods[a], methods[b])) return true;
    if (less(methods[b], methods[a])) return false;
    return a < b;
  });
  // methods[i] becomes the method at order[i]; a position whose method is in place is marked by
  // order[i] == i.
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] == i) continue;
    MethodDifferences first = std::move(methods[i]);
    size_t j = i;
    while (order[j] != i) {
      methods[j] = std::move(methods[order[j]]);
      const size_t next = order[j];
      order[j] = j;
      j = next;
    }
    methods[j] = std::move(first);
    order[j] = j;
  }
}

}  // namespace

void MethodRecordShares(const MethodRecord& record, std::optional<double> (&share)[2]) {
  for (const CompilationListRecord& list : record.experiments) {
    if (list.experiment < 1 || list.experiment > 2 || !list.profiled) continue;
    // All the method's compilations, those --tiers left out included (docs/jfr.md).
    double sum = list.left_out_share;
    for (const CompilationRecord& c : list.compilations) {
      if (!c.fragment) sum += c.total_share;
    }
    // A profile whose total period is 0 gives NaN shares: unknown.
    if (sum == sum) share[list.experiment - 1] = sum;
  }
}

std::optional<double> MethodRecordLargerShare(const MethodRecord& record) {
  std::optional<double> share[2];
  MethodRecordShares(record, share);
  if (share[0] && share[1]) return std::max(*share[0], *share[1]);
  return share[0] ? share[0] : share[1];
}

void MethodRecordSamples(const MethodRecord& record, std::optional<int64_t> (&samples)[2]) {
  for (const CompilationListRecord& list : record.experiments) {
    if (list.experiment < 1 || list.experiment > 2 || !list.profiled) continue;
    // In a list of a JFR profile every compilation carries its samples, and the left-out period
    // its own when it is not 0. A list without any (no compilation, nothing left out) cannot say
    // that its profile is JFR's: unknown.
    bool sampled = list.left_out_samples.has_value();
    int64_t sum = list.left_out_samples.value_or(0);
    for (const CompilationRecord& c : list.compilations) {
      sampled = sampled || c.samples.has_value();
      if (!c.fragment) sum += c.samples.value_or(0);
    }
    if (sampled) samples[list.experiment - 1] = sum;
  }
}

int LargerShareSide(const std::optional<double> (&share)[2]) {
  if (share[0] && share[1]) return *share[1] > *share[0] ? 1 : 0;
  return share[0] ? 0 : share[1] ? 1 : -1;
}

std::optional<double> MethodDifferences::LargerShare() const {
  const int side = LargerShareSide(share);
  return side < 0 ? std::nullopt : share[side];
}

std::optional<int64_t> MethodDifferences::LargerShareSamples() const {
  const int side = LargerShareSide(share);
  return side < 0 ? std::nullopt : samples[side];
}

void MethodDifferenceTally::Header(const HeaderRecord& record) {
  std::lock_guard<std::mutex> lock(mutex_);
  // report and stats compare no compilations (stats counts what the logs hold).
  compares_ =
      record.command != "report" && record.command != "stats" && record.options.diff_compilations;
  runs_ = record.runs.has_value();
  two_experiments_ = record.command != "aot-vs-aot-jit-profile";
  fewest_runs_ = runs_ ? std::min(record.runs->runs[0].size(), record.runs->runs[1].size()) : 0;
}

void MethodDifferenceTally::Experiment(const ExperimentRecord& record) {
  std::lock_guard<std::mutex> lock(mutex_);
  compared_methods_.Experiment(record);
  if (two_experiments_ && record.hotspot.has_value() && !record.profiled) {
    unprofiled_all_hot_ = true;
  }
}

bool MethodDifferenceTally::hot() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return compared_methods_.hot();
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

size_t MethodDifferenceTally::NameHash::operator()(std::string_view name) const {
  return StringViewHash()(name);
}

size_t MethodDifferenceTally::Find(std::string_view method) {
  // By name: a HotSpot comparison without a profile has a section for every method compiled on
  // both sides, thousands (a linear search was 5 % of such a run).
  auto it = index_.find(method);
  if (it != index_.end()) return *it;
  methods_.emplace_back().method = std::string(method);
  expected_.push_back(kUnknown);
  index_.insert(methods_.size() - 1);
  return methods_.size() - 1;
}

std::optional<int64_t> SectionPairCount(const MethodRecord& record, bool unprofiled_all_hot) {
  if (record.pairs.has_value()) return record.pairs;
  int64_t hot[2] = {0, 0}, hot_fragments[2] = {0, 0};
  bool listed[2] = {false, false};
  for (const CompilationListRecord& list : record.experiments) {
    if (list.experiment < 1 || list.experiment > 2 || (!list.profiled && !unprofiled_all_hot)) {
      return std::nullopt;
    }
    const int side = list.experiment - 1;
    if (listed[side]) return std::nullopt;
    listed[side] = true;
    for (const CompilationRecord& c : list.compilations) {
      if (list.profiled && !c.hot) continue;
      ++hot[side];
      if (c.fragment) ++hot_fragments[side];
    }
  }
  if (!listed[0] || !listed[1]) return std::nullopt;
  return hot[0] * hot[1] - hot_fragments[0] * hot_fragments[1];
}

std::vector<MethodDifferenceTally::PairDifferences> MethodDifferenceTally::TakeIfComplete(
    size_t position) {
  std::vector<PairDifferences> pairs;
  if (expected_[position] < 0 || methods_[position].pairs != expected_[position]) return pairs;
  expected_[position] = kReduced;
  auto it = pending_.find(position);
  if (it != pending_.end()) {
    pairs = std::move(it->second);
    pending_.erase(it);
  }
  return pairs;
}

void MethodDifferenceTally::Reduce(size_t position, std::vector<PairDifferences> pairs) {
  if (pairs.empty()) return;
  // The pairing (CountedPairs, up to O(n^3) in a method's compilations) outside the lock: the
  // method takes no more pairs of its own meanwhile (more would come only from a stream not
  // written by profdiff, and they wait in pending_).
  MethodDifferences counted;
  IdPairs ids;
  Count(pairs, &counted, keep_ids_ ? &ids : nullptr);
  std::vector<PairDifferences>().swap(pairs);
  std::lock_guard<std::mutex> lock(mutex_);
  MethodDifferences& totals = methods_[position];
  totals.counted_pairs += counted.counted_pairs;
  totals.inlining += counted.inlining;
  totals.optimization += counted.optimization;
  totals.inlining_too_big += counted.inlining_too_big;
  totals.optimization_too_big += counted.optimization_too_big;
  totals.moved_call_sites += counted.moved_call_sites;
  if (keep_ids_) {
    IdPairs& kept = counted_ids_[position];
    for (auto& id : ids) kept.push_back(std::move(id));
  }
}

void MethodDifferenceTally::Method(const MethodRecord& record) {
  size_t position;
  std::vector<PairDifferences> complete;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    position = Find(record.name);
    MethodDifferences& method = methods_[position];
    method.index = record.index;
    MethodRecordShares(record, method.share);
    MethodRecordSamples(record, method.samples);
    method.sampling_noise = record.sampling_noise;
    if (expected_[position] == kUnknown) {
      expected_[position] = SectionPairCount(record, unprofiled_all_hot_).value_or(kUnknown);
    }
    complete = TakeIfComplete(position);
  }
  Reduce(position, std::move(complete));
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
      entry.moved_call_sites = record.inlining->moved_call_sites;
    }
    if (record.optimization != nullptr) {
      entry.optimization = Differences(record.optimization->counts);
      entry.optimization_too_big = add_cost(*record.optimization);
    }
  }
  size_t position;
  std::vector<PairDifferences> complete;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    position = Find(record.method);
    ++methods_[position].pairs;
    pending_[position].push_back(std::move(entry));
    complete = TakeIfComplete(position);
  }
  Reduce(position, std::move(complete));
}

void MethodDifferenceTally::RunsMethod(const RunsMethodRecord& record) {
  // A method hot in too few runs was not compared: like a method hot in one experiment only,
  // it has no pairs and does not count.
  if (!record.compared) return;
  MethodDifferences method;
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
    if (difference.node.op == NodeOp::kIdentity || difference.node.op == NodeOp::kMoved) continue;
    const bool inlining =
        difference.tree == TreeKind::kInlining ||
        (difference.tree != TreeKind::kOptimization && IsInliningLabel(difference.node));
    (inlining ? method.inlining : method.optimization).Add(difference.node.op);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  methods_.push_back(std::move(method));
  expected_.push_back(kReduced);
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
    totals->moved_call_sites += pair.moved_call_sites;
    if (ids != nullptr) ids->emplace_back(pair.pair.left, pair.pair.right);
  }
}

std::vector<size_t> MethodDifferenceTally::SectionOrder() const {
  // The records came from worker threads in any order.
  std::vector<size_t> order(methods_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::tie(methods_[a].index, a) < std::tie(methods_[b].index, b);
  });
  return order;
}

std::vector<MethodDifferences> MethodDifferenceTally::Methods() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<MethodDifferences> methods;
  methods.reserve(methods_.size());
  for (size_t position : SectionOrder()) {
    MethodDifferences& method = methods.emplace_back(methods_[position]);
    // The pairs not reduced yet: of a method whose pair count was not known or not reached, or
    // that came after it was reached.
    if (auto it = pending_.find(position); it != pending_.end()) {
      Count(it->second, &method, nullptr);
    }
  }
  return methods;
}

std::vector<MethodDifferences> MethodDifferenceTally::TakeMethods() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& [position, pairs] : pending_) Count(pairs, &methods_[position], nullptr);
  index_.clear();
  pending_.clear();
  counted_ids_.clear();
  std::vector<int64_t>().swap(expected_);
  std::vector<MethodDifferences> methods = std::move(methods_);
  methods_.clear();
  StableSortInPlace(methods, [](const MethodDifferences& a, const MethodDifferences& b) {
    return a.index < b.index;
  });
  return methods;
}

std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
MethodDifferenceTally::CountedPairIds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> result;
  if (runs_) return result;
  for (size_t position : SectionOrder()) {
    if (methods_[position].pairs == 0) continue;
    auto& [method, ids] = result.emplace_back();
    method = methods_[position].method;
    if (auto it = counted_ids_.find(position); it != counted_ids_.end()) ids = it->second;
    if (auto it = pending_.find(position); it != pending_.end()) {
      MethodDifferences unused;
      Count(it->second, &unused, &ids);
    }
    // The pairs come in the order their comparisons finished, which the threads decide: sorted,
    // the page is the same on every run (a method compiled in several translation units).
    std::sort(ids.begin(), ids.end());
  }
  return result;
}

size_t MethodDifferenceTally::PendingPairs() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t pending = 0;
  for (const auto& [position, pairs] : pending_) pending += pairs.size();
  return pending;
}

std::vector<MethodDifferences> RankMethods(std::vector<MethodDifferences> methods) {
  auto differs = [](const MethodDifferences& m) {
    return m.InliningDiffers() || m.OptimizationDiffers();
  };
  auto count = [](const MethodDifferences& m) {
    return m.inlining.differences() + m.optimization.differences();
  };
  StableSortInPlace(methods, [&](const MethodDifferences& a, const MethodDifferences& b) {
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
    row.samples[0] = method.samples[0];
    row.samples[1] = method.samples[1];
    row.sampling_noise = method.sampling_noise;
    row.pairs = method.pairs;
    row.counted_pairs = method.counted_pairs;
    row.inlining = method.inlining;
    row.optimization = method.optimization;
    row.inlining_too_big = method.inlining_too_big;
    row.optimization_too_big = method.optimization_too_big;
    row.moved_call_sites = method.moved_call_sites;
  }
  return record;
}

}  // namespace profdiff
