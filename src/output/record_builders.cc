#include "profdiff/output/record_builders.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "profdiff/analysis/inlining_path.h"
#include "profdiff/analysis/sampled_share_test.h"
#include "profdiff/analysis/share_statistics.h"
#include "profdiff/output/method_differences.h"

namespace profdiff {

namespace {

double Share(int64_t part, int64_t whole) {
  return static_cast<double>(part) / static_cast<double>(whole);
}

// Preorder with depths, without recursion: visit(node, depth).
template <class Children, class Visit>
void ForEachWithDepth(NodeIndex root, const Children& children_of, const Visit& visit) {
  if (root == kNoNode) return;
  std::vector<std::pair<NodeIndex, int32_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto [n, depth] = stack.back();
    stack.pop_back();
    visit(n, depth);
    const ChildList& children = children_of(n);
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.emplace_back(*it, depth + 1);
    }
  }
}

void FillInliningBlocks(const InliningTreeNode& node, bool reasons_shown, TreeRecord* out,
                        NodeLabel* label) {
  if (reasons_shown) {
    label->reasons_shown = true;
    label->reasons.begin = static_cast<uint32_t>(out->reasons.size());
    for (const std::string& reason : node.reasons) out->reasons.push_back(reason);
    label->reasons.end = static_cast<uint32_t>(out->reasons.size());
  }
  if (node.receiver_type_profile.has_value()) {
    const ReceiverTypeProfile& profile = *node.receiver_type_profile;
    label->has_receiver_profile = true;
    label->receiver_profile_mature = profile.mature;
    label->profiled_types.begin = static_cast<uint32_t>(out->profiled_types.size());
    for (const ProfiledType& type : profile.profiled_types) {
      ProfiledTypeRecord record{type.probability, type.type_name, std::nullopt};
      if (type.concrete_method_name.has_value())
        record.concrete_method = *type.concrete_method_name;
      out->profiled_types.push_back(record);
    }
    label->profiled_types.end = static_cast<uint32_t>(out->profiled_types.size());
  }
}

void FillInlining(const InliningTree& tree, NodeIndex index, bool reasons_shown, TreeRecord* out,
                  NodeLabel* label) {
  *label = InliningNodeLabel(tree, index);
  FillInliningBlocks(tree.node(index), reasons_shown, out, label);
}

// An optimization-tree node; `short_bci` is the bci of the short form.
void FillOptimization(const OptimizationTreeNode& node, int32_t short_bci, TreeRecord* out,
                      NodeLabel* label) {
  *label = NodeLabel();
  label->name = node.name.view();
  if (node.is_phase) {
    label->kind = LabelKind::kPhase;
    return;
  }
  label->kind = LabelKind::kOptimization;
  label->event = node.event_name.view();
  label->bci = short_bci;
  label->position.begin = static_cast<uint32_t>(out->positions.size());
  for (const PositionEntry& entry : node.position) {
    out->positions.push_back({entry.method.view(), entry.bci});
  }
  label->position.end = static_cast<uint32_t>(out->positions.size());
  label->properties.begin = static_cast<uint32_t>(out->properties.size());
  for (const Property& property : node.properties) {
    out->properties.push_back({property.key, property.value.rendered, property.value.json});
  }
  label->properties.end = static_cast<uint32_t>(out->properties.size());
}

int32_t OutermostBci(const OptimizationTreeNode& node) {
  return node.position.empty() ? -1 : node.position.back().bci;
}

// Labels the nodes of an optimization-context tree; knows each inlining node's path length
// (algorithms.md §10.4) for the short bci of the optimizations under it.
class ContextLabeler {
 public:
  ContextLabeler(const OptimizationContextTree& oct, const Options& options)
      : oct_(oct), options_(options), path_lengths_(InliningPathLengths(*oct.inlining_tree)) {}

