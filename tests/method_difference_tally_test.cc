// MethodDifferenceTally (method_differences.h) reduces a method's pairs to their counted totals
// as soon as all of them are in (issue 19: with --summary or --fail-on it kept every pair of a
// 1 GB comparison until the end). What it gives must not depend on when that happens: these
// tests feed the same records with and without the section's pair count, in orders the worker
// threads can produce, and check that the comparisons say how many pairs their sections have.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "profdiff/commands/commands.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/observed_renderer.h"
#include "profdiff/output/renderers.h"
#include "test_paths.h"

namespace profdiff {
namespace {

const std::string kJit = test::SourceDir() + "/fixtures/jit-example";
const std::string kAot = test::SourceDir() + "/fixtures/aot-example";
const std::string kHotSpot = test::SourceDir() + "/fixtures/hotspot-example";

// --- SectionPairCount ----------------------------------------------------------------------------

CompilationRecord Compilation(int experiment, std::string_view id, bool hot, bool fragment) {
  CompilationRecord c;
  c.experiment = experiment;
  c.id = id;
  c.profiled = true;
  c.hot = hot;
  c.fragment = fragment;
  return c;
}

TEST(SectionPairCountTest, TheRecordsOwnCountComesFirst) {
  MethodRecord record;
  record.pairs = 7;
  EXPECT_EQ(SectionPairCount(record), 7);
}

TEST(SectionPairCountTest, ProfiledListsGiveHotTimesHotWithoutFragmentPairs) {
  MethodRecord record;
  CompilationListRecord& one = record.experiments.emplace_back();
  one.experiment = 1;
  one.profiled = true;
  one.compilations = {Compilation(1, "1", true, false), Compilation(1, "2", true, false),
                      Compilation(1, "3#1", true, true), Compilation(1, "4", false, false)};
  CompilationListRecord& two = record.experiments.emplace_back();
  two.experiment = 2;
  two.profiled = true;
  two.compilations = {Compilation(2, "5", true, false), Compilation(2, "6#1", true, true),
                      Compilation(2, "7#2", false, true)};
  // 3 x 2 pairs, less fragment 3#1 against fragment 6#1.
  EXPECT_EQ(SectionPairCount(record), 5);
  // Hot in experiment 1 only: no pairs.
  for (CompilationRecord& c : record.experiments[1].compilations) c.hot = false;
  EXPECT_EQ(SectionPairCount(record), 0);
}

TEST(SectionPairCountTest, UnknownWithoutHotFlagsOnBothSides) {
  MethodRecord record;
  EXPECT_EQ(SectionPairCount(record), std::nullopt);  // no lists
  CompilationListRecord& one = record.experiments.emplace_back();
  one.experiment = 1;
  one.profiled = true;
  EXPECT_EQ(SectionPairCount(record), std::nullopt);  // experiment 2 missing
  CompilationListRecord& two = record.experiments.emplace_back();
  two.experiment = 2;
  two.profiled = false;  // hotness came from elsewhere (a JIT profile, the other experiment)
  EXPECT_EQ(SectionPairCount(record), std::nullopt);
  record.experiments[1].profiled = true;
  EXPECT_EQ(SectionPairCount(record), 0);
}

// --- The comparisons tell the tally how many pairs a section has --------------------------------

// Counts the pair records of each method and keeps each method record's counts; records come
// from worker threads.
class SectionCounter : public RecordObserver {
 public:
  struct Section {
    int method_records = 0;
    int64_t pair_records = 0;
    std::optional<int64_t> count;            // MethodRecord::pairs
    std::optional<int64_t> derived;          // SectionPairCount without it
    std::optional<int64_t> derived_all_hot;  // the same, unprofiled lists all hot
  };

  void Method(const MethodRecord& record) override {
    MethodRecord unlabelled = record;
    unlabelled.pairs.reset();
    std::lock_guard<std::mutex> lock(mutex_);
    Section& section = sections[std::string(record.name)];
    ++section.method_records;
    section.count = record.pairs;
    section.derived = SectionPairCount(unlabelled);
    section.derived_all_hot = SectionPairCount(unlabelled, /*unprofiled_all_hot=*/true);
  }
  void Pair(const PairRecord& record) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++sections[std::string(record.method)].pair_records;
  }

