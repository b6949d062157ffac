#include "profdiff/output/explanation.h"

#include <string_view>

namespace profdiff {

namespace {

void CallsiteKinds(Bullets& b, int depth) {
  b(depth, "Each call site is marked with what the compiler finally did with it:");
  b(depth + 1, "(root) the compiled method itself");
  b(depth + 1, "(inlined) the callee's body was inlined at this call site");
  b(depth + 1, "(direct) a direct call that stayed a call");
  b(depth + 1, "(indirect) a virtual or interface call that stayed a call");
  b(depth + 1, "(deleted) the call was removed (e.g. as dead code) without being inlined");
  b(depth + 1,
    "(devirtualized) an indirect call that was removed; its children are the concrete targets "
    "that replaced it");
}

void IndirectCalls(Bullets& b, int depth) {
  b(depth, "Indirect call sites may carry the receiver types the profiler saw:");
  b(depth + 1, "each line reads 'probability% typeName -> concreteMethodName'");
  b(depth + 1, "an immature profile was collected over too few executions to be trusted");
}

// The eight example lines of the inlining-tree legend.
void InliningLegendExamples(Bullets& b, int depth, const Options& options) {
  b(depth, ". (inlined) the same call site, inlined in both compilations");
  b(depth, ". (direct) the same call site, a direct call in both compilations");
  b(depth, ". (deleted) the same call site, deleted in both compilations");
  b(depth, "* (inlined -> direct) inlined in the first compilation, called in the second");
  b(depth, "* (direct -> deleted) called in the first compilation, deleted in the second");
  b(depth, "- (inlined) an inlined call site that only the first compilation has");
  b(depth, "+ (direct) a direct call site that only the second compilation has");
  b(depth, "+ (deleted) a deleted call site that only the second compilation has");
  if (options.show_moved) {
    b(depth,
      "> (inlined) the same call site at bci 35 → 39: it moved with the code (no difference)");
  }
}

}  // namespace

void WriteExplanation(LineWriter& out, bool single, bool only_hot, const Options& options) {
  const bool diff_shown = !single && options.diff_compilations;
  Bullets b(out);
  out.Line("How to read this output");
  if (only_hot) {
    b(1, "There is one section per method that has at least one hot compilation.");
  } else {
    b(1, "There is one section per compiled method.");
  }
  if (diff_shown) {
    b(1,
      "Hot compilations of a method are paired across the two experiments, the most "
      "time-consuming first, and each pair is compared.");
  }
  if (options.create_fragments) {
    b(1, "A compilation is either a compilation unit or a compilation fragment:");
    b(2, "a compilation unit is one method compiled as the root of a compilation;");
    b(2,
      "a compilation fragment is the part of a hot unit that was inlined from another hot "
      "method, so that it can be compared with that method's own compilations.");
  }
  if (options.optimization_context_tree) {
    b(1,
      "The optimization-context tree puts each optimization under the inlined method in which it "
      "happened.");
    b(2, "Its nodes are methods (call sites) and optimizations.");
    b(2, "Its root is the compiled method.");
    b(2, "Below an inlined method come:");
    b(3, "the methods it calls, at their bytecode index (bci) in it;");
    b(3, "the optimizations performed in its code.");
    b(2, "Below an indirect call come the methods it was devirtualized to.");
    b(2, "Optimizations are always leaves.");
    CallsiteKinds(b, 2);
    IndirectCalls(b, 2);
    if (diff_shown) {
      b(2, "Paired compilations are compared tree against tree:");
      b(3, "call sites that were not inlined are compared too;");
      b(3, "the smallest set of edits that turns one tree into the other is computed;");
      b(3, "edits insert or delete whole subtrees, or change the callsite kind of a call;");
      b(3, "the edits are shown as a tree;");
      if (options.prune_identities) b(3, "subtrees without any difference are left out;");
      b(3, "each line starts with the edit:");
      b(4, ". LoopPeeling: the same optimization in both compilations");
      b(4, "- LoopPeeling: an optimization only in the first compilation");
      b(4, "+ LoopPeeling: an optimization only in the second compilation");
      if (options.show_moved) {
        b(4, "> LoopPeeling at bci 40 → 47: the same optimization, moved with the code");
      }
      InliningLegendExamples(b, 4, options);
    }
    return;
  }
  b(1, "The optimization tree lists what the compiler did, phase by phase.");
  b(2, "Its root is a virtual phase that contains all others.");
  b(2, "Below a phase come its sub-phases and the optimizations it performed, in order.");
  b(2, "An optimization shows its name, its event, its position and maybe properties:");
  b(3, "the name is the part of the compiler that made the change;");
  b(3, "the event says what was changed;");
  b(3, "the position is the bytecode index (bci) in the compiled method where it happened;");
  b(4, "with --long-bci=true the position lists (method, bci) pairs,");
  b(4, "the innermost inlined method first,");
  b(4, "and every further pair is the call site of the previous method;");
  b(3, "properties are extra details in braces.");
  if (diff_shown) {
    b(2, "The optimization trees of paired compilations are compared:");
    b(2, "the smallest set of edits that turns one tree into the other is computed;");
    b(2, "edits insert or delete whole subtrees;");
    b(2, "the edits are shown as a tree;");
    if (options.prune_identities) b(2, "subtrees without any difference are left out;");
    b(2, "each line starts with the edit:");
    b(3, ". LoopPeelingPhase: the phase is in both compilations");
    b(3, "- LoopPeelingPhase: the phase is only in the first compilation");
    b(3, "+ LoopPeelingPhase: the phase is only in the second compilation");
    if (options.show_moved) {
      b(3, "> LoopPeeling at bci 40 → 47: the same optimization, moved with the code");
    }
  }
  b(1, "The inlining tree shows the call sites the compiler considered.");
  b(2, "Its root is the compiled method.");
  b(2, "Below a method come the call sites in its code.");
  b(2, "Below an indirect call come the methods it was devirtualized to.");
  CallsiteKinds(b, 2);
  if (options.sort_inlining_tree) {
    b(2, "Call sites are sorted by bytecode index, then by name.");
  } else {
    b(2, "Call sites are in the order of the log.");
  }
  IndirectCalls(b, 2);
  if (diff_shown) {
    b(2, "The inlining trees of paired compilations are compared:");
    b(3, "a call site may be present in only one of the compilations;");
    b(3, "a call site may have a different callsite kind in each;");
    b(3, "the smallest set of edits that turns one tree into the other is computed;");
    b(3, "edits insert or delete whole subtrees, or change the callsite kind of a call;");
    b(3, "the edits are shown as a tree;");
    if (options.prune_identities) b(3, "subtrees without any difference are left out;");
    b(3, "each line starts with the edit:");
    InliningLegendExamples(b, 4, options);
  }
}

void WriteStatsExplanation(LineWriter& out) {
  Bullets b(out);
  out.Line("How to read this output");
  b(1, "The statistics count what the optimization log holds, over three scopes:");
  b(2, "all compilation units of an experiment;");
  b(2, "its hot compilation units (with a profile);");
  b(2, "the hot compilation units of each hot method (with a profile).");
  b(1, "Counts are taken from the trees as logged:");
  b(2, "the display options (sorting, pruning, detailed phases) do not change them;");
  b(2, "invalid compilation units are left out of every count.");
  b(1, "Call sites are the nodes of the inlining trees, their roots excluded, by kind:");
  CallsiteKinds(b, 2);
  b(2, "the inlined share is the share of call sites that were inlined.");
  b(1, "Optimizations are the entries of the optimization trees:");
  b(2, "by optimization and event name;");
  b(2, "by the phase they were logged in (the innermost one, when phases nest).");
  b(1, "With a profile, figures are also weighted by execution:");
  b(2, "weighted call sites are call sites per unit, each unit weighted by its period;");
  b(2, "the weighted inlined share is each unit's inlined share, weighted by its period.");
  b(1, "Two experiments are compared scope by scope:");
  b(2, "the hot units first, then each hot method, the largest change first, then all units;");
  b(2, "optimizations and phases are listed by the size of their change, the largest first;");
  b(2,
    "a change of a share is in percentage points; relative changes are of experiment 1's value;");
  b(2, "'new': something experiment 1 did not have; 'n/a': a share of nothing.");
}

}  // namespace profdiff
