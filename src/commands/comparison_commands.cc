#include "commands/comparison_commands.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "commands/call_site_facts.h"
#include "commands/command_steps.h"
#include "commands/ordered_parallel.h"
#include "profdiff/analysis/fragments.h"
#include "profdiff/analysis/method_filter.h"
#include "profdiff/analysis/method_pairing.h"
#include "profdiff/commands/commands.h"
#include "profdiff/load/input_paths.h"
#include "profdiff/load/optimization_log.h"
#include "profdiff/output/record_builders.h"

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

// The section's items in output order: without diffing, each hot compilation of both
// experiments; with diffing, the cross product of the hot compilations by period (fragments are
// not compared with fragments).
std::vector<SectionItem> ListSectionItems(const Experiment& first, const Experiment& second,
                                          const MethodPair& pair, const Options& options) {
  std::vector<SectionItem> items;
  if (!options.diff_compilations) {
    for (const Experiment* experiment : {&first, &second}) {
      MethodIndex method = experiment == &first ? pair.first : pair.second;
      for (CompilationIndex c : experiment->method(method).compilations) {
        if (experiment->compilation(c).hot) items.push_back({experiment, c, 0});
      }
    }
    return items;
  }
  const std::vector<CompilationIndex> left = HotCompilationsByPeriod(first, pair.first);
  const std::vector<CompilationIndex> right = HotCompilationsByPeriod(second, pair.second);
  for (CompilationIndex a : left) {
    for (CompilationIndex b : right) {
      if (first.compilation(a).is_fragment && second.compilation(b).is_fragment) continue;
      items.push_back({nullptr, a, b});
    }
  }
  return items;
}

// The compilations whose trees the items load, each once, in the order the items first load
// them: (experiment, compilation, the index of the first item that loads it).
struct ItemLoad {
  const Experiment* experiment;
  CompilationIndex compilation;
  size_t first_item;
};
std::vector<ItemLoad> ItemLoads(const std::vector<SectionItem>& items, const Experiment& first,
                                const Experiment& second) {
  std::vector<ItemLoad> loads;
  absl::flat_hash_set<std::pair<const Experiment*, CompilationIndex>> seen;
  auto add = [&](const Experiment* experiment, CompilationIndex c, size_t item) {
    if (seen.emplace(experiment, c).second) loads.push_back({experiment, c, item});
  };
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].experiment != nullptr) {
      add(items[i].experiment, items[i].a, i);
    } else {
      add(&first, items[i].a, i);
      add(&second, items[i].b, i);
    }
  }
  return loads;
}

// A section whose items are being rendered: its items and the cache of their trees.
struct Section {
  Section(MethodPair method_pair, std::vector<SectionItem> listed, const Options& options,
          FragmentParentCache* parents)
      : pair(method_pair), items(std::move(listed)), trees(options, parents) {}
  MethodPair pair;
  std::vector<SectionItem> items;
  SectionTreeCache trees;
  size_t unrendered = 0;  // items not rendered yet (under LiveSections' lock)
};

// The sections whose items are being rendered. A section is made (its items listed, the uses of
// its trees counted) when the first of its items is rendered and let go when the last one is,
// so that only the few sections in flight are held, not one per compared method (a HotSpot log
// without a profile has tens of thousands).
class LiveSections {
 public:
  LiveSections(const Experiment& first, const Experiment& second, const Options& options,
               FragmentParentCache* parents)
      : first_(first), second_(second), options_(options), parents_(parents) {}

  std::shared_ptr<Section> Get(size_t index, const MethodPair& pair) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::shared_ptr<Section>& section = live_[index];
    if (section == nullptr) {
      section = std::make_shared<Section>(pair, ListSectionItems(first_, second_, pair, options_),
                                          options_, parents_);
      section->unrendered = section->items.size();
      for (const SectionItem& item : section->items) {
        if (item.experiment != nullptr) continue;
        section->trees.CountUse(first_, item.a);
        section->trees.CountUse(second_, item.b);
      }
    }
    return section;
  }

  // One more item of section `index` was rendered.
  void Rendered(size_t index) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(index);
    if (it != live_.end() && --it->second->unrendered == 0) live_.erase(it);
  }

 private:
  const Experiment& first_;
  const Experiment& second_;
  const Options& options_;
  FragmentParentCache* parents_;
  std::mutex mutex_;
  absl::flat_hash_map<size_t, std::shared_ptr<Section>> live_;
};

// The sections in output order, each the first of its pieces (its head, then its items).
struct SectionPlan {
  MethodPair pair;
  size_t first_piece;
};

// What a section's head costs to render, next to the records its items read (ItemBatches).
constexpr uint64_t kHeadBytes = 256;

