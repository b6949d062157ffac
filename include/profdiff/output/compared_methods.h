#ifndef PROFDIFF_OUTPUT_COMPARED_METHODS_H_
#define PROFDIFF_OUTPUT_COMPARED_METHODS_H_

#include <string_view>

#include "profdiff/output/output_records.h"

namespace profdiff {

// What the methods a comparison compares are, for the words that name them (docs/decisions.md,
// "Compiled methods, not hot ones, without a profile"). With a profile on some side they are the
// hot methods (hot selection, or the methods hot in the other experiment); without a profile on
// any side nothing is hot, and every method compiled in both experiments is compared (HotSpot
// logs): they are compiled methods. Decided from the experiment records, so that `render` of a
// saved stream words it as the run that wrote it.
class ComparedMethods {
 public:
  void Experiment(const ExperimentRecord& record) { profiled_ = profiled_ || record.profiled; }
  bool hot() const { return profiled_; }
  // "hot" or "compiled", as in "compared hot methods".
  std::string_view Adjective() const { return AdjectiveOf(profiled_); }
  static std::string_view AdjectiveOf(bool hot) { return hot ? "hot" : "compiled"; }

 private:
  bool profiled_ = false;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_COMPARED_METHODS_H_