  // `reasons_shown`: for inlining nodes.
  void Fill(NodeIndex oct_node, bool reasons_shown, TreeRecord* out, NodeLabel* label) const {
    const OctNode& node = oct_.node(oct_node);
    if (node.kind == OctNode::Kind::kInlining) {
      FillInlining(*oct_.inlining_tree, node.ref, reasons_shown, out, label);
      return;
    }
    if (node.kind == OctNode::Kind::kInfo) {
      *label = NodeLabel();
      label->kind = LabelKind::kInfo;
      label->name = node.text;
      return;
    }
    const OptimizationTreeNode& optimization = oct_.optimization_tree->node(node.ref);
    const Position& position = optimization.position;
    int32_t short_bci = -1;
    if (!position.empty()) {
      size_t caller_length = 0;
      if (node.parent != kNoNode && oct_.node(node.parent).kind == OctNode::Kind::kInlining) {
        caller_length = path_lengths_[oct_.node(node.parent).ref];
      }
      const size_t s = position.size();
      size_t index = caller_length == 0 || caller_length > s ? s - 1 : s - caller_length;
      short_bci = position[index].bci;
    }
    FillOptimization(optimization, short_bci, out, label);
  }

  bool IsInlining(NodeIndex oct_node) const {
    return oct_.node(oct_node).kind == OctNode::Kind::kInlining;
  }
  NodeIndex Ref(NodeIndex oct_node) const { return oct_.node(oct_node).ref; }
  const InliningTree& inlining_tree() const { return *oct_.inlining_tree; }
  const Options& options() const { return options_; }

 private:
  const OptimizationContextTree& oct_;
  const Options& options_;
  std::vector<uint32_t> path_lengths_;
};

NodeOp OpOf(DeltaKind kind) {
  switch (kind) {
    case DeltaKind::kIdentity:
      return NodeOp::kIdentity;
    case DeltaKind::kRelabel:
      return NodeOp::kRelabel;
    case DeltaKind::kDeletion:
      return NodeOp::kDelete;
    case DeltaKind::kInsertion:
      return NodeOp::kInsert;
    case DeltaKind::kMoved:
      return NodeOp::kMoved;
  }
  return NodeOp::kIdentity;
}

void Count(NodeOp op, OpCounts* counts) { counts->Add(op); }

// Walks a matching's delta tree in preorder: fill(delta node, record node) labels each node.
template <class Fill>
void BuildDelta(const std::optional<TreeMatch>& match, TreeKind kind, TreeRecord* out,
                const Fill& fill) {
  out->Clear(kind, /*is_delta=*/true);
  if (!match.has_value()) {
    out->too_big = true;
    return;
  }
  out->cost = match->cost;
  const DeltaTree& delta = match->delta;
  ForEachWithDepth(
      delta.root, [&](NodeIndex n) -> const ChildList& { return delta.nodes[n].children; },
      [&](NodeIndex n, int32_t depth) {
        const DeltaNode& node = delta.nodes[n];
        NodeRecord& record = out->nodes.emplace_back();
        record.depth = depth;
        record.op = OpOf(node.kind);
        Count(record.op, &out->counts);
        fill(node, record);
      });
}

// The sides of an inlining delta node with their blocks (output.md §7.1).
void FillInliningDelta(const DeltaNode& node, const InliningTree& left, const InliningTree& right,
                       const Options& options, TreeRecord* out, NodeRecord& record) {
  const bool reasoning = options.inliner_reasoning;
  switch (node.kind) {
    case DeltaKind::kIdentity:
    case DeltaKind::kMoved: {
      const bool shown = reasoning && node.left != left.root;
      FillInlining(left, node.left, shown, out, &record.left);
      FillInlining(right, node.right, shown, out, &record.right);
      return;
    }
    case DeltaKind::kDeletion:
      FillInlining(left, node.left, reasoning && node.left != left.root, out, &record.left);
      return;
    case DeltaKind::kInsertion:
      FillInlining(right, node.right, reasoning && node.right != right.root, out, &record.right);
      return;
    case DeltaKind::kRelabel: {
      // A changed inlining decision always shows its reasons.
      const bool shown =
          reasoning || left.node(node.left).inlined != right.node(node.right).inlined;
      FillInlining(left, node.left, shown, out, &record.left);
      FillInlining(right, node.right, shown, out, &record.right);
      return;
    }
  }
}

}  // namespace