  std::map<std::string, Section> sections;

 private:
  std::mutex mutex_;
};

std::map<std::string, SectionCounter::Section> CountSections(
    const std::string& command, const std::vector<std::string>& positionals,
    Options options = Options()) {
  SectionCounter counter;
  std::FILE* sink = std::tmpfile();
  EXPECT_NE(sink, nullptr);
  {
    std::unique_ptr<Renderer> out = NewRenderer(OutputFormat::kText, sink, sink);
    ObservedRenderer observed(*out, counter);
    absl::StatusOr<CommandResult> result =
        RunCommand(command, positionals, options, observed, nullptr, nullptr);
    EXPECT_TRUE(result.ok()) << result.status();
    out->Flush();
  }
  std::fclose(sink);
  return counter.sections;
}

TEST(SectionPairCountTest, TheComparisonsCountEachSectionsPairRecords) {
  struct Case {
    std::string command;
    std::vector<std::string> positionals;
    bool profiled;  // both experiments: the count can be derived from the lists too
    bool unprofiled_hotspot = false;  // derived from the lists, every compilation hot
  };
  const std::vector<Case> cases = {
      // Fragments (1021#1), profiled.
      {"jit-vs-jit",
       {kJit + "/exp1/log", kJit + "/exp1/prof.json", kJit + "/exp2/log", kJit + "/exp2/prof.json"},
       true},
      // AOT builds with several compilations of a method, hot by a JIT profile.
      {"aot-vs-aot-jit-profile",
       {kJit + "/exp1/log", kJit + "/exp1/prof.json", kAot + "/exp1/log", kAot + "/exp2/log"},
       false},
      // HotSpot without a profile: every method compiled in both.
      {"jit-vs-jit", {kHotSpot + "/jdk17.log", kHotSpot + "/jdk25.log"}, false, true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.command + " " + c.positionals[0]);
    const auto sections = CountSections(c.command, c.positionals);
    ASSERT_FALSE(sections.empty());
    int64_t pairs = 0;
    for (const auto& [name, section] : sections) {
      SCOPED_TRACE(name);
      EXPECT_EQ(section.method_records, 1);
      ASSERT_TRUE(section.count.has_value());
      EXPECT_EQ(*section.count, section.pair_records);
      // Unprofiled lists have no hot flags: only the comparison knows the count, or the rule of
      // an unprofiled HotSpot comparison (every listed compilation compared).
      EXPECT_EQ(section.derived, c.profiled ? section.count : std::nullopt);
      if (c.unprofiled_hotspot) {
        EXPECT_EQ(section.derived_all_hot, section.count);
      }
      pairs += section.pair_records;
    }
    EXPECT_GT(pairs, 0);
  }
  // Without diffing a section has no pairs, and says nothing about them.
  Options no_diff;
  no_diff.diff_compilations = false;
  for (const auto& [name, section] : CountSections("jit-vs-jit",
                                                   {kJit + "/exp1/log", kJit + "/exp1/prof.json",
                                                    kJit + "/exp2/log", kJit + "/exp2/prof.json"},
                                                   no_diff)) {
    EXPECT_EQ(section.pair_records, 0) << name;
    EXPECT_EQ(section.count, std::nullopt) << name;
  }
}

// --- The tally
// ------------------------------------------------------------------------------------

// The records of a made-up comparison: methods with `left` x `right` unit compilations, each
// pair with its own trees (costs that make the one-to-one pairing choose, differences that
// show which pairs counted).
struct Comparison {
  struct Pair {
    std::string method;
    std::string left, right;
    TreeRecord inlining, optimization;
  };
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> ids;  // per method: its compilation IDs, both sides
  std::vector<MethodRecord> methods;
  std::vector<Pair> pairs;

