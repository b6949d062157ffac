// jit-vs-jit-runs (docs/runs.md): several runs of each experiment; per method the spread of its
// hotness over the runs, and the differences between its runs' hottest compilations that survive
// the run-to-run noise.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "commands/command_steps.h"
#include "commands/comparison_commands.h"
#include "commands/run_differences.h"
#include "commands/run_reason_changes.h"
#include "load/paths.h"
#include "profdiff/analysis/compilation_trees.h"
#include "profdiff/analysis/hot_selection.h"
#include "profdiff/analysis/method_filter.h"
#include "profdiff/analysis/share_statistics.h"
#include "profdiff/commands/commands.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_classes.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/output/record_builders.h"
#include "profdiff/support/absl_compat.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

namespace {

std::string RunName(int experiment, size_t run) {
  return absl::StrCat("run ", run + 1, " of experiment ", experiment);
}

std::string Capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

// Checks that the inputs of a run can be read, before anything is written: a long comparison
// should not fail at its tenth run for a typo.
absl::Status CheckRunInputs(int experiment, size_t run, const RunInput& input) {
  const std::string who = Capitalized(RunName(experiment, run));
  struct stat info;
  if (stat(input.log.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat(who, ": cannot read the optimization log ",
                                            NormalizePath(input.log), " (", ErrnoText(errno), ")"));
  }
  if (!S_ISDIR(info.st_mode) && !IsHotSpotLogArgument(input.log)) {
    return absl::InvalidArgumentError(
        absl::StrCat(who, ": the optimization log ", NormalizePath(input.log),
                     " is not a directory (nor a HotSpot compilation log)"));
  }
  if (input.profile.empty()) return absl::OkStatus();  // a HotSpot log without a profile
  const int fd = open(input.profile.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return absl::NotFoundError(absl::StrCat(who, ": cannot read the profile ",
                                            NormalizePath(input.profile), " (", ErrnoText(errno),
                                            ")"));
  }
  const bool regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  close(fd);
  if (!regular) {
    return absl::InvalidArgumentError(absl::StrCat(
        who, ": the profile ", NormalizePath(input.profile), " is not a regular file"));
  }
  return absl::OkStatus();
}

struct RunData {
  int experiment;  // 1 or 2
  size_t index;    // within its experiment
  Experiment data;
};

// A method hot in at least one run: where it is in each run.
struct RunsMethod {
  std::string name;
  // Per experiment, per run: the method in that run's experiment, if it has it.
  std::vector<std::optional<MethodIndex>> in[2];
  RunsMethodRecord record;
  RunsDecisions decisions;  // --decisions
};

// The method's unit with the largest period in `run` (ties: the first in table order), if the
// run compiled it.
std::optional<CompilationIndex> HottestUnit(const Experiment& run, MethodIndex method) {
  std::optional<CompilationIndex> best;
  for (CompilationIndex c : run.method(method).compilations) {
    const Compilation& compilation = run.compilation(c);
    if (compilation.is_fragment) continue;
    if (!best.has_value() || compilation.period > run.compilation(*best).period) best = c;
  }
  return best;
}

ShareStatsRecord Hotness(int experiment, const std::vector<RunData*>& runs,
                         const std::vector<std::optional<MethodIndex>>& in,
                         std::vector<double>* shares) {
  ShareStatsRecord stats;
  stats.experiment = experiment;
  stats.runs = static_cast<int64_t>(runs.size());
  shares->clear();
  // Without profiles (HotSpot logs alone) a method is hot where it was compiled and its shares
  // are unknown: NaN, as the shares of a profile without any period are.
  const bool profiled = !runs.empty() && runs[0]->data.has_profile();
  for (size_t r = 0; r < runs.size(); ++r) {
    const Experiment& run = runs[r]->data;
    double share = 0;
    if (in[r].has_value()) {
      const MethodIndex m = *in[r];
      if (HottestUnit(run, m).has_value()) ++stats.compiled_runs;
      if (run.IsMethodHot(m)) ++stats.hot_runs;
      if (run.total_period() > 0) {
        share =
            static_cast<double>(run.MethodTotalPeriod(m)) / static_cast<double>(run.total_period());
      }
    }
    shares->push_back(share);
  }
  if (!profiled) {
    stats.mean = stats.stddev = stats.min = stats.max = std::nan("");
    shares->clear();
    return stats;
  }
  const SampleSummary summary = Summarize(*shares);
  stats.mean = summary.mean;
  stats.stddev = summary.stddev;
  stats.min = summary.min;
  stats.max = summary.max;
  return stats;
}

// The trees of one run's hottest compilation of the method being compared.
struct LoadedRun {
  size_t run;  // index into the experiment's runs
  std::shared_ptr<const RecordTrees> trees;
  // Classes shared by the trees of all runs of the method: classified once per tree rather than
  // twice per pair.
  CompilationClasses classes;
};

struct RunPair {
  const LoadedRun* left;
  const LoadedRun* right;
  bool cross;
};

// A matched pair of runs, produced on a worker thread.
struct MatchedPair {
  std::unique_ptr<PairTrees> trees;  // the delta trees that `differences` refers to
  PairDifferences differences;
  EndRecord tally;
};

class RunsComparison {
 public:
  RunsComparison(const RunsOptions& runs, const Options& options, Renderer& out,
                 ProgressSink* progress)
      : runs_options_(runs), options_(options), out_(out), progress_(progress) {
    // Identities are not differences: pruning them changes nothing but the work.
    match_options_ = options;
    match_options_.prune_identities = true;
  }

