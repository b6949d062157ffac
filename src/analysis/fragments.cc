#include "profdiff/analysis/fragments.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/inlining_path.h"
#include "profdiff/analysis/method_pairing.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

namespace {

// Child positions from the root down to `node`.
std::vector<uint32_t> ChildPath(const InliningTree& tree, NodeIndex node) {
  std::vector<uint32_t> path;
  for (NodeIndex n = node; tree.node(n).parent != kNoNode; n = tree.node(n).parent) {
    const auto& siblings = tree.node(tree.node(n).parent).children;
    path.push_back(
        static_cast<uint32_t>(std::find(siblings.begin(), siblings.end(), n) - siblings.begin()));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// Hotness at the time of the test; experiment 2 is only consulted (and so only gets an empty
// method inserted) when experiment 1's method is not hot.
bool IsHotAnywhere(Experiment& first, Experiment& second, const std::string& name) {
  if (first.IsMethodHot(first.GetOrCreateMethod(name))) return true;
  return second.IsMethodHot(second.GetOrCreateMethod(name));
}

}  // namespace

absl::Status CreateFragments(Experiment& first, Experiment& second) {
  // The hot units whose inlining trees are searched, in the order of §8.1. The snapshots can be
  // taken up front: creating fragments adds no units and changes no unit's hotness.
  struct Search {
    Experiment* experiment;
    CompilationIndex unit;
  };
  std::vector<Search> searches;
  for (const MethodPair& pair : HotMethodPairs(first, second)) {
    for (Experiment* experiment : {&first, &second}) {
      MethodIndex method = experiment == &first ? pair.first : pair.second;
      for (CompilationIndex c : experiment->method(method).compilations) {
        const Compilation& compilation = experiment->compilation(c);
        if (compilation.hot && !compilation.is_fragment) {
          searches.push_back({experiment, c});
        }
      }
    }
  }
  // The trees are read on worker threads (they only read the logs) while fragments are created
  // in order on this thread, which alone changes the experiments.
  uint32_t counter = 0;
  absl::Status status;
  ProduceInOrder<absl::StatusOr<RecordTrees>>(
      searches.size(), WorkerThreads(),
      [&](size_t i) { return LoadUnitInliningTree(*searches[i].experiment, searches[i].unit); },
      [&](size_t i, absl::StatusOr<RecordTrees>& trees) {
        if (!trees.ok()) {
          status = trees.status();
          return false;
        }
        Experiment* experiment = searches[i].experiment;
        const CompilationIndex unit = searches[i].unit;
        const InliningTree& tree = trees->inlining_tree;
        for (NodeIndex n : tree.Preorder()) {
          if (n == tree.root) continue;
          const InliningTreeNode& node = tree.node(n);
          if (!node.inlined || !node.method_name.has_value()) continue;
          if (!IsHotAnywhere(first, second, *node.method_name)) continue;
          ++counter;
          const Compilation& parent = experiment->compilation(unit);
          Compilation fragment;
          fragment.method = experiment->GetOrCreateMethod(*node.method_name);
          fragment.id = absl::StrCat(parent.id, "#", counter);
          fragment.period = parent.period;
          fragment.hot = true;
          fragment.is_fragment = true;
          fragment.parent = unit;
          fragment.child_path = ChildPath(tree, n);
          fragment.inlining_path = InliningPathOf(tree, n);
          experiment->AddCompilation(std::move(fragment));
        }
        return true;
      });
  return status;
}

}  // namespace profdiff
