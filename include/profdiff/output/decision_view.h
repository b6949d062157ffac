#ifndef PROFDIFF_OUTPUT_DECISION_VIEW_H_
#define PROFDIFF_OUTPUT_DECISION_VIEW_H_

// --decisions (docs/decisions-view.md): the decision changes of the compared pairs, collected
// from the pair records as a comparison emits them, summed up into the decisions record (the
// transition table, the ranked call sites, the inlining rates).

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/analysis/compilation_pairing.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// What the tally keeps of one compared pair (the pair's trees are gone once it is written).
struct CollectedDecisionPair {
  struct Step {
    std::optional<std::string> method;
    int32_t bci = -1;
  };
  struct Side {
    bool present = false;
    std::string kind;
    std::vector<std::string> reasons;
    int32_t bytecode_size = -1;  // the callee's; -1: unknown
    int32_t bci = -1;            // the call site's, as this side logged it
  };
  struct Change {
    std::vector<Step> path;
    bool kind_changed = true;
    bool moved = false;  // --show-moved: only moved (DecisionChange::moved)
    Side side[2];
  };
  std::string method;
  // The compilation IDs, fragments and summed edit cost that the one-to-one pairing of the
  // method's compilations (compilation_pairing.h) chooses by.
  ComparedPair compared;
  int64_t period[2] = {0, 0};
  bool too_big = false;  // the inlining trees were too big to compare (and are not identical)
  bool runs = false;     // jit-vs-jit-runs: the stable differences of `pairs_of_runs` cross pairs
  int64_t pairs_of_runs = 0;
  int64_t call_sites[2] = {0, 0};
  int64_t inlined[2] = {0, 0};
  std::vector<Change> changes;
};

// THE place that decides which compared pairs of one method section the decision changes are
// counted over (`pairs`: all of the section's compared pairs, in the tally's order): those of
// the one-to-one pairing by least edit cost that the summary and the gate count (issue 22,
// CountedPairs), so that the decisions view follows the same rule. Returns indices into `pairs`.
std::vector<size_t> PairsCountedForDecisions(
    const std::vector<const CollectedDecisionPair*>& pairs);

class DecisionTally : public RecordObserver {
 public:
  void Method(const MethodRecord& record) override;
  void Pair(const PairRecord& record) override;
  // jit-vs-jit-runs: the stable inlining differences of a compared method, as one collected
  // "pair" (no compilation IDs), with the call sites of its runs' trees and its stable
  // reason-only changes when the record has them (the command's own, not render's).
  void RunsMethod(const RunsMethodRecord& record) override;

  // The decisions record of everything collected; it refers to the tally's storage, valid until
  // the next call.
  const DecisionsRecord& MakeRecord();

 private:
  struct MethodInfo {
    int64_t index = 0;
    std::optional<double> share;                        // the larger of the two experiments'
    std::optional<int64_t> samples;                     // JFR profiles: the samples behind `share`
    std::optional<SamplingNoiseRecord> sampling_noise;  // the method record's
  };
  std::mutex mutex_;
  std::map<std::string, MethodInfo, std::less<>> methods_;
  std::deque<CollectedDecisionPair> pairs_;
  // jit-vs-jit-runs: per experiment, per run (0-based), the call sites of the compared methods'
  // trees (DecisionRateRecord's figures of that run alone).
  bool runs_ = false;
  std::map<int64_t, DecisionRateRecord> run_rates_[2];
  // jit-vs-jit-runs: the rates' runs and the test of their changes.
  RunsRateRecord RunsRate() const;

  // Storage of the record.
  DecisionsRecord record_;
  std::deque<std::string> keys_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_DECISION_VIEW_H_
