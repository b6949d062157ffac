#ifndef PROFDIFF_TESTS_STATS_DATA_H_
#define PROFDIFF_TESTS_STATS_DATA_H_

// Hand-made experiments for the tests of `stats` (issue 15): every callsite kind, nested phases,
// optimizations inside an inlinee's RootPhase subtree, multi-method names, an invalid record, and
// methods hot in one experiment only.

#include <string>
#include <vector>

#include "test_util.h"

namespace profdiff::test::stats {

// An inlining-tree node as JSON.
inline std::string Call(const std::string& method, int bci, bool inlined, bool indirect, bool alive,
                        const std::vector<std::string>& invokes = {}, bool null_invokes = false) {
  std::string json = R"({"methodName":")" + method + R"(","callsiteBci":)" + std::to_string(bci) +
                     R"(,"inlined":)" + (inlined ? "true" : "false") +
                     R"(,"reason":null,"indirect":)" + (indirect ? "true" : "false") +
                     R"(,"alive":)" + (alive ? "true" : "false");
  if (null_invokes) {
    json += R"(,"invokes":null)";
  } else if (!invokes.empty() || indirect) {
    json += R"(,"invokes":[)";
    for (size_t i = 0; i < invokes.size(); ++i) json += (i > 0 ? "," : "") + invokes[i];
    json += "]";
  }
  return json + "}";
}

inline std::string Phase(const std::string& name, const std::vector<std::string>& children) {
  std::string json = R"({"phaseName":")" + name + R"(","optimizations":[)";
  for (size_t i = 0; i < children.size(); ++i) json += (i > 0 ? "," : "") + children[i];
  return json + "]}";
}

inline std::string Entry(const std::string& name, const std::string& event,
                         const std::string& extra = "") {
  return R"({"optimizationName":")" + name + R"(","eventName":")" + event +
         R"json(","position":{"a.Main.run()":3})json" + extra + "}";
}

// A root `method` whose call sites are `calls`.
inline std::string Root(const std::string& method, const std::vector<std::string>& calls) {
  return Call(method, -1, true, false, false, calls);
}

// Every callsite kind, and what makes each: inlined (even when alive), direct, indirect,
// devirtualized (indirect, dead, with children), deleted (dead; indirect without children or
// with null invokes too). 3 inlined, 1 direct, 1 indirect, 1 devirtualized, 3 deleted.
inline const std::string kEveryKind =
    Root("a.Main.run()",
         {
             Call("a.B.b()", 1, true, false, false, {Call("a.C.c()", 2, false, false, false)}),
             Call("a.D.d()", 3, false, false, true),
             Call("a.E.e()", 4, false, true, true),
             Call("a.F.f()", 5, false, true, false, {Call("a.G.g()", 5, true, false, false)}),
             Call("a.H.h()", 6, false, true, false),
             Call("a.I.i()", 7, true, false, true),
             Call("a.J%%Key.j()", 8, false, true, false, {}, true),
         });

// Nested phases, an inlinee's RootPhase subtree under InliningPhase, an entry directly under the
// root, an entry with "phaseName": null (an optimization), and an empty phase. 6 entries:
// LoopTransformation LoopPeeling 2 (LoopPeelingPhase), Canonicalizer CanonicalReplacement 1
// (GraphBuilderPhase), Canonicalizer UnusedNodeRemoval 1 (RootPhase), Misc Example 1
// (RootPhase), Escape Virtualized 1 (MidTier).
inline const std::string kNestedPhases = Phase(
    "RootPhase",
    {
        Phase(
            "HighTier",
            {
                Phase("LoopPeelingPhase", {Entry("LoopTransformation", "LoopPeeling"),
                                           Entry("LoopTransformation", "LoopPeeling")}),
                Phase("InliningPhase",
                      {Phase("RootPhase", {Phase("GraphBuilderPhase",
                                                 {Entry("Canonicalizer", "CanonicalReplacement")}),
                                           Entry("Canonicalizer", "UnusedNodeRemoval")})}),
            }),
        Entry("Misc", "Example"),
        Phase("MidTier", {Entry("Escape", "Virtualized", R"(,"phaseName":null)")}),
        Phase("LowTier", {}),
    });

inline std::string LoopPeel() {
  return Phase("RootPhase",
               {Phase("LoopPeelingPhase", {Entry("LoopTransformation", "LoopPeeling")})});
}

// A record whose second call site has a string bci: invalid, found after its first call site
// and nothing else were seen.
inline std::string BrokenRecord() {
  std::string record = Record("a.Bad.bad()", "6",
                              Root("a.Bad.bad()", {Call("x.Y.i()", 1, true, false, false),
                                                   Call("x.Y.k()", 2, true, false, false)}),
                              LoopPeel());
  record.replace(record.find(R"("callsiteBci":2)"), 15, R"("callsiteBci":"2")");
  return record;
}

