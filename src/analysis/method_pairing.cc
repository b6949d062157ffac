#include "profdiff/analysis/method_pairing.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

std::vector<MethodPair> HotMethodPairs(Experiment& first, Experiment& second) {
  std::vector<std::string> names;
  absl::flat_hash_set<std::string> seen;
  for (const Experiment* experiment : {&first, &second}) {
    for (MethodIndex m = 0; m < experiment->methods().size(); ++m) {
      if (!experiment->IsMethodHot(m)) continue;
      const std::string& name = experiment->method(m).name;
      if (seen.insert(name).second) names.push_back(name);
    }
  }
  std::vector<MethodPair> pairs;
  pairs.reserve(names.size());
  for (const std::string& name : names) {
    MethodIndex a = first.GetOrCreateMethod(name);
    MethodIndex b = second.GetOrCreateMethod(name);
    pairs.push_back({a, b});
  }
  return pairs;
}

std::vector<MethodPair> SortedHotMethodPairs(Experiment& first, Experiment& second) {
  std::vector<MethodPair> pairs = HotMethodPairs(first, second);
  std::vector<int64_t> totals;
  totals.reserve(pairs.size());
  for (const MethodPair& pair : pairs) {
    totals.push_back(first.MethodTotalPeriod(pair.first) + second.MethodTotalPeriod(pair.second));
  }
  std::vector<size_t> order(pairs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return totals[a] > totals[b]; });
  std::vector<MethodPair> sorted;
  sorted.reserve(pairs.size());
  for (size_t i : order) sorted.push_back(pairs[i]);
  return sorted;
}

std::vector<CompilationIndex> HotCompilationsByPeriod(const Experiment& experiment,
                                                      MethodIndex method) {
  std::vector<CompilationIndex> hot;
  for (CompilationIndex c : experiment.method(method).compilations) {
    if (experiment.compilation(c).hot) hot.push_back(c);
  }
  std::stable_sort(hot.begin(), hot.end(), [&](CompilationIndex a, CompilationIndex b) {
    return experiment.compilation(a).period > experiment.compilation(b).period;
  });
  return hot;
}

absl::Status MarkHotFromJitProfile(const Experiment& jit, const std::vector<Experiment*>& targets) {
  std::vector<CompilationIndex> hot_units;
  for (CompilationIndex unit : jit.UnitsInTableOrder()) {
    if (jit.compilation(unit).hot) hot_units.push_back(unit);
  }
  // The inlining trees are read on worker threads (reading only reads the log); marking, which
  // creates methods in the targets, stays on this thread and in table order.
  absl::Status status;
  ProduceInOrder<absl::StatusOr<RecordTrees>>(
      hot_units.size(), WorkerThreads(),
      [&](size_t i) { return LoadUnitInliningTree(jit, hot_units[i]); },
      [&](size_t, absl::StatusOr<RecordTrees>& trees) {
        if (!trees.ok()) {
          status = trees.status();
          return false;
        }
        const InliningTree& tree = trees->inlining_tree;
        for (NodeIndex n : tree.Preorder()) {
          const InliningTreeNode& node = tree.node(n);
          if (!node.inlined || !node.method_name.has_value()) continue;
          for (Experiment* target : targets) {
            MethodIndex m = target->GetOrCreateMethod(*node.method_name);
            for (CompilationIndex c : target->method(m).compilations) {
              target->compilation(c).hot = true;
            }
          }
        }
        return true;
      });
  return status;
}

}  // namespace profdiff
