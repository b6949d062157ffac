#ifndef PROFDIFF_OUTPUT_METHOD_DIFFERENCES_H_
#define PROFDIFF_OUTPUT_METHOD_DIFFERENCES_H_

// What each compared hot method's section of a comparison found, taken from the records that
// the comparison emits (method and pair records), so that a stream read back by `render` gives
// the same: the method's execution share in both experiments and its tree differences by kind
// and operation. The CI gate (--fail-on, difference_gate.h) and the ranked summary (--summary)
// are decided from these. When a method has several compilations on a side, only the pairs of
// the one-to-one pairing of compilation_pairing.h count (issue 22): a run compared with itself
// never differs.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "profdiff/analysis/compilation_pairing.h"
#include "profdiff/output/compared_methods.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

struct MethodDifferences {
  int64_t index = 0;  // the method record's index (its section's place in the output)
  std::string method;
  // The method's share of the total execution in experiments 1 and 2: the summed total shares
  // of its compilation units (fragments repeat their parent's period and are left out) and the
  // share of its compilations --tiers left out; nullopt without a profile. jit-vs-jit-runs: the
  // mean share over the experiment's runs.
  std::optional<double> share[2];
  // The JFR samples behind each share (MethodRecordSamples), and the test of their change.
  std::optional<int64_t> samples[2];
  std::optional<SamplingNoiseRecord> sampling_noise;
  // Compared compilation pairs; jit-vs-jit-runs: the cross pairs of runs matched.
  int64_t pairs = 0;
  // The compared pairs whose differences count (CountedPairs); jit-vs-jit-runs: `pairs`.
  int64_t counted_pairs = 0;
  // Differing nodes by operation (identity is not counted), in the counted pairs. With
  // --optimization-context-tree, the context tree's inlining nodes count as inlining, every
  // other node as optimization. jit-vs-jit-runs: the stable differences only (noise does not
  // count).
  OpCounts inlining;
  OpCounts optimization;
  // Counted pairs whose trees were too big to compare and not identical: whether they differ
  // is unknown.
  int64_t inlining_too_big = 0;
  int64_t optimization_too_big = 0;
  // Call sites that moved with the code in the counted pairs (issue 36): not differences.
  int64_t moved_call_sites = 0;

  // The larger known share; nullopt when neither experiment has a profile.
  std::optional<double> LargerShare() const;
  // The JFR samples behind LargerShare; nullopt when that side's profile is not JFR's.
  std::optional<int64_t> LargerShareSamples() const;
  // Differs in the inlining (optimization) trees; a tree too big to compare counts as differing.
  bool InliningDiffers() const { return inlining.differences() > 0 || inlining_too_big > 0; }
  bool OptimizationDiffers() const {
    return optimization.differences() > 0 || optimization_too_big > 0;
  }
};

// A method record's shares of the total execution in experiments 1 and 2 (MethodDifferences::
// share).
void MethodRecordShares(const MethodRecord& record, std::optional<double> (&share)[2]);
// The larger of the two (the one known when the other is not): the share that the decisions and
// loop views rank a method by.
std::optional<double> MethodRecordLargerShare(const MethodRecord& record);
// The experiment (0 or 1) whose share is the larger known one (experiment 1 when they are equal),
// or -1 when neither is known: where the samples behind a method's larger share are.
int LargerShareSide(const std::optional<double> (&share)[2]);
// Its JFR samples in experiments 1 and 2, counted as the shares are; nullopt for an experiment
// whose profile is not made of JFR samples.
void MethodRecordSamples(const MethodRecord& record, std::optional<int64_t> (&samples)[2]);

// A pair record as the one-to-one pairing of its method's compilations sees it
// (compilation_pairing.h): its compilations and the summed edit cost of its trees.
ComparedPair ComparedPairOf(const PairRecord& record);

// The number of pair records of a method's section: the record's own count (the comparison sets
// it), else, when the hot flags of both compilation lists are known (as in a stream read back
// from a comparison), every hot compilation of experiment 1 against every hot compilation of
// experiment 2, fragments not against fragments (the comparison's rule); nullopt when unknown.
// A profiled list has its hot flags. An unprofiled one has none; `unprofiled_all_hot` says that
// each of its compilations was compared: so it is when a two-experiment comparison had a HotSpot
// experiment without a profile (docs/hotspot.md "Hotness": a compared method's compilations are
// all hot, and such a comparison makes no fragments), not in aot-vs-aot-jit-profile.
std::optional<int64_t> SectionPairCount(const MethodRecord& record,
                                        bool unprofiled_all_hot = false);

// Collects MethodDifferences from the records passed to it. Method and pair records may come
// from several threads at once (method sections are rendered in parallel), a section's pair
// records before or after its method record. A method's pairs are kept only until all of them
// are in (SectionPairCount): they are then reduced to the counted pairs' totals, so that what
// is held for the whole run is a MethodDifferences per method, not an entry per pair. When the
// count is unknown, or more pair records come than it says (a stream not written by profdiff),
// the pairs not yet reduced are reduced at the end, together.
class MethodDifferenceTally : public RecordObserver {
 public:
  // Whether CountedPairIds is wanted: it keeps the IDs of every counted pair.
  enum class CountedIds { kDrop, kKeep };
  explicit MethodDifferenceTally(CountedIds ids = CountedIds::kKeep)
      : keep_ids_(ids == CountedIds::kKeep), index_(0, NameHash{&methods_}, NameEq{&methods_}) {}
  MethodDifferenceTally(const MethodDifferenceTally&) = delete;
  MethodDifferenceTally& operator=(const MethodDifferenceTally&) = delete;

