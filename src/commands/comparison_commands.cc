#include "commands/comparison_commands.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "absl/strings/str_cat.h"
#include "commands/call_site_facts.h"
#include "commands/command_steps.h"
#include "commands/ordered_parallel.h"
#include "profdiff/commands.h"
#include "profdiff/fragments.h"
#include "profdiff/input_paths.h"
#include "profdiff/method_filter.h"
#include "profdiff/method_pairing.h"
#include "profdiff/record_builders.h"

namespace profdiff {

namespace {

// A method section (output.md §5.1) is rendered in pieces, so that the threads share the work of
// a big section and no more than a few pieces of output are held at a time: its head (title and
// compilation lists), then each compilation pair (or, without diffing, each hot compilation).
struct SectionItem {
  const Experiment* experiment;  // the experiment of `a` when printed alone (no diffing)
  CompilationIndex a;
  CompilationIndex b;  // diffing: the compilation of experiment 2 that `a` is compared with
};

struct Section {
  Section(MethodPair method_pair, const Options& options, FragmentParentCache* parents)
      : pair(method_pair), trees(options, parents) {}
  MethodPair pair;
  std::vector<SectionItem> items;
  SectionTreeCache trees;
};

struct Piece {
  size_t section;
  size_t item;  // kHead, or an index into the section's items
};
constexpr size_t kHead = SIZE_MAX;

// Lists the section's items and declares the fragment loads they will make: one per item without
// diffing; with diffing, one per fragment (the section's tree cache loads a fragment of several
// pairs once).
void PlanSection(Section& section, const Experiment& first, const Experiment& second,
                 const Options& options, FragmentParentCache& parents) {
  if (!options.diff_compilations) {
    for (const Experiment* experiment : {&first, &second}) {
      MethodIndex method = experiment == &first ? section.pair.first : section.pair.second;
      for (CompilationIndex c : experiment->method(method).compilations) {
        if (!experiment->compilation(c).hot) continue;
        section.items.push_back({experiment, c, 0});
        if (experiment->compilation(c).is_fragment) parents.PlanLoad(*experiment, c);
      }
    }
    return;
  }
  const std::vector<CompilationIndex> left = HotCompilationsByPeriod(first, section.pair.first);
  const std::vector<CompilationIndex> right = HotCompilationsByPeriod(second, section.pair.second);
  std::vector<char> left_used(left.size(), 0);
  std::vector<char> right_used(right.size(), 0);
  for (size_t i = 0; i < left.size(); ++i) {
    for (size_t j = 0; j < right.size(); ++j) {
      if (first.compilation(left[i]).is_fragment && second.compilation(right[j]).is_fragment) {
        continue;
      }
      section.items.push_back({nullptr, left[i], right[j]});
      section.trees.CountUse(first, left[i]);
      section.trees.CountUse(second, right[j]);
      left_used[i] = right_used[j] = 1;
    }
  }
  for (size_t i = 0; i < left.size(); ++i) {
    if (left_used[i] && first.compilation(left[i]).is_fragment) parents.PlanLoad(first, left[i]);
  }
  for (size_t j = 0; j < right.size(); ++j) {
    if (right_used[j] && second.compilation(right[j]).is_fragment) {
      parents.PlanLoad(second, right[j]);
    }
  }
}

void WriteSectionHead(RecordSink& out, size_t index, const Experiment& first,
                      const Experiment& second, const MethodPair& pair) {
  MethodRecord method;
  method.index = static_cast<int64_t>(index);
  method.name = first.method(pair.first).name;
  const bool hot1 = first.IsMethodHot(pair.first);
  const bool hot2 = second.IsMethodHot(pair.second);
  if (hot1 != hot2) method.hot_only_in = hot1 ? 1 : 2;
  method.experiments.push_back(MakeCompilationList(first, pair.first));
  method.experiments.push_back(MakeCompilationList(second, pair.second));
  out.Method(method);
}

absl::Status WriteSectionItem(RecordSink& out, const Experiment& first, const Experiment& second,
                              Section& section, const SectionItem& item, const Options& options,
                              FragmentParentCache& parents, EndRecord* tally) {
  if (item.experiment != nullptr) {
    return WriteCompilation(out, *item.experiment, item.a, options, &parents, tally);
  }
  PairRecord pair;
  pair.method = first.method(section.pair.first).name;
  pair.first = MakeCompilationRecord(first, item.a);
  pair.second = MakeCompilationRecord(second, item.b);
  // Loaded first then second (algorithms.md §12).
  absl::StatusOr<std::shared_ptr<const RecordTrees>> left = section.trees.Get(first, item.a);
  if (!left.ok()) return left.status();
  absl::StatusOr<std::shared_ptr<const RecordTrees>> right = section.trees.Get(second, item.b);
  if (!right.ok()) return right.status();
  thread_local PairTrees storage;  // reused: the trees keep their capacity
  MatchTrees(**left, **right, options, &storage, &pair, tally);
  out.Pair(pair);
  return absl::OkStatus();
}

// A HotSpot experiment without a profile has no hot units (docs/hotspot.md "Hotness"): its
// methods that are hot in the other experiment are, or, when neither has a profile, every method
// compiled (at its top tier) in both. Returns whether it marked any.
bool MarkCommonMethodsHot(Experiment& first, Experiment& second) {
  auto unprofiled_hotspot = [](const Experiment& e) {
    return e.hotspot().has_value() && !e.has_profile();
  };
  if (!unprofiled_hotspot(first) && !unprofiled_hotspot(second)) return false;
  const bool neither = !first.has_profile() && !second.has_profile();
  for (Experiment* e : {&first, &second}) {
    if (e->has_profile()) continue;
    const Experiment& other = e == &first ? second : first;
    for (MethodIndex m = 0; m < e->methods().size(); ++m) {
      std::optional<MethodIndex> there = other.FindMethod(e->method(m).name);
      const bool hot = there.has_value() && (neither || other.IsMethodHot(*there));
      for (CompilationIndex c : e->method(m).compilations) e->compilation(c).hot = hot;
    }
  }
  return true;
}

}  // namespace

absl::Status MatchExperiments(Renderer& out, Experiment& first, Experiment& second,
                              const Options& options, ProgressSink* progress) {
  if (options.create_fragments) {
    absl::Status created = CreateFragments(first, second);
    if (!created.ok()) return created;
  }
  FragmentParentCache parents;
  std::vector<std::unique_ptr<Section>> sections;
  std::vector<Piece> pieces;
  // --method selects among the compared methods; hotness and fragments stay as without it.
  const MethodFilter filter(options.method);
  for (const MethodPair& pair : SortedHotMethodPairs(first, second)) {
    if (!filter.Matches(first.method(pair.first).name)) continue;
    auto section = std::make_unique<Section>(pair, options, &parents);
    PlanSection(*section, first, second, options, parents);
    pieces.push_back({sections.size(), kHead});
    for (size_t i = 0; i < section->items.size(); ++i) pieces.push_back({sections.size(), i});
    sections.push_back(std::move(section));
  }
  if (progress != nullptr) {
    progress->Begin("Comparing", static_cast<int64_t>(pieces.size() - sections.size()),
                    options.diff_compilations ? "compilation pairs" : "compilations", 0);
  }
  // Pieces only read the experiments: render them on worker threads, write them in order.
  EndRecord end;
  absl::Status written =
      RenderInOrder(pieces.size(), ComparisonRenderThreads(), out, &end,
                    [&](size_t k, Renderer& sink, RenderedPiece& piece) {
                      Section& section = *sections[pieces[k].section];
                      if (pieces[k].item == kHead) {
                        WriteSectionHead(sink, pieces[k].section, first, second, section.pair);
                        ++piece.tally.methods;
                      } else {
                        piece.status = WriteSectionItem(sink, first, second, section,
                                                        section.items[pieces[k].item], options,
                                                        parents, &piece.tally);
                        if (progress != nullptr) progress->Advance(1, 0, 0);
                      }
                    });
  if (!written.ok()) return written;
  // What --require checks, kept in the stream so that render can check it too.
  if (!options.require.empty() || options.decisions) {
    absl::Status facts = WriteCallSiteFacts(out, second, /*all_units=*/false);
    if (!facts.ok()) return facts;
  }
  out.End(end);
  return absl::OkStatus();
}

absl::Status RunComparison(ComparisonKind kind, const std::vector<std::string>& positionals,
                           const Options& options, Renderer& out, ProgressSink* progress) {
  auto at = [&](size_t i) -> std::optional<std::string> {
    if (i < positionals.size()) return positionals[i];
    return std::nullopt;
  };
  static constexpr const char* kCommandNames[] = {"jit-vs-jit", "jit-vs-aot", "aot-vs-aot",
                                                  "aot-vs-aot-jit-profile"};
  // The experiments in load order; aot-vs-aot-jit-profile: the JIT run (0), then the two AOT
  // builds.
  std::vector<ExperimentInput> inputs;
  if (kind == ComparisonKind::kAotVsAotJitProfile) {
    inputs = {{0, *at(0), at(1), ExperimentKind::kJit},
              {1, *at(2), std::nullopt, ExperimentKind::kAot},
              {2, *at(3), std::nullopt, ExperimentKind::kAot}};
  } else if (kind == ComparisonKind::kJitVsJit &&
             std::any_of(positionals.begin(), positionals.end(), IsHotSpotLogArgument)) {
    absl::StatusOr<std::vector<StatsExperimentArguments>> classified =
        ClassifyJitVsJitArguments(positionals);
    if (!classified.ok()) return classified.status();
    for (int i = 0; i < 2; ++i) {
      const StatsExperimentArguments& experiment = (*classified)[i];
      inputs.push_back({i + 1, experiment.log, experiment.profile, ExperimentKind::kJit});
    }
  } else {
    const ExperimentKind kind1 =
        kind == ComparisonKind::kAotVsAot ? ExperimentKind::kAot : ExperimentKind::kJit;
    const ExperimentKind kind2 =
        kind == ComparisonKind::kJitVsJit ? ExperimentKind::kJit : ExperimentKind::kAot;
    inputs = {{1, *at(0), at(1), kind1}, {2, *at(2), at(3), kind2}};
  }
  for (ExperimentInput& input : inputs) {
    input.progress = progress;
    input.tiers = options.tiers;
  }
  if (inputs.size() == 2) {
    inputs[0].other_profiled = inputs[1].profile_path.has_value();
    inputs[1].other_profiled = inputs[0].profile_path.has_value();
  }
  // Before the first record: a mistyped path prints its error and nothing else.
  absl::Status paths = CheckExperimentPaths(inputs);
  if (!paths.ok()) return paths;
  out.Header(HeaderRecord{kCommandNames[static_cast<int>(kind)], positionals, options});

  if (kind == ComparisonKind::kAotVsAotJitProfile) {
    absl::StatusOr<Experiment> jit = LoadAndSummarize(inputs[0], options, out);
    if (!jit.ok()) return jit.status();
    absl::StatusOr<Experiment> first =
        LoadAndSummarize(inputs[1], options, out, /*select_hot=*/false);
    if (!first.ok()) return first.status();
    absl::StatusOr<Experiment> second =
        LoadAndSummarize(inputs[2], options, out, /*select_hot=*/false);
    if (!second.ok()) return second.status();
    absl::Status marked = MarkHotFromJitProfile(*jit, {&*first, &*second});
    if (!marked.ok()) return marked;
    return MatchExperiments(out, *first, *second, options, progress);
  }

  absl::StatusOr<Experiment> first = LoadAndSummarize(inputs[0], options, out);
  if (!first.ok()) return first.status();
  absl::StatusOr<Experiment> second;
  if (kind == ComparisonKind::kJitVsAot && !inputs[1].profile_path.has_value()) {
    // Without an AOT profile, hotness comes from the JIT experiment, before the summary.
    second = LoadQuietly(inputs[1], out);
    if (!second.ok()) return second.status();
    absl::Status marked = MarkHotFromJitProfile(*first, {&*second});
    if (!marked.ok()) return marked;
    out.Experiment(MakeExperimentRecord(*second));
  } else {
    second = LoadAndSummarize(inputs[1], options, out);
    if (!second.ok()) return second.status();
  }
  if (MarkCommonMethodsHot(*first, *second)) {
    // Fragments compare the inlined copies of hot methods; without a profile nearly every
    // method is compared, and they would repeat the whole comparison many times over.
    Options unprofiled = options;
    unprofiled.create_fragments = false;
    return MatchExperiments(out, *first, *second, unprofiled, progress);
  }
  return MatchExperiments(out, *first, *second, options, progress);
}

}  // namespace profdiff
