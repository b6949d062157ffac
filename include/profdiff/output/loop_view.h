#ifndef PROFDIFF_OUTPUT_LOOP_VIEW_H_
#define PROFDIFF_OUTPUT_LOOP_VIEW_H_

// --decisions on LLVM remarks (docs/llvm.md "The loop view"): the loops whose vectorization
// changed in the compared pairs, collected from the pair records as a comparison emits them and
// ranked into the loops record.

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/analysis/compilation_pairing.h"
#include "profdiff/analysis/loop_vectorization.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

class LoopTally : public RecordObserver {
 public:
  void Experiment(const ExperimentRecord& record) override;
  void Method(const MethodRecord& record) override;
  void Pair(const PairRecord& record) override;

  // Whether an experiment was read from LLVM remarks: only then is there a loops record.
  bool remarks() const { return remarks_; }
  // The loops record of everything collected; it refers to the tally's storage, valid until the
  // next call.
  const LoopsRecord& MakeRecord();

 private:
  struct MethodInfo {
    int64_t index = 0;
    std::optional<double> share;  // the larger of the two experiments'
  };
  struct CollectedPair {
    std::string method;
    ComparedPair compared;
    int64_t period[2] = {0, 0};
    std::vector<LoopChange> loops;
  };
  std::mutex mutex_;
  bool remarks_ = false;
  std::map<std::string, MethodInfo, std::less<>> methods_;
  std::deque<CollectedPair> pairs_;

  // Storage of the record.
  LoopsRecord record_;
  std::deque<std::string> strings_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_LOOP_VIEW_H_