// `items`: the section's items (pairs when diffing).
void WriteSectionHead(RecordSink& out, size_t index, const Experiment& first,
                      const Experiment& second, const MethodPair& pair, size_t items,
                      const Options& options) {
  MethodRecord method;
  method.index = static_cast<int64_t>(index);
  if (options.diff_compilations) method.pairs = static_cast<int64_t>(items);
  method.name = first.method(pair.first).name;
  const bool hot1 = first.IsMethodHot(pair.first);
  const bool hot2 = second.IsMethodHot(pair.second);
  if (hot1 != hot2) method.hot_only_in = hot1 ? 1 : 2;
  method.experiments.push_back(MakeCompilationList(first, pair.first));
  method.experiments.push_back(MakeCompilationList(second, pair.second));
  method.sampling_noise = TestSamplingNoise(method, first, second);
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
  pair.sampling_noise = TestSamplingNoise(pair.first, first, pair.second, second);
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
    return (e.hotspot().has_value() || e.llvm().has_value()) && !e.has_profile();
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
  const KeepLogFilesOpen open_files;  // each compared unit's record is read again (or more)
  if (options.create_fragments) {
    absl::Status created = CreateFragments(first, second);
    if (!created.ok()) return created;
  }
  FragmentParentCache parents;
  // The plan of the output: the sections, the fragment parents their items load (before any is
  // loaded) and the batches of pieces handed to the threads, by the bytes of the records their
  // trees are read from.
  std::vector<SectionPlan> plans;
  std::vector<uint64_t> costs;  // of each piece
  int64_t items = 0;
  // --method selects among the compared methods; hotness and fragments stay as without it.
  MethodFilter filter(options.method);
  filter.LearnSpellings(first);
  filter.LearnSpellings(second);
  for (const MethodPair& pair : SortedHotMethodPairs(first, second)) {
    if (!filter.Matches(first.method(pair.first).name)) continue;
    const std::vector<SectionItem> listed = ListSectionItems(first, second, pair, options);
    std::vector<uint64_t> bytes(listed.size(), 0);
    for (const ItemLoad& load : ItemLoads(listed, first, second)) {
      bytes[load.first_item] += ReloadBytes(*load.experiment, load.compilation);
      if (load.experiment->compilation(load.compilation).is_fragment) {
        parents.PlanLoad(*load.experiment, load.compilation);
      }
    }
    plans.push_back({pair, costs.size()});
    costs.push_back(kHeadBytes);
    costs.insert(costs.end(), bytes.begin(), bytes.end());
    items += static_cast<int64_t>(listed.size());
  }
  if (progress != nullptr) {
    progress->Begin("Comparing", items,
                    options.diff_compilations ? "compilation pairs" : "compilations", 0);
  }
  // Pieces only read the experiments: render them on worker threads, write them in order.
  LiveSections live(first, second, options, &parents);
  const std::vector<size_t> batch_ends = PieceBatchEnds(costs, ComparisonRenderThreads());
  const size_t pieces = costs.size();
  std::vector<uint64_t>().swap(costs);
  EndRecord end;
  absl::Status written = RenderInOrder(
      batch_ends, ComparisonRenderThreads(), out, &end,
      [&](size_t k, Renderer& sink, RenderedPiece& piece) {
        auto after = std::upper_bound(
            plans.begin(), plans.end(), k,
            [](size_t p, const SectionPlan& plan) { return p < plan.first_piece; });
        const size_t index = static_cast<size_t>(after - plans.begin()) - 1;
        const SectionPlan& plan = plans[index];
        if (k == plan.first_piece) {
          // The section's pieces end where the next section's begin.
          const size_t next = index + 1 < plans.size() ? plans[index + 1].first_piece : pieces;
          WriteSectionHead(sink, index, first, second, plan.pair, next - plan.first_piece - 1,
                           options);
          ++piece.tally.methods;
          return;
        }
        std::shared_ptr<Section> section = live.Get(index, plan.pair);
        piece.status = WriteSectionItem(sink, first, second, *section,
                                        section->items[k - plan.first_piece - 1], options, parents,
                                        &piece.tally);
        live.Rendered(index);
        if (progress != nullptr) progress->Advance(1, 0, 0);
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
  } else if (kind == ComparisonKind::kAotVsAot && positionals.size() == 2) {
    // LLVM remarks: their hotness is in them (docs/llvm.md).
    inputs = {{1, *at(0), std::nullopt, ExperimentKind::kAot},
              {2, *at(1), std::nullopt, ExperimentKind::kAot}};
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
    for (Experiment* e : {&*jit, &*first, &*second}) {
      absl::Status named = NameGeneratedClassesStably(*e);
      if (!named.ok()) return named;
    }
    absl::Status marked = MarkHotFromJitProfile(*jit, {&*first, &*second});
    if (!marked.ok()) return marked;
    return MatchExperiments(out, *first, *second, options, progress);
  }

  // Two HotSpot logs: the second is read while the first is (without progress lines, which are
  // one experiment's at a time); its warnings and records still come after the first's. The
  // reading of one leaves a fifth of the cores idle; that of a Graal log does not, and reading
  // two at once only took more memory (docs/performance.md).
  const bool aside = progress == nullptr && IsHotSpotLogArgument(inputs[0].log_directory) &&
                     IsHotSpotLogArgument(inputs[1].log_directory);
  LoadAside second_load(inputs[1], aside);
  absl::StatusOr<Experiment> first = LoadAndSummarize(inputs[0], options, out);
  if (!first.ok()) return first.status();
  absl::Status named = NameGeneratedClassesStably(*first);
  if (!named.ok()) return named;
  absl::StatusOr<Experiment> second;
  if (kind == ComparisonKind::kJitVsAot && !inputs[1].profile_path.has_value()) {
    // Without an AOT profile, hotness comes from the JIT experiment, before the summary.
    second = second_load.Finish(out);
    if (!second.ok()) return second.status();
    named = NameGeneratedClassesStably(*second);
    if (!named.ok()) return named;
    absl::Status marked = MarkHotFromJitProfile(*first, {&*second});
    if (!marked.ok()) return marked;
    out.Experiment(MakeExperimentRecord(*second));
  } else {
    second = FinishAndSummarize(second_load, options, out);
    if (!second.ok()) return second.status();
    named = NameGeneratedClassesStably(*second);
    if (!named.ok()) return named;
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
