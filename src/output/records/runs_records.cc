#include "output/records/runs_records.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::record_internal {

// The header of a jit-vs-jit-runs stream: its runs and, among the options, its thresholds.
RunsOptions DecodeRunsOptions(LineDecoder& d, uint32_t options) {
  RunsOptions runs;
  if (options != kNoToken) {
    if (d.Find(options, "stable-share") != kNoToken) {
      runs.stable_share = d.Double(options, "stable-share");
    }
    if (d.Find(options, "noise-share") != kNoToken) {
      runs.noise_share = d.Double(options, "noise-share");
    }
    if (d.Find(options, "show-noise") != kNoToken) runs.show_noise = d.Bool(options, "show-noise");
  }
  uint32_t inputs = d.Object(0, "runs");
  for (int e = 0; e < 2; ++e) {
    d.ForEach(d.Array(inputs, e == 0 ? "exp1" : "exp2"), [&](uint32_t run) {
      runs.runs[e].push_back({std::string(d.Str(run, "log")), std::string(d.Str(run, "profile"))});
    });
  }
  return runs;
}

namespace {

void DecodeDifferences(LineDecoder& d, std::string_view key, RunsMethodRecord* record,
                       std::vector<DifferenceRecord>* out) {
  d.ForEach(d.Array(0, key), [&](uint32_t e) {
    DifferenceRecord& difference = out->emplace_back();
    std::string_view tree = d.Str(e, "tree");
    if (tree == "optimization") {
      difference.tree = TreeKind::kOptimization;
    } else if (tree == "optimization_context") {
      difference.tree = TreeKind::kOptimizationContext;
    } else if (tree != "inlining" && d.error().empty()) {
      d.Fail(absl::StrCat("unknown tree \"", AbslView(tree), "\""));
    }
    std::string_view op = d.Str(e, "op");
    if (op == "insert") {
      difference.node.op = NodeOp::kInsert;
    } else if (op == "delete") {
      difference.node.op = NodeOp::kDelete;
    } else if (op == "relabel") {
      difference.node.op = NodeOp::kRelabel;
    } else if (d.error().empty()) {
      d.Fail(absl::StrCat("unknown op \"", AbslView(op), "\""));
      return;
    }
    difference.path.begin = static_cast<uint32_t>(record->path_steps.size());
    d.ForEach(d.Array(e, "path"), [&](uint32_t s) {
      PathStepRecord& step = record->path_steps.emplace_back();
      if (d.IsString(s)) {
        step.phase = true;
        step.name = d.Text(s, "path");
        return;
      }
      std::optional<std::string_view> method = d.OptStr(s, "method");
      step.name_known = method.has_value();
      if (method) step.name = *method;
      step.bci = d.Bci(s);
    });
    difference.path.end = static_cast<uint32_t>(record->path_steps.size());
    if (difference.node.op != NodeOp::kInsert) {
      difference.node.left = d.Label(d.Find(e, "left"), &record->labels);
    }
    if (difference.node.op != NodeOp::kDelete) {
      difference.node.right = d.Label(d.Find(e, "right"), &record->labels);
    }
    auto support = [&](std::string_view name, int64_t* count, int64_t* pairs) {
      std::vector<int64_t> values;
      d.ForEach(d.Array(e, name),
                [&](uint32_t v) { values.push_back(d.IntValue(v, name, 0, INT64_MAX)); });
      if (values.size() != 2) {
        d.Fail(absl::StrCat("expected [count, pairs] for \"", AbslView(name), "\""));
        return;
      }
      *count = values[0];
      *pairs = values[1];
    };
    support("cross", &difference.cross, &difference.cross_pairs);
    support("within", &difference.within, &difference.within_pairs);
  });
}

}  // namespace

ShareChangeRecord DecodeShareChange(LineDecoder& d, uint32_t change) {
  ShareChangeRecord c;
  c.difference = d.Double(change, "difference");
  c.tested = d.Bool(change, "tested");
  if (c.tested) {
    c.t = d.Double(change, "t");
    c.df = d.Double(change, "df");
    c.p = d.Double(change, "p");
  }
  c.beyond_noise = d.Bool(change, "beyond_noise");
  return c;
}

void DecodeRunsMethod(LineDecoder& d, RunsMethodRecord* out) {
  RunsMethodRecord& record = *out;
  record.hotness.clear();
  record.stable.clear();
  record.noise.clear();
  record.path_steps.clear();
  record.labels.Clear(TreeKind::kInlining, /*is_delta=*/true);
  record.index = d.Int(0, "index", 0);
  record.name = d.Str(0, "method");
  d.ForEach(d.Array(0, "hotness"), [&](uint32_t e) {
    ShareStatsRecord& s = record.hotness.emplace_back();
    s.experiment = static_cast<int>(d.Int(e, "experiment", 1, 2));
    s.runs = d.Int(e, "runs", 1);
    s.hot_runs = d.Int(e, "hot_runs", 0);
    s.compiled_runs = d.Int(e, "compiled_runs", 0);
    s.mean = d.Double(e, "mean");
    s.stddev = d.IsNull(d.Find(e, "stddev")) ? std::numeric_limits<double>::quiet_NaN()
                                             : d.Double(e, "stddev");
    s.min = d.Double(e, "min");
    s.max = d.Double(e, "max");
  });
  if (d.error().empty() && record.hotness.size() != 2) {
    d.Fail("expected the hotness of two experiments");
  }
  record.share_change = DecodeShareChange(d, d.Object(0, "share_change"));
  record.compared = d.Bool(0, "compared");
  record.unconfirmed = d.Bool(0, "unconfirmed");
  uint32_t pairs = d.Object(0, "pairs");
  record.cross_pairs = d.Int(pairs, "cross", 0);
  record.within_pairs = d.Int(pairs, "within", 0);
  DecodeDifferences(d, "stable_differences", &record, &record.stable);
  DecodeDifferences(d, "noise_differences", &record, &record.noise);
}

}  // namespace profdiff::record_internal
