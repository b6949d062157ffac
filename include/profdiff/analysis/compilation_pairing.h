#ifndef PROFDIFF_ANALYSIS_COMPILATION_PAIRING_H_
#define PROFDIFF_ANALYSIS_COMPILATION_PAIRING_H_

// Which of a method's compared compilation pairs count as its differences (issue 22,
// docs/ci.md "What the gate counts").
//
// A comparison prints every hot compilation of experiment 1 against every hot compilation of
// experiment 2 (the reference's output). When a method has several compilations on a side (a
// recompilation, an OSR compilation, fragments), most of those pairs compare two different
// compilations, so counting all of them would make a run compared with itself differ. The pairs
// that count are those of an optimal one-to-one pairing:
//
//   - every compilation unit (not fragment) is paired with at most one compilation of the other
//     side: as many units as possible, units with units before fragments, then at the least
//     total edit cost;
//   - a fragment is paired only when that pairs a unit that would otherwise stay unpaired (a
//     fragment stands for a method inlined into a hot caller: its changes show in the caller's
//     own section);
//   - a unit left over (its side has more units than the other side has compilations to pair
//     it with) counts its pair with its best partner: the least edit cost, the first such pair
//     on a tie.
//
// Identical experiments therefore never differ (each unit pairs with its identical twin at cost
// 0), and a real change is never hidden: a compilation that changed has no cost-0 partner, and
// every unit is counted in some pair. A pair whose edit cost is unknown (trees too big to
// compare) costs more than any pair whose cost is known.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace profdiff {

// One compared pair of a method's section, as its pair record describes it.
struct ComparedPair {
  std::string left;   // the compilation ID in experiment 1 (fragments "<parent>#<n>")
  std::string right;  // the compilation ID in experiment 2
  bool left_fragment = false;
  bool right_fragment = false;
  int64_t cost = 0;        // the edit cost of the pair's trees, summed
  bool cost_known = true;  // false: a tree was too big to compare
};

// The indices (ascending) into `pairs` of the pairs whose differences count. Deterministic: the
// same pairs in the same order give the same answer.
std::vector<size_t> CountedPairs(const std::vector<ComparedPair>& pairs);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_COMPILATION_PAIRING_H_