NodeLabel InliningNodeLabelWithBlocks(const InliningTree& tree, NodeIndex node, bool reasons_shown,
                                      TreeRecord* storage) {
  NodeLabel label;
  FillInlining(tree, node, reasons_shown, storage, &label);
  return label;
}

NodeLabel InliningBlocksLabel(const InliningTreeNode& node, bool reasons_shown,
                              TreeRecord* storage) {
  NodeLabel label;
  label.kind = LabelKind::kInlining;
  FillInliningBlocks(node, reasons_shown, storage, &label);
  return label;
}

NodeLabel OptimizationNodeLabel(const OptimizationTreeNode& node, int32_t short_bci,
                                TreeRecord* storage) {
  NodeLabel label;
  FillOptimization(node, short_bci, storage, &label);
  return label;
}

NodeLabel InliningNodeLabel(const InliningTree& tree, NodeIndex index) {
  const InliningTreeNode& node = tree.node(index);
  NodeLabel label;
  label.kind = LabelKind::kInlining;
  label.callsite = CallsiteKindName(tree.Kind(index));
  label.name_known = node.method_name.has_value();
  if (label.name_known) label.name = *node.method_name;
  label.bci = node.bci;
  return label;
}

void BuildInliningTreeRecord(const InliningTree& tree, const Options& options, TreeRecord* out) {
  out->Clear(TreeKind::kInlining, /*is_delta=*/false);
  ForEachWithDepth(
      tree.root, [&](NodeIndex n) -> const ChildList& { return tree.node(n).children; },
      [&](NodeIndex n, int32_t depth) {
        NodeRecord& record = out->nodes.emplace_back();
        record.depth = depth;
        FillInlining(tree, n, options.inliner_reasoning && n != tree.root, out, &record.left);
      });
}

void BuildOptimizationTreeRecord(const OptimizationTree& tree, TreeRecord* out) {
  out->Clear(TreeKind::kOptimization, /*is_delta=*/false);
  ForEachWithDepth(
      tree.root, [&](NodeIndex n) -> const ChildList& { return tree.node(n).children; },
      [&](NodeIndex n, int32_t depth) {
        NodeRecord& record = out->nodes.emplace_back();
        record.depth = depth;
        FillOptimization(tree.node(n), OutermostBci(tree.node(n)), out, &record.left);
      });
}

void BuildContextTreeRecord(const OptimizationContextTree& oct, const Options& options,
                            TreeRecord* out) {
  out->Clear(TreeKind::kOptimizationContext, /*is_delta=*/false);
  ContextLabeler labels(oct, options);
  const NodeIndex inlining_root = oct.inlining_tree->root;
  ForEachWithDepth(
      oct.root, [&](NodeIndex n) -> const ChildList& { return oct.node(n).children; },
      [&](NodeIndex n, int32_t depth) {
        NodeRecord& record = out->nodes.emplace_back();
        record.depth = depth;
        const bool shown = options.inliner_reasoning && oct.node(n).ref != inlining_root;
        labels.Fill(n, shown, out, &record.left);
      });
}

void BuildInliningDeltaRecord(const std::optional<TreeMatch>& match, const InliningTree& left,
                              const InliningTree& right, const Options& options, TreeRecord* out,
                              const InliningTree* right_as_logged) {
  // Experiment 2's labels come from the tree as logged (the same node indices): its bcis, and
  // views that outlive a moved copy.
  const InliningTree& right_labels = right_as_logged != nullptr ? *right_as_logged : right;
  BuildDelta(match, TreeKind::kInlining, out, [&](const DeltaNode& node, NodeRecord& record) {
    FillInliningDelta(node, left, right_labels, options, out, record);
  });
}

void BuildOptimizationDeltaRecord(const std::optional<TreeMatch>& match,
                                  const OptimizationTree& left, const OptimizationTree& right,
                                  TreeRecord* out) {
  BuildDelta(match, TreeKind::kOptimization, out, [&](const DeltaNode& node, NodeRecord& record) {
    if (node.left != kNoNode) {
      FillOptimization(left.node(node.left), OutermostBci(left.node(node.left)), out, &record.left);
    }
    if (node.right != kNoNode) {
      FillOptimization(right.node(node.right), OutermostBci(right.node(node.right)), out,
                       &record.right);
    }
  });
}

