#ifndef PROFDIFF_OUTPUT_OUTPUT_RECORDS_H_
#define PROFDIFF_OUTPUT_OUTPUT_RECORDS_H_

// The output model (docs/output-formats.md): what a command found, as a stream of records that
// renderers (text, JSON, CSV) only format. Every analysis fact a renderer prints (shares,
// hotness, fragment numbers, matching results, which blocks are shown) is computed once, by the
// code that builds the records; `render` rebuilds the same records from a JSON stream.
//
// Records hold views (string_view, pointers): what they refer to lives at least as long as the
// call that passes the record to a sink. Trees are flat arrays in preorder, each node with its
// depth, so that no consumer needs recursion however deep a tree is (tree_records.h).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "profdiff/analysis/loop_vectorization.h"
#include "profdiff/analysis/statistics.h"
#include "profdiff/diff/decision_changes.h"
#include "profdiff/model/profile.h"
#include "profdiff/options.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/tree_records.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// The schema number of the JSON stream (docs/output-formats.md "Compatibility"), not the
// version of profdiff.
inline constexpr int kOutputSchemaVersion = 1;

// ---------------------------------------------------------------------------------------------
// Experiments, methods and compilations.

// jit-vs-jit-runs: which run of its experiment an experiment summary describes.
struct RunIdentityRecord {
  int index = 0;  // 1-based; 0: the summary is not of a run
  int count = 0;  // runs of the experiment
  std::string_view log;
  std::string_view profile;
};

struct TopMethodRecord {
  int64_t period = 0;
  double share = 0;                // of the total period; NaN when the total is 0
  std::optional<int64_t> samples;  // JFR profiles: the execution samples the period is made of
  std::optional<int32_t> level;
  std::optional<std::string_view> compile_id;
  std::string_view name;
};

// An experiment's summary (output.md §4).
// An experiment read from a HotSpot compilation log (HotSpotInfo).
struct HotSpotLogRecord {
  std::string_view vm_version;
  int64_t tasks = 0;
  int64_t failed_tasks = 0;
  int64_t units = 0;
  std::string_view tiers;            // HotSpotInfo::tiers ("top")
  std::string_view kept;             // HotSpotInfo::kept ("each method's top-tier compilations")
  std::string_view without_profile;  // empty with a profile
};

// An experiment read from LLVM optimization remarks (LlvmInfo, docs/llvm.md).
struct LlvmRemarksRecord {
  int64_t files = 0;
  int64_t remarks = 0;
  bool hotness = false;              // the periods are the remarks' Hotness (profile counts)
  std::string_view without_profile;  // empty with Hotness
};

struct ExperimentRecord {
  int id = 1;
  ExperimentKind kind = ExperimentKind::kUnknown;  // kUnknown: no profile says which
  int64_t units = 0;                               // compilation units in the log
  bool profiled = false;                           // the rest only with a profile
  std::optional<std::string_view> execution_id;
  int64_t profiled_code = 0;  // compilation units (code entries) in the profile
  // A profile made of JFR execution samples: how many (periods are nanoseconds of sampled time);
  // nullopt for proftool's (periods are cycles).
  std::optional<int64_t> jfr_samples;
  int64_t total_period = 0;
  int64_t graal_period = 0;  // every JIT-compiled unit's, those --tiers left out included
  double graal_share = 0;    // of the total period
  // HotSpot logs: the period of the compilations --tiers left out (in graal_period, in no unit).
  int64_t left_out_period = 0;
  double left_out_share = 0;  // of the total period
  int64_t hot_units = 0;
  int64_t hot_period = 0;  // a hot unit's carries its method's left-out period (HotnessPeriod)
  double hot_share = 0;
  // JFR profiles: the execution samples of graal_period, left_out_period and hot_period.
  std::optional<int64_t> graal_samples;
  std::optional<int64_t> left_out_samples;
  std::optional<int64_t> hot_samples;
  std::vector<TopMethodRecord> top_methods;  // at most 10, by period
  RunIdentityRecord run;                     // jit-vs-jit-runs only
  std::optional<HotSpotLogRecord> hotspot;   // HotSpot logs only
  std::optional<LlvmRemarksRecord> llvm;     // LLVM remarks only
};

