#include "profdiff/analysis/generated_identities.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/model/generated_names.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {
namespace {

// The identity of the method `name` at `node` of `tree`, from the node's calls.
std::string IdentityAt(const InliningTree& tree, NodeIndex node, const std::string& name) {
  std::vector<BodyCall> calls;
  for (NodeIndex child : tree.node(node).children) {
    const InliningTreeNode& call = tree.node(child);
    if (call.method_name.has_value()) calls.push_back({*call.method_name, call.bci});
  }
  return GeneratedIdentity(name, LambdaBodyCall(name, std::move(calls)));
}

}  // namespace

absl::Status AssignGeneratedIdentities(Experiment& experiment) {
  struct Generated {
    MethodIndex method;
    std::optional<CompilationIndex> unit;  // the first unit, whose tree has the body's calls
  };
  std::vector<Generated> generated;
  for (MethodIndex m = 0; m < experiment.methods().size(); ++m) {
    const Method& method = experiment.method(m);
    if (GeneratedKindOf(method.name) == GeneratedKind::kNone) continue;
    Generated g{m, std::nullopt};
    for (CompilationIndex c : method.compilations) {
      if (!experiment.compilation(c).is_fragment) {
        g.unit = c;
        break;
      }
    }
    generated.push_back(g);
  }
  std::vector<std::string> identities(generated.size());
  absl::Status status;
  ProduceInOrder<absl::StatusOr<std::string>>(
      generated.size(), WorkerThreads(),
      [&](size_t i) -> absl::StatusOr<std::string> {
        const std::string& name = experiment.method(generated[i].method).name;
        if (GeneratedKindOf(name) != GeneratedKind::kLambda || !generated[i].unit.has_value()) {
          return GeneratedIdentity(name, std::nullopt);
        }
        absl::StatusOr<RecordTrees> trees = LoadUnitInliningTree(experiment, *generated[i].unit);
        if (!trees.ok()) return trees.status();
        const InliningTree& tree = trees->inlining_tree;
        return IdentityAt(tree, tree.root, name);
      },
      [&](size_t i, absl::StatusOr<std::string>& identity) {
        if (!identity.ok()) {
          status = identity.status();
          return false;
        }
        identities[i] = std::move(*identity);
        return true;
      });
  if (!status.ok()) return status;
  GeneratedIdentities assigned;
  for (size_t i = 0; i < generated.size(); ++i) {
    const std::string& name = experiment.method(generated[i].method).name;
    auto [owner, first] = assigned.owner.emplace(identities[i], name);
    if (!first) owner->second.clear();  // a second name with this identity: ambiguous
  }
  for (size_t i = 0; i < generated.size(); ++i) {
    if (assigned.owner.at(identities[i]).empty()) continue;
    // An identity is never a name in the log (it has no address, counter or number there), but
    // a method of that name may have been created before: then the name is kept.
    if (experiment.FindMethod(identities[i]).has_value()) continue;
    assigned.by_name.emplace(experiment.method(generated[i].method).name, identities[i]);
    experiment.RenameMethod(generated[i].method, identities[i]);
  }
  experiment.set_generated_identities(std::move(assigned));
  return absl::OkStatus();
}

void NameGeneratedMethods(const GeneratedIdentities& identities, RecordTrees& trees) {
  InliningTree& tree = trees.inlining_tree;
  absl::flat_hash_map<std::string, std::string> renamed;  // of this tree, by name in the log
  // Preorder: a node is named before its calls are, from their names in the log.
  for (NodeIndex n : tree.Preorder()) {
    std::optional<std::string>& name = tree.node(n).method_name;
    if (!name.has_value() || GeneratedKindOf(*name) == GeneratedKind::kNone) continue;
    auto known = identities.by_name.find(AbslView(*name));
    if (known != identities.by_name.end()) {
      renamed.emplace(*name, known->second);
      name = known->second;
      continue;
    }
    std::string identity = IdentityAt(tree, n, *name);
    auto owner = identities.owner.find(AbslView(identity));
    if (owner != identities.owner.end()) continue;  // another name's, or ambiguous
    renamed.emplace(*name, identity);
    name = std::move(identity);
  }
  if (renamed.empty()) return;
  for (OptimizationTreeNode& node : trees.optimization_tree.nodes) {
    for (PositionEntry& entry : node.position) {
      auto identity = renamed.find(AbslView(entry.method.view()));
      if (identity != renamed.end()) entry.method = identity->second;
    }
  }
}

}  // namespace profdiff