void BuildContextDeltaRecord(const std::optional<TreeMatch>& match,
                             const OptimizationContextTree& left,
                             const OptimizationContextTree& right, const Options& options,
                             TreeRecord* out) {
  ContextLabeler left_labels(left, options), right_labels(right, options);
  BuildDelta(
      match, TreeKind::kOptimizationContext, out, [&](const DeltaNode& node, NodeRecord& record) {
        const bool inlining_backed = (node.left == kNoNode || left_labels.IsInlining(node.left)) &&
                                     (node.right == kNoNode || right_labels.IsInlining(node.right));
        if (inlining_backed) {
          DeltaNode mapped = node;
          mapped.left = node.left == kNoNode ? kNoNode : left_labels.Ref(node.left);
          mapped.right = node.right == kNoNode ? kNoNode : right_labels.Ref(node.right);
          FillInliningDelta(mapped, *left.inlining_tree, *right.inlining_tree, options, out,
                            record);
          return;
        }
        if (node.left != kNoNode) left_labels.Fill(node.left, false, out, &record.left);
        if (node.right != kNoNode) right_labels.Fill(node.right, false, out, &record.right);
      });
}

namespace {

// The execution samples of a period of the experiment's profile when it is made of JFR samples;
// nullopt for other profiles (proftool's cycles carry no sample count).
std::optional<int64_t> SamplesOf(const Experiment& experiment, int64_t period) {
  const std::optional<Profile>& profile = experiment.profile();
  if (!profile || profile->source != ProfileSource::kJfr) return std::nullopt;
  return SamplesInPeriod(period, profile->total_period, profile->samples);
}

}  // namespace

ExperimentRecord MakeExperimentRecord(const Experiment& experiment) {
  ExperimentRecord record;
  record.id = experiment.id();
  record.kind = experiment.kind();
  record.units = static_cast<int64_t>(experiment.log().units.size());
  if (const std::optional<HotSpotInfo>& info = experiment.hotspot(); info.has_value()) {
    record.hotspot =
        HotSpotLogRecord{info->vm_version, info->tasks, info->failed_tasks,   info->units,
                         info->tiers,      info->kept,  info->without_profile};
  }
  if (const std::optional<LlvmInfo>& info = experiment.llvm(); info.has_value()) {
    record.llvm =
        LlvmRemarksRecord{info->files, info->remarks, info->hotness, info->without_profile};
  }
  const std::optional<Profile>& profile = experiment.profile();
  if (!profile) return record;
  record.profiled = true;
  if (profile->execution_id) record.execution_id = *profile->execution_id;
  for (CompilationIndex c : experiment.UnitsInTableOrder()) {
    if (!experiment.compilation(c).hot) continue;
    record.hot_period += experiment.HotnessPeriod(c);
    ++record.hot_units;
  }
  record.graal_period = experiment.GraalPeriod();
  record.left_out_period = experiment.LeftOutPeriod();
  record.total_period = profile->total_period;
  record.left_out_share = Share(record.left_out_period, record.total_period);
  record.profiled_code = static_cast<int64_t>(profile->code.size()) + profile->code_not_kept;
  if (profile->source == ProfileSource::kJfr) record.jfr_samples = profile->samples;
  record.graal_share = Share(record.graal_period, record.total_period);
  record.hot_share = Share(record.hot_period, record.total_period);
  record.graal_samples = SamplesOf(experiment, record.graal_period);
  record.left_out_samples = SamplesOf(experiment, record.left_out_period);
  record.hot_samples = SamplesOf(experiment, record.hot_period);
  std::vector<const ProfileEntry*> entries;
  entries.reserve(profile->code.size());
  for (const ProfileEntry& entry : profile->code) entries.push_back(&entry);
  std::stable_sort(
      entries.begin(), entries.end(),
      [](const ProfileEntry* a, const ProfileEntry* b) { return a->period > b->period; });
  if (entries.size() > kTopProfileEntries) entries.resize(kTopProfileEntries);
  for (const ProfileEntry* entry : entries) {
    TopMethodRecord top;
    top.period = entry->period;
    top.share = Share(entry->period, record.total_period);
    top.samples = SamplesOf(experiment, entry->period);
    top.level = entry->level;
    if (entry->compile_id) top.compile_id = *entry->compile_id;
    top.name = entry->name;
    record.top_methods.push_back(top);
  }
  return record;
}

