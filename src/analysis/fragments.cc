#include "profdiff/fragments.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "profdiff/compilation_trees.h"
#include "profdiff/inlining_path.h"
#include "profdiff/method_pairing.h"

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
  uint32_t counter = 0;
  for (const MethodPair& pair : HotMethodPairs(first, second)) {
    for (Experiment* experiment : {&first, &second}) {
      MethodIndex method = experiment == &first ? pair.first : pair.second;
      std::vector<CompilationIndex> snapshot;
      for (CompilationIndex c : experiment->method(method).compilations) {
        const Compilation& compilation = experiment->compilation(c);
        if (compilation.hot && !compilation.is_fragment) snapshot.push_back(c);
      }
      for (CompilationIndex unit : snapshot) {
        absl::StatusOr<RecordTrees> trees = LoadUnitInliningTree(*experiment, unit);
        if (!trees.ok()) return trees.status();
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
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace profdiff