  absl::Status Run() {
    HeaderRecord header{"jit-vs-jit-runs", {}, options_, runs_options_};
    for (int e = 0; e < 2; ++e) {
      for (size_t r = 0; r < runs_options_.runs[e].size(); ++r) {
        absl::Status readable = CheckRunInputs(e + 1, r, runs_options_.runs[e][r]);
        if (!readable.ok()) return readable;
      }
    }
    out_.Header(header);
    for (int e = 0; e < 2; ++e) {
      if (runs_options_.runs[e].size() == 1) {
        out_.Warning(WarningRecord{absl::StrCat(
            "experiment ", e + 1,
            " has a single run: its run-to-run noise cannot be estimated, so every difference is "
            "unconfirmed")});
      }
    }
    absl::Status loaded = LoadRuns();
    if (!loaded.ok()) return loaded;
    CollectMethods();
    if (progress_ != nullptr) {
      const auto compared = std::count_if(methods_.begin(), methods_.end(),
                                          [](const RunsMethod& m) { return m.record.compared; });
      progress_->Begin("Comparing", compared, "methods", 0);
    }
    for (size_t m = 0; m < methods_.size(); ++m) {
      RunsMethod& method = methods_[m];
      method.record.index = static_cast<int64_t>(m);
      if (method.record.compared) {
        absl::Status compared = Compare(method);
        if (!compared.ok()) return compared;
        if (progress_ != nullptr) progress_->Advance(1, 0, 0);
      }
      Tally(method.record);
      out_.RunsMethod(method.record);
      method.record = RunsMethodRecord();  // drop the views into the trees, then the trees
      method.decisions.Clear();
      for (std::vector<LoadedRun>& side : loaded_) side.clear();
    }
    end_.runs = totals_;
    out_.End(end_);
    return absl::OkStatus();
  }

 private:
  // A run read on a worker thread: its experiment (hot units selected) and the warnings that
  // reading it gave, written when the run's turn comes.
  struct LoadedExperiment {
    absl::StatusOr<Experiment> experiment;
    std::vector<std::string> warnings;
  };