CompilationRecord MakeCompilationRecord(const Experiment& experiment, CompilationIndex index) {
  const Compilation& c = experiment.compilation(index);
  CompilationRecord record;
  record.experiment = experiment.id();
  record.id = c.id;
  record.fragment = c.is_fragment;
  if (c.multi_method_key) record.multi_method_key = *c.multi_method_key;
  record.profiled = experiment.has_profile();
  if (record.profiled) {
    record.period = c.period;
    record.graal_share = Share(c.period, experiment.GraalPeriod());
    record.total_share = Share(c.period, experiment.total_period());
    record.samples = SamplesOf(experiment, c.period);
    record.hot = c.hot;
  }
  if (c.is_fragment) {
    record.fragment_of = experiment.compilation(c.parent).id;
    record.inlining_path.reserve(c.inlining_path.size());
    for (const PathElement& element : c.inlining_path) {
      PathElementRecord path_element;
      if (element.name) path_element.method = *element.name;
      path_element.bci = element.bci;
      record.inlining_path.push_back(path_element);
    }
  }
  return record;
}

CompilationListRecord MakeCompilationList(const Experiment& experiment, MethodIndex method) {
  CompilationListRecord record;
  record.experiment = experiment.id();
  record.profiled = experiment.has_profile();
  record.name_in_log = experiment.method(method).real_name;
  std::vector<CompilationIndex> list = experiment.method(method).compilations;
  std::stable_sort(list.begin(), list.end(), [&](CompilationIndex a, CompilationIndex b) {
    return experiment.compilation(a).period > experiment.compilation(b).period;
  });
  record.compilations.reserve(list.size());
  for (CompilationIndex c : list)
    record.compilations.push_back(MakeCompilationRecord(experiment, c));
  if (record.profiled) {
    record.left_out_period = experiment.method(method).left_out_period;
    if (record.left_out_period != 0) {
      record.left_out_share = Share(record.left_out_period, experiment.total_period());
      record.left_out_samples = SamplesOf(experiment, record.left_out_period);
    }
  }
  return record;
}

namespace {

std::optional<SamplingNoiseRecord> TestSamples(const std::optional<int64_t>& k1,
                                               const Experiment& first,
                                               const std::optional<int64_t>& k2,
                                               const Experiment& second) {
  if (!k1 || !k2 || !first.profile() || !second.profile()) return std::nullopt;
  const std::optional<SampledShareTest> test =
      TestSampledShares(*k1, first.profile()->samples, *k2, second.profile()->samples);
  if (!test) return std::nullopt;
  return SamplingNoiseRecord{test->p, test->within_noise};
}

}  // namespace

std::optional<SamplingNoiseRecord> TestSamplingNoise(const MethodRecord& method,
                                                     const Experiment& first,
                                                     const Experiment& second) {
  std::optional<int64_t> samples[2];
  MethodRecordSamples(method, samples);
  return TestSamples(samples[0], first, samples[1], second);
}

std::optional<SamplingNoiseRecord> TestSamplingNoise(const CompilationRecord& a,
                                                     const Experiment& first,
                                                     const CompilationRecord& b,
                                                     const Experiment& second) {
  return TestSamples(a.samples, first, b.samples, second);
}

ShareChangeRecord TestShareChange(const std::vector<double>& a, const std::vector<double>& b) {
  ShareChangeRecord change;
  if (!a.empty() && !b.empty()) change.difference = Summarize(b).mean - Summarize(a).mean;
  change.tested = a.size() >= 2 && b.size() >= 2;
  if (change.tested) {
    const WelchResult welch = WelchTTest(a, b);
    change.t = welch.t;
    change.df = welch.df;
    change.p = welch.p;
    change.beyond_noise = welch.p < kShareChangeAlpha;
  }
  return change;
}

}  // namespace profdiff
