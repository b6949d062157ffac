#include "commands/call_site_facts.h"

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "profdiff/analysis/compilation_trees.h"

namespace profdiff {

absl::Status WriteCallSiteFacts(RecordSink& out, const Experiment& experiment, bool all_units) {
  CallSitesRecord record;
  record.experiment = experiment.id() == 1 ? 1 : 2;
  std::deque<RecordTrees> trees;  // the record refers to their names
  for (const Method& method : experiment.methods()) {
    bool compiled = false;
    for (CompilationIndex c : method.compilations) {
      const Compilation& compilation = experiment.compilation(c);
      if (compilation.is_fragment) continue;
      compiled = true;
      if (!all_units && !compilation.hot) continue;
      absl::StatusOr<RecordTrees> loaded = LoadUnitInliningTree(experiment, c);
      if (!loaded.ok()) return loaded.status();
      const InliningTree& tree = trees.emplace_back(std::move(*loaded)).inlining_tree;
      if (tree.empty()) continue;
      std::vector<NodeIndex> stack{tree.root};
      while (!stack.empty()) {
        const NodeIndex n = stack.back();
        stack.pop_back();
        const ChildList& children = tree.node(n).children;
        for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
        if (n == tree.root) continue;
        CallSiteFactRecord& site = record.sites.emplace_back();
        site.compilation = compilation.id;
        const InliningTreeNode& caller = tree.node(tree.node(n).parent);
        if (caller.method_name) site.caller = *caller.method_name;
        if (tree.node(n).method_name) site.callee = *tree.node(n).method_name;
        site.bci = tree.node(n).bci;
        site.kind = CallsiteKindName(tree.Kind(n));
      }
    }
    if (compiled) record.compiled.push_back(method.name);
  }
  out.CallSites(record);
  return absl::OkStatus();
}

}  // namespace profdiff