struct PathElementRecord {
  std::optional<std::string_view> method;  // nullopt: unknown
  int32_t bci = -1;
};

// A compilation unit or fragment as listed in a method section or named in a header.
struct CompilationRecord {
  int experiment = 1;
  std::string_view id;
  bool fragment = false;
  std::optional<std::string_view> multi_method_key;
  bool profiled = false;  // period, shares and hot are known
  int64_t period = 0;
  double graal_share = 0;          // of the experiment's Graal period; NaN when that is 0
  double total_share = 0;          // of the experiment's total period; NaN when that is 0
  std::optional<int64_t> samples;  // JFR profiles: the execution samples of `period`
  bool hot = false;
  // Fragments: the unit they were cut from, and the (method, bci) path from its root.
  std::string_view fragment_of;
  std::vector<PathElementRecord> inlining_path;
};

struct CompilationListRecord {
  int experiment = 1;
  bool profiled = false;
  // The method's name in this experiment's log when the section is titled with the stable
  // identity of a generated class's method (docs/decisions.md); else empty.
  std::string_view name_in_log;
  std::vector<CompilationRecord> compilations;  // by period, the most executed first
  // The method's period in compilations --tiers left out, and its share of the total period
  // (0 when none: Graal logs, --tiers=all).
  int64_t left_out_period = 0;
  double left_out_share = 0;
  std::optional<int64_t> left_out_samples;  // JFR profiles: the samples of left_out_period
};

// Whether a method's share changed between two experiments by more than sampling noise: the
// exact conditional binomial test of its JFR samples (profdiff/analysis/sampled_share_test.h,
// docs/jfr.md "How sure is a share").
struct SamplingNoiseRecord {
  double p = 1;
  bool within_noise = true;  // p >= kShareChangeAlpha
};

// The head of a method section: its title and compilation lists (output.md §5).
struct MethodRecord {
  int64_t index = 0;  // 0-based position among the sections
  std::string_view name;
  int hot_only_in = 0;  // comparisons: the one experiment the method is hot in, else 0
  std::vector<CompilationListRecord> experiments;
  // Comparisons of two JFR profiles: the test of the method's share change (its samples in all
  // its compilations, fragments not counted, against each experiment's samples).
  std::optional<SamplingNoiseRecord> sampling_noise;
  // Comparisons: the number of pair records of the section (rendered on worker threads, they
  // may be observed before or after this record), so that an observer knows when it has seen
  // them all (MethodDifferenceTally). Set by the comparison; not part of the output (a stream
  // read back does not have it).
  std::optional<int64_t> pairs;
};

// A compilation printed with its trees (report, --diff-compilations=false).
struct CompilationTreesRecord {
  std::string_view method;
  CompilationRecord compilation;
  // Either both of these, or the optimization-context tree.
  const TreeRecord* inlining = nullptr;
  const TreeRecord* optimization = nullptr;
  const TreeRecord* context = nullptr;
};