  LoadedExperiment ReadRun(int experiment, size_t index) const {
    const RunInput& input = runs_options_.runs[experiment - 1][index];
    const std::string name = RunName(experiment, index);
    LoadedExperiment loaded;
    std::optional<std::string> profile;
    if (!input.profile.empty()) profile = input.profile;
    ExperimentInput experiment_input{experiment, input.log, profile, ExperimentKind::kJit};
    experiment_input.other_profiled = false;  // every run has a profile, or none has
    experiment_input.progress = within_step_.get();
    experiment_input.tiers = options_.tiers;
    loaded.experiment = LoadExperiment(experiment_input, [&](std::string_view line) {
      constexpr std::string_view kPrefix = "Warning: ";
      if (line.starts_with(kPrefix)) line.remove_prefix(kPrefix.size());
      loaded.warnings.push_back(absl::StrCat(name, ": ", AbslView(line)));
    });
    if (!loaded.experiment.ok()) {
      loaded.experiment = absl::Status(
          loaded.experiment.status().code(),
          absl::StrCat(Capitalized(name), " (", NormalizePath(input.log),
                       input.profile.empty() ? std::string()
                                             : absl::StrCat(", ", NormalizePath(input.profile)),
                       "): ", loaded.experiment.status().message()));
      return loaded;
    }
    absl::Status named = NameGeneratedClassesStably(*loaded.experiment);
    if (!named.ok()) {
      loaded.experiment = named;
      return loaded;
    }
    if (!loaded.experiment->has_profile()) {
      // A HotSpot log without a profile: every kept unit counts as hot, so that the methods
      // compiled in at least half the runs of each experiment are compared (docs/runs.md).
      Experiment& run = *loaded.experiment;
      if (run.hotspot().has_value()) {
        HotSpotInfo info = *run.hotspot();
        info.without_profile =
            "the methods compiled in at least half the runs of each experiment are compared";
        run.set_hotspot(std::move(info));
      }
      for (MethodIndex m = 0; m < run.methods().size(); ++m) {
        for (CompilationIndex c : run.method(m).compilations) run.compilation(c).hot = true;
      }
      return loaded;
    }
    SelectHotUnits(*loaded.experiment, HotPolicy{options_.hot_min_limit, options_.hot_max_limit,
                                                 options_.hot_percentile});
    return loaded;
  }

  // Reads the runs two at a time (each read is itself parallel over the log's files; a second
  // one keeps the cores busy through the other's sequential parts: profile, linking, the last
  // files). The warnings of all runs come first, in run order, then the runs' summaries, so
  // that the summaries make one table per experiment.
  absl::Status LoadRuns() {
    if (progress_ != nullptr) {
      // One step for all runs (they load two at a time), against the files of all their logs.
      LogExtent total;
      for (const std::vector<RunInput>& side : runs_options_.runs) {
        for (const RunInput& run : side) {
          const LogExtent extent = MeasureLog(run.log);
          total.files += extent.files;
          total.bytes += extent.bytes;
        }
      }
      progress_->Begin("Loading runs", total.files, "files", total.bytes);
      within_step_ = std::make_unique<ProgressWithinStep>(*progress_);
    }
    std::vector<std::pair<int, size_t>> order;
    for (int e = 0; e < 2; ++e) {
      for (size_t r = 0; r < runs_options_.runs[e].size(); ++r) order.emplace_back(e + 1, r);
    }
    absl::Status status;
    ProduceInOrder<LoadedExperiment>(
        order.size(), 2, [&](size_t i) { return ReadRun(order[i].first, order[i].second); },
        [&](size_t i, LoadedExperiment& loaded) {
          const auto [experiment, index] = order[i];
          for (const std::string& warning : loaded.warnings) out_.Warning(WarningRecord{warning});
          if (!loaded.experiment.ok()) {
            status = loaded.experiment.status();
            return false;
          }
          auto run =
              std::make_unique<RunData>(RunData{experiment, index, std::move(*loaded.experiment)});
          sides_[experiment - 1].push_back(run.get());
          runs_.push_back(std::move(run));
          return true;
        });
    if (!status.ok()) return status;
    for (const std::unique_ptr<RunData>& run : runs_) {
      const RunInput& input = runs_options_.runs[run->experiment - 1][run->index];
      ExperimentRecord record = MakeExperimentRecord(run->data);
      record.run.index = static_cast<int>(run->index + 1);
      record.run.count = static_cast<int>(runs_options_.runs[run->experiment - 1].size());
      record.run.log = input.log;
      record.run.profile = input.profile;
      out_.Experiment(record);
    }
    return absl::OkStatus();
  }