  // Adds a method; `pairs` false: its record does not say how many pairs it has.
  void AddMethod(const std::string& name, int left, int right, bool counted, uint32_t seed) {
    const size_t index = methods.size();
    names.push_back(name);
    std::vector<std::string>& method_ids = ids.emplace_back();
    for (int i = 0; i < left + right; ++i) {
      method_ids.push_back(name + (i < left ? "-a" : "-b") + std::to_string(i));
    }
    std::mt19937 random(seed);
    for (int i = 0; i < left; ++i) {
      for (int j = 0; j < right; ++j) {
        Pair& pair = pairs.emplace_back();
        pair.method = name;
        pair.left = method_ids[i];
        pair.right = method_ids[left + j];
        pair.inlining.delta = pair.optimization.delta = true;
        pair.optimization.kind = TreeKind::kOptimization;
        pair.inlining.cost = random() % 4;
        pair.optimization.cost = random() % 4;
        pair.inlining.counts.insert = pair.inlining.cost;
        pair.optimization.counts.remove = pair.optimization.cost;
        pair.optimization.counts.identity = 5;
        if (random() % 7 == 0) pair.optimization.too_big = true;  // cost unknown
      }
    }
    MethodRecord& record = methods.emplace_back();
    record.index = static_cast<int64_t>(index);
    if (counted) record.pairs = static_cast<int64_t>(left) * right;
  }

  // The records in `order` (indices into pairs; methods_first: each method record before the
  // first pair, else after the last).
  void Feed(RecordSink& sink, const std::vector<size_t>& order, bool methods_first) const {
    std::vector<bool> sent(methods.size(), false);
    std::vector<int64_t> left(methods.size(), 0);
    for (const Pair& pair : pairs) ++left[MethodOf(pair)];
    for (size_t k : order) {
      const size_t m = MethodOf(pairs[k]);
      if (methods_first && !sent[m]) {
        SendMethod(sink, m);
        sent[m] = true;
      }
      SendPair(sink, pairs[k]);
      if (!methods_first && --left[m] == 0) {
        SendMethod(sink, m);
        sent[m] = true;
      }
    }
    for (size_t m = 0; m < methods.size(); ++m) {
      if (!sent[m]) SendMethod(sink, m);
    }
  }
  size_t MethodOf(const Pair& pair) const {
    return static_cast<size_t>(std::find(names.begin(), names.end(), pair.method) - names.begin());
  }
  void SendMethod(RecordSink& sink, size_t m) const {
    MethodRecord record = methods[m];
    record.name = names[m];
    sink.Method(record);
  }
  static void SendPair(RecordSink& sink, const Pair& pair) {
    PairRecord record;
    record.method = pair.method;
    record.first.id = pair.left;
    record.second.id = pair.right;
    record.first.experiment = 1;
    record.second.experiment = 2;
    record.inlining = &pair.inlining;
    record.optimization = &pair.optimization;
    sink.Pair(record);
  }
};

// A copy of `comparison` whose method records do not say how many pairs they have: the tally
// reduces every pair at the end, as it did before it reduced them early.
Comparison Uncounted(Comparison comparison) {
  for (MethodRecord& record : comparison.methods) record.pairs.reset();
  return comparison;
}

// The figures of `got` as those of `want`, method by method.
void ExpectSameMethods(const std::vector<MethodDifferences>& got,
                       const std::vector<MethodDifferences>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(want[i].method);
    EXPECT_EQ(got[i].method, want[i].method);
    EXPECT_EQ(got[i].index, want[i].index);
    EXPECT_EQ(got[i].pairs, want[i].pairs);
    EXPECT_EQ(got[i].counted_pairs, want[i].counted_pairs);
    EXPECT_EQ(got[i].inlining.insert, want[i].inlining.insert);
    EXPECT_EQ(got[i].optimization.remove, want[i].optimization.remove);
    EXPECT_EQ(got[i].inlining.identity + got[i].optimization.identity, 0);
    EXPECT_EQ(got[i].inlining_too_big, want[i].inlining_too_big);
    EXPECT_EQ(got[i].optimization_too_big, want[i].optimization_too_big);
  }
}