// Two compilations compared (output.md §7).
struct PairRecord {
  std::string_view method;
  CompilationRecord first;
  CompilationRecord second;
  // Two JFR profiles: whether the two compilations' shares differ by more than sampling noise.
  std::optional<SamplingNoiseRecord> sampling_noise;
  // Delta trees: both of these, or the optimization-context delta tree.
  const TreeRecord* inlining = nullptr;
  const TreeRecord* optimization = nullptr;
  const TreeRecord* context = nullptr;
  // --decisions: the pair's inlining decisions that differ (not written as such: the decisions
  // record sums them up); nullptr otherwise.
  const PairDecisions* decisions = nullptr;
  // --decisions: the loops whose vectorization differs (LLVM remarks; not written as such: the
  // loops record sums them up); nullptr otherwise.
  const std::vector<LoopChange>* loops = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Statistics (stats, docs/statistics.md).

// One scope of one experiment: its figures (statistics.h), in metric order.
struct StatisticsRecord {
  int experiment = 1;
  StatisticsScope scope;
  std::vector<StatisticFigure> figures;
};

// One scope in two experiments: a row per figure, in the order CompareStatistics gives.
struct StatisticsChangeRecord {
  StatisticsScope scope;
  int hot_only_in = 0;  // kMethod: the one experiment the method is hot in, else 0
  std::vector<StatisticsChangeRow> rows;
};

// ---------------------------------------------------------------------------------------------
// jit-vs-jit-runs (docs/runs.md): methods across several runs per experiment.

// A method's execution share (of the total period) over the runs of one experiment.
struct ShareStatsRecord {
  int experiment = 1;
  int64_t runs = 0;           // runs of the experiment
  int64_t hot_runs = 0;       // runs in which the method has a hot compilation unit
  int64_t compiled_runs = 0;  // runs in which the method has a compilation unit at all
  double mean = 0;            // over all runs (a run without the method counts as 0)
  double stddev = 0;          // sample standard deviation; NaN with fewer than two runs
  double min = 0;
  double max = 0;
};

// Welch's t-test of the shares of experiment 2 against experiment 1 (docs/runs.md).
struct ShareChangeRecord {
  double difference = 0;  // mean share of experiment 2 minus that of experiment 1
  bool tested = false;    // both experiments have at least two runs
  double t = 0;           // the rest only when tested
  double df = 0;
  double p = 1;
  bool beyond_noise = false;  // p < kShareChangeAlpha (profdiff/analysis/share_statistics.h)
};

// One element of a difference's path: an inlining node (method, bci), or a phase.
struct PathStepRecord {
  bool phase = false;
  std::string_view name;  // the method (unless !name_known) or the phase name
  bool name_known = true;
  int32_t bci = -1;  // inlining steps; -1: none
};

// A difference found in the pairs of runs: a delta-tree node identified by its tree, operation,
// labels and path, and in how many pairs it was found.
struct DifferenceRecord {
  TreeKind tree = TreeKind::kInlining;
  // op and labels (left: experiment 1, right: experiment 2), as in a delta tree; the labels'
  // ranges index the `labels` storage of the method record. depth is unused.
  NodeRecord node;
  IndexRange path;    // into RunsMethodRecord::path_steps, from the root (excluded) down
  int64_t cross = 0;  // cross pairs (a run of each experiment) that have it
  int64_t cross_pairs = 0;
  int64_t within = 0;  // same-side pairs that have it or its mirror image
  int64_t within_pairs = 0;
};

// A method hot in at least one run: its hotness per experiment and, when it was compared, the
// differences of its runs' hottest compilations.
struct RunsMethodRecord {
  int64_t index = 0;  // 0-based position among the method records
  std::string_view name;
  std::vector<ShareStatsRecord> hotness;  // experiment 1, then 2
  ShareChangeRecord share_change;
  // Hot in at least half the runs of each experiment; the rest only then.
  bool compared = false;
  // An experiment compiled it in fewer than two runs, so its noise is unknown: nothing is stable.
  bool unconfirmed = false;
  int64_t cross_pairs = 0;               // pairs of runs matched: a run of each experiment
  int64_t within_pairs = 0;              // two runs of one experiment
  std::vector<DifferenceRecord> stable;  // in display order
  std::vector<DifferenceRecord> noise;
  std::vector<PathStepRecord> path_steps;
  TreeRecord labels;  // storage of the differences' labels (reasons, positions, properties)
  // --decisions: the runs' call sites and stable reason-only changes (not written as such: the
  // decisions record sums them up); nullptr otherwise.
  const RunsDecisions* decisions = nullptr;
};

// ---------------------------------------------------------------------------------------------
// The stream.

struct HeaderRecord {
  HeaderRecord() = default;
  HeaderRecord(std::string command_name, std::vector<std::string> command_arguments,
               Options command_options, std::optional<RunsOptions> runs_options = std::nullopt)
      : command(std::move(command_name)),
        arguments(std::move(command_arguments)),
        options(command_options),
        runs(std::move(runs_options)) {}