  void Header(const HeaderRecord& record) override;
  void Experiment(const ExperimentRecord& record) override;
  void Method(const MethodRecord& record) override;
  void Pair(const PairRecord& record) override;
  // jit-vs-jit-runs: a compared method, with its stable differences.
  void RunsMethod(const RunsMethodRecord& record) override;

  // The header's command compares compilations (not report or stats, not
  // --diff-compilations=false).
  bool compares() const;
  // The header's command is jit-vs-jit-runs: differences are those stable across the runs.
  bool runs() const;
  // jit-vs-jit-runs: the fewest runs given for an experiment (with one, nothing can be stable).
  size_t fewest_runs() const;
  // The compared methods are hot ones (some experiment has a profile), else compiled ones.
  bool hot() const;
  // The methods in section order, their differences summed over the counted pairs.
  std::vector<MethodDifferences> Methods() const;
  // Methods() without a copy: the tally is left without methods (what the header said stays).
  std::vector<MethodDifferences> TakeMethods();
  // Per method (by name) in section order, the compared pairs that count as (experiment 1 ID,
  // experiment 2 ID). Only with CountedIds::kKeep.
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
  CountedPairIds() const;
  // The pair records held, not reduced yet (their method's pairs are not all in, or their
  // number is not known).
  size_t PendingPairs() const;

 private:
  // A pair record as the tally needs it.
  struct PairDifferences {
    ComparedPair pair;
    OpCounts inlining;
    OpCounts optimization;
    int64_t inlining_too_big = 0;
    int64_t optimization_too_big = 0;
    int64_t moved_call_sites = 0;
  };
  using IdPairs = std::vector<std::pair<std::string, std::string>>;
  // The index of methods_ by name: it holds positions, and hashes and compares the names there.
  struct NameHash {
    using is_transparent = void;
    const std::vector<MethodDifferences>* methods;
    size_t operator()(std::string_view name) const;
    size_t operator()(size_t position) const { return (*this)((*methods)[position].method); }
  };
  struct NameEq {
    using is_transparent = void;
    const std::vector<MethodDifferences>* methods;
    std::string_view NameOf(std::string_view name) const { return name; }
    std::string_view NameOf(size_t position) const { return (*methods)[position].method; }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const {
      return NameOf(a) == NameOf(b);
    }
  };
  // expected_'s values besides a count.
  static constexpr int64_t kUnknown = -1;  // no method record yet, or it does not say
  static constexpr int64_t kReduced = -2;  // all the pairs came, and were reduced

  size_t Find(std::string_view method);  // under mutex_: the method's position in methods_
  // Under mutex_: the pairs of the method at `position` when all of them are in and were not
  // reduced yet (the caller reduces them outside the lock with Reduce), else nothing.
  std::vector<PairDifferences> TakeIfComplete(size_t position);
  // The counted pairs of `pairs` (CountedPairs) added to `totals` (their IDs to `ids`, if
  // given).
  static void Count(const std::vector<PairDifferences>& pairs, MethodDifferences* totals,
                    IdPairs* ids);
  void Reduce(size_t position, std::vector<PairDifferences> pairs);  // not under mutex_
  // Under mutex_: the methods' positions in section order.
  std::vector<size_t> SectionOrder() const;

  const bool keep_ids_;
  mutable std::mutex mutex_;
  bool compares_ = false;
  bool runs_ = false;
  size_t fewest_runs_ = 0;
  bool two_experiments_ = false;     // not aot-vs-aot-jit-profile
  bool unprofiled_all_hot_ = false;  // a HotSpot experiment without a profile (SectionPairCount)
  ComparedMethods compared_methods_;
  // In the order first seen. jit-vs-jit-runs: complete. Otherwise `pairs` counts every pair
  // record received, the other figures only the counted pairs of those reduced so far.
  std::vector<MethodDifferences> methods_;
  std::vector<int64_t> expected_;  // per method: SectionPairCount, kUnknown or kReduced
  // Per method (position): the pairs received and not reduced yet, in the order received.
  absl::flat_hash_map<size_t, std::vector<PairDifferences>> pending_;
  absl::flat_hash_map<size_t, IdPairs> counted_ids_;     // kKeep: of the pairs reduced
  absl::flat_hash_set<size_t, NameHash, NameEq> index_;  // methods_ by name (not runs methods)
};

// The methods ranked for the summary: methods with differences first, then by the larger share
// (unknown last), then by the number of differing nodes, then in section order.
std::vector<MethodDifferences> RankMethods(std::vector<MethodDifferences> methods);

// The summary record of `ranked` (RankMethods' order); it refers to their method names.
SummaryRecord MakeSummaryRecord(const std::vector<MethodDifferences>& ranked);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_METHOD_DIFFERENCES_H_