// Methods() and CountedPairIds() of `tally` as those of `reference`; ids_in_order false: a
// method's counted pair IDs in any order (they come in the order the pairs came).
void ExpectSame(const MethodDifferenceTally& tally, const MethodDifferenceTally& reference,
                bool ids_in_order = true) {
  ExpectSameMethods(tally.Methods(), reference.Methods());
  auto got_ids = tally.CountedPairIds(), want_ids = reference.CountedPairIds();
  if (!ids_in_order) {
    for (auto* ids : {&got_ids, &want_ids}) {
      for (auto& [method, pairs] : *ids) std::sort(pairs.begin(), pairs.end());
    }
  }
  EXPECT_EQ(got_ids, want_ids);
}

Comparison ThreeMethods() {
  Comparison comparison;
  comparison.AddMethod("m0", 3, 3, true, 1);
  comparison.AddMethod("m1", 1, 2, true, 2);
  comparison.AddMethod("m2", 4, 2, true, 3);
  return comparison;
}

TEST(MethodDifferenceTallyTest, AMethodsPairsAreReducedWhenAllAreIn) {
  Comparison comparison;
  comparison.AddMethod("m0", 2, 2, true, 1);
  comparison.AddMethod("m1", 1, 2, true, 2);
  MethodDifferenceTally tally;
  comparison.SendMethod(tally, 0);
  // m1's pairs come before its method record, between m0's.
  Comparison::SendPair(tally, comparison.pairs[0]);  // m0
  Comparison::SendPair(tally, comparison.pairs[4]);  // m1
  Comparison::SendPair(tally, comparison.pairs[1]);  // m0
  EXPECT_EQ(tally.PendingPairs(), 3u);
  Comparison::SendPair(tally, comparison.pairs[2]);  // m0
  Comparison::SendPair(tally, comparison.pairs[3]);  // m0: its last
  EXPECT_EQ(tally.PendingPairs(), 1u);
  Comparison::SendPair(tally, comparison.pairs[5]);  // m1: its last, but its count is not known
  EXPECT_EQ(tally.PendingPairs(), 2u);
  comparison.SendMethod(tally, 1);
  EXPECT_EQ(tally.PendingPairs(), 0u);

  MethodDifferenceTally reference;
  const Comparison uncounted = Uncounted(comparison);
  uncounted.Feed(reference, {0, 4, 1, 2, 3, 5}, /*methods_first=*/true);
  EXPECT_EQ(reference.PendingPairs(), 6u);
  ExpectSame(tally, reference);
}