  std::string command;
  std::vector<std::string> arguments;
  Options options;
  std::optional<RunsOptions> runs;  // jit-vs-jit-runs only
};

struct WarningRecord {
  std::string_view message;  // without the "Warning: " that text puts before it
};

// A fatal error: the stream ends with it (it is also written to stderr).
struct ErrorRecord {
  std::string_view message;
};

// The totals of jit-vs-jit-runs in its end record.
struct RunsTotalsRecord {
  int64_t compared = 0;       // methods compared
  int64_t stable = 0;         // stable differences
  int64_t noise = 0;          // noise (or unconfirmed) differences
  int64_t share_changes = 0;  // methods whose share changed beyond the noise
};

// --summary: the compared hot methods, ranked so that the most executed methods with the most
// differences come first (RankMethods, method_differences.h). Comes after the last method
// section, before the end record.
struct SummaryRowRecord {
  int64_t rank = 0;   // 1-based
  int64_t index = 0;  // the method record's index
  std::string_view method;
  std::optional<double> share[2];  // of the total execution in experiments 1 and 2; none: unknown
  std::optional<int64_t> samples[2];  // JFR profiles: the execution samples behind each share
  std::optional<SamplingNoiseRecord> sampling_noise;  // the method record's
  int64_t pairs = 0;                                  // compared compilation pairs
  // The pairs whose differences count (compilation_pairing.h); a stream without them: `pairs`.
  int64_t counted_pairs = 0;
  OpCounts inlining;  // differing nodes by operation (no identities) in the counted pairs
  OpCounts optimization;
  int64_t inlining_too_big = 0;  // counted pairs whose trees were too big to compare
  int64_t optimization_too_big = 0;
  // Call sites that moved with the code in the counted pairs (issue 36): not differences.
  int64_t moved_call_sites = 0;
};

struct SummaryRecord {
  std::vector<SummaryRowRecord> methods;  // in rank order
};

// --decisions (docs/decisions-view.md): the call sites whose inlining decision differs in the
// compared pairs, summed up. Comes after the summary, before the end record.

// One row of the transition table: the call sites that went from one kind and reason to another.
struct DecisionTransitionRecord {
  std::string_view kind[2];    // "" : the call site is absent on that side
  std::string_view reason[2];  // the reason key (decision_changes.h); "": none
  int64_t call_sites = 0;
  int64_t methods = 0;             // hot methods the call sites are in
  std::optional<double> share;     // the summed share of those methods; none: all unknown
  std::optional<int64_t> samples;  // JFR profiles: the summed samples behind their shares
};

// One changed call site.
struct DecisionSiteRecord {
  std::string_view method;         // the hot method (of the method section)
  int64_t index = 0;               // its method record's index
  std::optional<double> share;     // its larger share of the two experiments; none: unknown
  std::optional<int64_t> samples;  // JFR profiles: the samples behind `share`
  // Two JFR profiles: the test of the method's share change (its method record's).
  std::optional<SamplingNoiseRecord> sampling_noise;
  std::string_view compilation[2];  // the pair's compilation IDs
  IndexRange path;  // into DecisionsRecord::path: (callee, bci) from below the root down to it
  std::optional<std::string_view> caller;  // the method the call is in; nullopt: unknown
  std::optional<std::string_view> callee;
  int32_t bci = -1;
  bool present[2] = {false, false};
  std::string_view kind[2];
  IndexRange reasons[2];  // into DecisionsRecord::reasons, all of them as logged
  // The callee's bytecode size on each side, where the log has it (HotSpot; never Graal).
  std::optional<int32_t> bytecode_size[2];
  // The call site's bci on each side as logged; -1: absent there (or unknown). They differ when
  // the call moved with the code (issue 36): `bci` and the path are experiment 1's then.
  int32_t side_bci[2] = {-1, -1};
};

// The call sites of the counted pairs' trees on one side.
struct DecisionRateRecord {
  int64_t call_sites = 0;
  int64_t inlined = 0;
  // The same, each pair's weighted by its method's share (pairs of unknown share left out).
  double weighted_call_sites = 0;
  double weighted_inlined = 0;
};

// jit-vs-jit-runs: the runs whose trees the rates count, and whether each rate's change is
// beyond the run-to-run noise (Welch's t-test of the runs' own rates, as for a share change;
// `difference` is the mean of experiment 2's runs' rates minus that of experiment 1's).
struct RunsRateRecord {
  // Per experiment, the rate of each run with call sites (of known share), in run order.
  std::vector<double> rates[2];
  std::vector<double> weighted_rates[2];
  ShareChangeRecord change[2];  // of the plain rate, of the weighted rate
};

// A compilation pair whose decisions count (PairsCountedForDecisions, decision_view.h).
struct CountedPairRecord {
  std::string_view method;
  std::string_view compilation[2];
};

struct DecisionsRecord {
  int64_t methods = 0;                     // compared hot methods
  int64_t pairs = 0;                       // counted pairs
  std::vector<CountedPairRecord> counted;  // which they are (none for jit-vs-jit-runs)
  int64_t too_big = 0;                     // of which too big to compare (no decisions known)
  DecisionRateRecord rate[2];
  std::optional<RunsRateRecord> runs_rate;            // jit-vs-jit-runs only
  std::vector<DecisionTransitionRecord> transitions;  // largest share first
  std::vector<DecisionSiteRecord> changes;            // kind changes, ranked
  std::vector<DecisionSiteRecord> reason_changes;     // the same kind, another reason, ranked
  // --show-moved: the call sites that only moved with the code (the same kind and reasons at
  // another bci; issue 36), ranked. No changes: listed apart, counted nowhere.
  std::vector<DecisionSiteRecord> moves;
  std::vector<PathElementRecord> path;
  std::vector<std::string_view> reasons;
};

// --decisions on LLVM remarks (docs/llvm.md "The loop view"): the loops whose vectorization
// changed in the counted pairs, ranked. Comes after the decisions record.

// How one side vectorized a loop (one per Vectorized remark of it).
struct LoopWidthRecord {
  std::string_view width;       // VectorizationFactor
  std::string_view interleave;  // InterleaveCount
};

struct LoopRowRecord {
  std::string_view method;          // the compared method (of the method section)
  int64_t index = 0;                // its method record's index
  std::optional<double> share;      // its larger share of the two experiments; none: unknown
  std::string_view compilation[2];  // the pair's compilation IDs
  IndexRange position;  // into LoopsRecord::position: the loop's, innermost function first
  bool remarked[2] = {false, false};  // the side has loop-vectorize remarks about the loop
  IndexRange vectorized[2];           // into LoopsRecord::widths; empty: not vectorized
  IndexRange reasons[2];              // into LoopsRecord::reasons: the side's other messages
};
// "stopped", "started" or "changed" (vectorized on both sides, another width or interleave).
std::string_view LoopChangeName(const LoopRowRecord& row);

struct LoopsRecord {
  int64_t methods = 0;               // compared methods
  int64_t pairs = 0;                 // counted pairs (as the decisions record's)
  std::vector<LoopRowRecord> loops;  // ranked by share, then in section, pair and remark order
  std::vector<PathElementRecord> position;
  std::vector<LoopWidthRecord> widths;
  std::vector<std::string_view> reasons;
};

// --require (docs/ci.md): what the rules are checked against, of one experiment: the methods it
// compiled and the call sites of its hot compilation units (of every unit when nothing is hot
// for lack of a profile). Written when --require or --decisions is given, before the end record.
struct CallSiteFactRecord {
  std::string_view compilation;            // the unit's ID
  std::optional<std::string_view> caller;  // the method the call is in; nullopt: unknown
  std::optional<std::string_view> callee;
  int32_t bci = -1;
  std::string_view kind;  // "inlined", "direct", ...
};

struct CallSitesRecord {
  int experiment = 2;
  std::vector<std::string_view> compiled;  // distinct method names with a compilation unit
  std::vector<CallSiteFactRecord> sites;   // in unit, then tree order
};

struct EndRecord {
  int64_t methods = 0;
  int64_t compilations = 0;  // printed compilations
  int64_t pairs = 0;         // compared compilation pairs
  int64_t too_big = 0;       // trees too big to compare
  OpCounts inlining;
  OpCounts optimization;
  OpCounts context;
  // Call sites that moved with the code in the compared pairs (issue 36): not differences.
  int64_t moved_call_sites = 0;
  // jit-vs-jit-runs: `pairs` counts the pairs of runs matched, and the differences above are the
  // stable ones.
  std::optional<RunsTotalsRecord> runs;
};

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void Header(const HeaderRecord& record) = 0;
  virtual void Warning(const WarningRecord& record) = 0;
  virtual void Experiment(const ExperimentRecord& record) = 0;
  virtual void Method(const MethodRecord& record) = 0;
  virtual void Compilation(const CompilationTreesRecord& record) = 0;
  virtual void Pair(const PairRecord& record) = 0;
  virtual void Statistics(const StatisticsRecord& record) = 0;
  virtual void StatisticsChange(const StatisticsChangeRecord& record) = 0;
  // jit-vs-jit-runs. A sink that does not override it ignores these records.
  virtual void RunsMethod(const RunsMethodRecord&) {}
  virtual void Summary(const SummaryRecord& record) = 0;
  // --decisions. A sink that does not override it ignores this record.
  virtual void Decisions(const DecisionsRecord&) {}
  // --decisions on LLVM remarks. A sink that does not override it ignores this record.
  virtual void Loops(const LoopsRecord&) {}
  // --require and --decisions. A sink that does not override it ignores this record.
  virtual void CallSites(const CallSitesRecord&) {}
  virtual void End(const EndRecord& record) = 0;
  virtual void Error(const ErrorRecord& record) = 0;
};