// Experiment 1 (JIT). Units, periods (millions of cycles) and hotness with the default policy
// (Graal period 710, so 639 may be hot):
//   1 a.Main.run()            300  hot   kEveryKind, kNestedPhases
//   2 a.Main.run()            100        1 direct
//   3 a.Util.work%%KeyA(int)  150  hot   1 inlined, a LoopPeeling
//   4 a.Util.work%%KeyB(int)  150  hot   1 deleted, a LoopPeeling
//   5 a.Cold.c()               10        2 inlined
// and BrokenRecord(), whose call sites and optimization must not count.
inline void WriteExperiment1(const TempDir& dir, const std::string& name = "exp1") {
  dir.WriteLines(
      name + "/log/units-0",
      {Record("a.Main.run()", "1", kEveryKind, kNestedPhases),
       Record("a.Main.run()", "2", Root("a.Main.run()", {Call("x.Y.d()", 1, false, false, true)})),
       Record("a.Util.work%%KeyA(int)", "3",
              Root("a.Util.work(int)", {Call("x.Y.i()", 1, true, false, false)}), LoopPeel())});
  dir.WriteLines(
      name + "/log/units-1",
      {Record("a.Util.work%%KeyB(int)", "4",
              Root("a.Util.work(int)", {Call("x.Y.x()", 1, false, false, false)}), LoopPeel()),
       BrokenRecord(),
       Record("a.Cold.c()", "5",
              Root("a.Cold.c()", {Call("x.Y.i()", 1, true, false, false),
                                  Call("x.Y.j()", 2, true, false, false)}))});
  dir.Write(
      name + "/prof.json",
      R"json({"executionId":"e1","totalPeriod":1000000000,"code":[)json"
      R"json({"compileId":"1","name":"1: a.Main.run()","level":4,"period":300000000},)json"
      R"json({"compileId":"2","name":"2: a.Main.run()","level":4,"period":100000000},)json"
      R"json({"compileId":"3","name":"3: a.Util.work%%KeyA(int)","level":4,"period":150000000},)json"
      R"json({"compileId":"4","name":"4: a.Util.work%%KeyB(int)","level":4,"period":150000000},)json"
      R"json({"compileId":"5","name":"5: a.Cold.c()","level":4,"period":10000000}]})json");
}

// Experiment 2 (JIT; periods in millions of cycles; Graal period 1010, so 909 may be hot):
//   11 a.Main.run()            400  hot   4 inlined, 1 direct; a LoopPeeling, 3 Escape
//                                          Virtualized (MidTier)
//   13 a.Util.work%%KeyA(int)   10        1 inlined
//   15 a.Cold.c()              300  hot   2 inlined, 1 indirect; Misc Example (RootPhase)
//   16 a.Other.o()             300        nothing
// a.Util.work(int) is hot only in experiment 1, a.Cold.c() only in experiment 2.
inline void WriteExperiment2(const TempDir& dir, const std::string& name = "exp2") {
  dir.WriteLines(
      name + "/log/units",
      {Record(
           "a.Main.run()", "11",
           Root("a.Main.run()",
                {Call("a.B.b()", 1, true, false, false, {Call("a.C.c()", 2, true, false, false)}),
                 Call("a.D.d()", 3, false, false, true), Call("a.G.g()", 5, true, false, false),
                 Call("a.I.i()", 7, true, false, true)}),
           Phase("RootPhase",
                 {Phase("LoopPeelingPhase", {Entry("LoopTransformation", "LoopPeeling")}),
                  Phase("MidTier", {Entry("Escape", "Virtualized"), Entry("Escape", "Virtualized"),
                                    Entry("Escape", "Virtualized")})})),
       Record("a.Util.work%%KeyA(int)", "13",
              Root("a.Util.work(int)", {Call("x.Y.i()", 1, true, false, false)})),
       Record("a.Cold.c()", "15",
              Root("a.Cold.c()",
                   {Call("x.Y.i()", 1, true, false, false), Call("x.Y.j()", 2, true, false, false),
                    Call("x.Y.v()", 3, false, true, true)}),
              Phase("RootPhase", {Entry("Misc", "Example")})),
       Record("a.Other.o()", "16")});
  dir.Write(
      name + "/prof.json",
      R"json({"executionId":"e2","totalPeriod":2000000000,"code":[)json"
      R"json({"compileId":"11","name":"11: a.Main.run()","level":4,"period":400000000},)json"
      R"json({"compileId":"13","name":"13: a.Util.work%%KeyA(int)","level":4,"period":10000000},)json"
      R"json({"compileId":"15","name":"15: a.Cold.c()","level":4,"period":300000000},)json"
      R"json({"compileId":"16","name":"16: a.Other.o()","level":4,"period":300000000}]})json");
}

}  // namespace profdiff::test::stats

#endif  // PROFDIFF_TESTS_STATS_DATA_H_