// A stream read back from a comparison with a HotSpot experiment without a profile: its method
// records have no count and their lists no hot flags, but every listed compilation was compared
// (MarkCommonMethodsHot), so the pairs are reduced as soon as they are in; not so in
// aot-vs-aot-jit-profile, nor when no experiment is an unprofiled HotSpot one.
TEST(MethodDifferenceTallyTest, UnprofiledHotSpotSectionsAreReducedWhenAllAreIn) {
  Comparison comparison;
  comparison.AddMethod("m0", 2, 3, /*counted=*/false, 1);
  comparison.AddMethod("m1", 1, 2, /*counted=*/false, 2);
  for (size_t m = 0; m < comparison.methods.size(); ++m) {
    for (int experiment : {1, 2}) {
      CompilationListRecord& list = comparison.methods[m].experiments.emplace_back();
      list.experiment = experiment;
      list.profiled = false;
      for (const std::string& id : comparison.ids[m]) {
        if ((id.find("-a") != std::string::npos) != (experiment == 1)) continue;
        CompilationRecord c = Compilation(experiment, id, /*hot=*/false, /*fragment=*/false);
        c.profiled = false;
        list.compilations.push_back(c);
      }
    }
  }
  struct Case {
    std::string command;
    bool hotspot;
    size_t pending;  // after all records
  };
  for (const Case& c : {Case{"jit-vs-jit", true, 0}, Case{"jit-vs-jit", false, 8},
                        Case{"aot-vs-aot-jit-profile", true, 8}}) {
    SCOPED_TRACE(c.command + (c.hotspot ? " hotspot" : ""));
    MethodDifferenceTally tally;
    tally.Header(HeaderRecord{c.command, {}, Options()});
    for (int id : {1, 2}) {
      ExperimentRecord experiment;
      experiment.id = id;
      if (c.hotspot && id == 2) experiment.hotspot = HotSpotLogRecord{};
      tally.Experiment(experiment);
    }
    std::vector<size_t> order(comparison.pairs.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    comparison.Feed(tally, order, /*methods_first=*/true);
    EXPECT_EQ(tally.PendingPairs(), c.pending);
    MethodDifferenceTally reference;
    Uncounted(comparison).Feed(reference, order, /*methods_first=*/true);
    ExpectSame(tally, reference);
  }
}

TEST(MethodDifferenceTallyTest, TheOrderOfTheRecordsDoesNotMatter) {
  const Comparison comparison = ThreeMethods();
  const Comparison uncounted = Uncounted(comparison);
  std::vector<size_t> order(comparison.pairs.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  MethodDifferenceTally reference;
  uncounted.Feed(reference, order, true);
  std::mt19937 random(19);
  for (int round = 0; round < 20; ++round) {
    std::shuffle(order.begin(), order.end(), random);
    for (bool methods_first : {true, false}) {
      SCOPED_TRACE(round * 2 + (methods_first ? 0 : 1));
      MethodDifferenceTally tally;
      comparison.Feed(tally, order, methods_first);
      EXPECT_EQ(tally.PendingPairs(), 0u);
      // Record order aside, the IDs of a method's counted pairs come in the order its pairs
      // came: compare with a reference fed in the same order.
      MethodDifferenceTally same_order;
      uncounted.Feed(same_order, order, methods_first);
      ExpectSame(tally, same_order);
      ExpectSame(tally, reference, /*ids_in_order=*/false);
    }
  }
}

TEST(MethodDifferenceTallyTest, RecordsFromSeveralThreads) {
  Comparison comparison;
  for (int m = 0; m < 40; ++m) {
    comparison.AddMethod("m" + std::to_string(m), 1 + m % 4, 1 + m % 3, true, m);
  }
  const Comparison uncounted = Uncounted(comparison);
  MethodDifferenceTally reference;
  std::vector<size_t> order(comparison.pairs.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  uncounted.Feed(reference, order, true);

  MethodDifferenceTally tally(MethodDifferenceTally::CountedIds::kDrop);
  std::vector<std::thread> threads;
  constexpr size_t kThreads = 4;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Thread t sends the method records and pairs whose index is t modulo kThreads.
      for (size_t m = t; m < comparison.methods.size(); m += kThreads) {
        comparison.SendMethod(tally, m);
      }
      for (size_t k = t; k < comparison.pairs.size(); k += kThreads) {
        Comparison::SendPair(tally, comparison.pairs[k]);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(tally.PendingPairs(), 0u);
  ExpectSameMethods(tally.Methods(), reference.Methods());
}

TEST(MethodDifferenceTallyTest, PairsBeyondTheCountAreReducedAtTheEnd) {
  // Not a stream profdiff writes: a section with more pair records than its count. The pairs
  // that came after the count was reached are paired among themselves at the end.
  Comparison comparison;
  comparison.AddMethod("m0", 1, 2, true, 4);
  comparison.methods[0].pairs = 1;
  MethodDifferenceTally tally;
  comparison.Feed(tally, {0, 1}, /*methods_first=*/true);
  EXPECT_EQ(tally.PendingPairs(), 1u);
  const std::vector<MethodDifferences> methods = tally.Methods();
  ASSERT_EQ(methods.size(), 1u);
  EXPECT_EQ(methods[0].pairs, 2);
  EXPECT_EQ(methods[0].counted_pairs, 2);
  EXPECT_EQ(methods[0].inlining.insert,
            comparison.pairs[0].inlining.cost + comparison.pairs[1].inlining.cost);
  const auto ids = tally.CountedPairIds();
  ASSERT_EQ(ids.size(), 1u);
  EXPECT_EQ(ids[0].second, (std::vector<std::pair<std::string, std::string>>{{"m0-a0", "m0-b1"},
                                                                             {"m0-a0", "m0-b2"}}));
  // Fewer pairs than the count: nothing is reduced until the end, as without a count.
  Comparison fewer;
  fewer.AddMethod("m0", 2, 2, true, 5);
  MethodDifferenceTally partial, reference;
  fewer.Feed(partial, {0, 1, 2}, true);
  Uncounted(fewer).Feed(reference, {0, 1, 2}, true);
  EXPECT_EQ(partial.PendingPairs(), 3u);
  ExpectSame(partial, reference);
}

TEST(MethodDifferenceTallyTest, TakeMethodsGivesMethodsAndEmptiesTheTally) {
  Comparison comparison = ThreeMethods();
  comparison.AddMethod("uncounted", 2, 2, false, 6);
  // Sections in another order than the records come in, and two pairs of a method that has no
  // method record (index 0, as the first section's: section order keeps the first seen first).
  comparison.methods[0].index = 2;
  comparison.methods[2].index = 0;
  std::vector<size_t> order(comparison.pairs.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::reverse(order.begin(), order.end());
  MethodDifferenceTally tally;
  comparison.Feed(tally, order, /*methods_first=*/false);
  Comparison::Pair stray = comparison.pairs[0];
  stray.method = "no record";
  Comparison::SendPair(tally, stray);
  stray.right = "m0-b4";
  Comparison::SendPair(tally, stray);
  EXPECT_EQ(tally.PendingPairs(), 4u + 2u);  // "uncounted" and "no record"
  const std::vector<MethodDifferences> copied = tally.Methods();
  ASSERT_EQ(copied.size(), 5u);
  const std::vector<MethodDifferences> taken = tally.TakeMethods();
  ExpectSameMethods(taken, copied);
  std::vector<std::string> names;
  for (const MethodDifferences& method : taken) names.push_back(method.method);
  // "uncounted" (index 3) was seen first, then m2, m1, m0; "no record" last, after m2 (index 0).
  EXPECT_EQ(names, (std::vector<std::string>{"m2", "no record", "m1", "m0", "uncounted"}));
  EXPECT_EQ(taken[1].pairs, 2);
  EXPECT_EQ(taken[1].counted_pairs, 2);  // every unit counts in some pair
  EXPECT_TRUE(tally.Methods().empty());
  EXPECT_EQ(tally.PendingPairs(), 0u);
}

TEST(MethodDifferenceTallyTest, RankingKeepsTheSectionOrderOfEqualMethods) {
  // RankMethods sorts in place: methods that rank alike must stay in the order given, as
  // std::stable_sort keeps them.
  std::vector<MethodDifferences> methods;
  for (int i = 0; i < 50; ++i) {
    MethodDifferences& method = methods.emplace_back();
    method.index = i % 5;  // equal indices: only their place tells them apart
    method.method = "m" + std::to_string(i);
    if (i % 3 == 0) method.share[0] = 0.1 * (i % 4);
    if (i % 7 == 0) method.optimization.insert = i % 2 + 1;
  }
  std::vector<MethodDifferences> expected = methods;
  std::stable_sort(expected.begin(), expected.end(),
                   [](const MethodDifferences& a, const MethodDifferences& b) {
                     if (a.OptimizationDiffers() != b.OptimizationDiffers()) {
                       return a.OptimizationDiffers();
                     }
                     const std::optional<double> sa = a.LargerShare(), sb = b.LargerShare();
                     if (sa.has_value() != sb.has_value()) return sa.has_value();
                     if (sa && *sa != *sb) return *sa > *sb;
                     if (a.optimization.insert != b.optimization.insert) {
                       return a.optimization.insert > b.optimization.insert;
                     }
                     return a.index < b.index;
                   });
  std::vector<std::string> want, got;
  for (const MethodDifferences& method : expected) want.push_back(method.method);
  for (const MethodDifferences& method : RankMethods(methods)) got.push_back(method.method);
  EXPECT_EQ(got, want);
}

}  // namespace
}  // namespace profdiff