  // Every method hot in some run, with its hotness; compared ones first, each group by the sum
  // of both experiments' mean shares (then by name).
  void CollectMethods() {
    // --method selects among them; each run's hot selection stays as without it.
    MethodFilter filter(options_.method);
    for (int e = 0; e < 2; ++e) {
      for (const RunData* run : sides_[e]) filter.LearnSpellings(run->data);
    }
    std::map<std::string, size_t> index;
    for (int e = 0; e < 2; ++e) {
      for (const RunData* run : sides_[e]) {
        const Experiment& data = run->data;
        for (MethodIndex m = 0; m < data.methods().size(); ++m) {
          if (!data.IsMethodHot(m) || !filter.Matches(data.method(m).name)) continue;
          auto [it, inserted] = index.try_emplace(data.method(m).name, methods_.size());
          if (inserted) {
            RunsMethod& method = methods_.emplace_back();
            method.name = data.method(m).name;
          }
        }
      }
    }
    std::vector<double> shares[2];
    for (RunsMethod& method : methods_) {
      RunsMethodRecord& record = method.record;
      for (int e = 0; e < 2; ++e) {
        for (const RunData* run : sides_[e])
          method.in[e].push_back(run->data.FindMethod(method.name));
        record.hotness.push_back(Hotness(e + 1, sides_[e], method.in[e], &shares[e]));
      }
      record.share_change = TestShareChange(shares[0], shares[1]);
      // The means' difference: unknown (NaN) when runs without profiles left no shares.
      record.share_change.difference = record.hotness[1].mean - record.hotness[0].mean;
      record.compared = record.hotness[0].hot_runs * 2 >= record.hotness[0].runs &&
                        record.hotness[1].hot_runs * 2 >= record.hotness[1].runs;
    }
    std::stable_sort(methods_.begin(), methods_.end(),
                     [](const RunsMethod& a, const RunsMethod& b) {
                       if (a.record.compared != b.record.compared) return a.record.compared;
                       const double sa = a.record.hotness[0].mean + a.record.hotness[1].mean;
                       const double sb = b.record.hotness[0].mean + b.record.hotness[1].mean;
                       // Unknown (NaN) shares without profiles: by name alone.
                       if (sa != sb && sa == sa && sb == sb) return sa > sb;
                       return a.name < b.name;
                     });
    for (RunsMethod& method : methods_) method.record.name = method.name;
  }