// A sink that reads some records and ignores the others (the tallies of the gate, the summary,
// the decisions and the rules): it overrides only those it reads.
class RecordObserver : public RecordSink {
 public:
  void Header(const HeaderRecord&) override {}
  void Warning(const WarningRecord&) override {}
  void Experiment(const ExperimentRecord&) override {}
  void Method(const MethodRecord&) override {}
  void Compilation(const CompilationTreesRecord&) override {}
  void Pair(const PairRecord&) override {}
  void Statistics(const StatisticsRecord&) override {}
  void StatisticsChange(const StatisticsChangeRecord&) override {}
  void Summary(const SummaryRecord&) override {}
  void End(const EndRecord&) override {}
  void Error(const ErrorRecord&) override {}
};

// A sink that formats records. Method sections can be rendered on worker threads: each thread
// renders into a piece (a renderer of the same format and header writing to a string), and the
// pieces are written in order.
class Renderer : public RecordSink {
 public:
  // Only after Header().
  virtual std::unique_ptr<Renderer> NewPiece(std::string* target) const = 0;
  virtual void WritePiece(std::string_view rendered) = 0;
  // Writes out what is buffered.
  virtual void Flush() = 0;
  // The errno of the first failed write to the output (EPIPE: the reader went away), or 0.
  virtual int WriteError() const { return 0; }
  // Told about every write to the output (when it shares the progress line's terminal), and
  // about every line the renderer writes to stderr; may be null.
  virtual void SetWriteGuard(WriteGuard*) {}
  virtual void SetStderrGuard(WriteGuard*) {}
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_OUTPUT_RECORDS_H_
