#ifndef PROFDIFF_OUTPUT_RECORD_BUILDERS_H_
#define PROFDIFF_OUTPUT_RECORD_BUILDERS_H_

// Builds the output records (output_records.h) from the model: the one place where what an
// output shows is decided (which blocks of a node are shown, which bci the short form prints,
// shares, counts). The records refer to the model, which must outlive them.

#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/model/experiment.h"
#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/options.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// Whole trees (report, --diff-compilations=false), into *out (cleared first).
void BuildInliningTreeRecord(const InliningTree& tree, const Options& options, TreeRecord* out);
void BuildOptimizationTreeRecord(const OptimizationTree& tree, TreeRecord* out);
void BuildContextTreeRecord(const OptimizationContextTree& oct, const Options& options,
                            TreeRecord* out);

// Delta trees of a matching (output.md §7.1); nullopt: the trees were too big to compare.
// `right_as_logged`, when given, is experiment 2's tree as logged, of which `right` is a copy with
// the call sites that moved with the code at experiment 1's bci (call_site_alignment.h): the
// right labels are made of it, so a moved call reads "at bci 188 → 243" and the labels stay
// valid as long as it does, however short the copy lives.
void BuildInliningDeltaRecord(const std::optional<TreeMatch>& match, const InliningTree& left,
                              const InliningTree& right, const Options& options, TreeRecord* out,
                              const InliningTree* right_as_logged = nullptr);
void BuildOptimizationDeltaRecord(const std::optional<TreeMatch>& match,
                                  const OptimizationTree& left, const OptimizationTree& right,
                                  TreeRecord* out);
void BuildContextDeltaRecord(const std::optional<TreeMatch>& match,
                             const OptimizationContextTree& left,
                             const OptimizationContextTree& right, const Options& options,
                             TreeRecord* out);

// jit-vs-jit-runs (docs/runs.md "Share changes"): the change from the runs' values `a` of
// experiment 1 to `b` of experiment 2 (a method's shares, the inlining rates of
// docs/decisions-view.md): the difference of the means (0 when either is empty) and Welch's
// t-test of it, tested when both have at least two values.
ShareChangeRecord TestShareChange(const std::vector<double>& a, const std::vector<double>& b);

// Comparisons of two JFR profiles (docs/jfr.md "How sure is a share"): whether the method's share
// changed by more than sampling noise, from its samples in the method record's compilation lists
// (MethodRecordSamples) and the experiments' samples; nullopt unless both profiles are JFR
// samples, each with at least one.
std::optional<SamplingNoiseRecord> TestSamplingNoise(const MethodRecord& method,
                                                     const Experiment& first,
                                                     const Experiment& second);
// The same for a pair's two compilations (their own samples).
std::optional<SamplingNoiseRecord> TestSamplingNoise(const CompilationRecord& a,
                                                     const Experiment& first,
                                                     const CompilationRecord& b,
                                                     const Experiment& second);

// The label of one inlining node, without its blocks (reasons and profile are left empty).
NodeLabel InliningNodeLabel(const InliningTree& tree, NodeIndex node);
// The label of an inlining node with its reasons (when `reasons_shown`) and receiver-type
// profile, their items appended to `storage`.
NodeLabel InliningNodeLabelWithBlocks(const InliningTree& tree, NodeIndex node, bool reasons_shown,
                                      TreeRecord* storage);
// Only the blocks of an inlining node (the rest of the label is left empty).
NodeLabel InliningBlocksLabel(const InliningTreeNode& node, bool reasons_shown,
                              TreeRecord* storage);
// The label of an optimization-tree node whose short form prints `short_bci`, its position and
// properties appended to `storage`.
NodeLabel OptimizationNodeLabel(const OptimizationTreeNode& node, int32_t short_bci,
                                TreeRecord* storage);

// The experiment's summary (output.md §4).
ExperimentRecord MakeExperimentRecord(const Experiment& experiment);
// A compilation as a header or a list row names it.
CompilationRecord MakeCompilationRecord(const Experiment& experiment, CompilationIndex index);
// The method's compilations, the most executed first (output.md §5.2).
CompilationListRecord MakeCompilationList(const Experiment& experiment, MethodIndex method);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RECORD_BUILDERS_H_