  absl::Status Compare(RunsMethod& method) {
    RunsMethodRecord& record = method.record;
    // The runs that compiled the method, each with its hottest compilation.
    struct Wanted {
      int experiment;
      size_t run;
      CompilationIndex compilation;
    };
    std::vector<Wanted> wanted;
    for (int e = 0; e < 2; ++e) {
      for (size_t r = 0; r < sides_[e].size(); ++r) {
        if (!method.in[e][r].has_value()) continue;
        std::optional<CompilationIndex> unit = HottestUnit(sides_[e][r]->data, *method.in[e][r]);
        if (unit.has_value()) wanted.push_back({e, r, *unit});
      }
    }
    record.unconfirmed = record.hotness[0].compiled_runs < 2 || record.hotness[1].compiled_runs < 2;
    // Only these compilations' trees are loaded, on all cores, and only while the method is
    // compared (and its record written: the record's labels are views into them).
    std::vector<LoadedRun>* loaded = loaded_;
    for (std::vector<LoadedRun>& side : loaded_) side.clear();
    // Each tree is classified (into classes shared by all runs' trees of the method) by the
    // worker that loaded it, while the other loads or classifies another; the numbering depends
    // on the order, but the matcher only compares classes.
    const bool classify = !options_.optimization_context_tree;
    TreeClassifier<InliningTree> inlining(InliningNodeHash, InliningNodesEqual);
    TreeClassifier<OptimizationTree> optimization(OptimizationNodeHash, OptimizationNodesEqual);
    std::mutex inlining_mutex;
    std::mutex optimization_mutex;
    absl::Status status;
    ProduceInOrder<absl::StatusOr<LoadedRun>>(
        wanted.size(), WorkerThreads(),
        [&](size_t i) -> absl::StatusOr<LoadedRun> {
          const Wanted& w = wanted[i];
          absl::StatusOr<RecordTrees> trees =
              LoadPreprocessedTrees(sides_[w.experiment][w.run]->data, w.compilation, options_);
          if (!trees.ok()) return trees.status();
          LoadedRun run{w.run, std::make_shared<const RecordTrees>(std::move(*trees)), {}};
          if (classify) {
            {
              std::lock_guard<std::mutex> lock(inlining_mutex);
              run.classes.inlining = inlining.Classify(run.trees->inlining_tree);
            }
            std::lock_guard<std::mutex> lock(optimization_mutex);
            run.classes.optimization = optimization.Classify(run.trees->optimization_tree);
          }
          return run;
        },
        [&](size_t i, absl::StatusOr<LoadedRun>& run) {
          if (!run.ok()) {
            status = run.status();
            return false;
          }
          loaded[wanted[i].experiment].push_back(std::move(*run));
          return true;
        });
    if (!status.ok()) return status;

    // Cross pairs first (row-major), then the same-side pairs of each experiment.
    std::vector<RunPair> pairs;
    for (const LoadedRun& left : loaded[0]) {
      for (const LoadedRun& right : loaded[1]) pairs.push_back({&left, &right, true});
    }
    for (int e = 0; e < 2; ++e) {
      for (size_t i = 0; i < loaded[e].size(); ++i) {
        for (size_t j = i + 1; j < loaded[e].size(); ++j) {
          pairs.push_back({&loaded[e][i], &loaded[e][j], false});
        }
      }
    }
    for (const RunPair& pair : pairs) ++(pair.cross ? record.cross_pairs : record.within_pairs);
    if (options_.decisions) {
      for (int e = 0; e < 2; ++e) {
        for (const LoadedRun& run : loaded[e]) {
          RunsDecisions::RunCallSites& counts = method.decisions.runs[e].emplace_back();
          counts.run = static_cast<int64_t>(run.run);
          CountCallSites(run.trees->inlining_tree, &counts.call_sites, &counts.inlined);
          CollectCalleeSizes(run.trees->inlining_tree, &method.decisions.callee_sizes[e]);
        }
      }
    }
    DifferenceSupport support;
    ReasonChangeSupport reasons;
    ProduceInOrder<MatchedPair>(
        pairs.size(), WorkerThreads(),
        [&](size_t i) {
          MatchedPair matched;
          matched.trees = std::make_unique<PairTrees>();
          PairRecord unused;
          MatchTrees(*pairs[i].left->trees, *pairs[i].right->trees, match_options_,
                     matched.trees.get(), &unused, &matched.tally,
                     classify ? &pairs[i].left->classes : nullptr,
                     classify ? &pairs[i].right->classes : nullptr);
          matched.differences.Collect(matched.trees->inlining);
          if (!options_.optimization_context_tree) {
            matched.differences.Collect(matched.trees->optimization);
          }
          return matched;
        },
        [&](size_t i, MatchedPair& matched) {
          if (pairs[i].cross) {
            support.AddCrossPair(matched.differences);
            if (options_.decisions) reasons.AddCrossPair(matched.trees->decisions);
          } else {
            support.AddWithinPair(matched.differences);
            if (options_.decisions) reasons.AddWithinPair(matched.trees->decisions);
          }
          end_.pairs += matched.tally.pairs;
          end_.too_big += matched.tally.too_big;
          return true;
        });
    support.Finish(runs_options_, record.unconfirmed, &record);
    if (options_.decisions) {
      reasons.Finish(runs_options_, record.unconfirmed, &method.decisions.reason_changes);
      record.decisions = &method.decisions;
    }
    return absl::OkStatus();
  }

  void Tally(const RunsMethodRecord& record) {
    ++end_.methods;
    if (record.compared) ++totals_.compared;
    if (record.share_change.beyond_noise) ++totals_.share_changes;
    totals_.stable += static_cast<int64_t>(record.stable.size());
    totals_.noise += static_cast<int64_t>(record.noise.size());
    for (const DifferenceRecord& difference : record.stable) {
      OpCounts* counts = difference.tree == TreeKind::kInlining       ? &end_.inlining
                         : difference.tree == TreeKind::kOptimization ? &end_.optimization
                                                                      : &end_.context;
      if (difference.node.op != NodeOp::kIdentity && difference.node.op != NodeOp::kMoved) {
        counts->Add(difference.node.op);
      }
    }
  }

  const RunsOptions& runs_options_;
  const Options& options_;
  Options match_options_;
  Renderer& out_;
  ProgressSink* progress_;                           // may be null
  std::unique_ptr<ProgressWithinStep> within_step_;  // each run's load, within "Loading runs"
  std::vector<std::unique_ptr<RunData>> runs_;
  std::vector<RunData*> sides_[2];
  std::vector<RunsMethod> methods_;
  std::vector<LoadedRun> loaded_[2];  // the trees of the method being compared, per experiment
  EndRecord end_;
  RunsTotalsRecord totals_;
};

}  // namespace

absl::Status RunJitVsJitRuns(const RunsOptions& runs, const Options& options, Renderer& out,
                             ProgressSink* progress) {
  return RunsComparison(runs, options, out, progress).Run();
}

}  // namespace profdiff
