// Fuzz target for one optimization-log record: the full compilation-unit reader (header, both
// trees, properties), and what happens to the trees afterwards (preprocessing, the
// optimization-context tree, matching, printing).
//
// The input is one record, or two records separated by the first '\n' (the second one may
// itself contain line breaks, which JSON reads as whitespace). For each record it checks that
// ValidateRecord and ParseRecordTrees agree (same verdict, same error column and message), that
// an error column lies within the line (or just after it), and that the trees of a valid record
// are well formed. Valid records are then preprocessed, printed and matched with themselves
// (the edit distance must be 0 and the pruned delta tree empty) and with each other. The
// tokenizer's fast path for plain records (RecordTape::ScanPlain) must build exactly the tape
// of the general path whenever it accepts a line.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/json/record_tape.h"
#include "profdiff/analysis/optimization_context_tree.h"
#include "profdiff/analysis/tree_preprocessing.h"
#include "profdiff/diff/edit_policies.h"
#include "profdiff/diff/tree_matcher.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/multi_method.h"
#include "profdiff/options.h"
#include "profdiff/output/delta_tree_writer.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/tree_writer.h"

namespace profdiff {
namespace {

// Trees are matched (quadratic) only when both are at most this big, to keep executions fast.
constexpr size_t kMaxMatchedNodes = 300;

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "record_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

void Check(bool condition, const char* what, std::string_view detail = {}) {
  if (!condition) Die(what, detail);
}

// Every node but the root has a parent that lists it; every node is reachable from the root.
template <class Tree>
void CheckArena(const Tree& tree, const char* name) {
  Check(tree.root != kNoNode && tree.root < tree.nodes.size(), "no root:", name);
  Check(tree.node(tree.root).parent == kNoNode, "root has a parent:", name);
  for (NodeIndex i = 0; i < tree.nodes.size(); ++i) {
    for (NodeIndex child : tree.node(i).children) {
      Check(child < tree.nodes.size() && tree.node(child).parent == i, "broken child link:", name);
    }
  }
  Check(tree.Preorder().size() == tree.nodes.size(), "unreachable nodes:", name);
}

void CheckTrees(const RecordTrees& trees) {
  CheckArena(trees.inlining_tree, "inlining tree");
  CheckArena(trees.optimization_tree, "optimization tree");
  for (const InliningTreeNode& node : trees.inlining_tree.nodes) {
    if (node.method_name.has_value()) {
      Check(node.method_name->find("%%") == std::string::npos, "multi-method key left in",
            *node.method_name);
    }
  }
  const OptimizationTree& optimizations = trees.optimization_tree;
  Check(optimizations.node(optimizations.root).is_phase, "optimization root is not a phase");
  for (const OptimizationTreeNode& node : optimizations.nodes) {
    Check(node.is_phase || node.children.empty(), "an optimization has children");
    for (const PositionEntry& entry : node.position) {
      Check(entry.method.view().find("%%") == std::string::npos,
            "multi-method key left in position", entry.method);
    }
  }
}

// ScanPlain accepts only what RapidJSON accepts, with the same tape.
void CheckTapes(std::string_view line) {
  using record_internal::RecordTape;
  using record_internal::Token;
  static RecordTape fast;
  static RecordTape general;
  const bool general_ok = general.ParseGeneral(line);
  if (!fast.ScanPlain(line)) return;
  Check(general_ok, "ScanPlain accepts what RapidJSON rejects:", general.syntax_error_message());
  Check(fast.size() == general.size(), "tapes of different sizes");
  for (uint32_t i = 0; i < fast.size(); ++i) {
    const Token& f = fast[i];
    const Token& g = general[i];
    Check(f.kind == g.kind && f.key == g.key && f.pos == g.pos && f.a == g.a && f.b == g.b,
          "tapes differ");
  }
  Check(fast.header_complete() == general.header_complete() &&
            fast.header_stop_offset() == general.header_stop_offset() &&
            fast.header_method_name() == general.header_method_name() &&
            fast.header_compilation_id() == general.header_compilation_id(),
        "header scans differ");
  for (uint32_t i = 0; i < fast.size(); ++i) {
    const Token& f = fast[i];
    if (f.kind == record_internal::TokenKind::kString ||
        f.kind == record_internal::TokenKind::kKey ||
        f.kind == record_internal::TokenKind::kNumber) {
      Check(fast.Text(f) == general.Text(general[i]), "token texts differ");
    }
  }
}

// Validates and parses `line`; returns its trees when it is valid.
std::optional<RecordTrees> ReadRecord(std::string_view line) {
  CheckTapes(line);
  UnitHeader header;
  RecordError validate_error;
  const bool valid = ValidateRecord(line, &header, &validate_error);
  RecordTrees trees;
  RecordError parse_error;
  const bool parsed = ParseRecordTrees(line, &trees, &parse_error);
  Check(valid == parsed,
        valid ? "ParseRecordTrees rejects a valid record:"
              : "ParseRecordTrees accepts an invalid record:",
        valid ? parse_error.message : validate_error.message);
  if (!valid) {
    Check(validate_error.column == parse_error.column, "error columns differ");
    Check(validate_error.message == parse_error.message,
          "error messages differ:", validate_error.message);
    Check(validate_error.column >= 1 && validate_error.column <= line.size() + 1,
          "error column outside the line:", validate_error.message);
    Check(!validate_error.message.empty(), "empty error message");
    return std::nullopt;
  }
  Check(SplitMultiMethodName(header.method_name).has_value(),
        "malformed method name accepted:", header.method_name);
  CheckTrees(trees);
  return trees;
}

template <class Policy>
DeltaTree MatchAndExpand(const Policy& policy, bool prune, int64_t* cost) {
  TreeMatch match = MatchPruneAndExpand(policy, prune);
  *cost = match.cost;
  return std::move(match.delta);
}

bool SmallEnough(const RecordTrees& trees) {
  return trees.inlining_tree.nodes.size() <= kMaxMatchedNodes &&
         trees.optimization_tree.nodes.size() <= kMaxMatchedNodes;
}

// Matches `left` with `right`; if they are the same trees, the script must be all identities.
void Compare(const RecordTrees& left, const RecordTrees& right, const Options& options, bool same,
             std::string* sink) {
  LineWriter out(sink);
  int64_t cost = 0;
  InliningTreeEditPolicy inlining(left.inlining_tree, right.inlining_tree);
  DeltaTree delta = MatchAndExpand(inlining, options.prune_identities, &cost);
  Check(!same || cost == 0, "inlining tree differs from itself");
  Check(!same || !options.prune_identities || delta.empty(), "unpruned inlining self-diff");
  WriteInliningDeltaTree(out, delta, left.inlining_tree, right.inlining_tree, options);

  OptimizationTreeEditPolicy optimization(left.optimization_tree, right.optimization_tree);
  delta = MatchAndExpand(optimization, options.prune_identities, &cost);
  Check(!same || cost == 0, "optimization tree differs from itself");
  Check(!same || !options.prune_identities || delta.empty(), "unpruned optimization self-diff");
  WriteOptimizationDeltaTree(out, delta, left.optimization_tree, right.optimization_tree, options);

  OptimizationContextTree left_oct =
      BuildOptimizationContextTree(left.inlining_tree, left.optimization_tree);
  OptimizationContextTree right_oct =
      BuildOptimizationContextTree(right.inlining_tree, right.optimization_tree);
  OptimizationContextTreeEditPolicy oct(left_oct, right_oct);
  delta = MatchAndExpand(oct, options.prune_identities, &cost);
  Check(!same || cost == 0, "optimization-context tree differs from itself");
  WriteOctDeltaTree(out, delta, left_oct, right_oct, options);
}

// Preprocesses and prints a valid record's trees.
void Exercise(RecordTrees& trees, const Options& options, std::string* sink) {
  PreprocessInliningTree(trees.inlining_tree, options);
  PreprocessOptimizationTree(trees.optimization_tree, options);
  CheckTrees(trees);
  LineWriter out(sink);
  WriteInliningTree(out, trees.inlining_tree, options);
  WriteOptimizationTree(out, trees.optimization_tree, options);
  OptimizationContextTree oct =
      BuildOptimizationContextTree(trees.inlining_tree, trees.optimization_tree);
  CheckArena(oct, "optimization-context tree");
  WriteOptimizationContextTree(out, oct, options);
}

}  // namespace
}  // namespace profdiff

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace profdiff;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  std::optional<RecordTrees> first = ReadRecord(input.substr(0, newline));
  std::optional<RecordTrees> second;
  if (newline != std::string_view::npos) second = ReadRecord(input.substr(newline + 1));

  // The option bits come from the input so that a crash reproduces from its file alone.
  Options options;
  options.sort_inlining_tree = (size & 1) == 0;
  options.sort_unordered_phases = (size & 2) == 0;
  options.remove_detailed_phases = (size & 4) == 0;
  options.long_bci = (size & 8) != 0;
  options.inliner_reasoning = (size & 16) != 0;
  options.prune_identities = (size & 32) == 0;

  std::string sink;
  for (std::optional<RecordTrees>* trees : {&first, &second}) {
    if (!trees->has_value()) continue;
    Exercise(**trees, options, &sink);
    if (SmallEnough(**trees)) Compare(**trees, **trees, options, /*same=*/true, &sink);
    sink.clear();
  }
  if (first && second && SmallEnough(*first) && SmallEnough(*second)) {
    Compare(*first, *second, options, /*same=*/false, &sink);
  }
  return 0;
}
