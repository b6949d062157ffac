#include "profdiff/output/csv_renderer.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "profdiff/diff/decision_changes.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

constexpr char kPairColumns[] =
    "method,compilation_1,compilation_2,period_1,period_2,graal_share_1,graal_share_2,"
    "total_share_1,total_share_2,hot_1,hot_2,"
    "inlining_inserted,inlining_deleted,inlining_relabelled,inlining_cost,inlining_too_big,"
    "optimization_inserted,optimization_deleted,optimization_relabelled,optimization_cost,"
    "optimization_too_big,"
    "context_inserted,context_deleted,context_relabelled,context_cost,context_too_big,"
    "inlining_moved,bytecode_size_1,bytecode_size_2,samples_1,samples_2,within_noise,noise_p\n";

constexpr char kCompilationColumns[] =
    "method,experiment,compilation,fragment_of,multi_method_key,period,graal_share,total_share,"
    "hot,inlining_nodes,optimization_nodes,context_nodes,samples\n";

constexpr char kStatisticsColumns[] =
    "scope,method,hot_only_in,metric,key,value_1,value_2,change,relative_change\n";
constexpr char kRunsColumns[] =
    "method,experiment,runs,hot_runs,compiled_runs,share_mean,share_stddev,share_min,share_max,"
    "share_change,share_change_p,share_change_beyond_noise,compared,unconfirmed,"
    "stable_differences,noise_differences\n";

// --decisions: a row per changed call site (docs/decisions-view.md).
constexpr char kDecisionColumns[] =
    "change,method,share,compilation_1,compilation_2,caller,callee,bci,path,kind_1,reason_1,"
    "kind_2,reason_2,reasons_1,reasons_2,bytecode_size_1,bytecode_size_2,bci_1,bci_2,samples,"
    "within_noise,noise_p\n";

// Cells after the first of a row.
class Row {
 public:
  explicit Row(std::string* row) : row_(row) {}
  void Text(std::string_view text) {
    Separate();
    AppendCsvField(text, row_);
  }
  void Empty() { Separate(); }
  void Int(int64_t value) {
    Separate();
    absl::StrAppend(row_, value);
  }
  void Double(double value) {
    Separate();
    if (std::isnan(value)) {
      row_->append("NaN");
    } else if (std::isinf(value)) {
      row_->append(value > 0 ? "Infinity" : "-Infinity");
    } else {
      char digits[32];
      auto result = std::to_chars(digits, digits + sizeof(digits), value);
      row_->append(digits, result.ptr);
    }
  }
  void Bool(bool value) {
    Separate();
    row_->append(value ? "true" : "false");
  }
  void End() { row_->push_back('\n'); }

 private:
  void Separate() {
    if (!first_) row_->push_back(',');
    first_ = false;
  }
  std::string* row_;
  bool first_ = true;
};

void Profiled(Row& row, const CompilationRecord& c, int what) {
  if (!c.profiled) {
    row.Empty();
    return;
  }
  switch (what) {
    case 0:
      row.Int(c.period);
      break;
    case 1:
      row.Double(c.graal_share);
      break;
    case 2:
      row.Double(c.total_share);
      break;
    default:
      row.Bool(c.hot);
      break;
  }
}

// inserted, deleted, relabelled, cost, too big; empty cells for a tree that was not compared.
void DeltaCells(Row& row, const TreeRecord* tree) {
  if (tree == nullptr) {
    for (int i = 0; i < 5; ++i) row.Empty();
    return;
  }
  row.Int(tree->counts.insert);
  row.Int(tree->counts.remove);
  row.Int(tree->counts.relabel);
  if (tree->too_big) {
    row.Empty();
  } else {
    row.Int(tree->cost);
  }
  row.Bool(tree->too_big);
}

// A JFR profile's samples; empty for other profiles (docs/jfr.md "How sure is a share").
void Samples(Row& row, const std::optional<int64_t>& samples) {
  if (samples) {
    row.Int(*samples);
  } else {
    row.Empty();
  }
}

// The test of a share change against sampling noise (two JFR profiles): within_noise, noise_p;
// empty cells without it.
void SamplingNoise(Row& row, const std::optional<SamplingNoiseRecord>& noise) {
  if (noise) {
    row.Bool(noise->within_noise);
    row.Double(noise->p);
  } else {
    row.Empty();
    row.Empty();
  }
}

void NodeCount(Row& row, const TreeRecord* tree) {
  if (tree == nullptr) {
    row.Empty();
  } else {
    row.Int(static_cast<int64_t>(tree->nodes.size()));
  }
}

// A value of `metric`: counts as integers, the rest in shortest round-trip form.
void MetricValue(Row& row, StatisticMetric metric, double value) {
  if (MetricKind(metric) == MetricValueKind::kCount && std::isfinite(value)) {
    row.Int(static_cast<int64_t>(value));
  } else {
    row.Double(value);
  }
}

// scope, method, hot_only_in, metric, key.
void StatisticCells(Row& row, const StatisticsScope& scope, int hot_only_in, StatisticMetric metric,
                    std::string_view key) {
  switch (scope.kind) {
    case StatisticsScopeKind::kAll:
      row.Text("all");
      row.Empty();
      break;
    case StatisticsScopeKind::kHot:
      row.Text("hot");
      row.Empty();
      break;
    case StatisticsScopeKind::kMethod:
      row.Text("method");
      row.Text(scope.method);
      break;
  }
  if (hot_only_in != 0) {
    row.Int(hot_only_in);
  } else {
    row.Empty();
  }
  row.Text(MetricName(metric));
  if (MetricIsKeyed(metric)) {
    row.Text(key);
  } else {
    row.Empty();
  }
}

}  // namespace

void AppendCsvField(std::string_view field, std::string* row) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    row->append(field);
    return;
  }
  row->push_back('"');
  for (char c : field) {
    if (c == '"') row->push_back('"');
    row->push_back(c);
  }
  row->push_back('"');
}

void CsvRenderer::Header(const HeaderRecord& record) {
  if (record.command == "stats") {
    out_.Raw(kStatisticsColumns);
    return;
  }
  if (record.runs.has_value()) {
    out_.Raw(kRunsColumns);
    return;
  }
  const bool pairs = record.command != "report" && record.options.diff_compilations;
  decisions_ = pairs && record.options.decisions;
  out_.Raw(decisions_ ? kDecisionColumns : pairs ? kPairColumns : kCompilationColumns);
}

void CsvRenderer::Experiment(const ExperimentRecord& record) {
  if (record.id == 2) compared_ = true;
  // The table has no place for it: said on stderr, like the warnings.
  // jit-vs-jit-runs: once per experiment, for its first run (every run has a profile, or none).
  if (record.hotspot.has_value() && !record.hotspot->without_profile.empty() &&
      record.run.index <= 1) {
    Warning(WarningRecord{
        absl::StrCat("experiment ", record.id,
                     record.run.index == 1 ? " has no profiles: " : " has no profile: ",
                     AbslView(record.hotspot->without_profile))});
  }
  if (const std::optional<std::string> left_out = LeftOutText(record)) {
    Warning(WarningRecord{absl::StrCat(
        "experiment ", record.id,
        record.run.index >= 1 ? absl::StrCat(" run ", record.run.index, ": ") : std::string(": "),
        *left_out)});
  }
}

void CsvRenderer::Statistics(const StatisticsRecord& record) {
  if (compared_) return;  // the change rows hold both experiments' values
  for (const StatisticFigure& figure : record.figures) {
    row_.clear();
    Row row(&row_);
    StatisticCells(row, record.scope, 0, figure.metric, figure.key);
    MetricValue(row, figure.metric, figure.value);
    row.Empty();
    row.Empty();
    row.Empty();
    row.End();
    out_.Raw(row_);
  }
}

void CsvRenderer::StatisticsChange(const StatisticsChangeRecord& record) {
  for (const StatisticsChangeRow& change : record.rows) {
    row_.clear();
    Row row(&row_);
    StatisticCells(row, record.scope, record.hot_only_in, change.metric, change.key);
    MetricValue(row, change.metric, change.value_1);
    MetricValue(row, change.metric, change.value_2);
    MetricValue(row, change.metric, change.change);
    row.Double(change.relative_change);
    row.End();
    out_.Raw(row_);
  }
}

void CsvRenderer::Warning(const WarningRecord& record) {
  if (warnings_ == nullptr) return;
  Flush();  // keeps the order of stdout and stderr on a shared terminal
  std::string line = absl::StrCat("Warning: ", AbslView(record.message), "\n");
  if (guard_ != nullptr) guard_->BeforeWrite();
  std::fwrite(line.data(), 1, line.size(), warnings_);
  std::fflush(warnings_);
  if (guard_ != nullptr) guard_->AfterWrite();
}

void CsvRenderer::Compilation(const CompilationTreesRecord& record) {
  row_.clear();
  Row row(&row_);
  const CompilationRecord& c = record.compilation;
  row.Text(record.method);
  row.Int(c.experiment);
  row.Text(c.id);
  if (c.fragment) {
    row.Text(c.fragment_of);
  } else {
    row.Empty();
  }
  if (c.multi_method_key) {
    row.Text(*c.multi_method_key);
  } else {
    row.Empty();
  }
  for (int what = 0; what < 4; ++what) Profiled(row, c, what);
  NodeCount(row, record.inlining);
  NodeCount(row, record.optimization);
  NodeCount(row, record.context);
  Samples(row, c.samples);
  row.End();
  out_.Raw(row_);
}

void CsvRenderer::Pair(const PairRecord& record) {
  if (decisions_) return;  // the table is the decisions'
  row_.clear();
  Row row(&row_);
  row.Text(record.method);
  row.Text(record.first.id);
  row.Text(record.second.id);
  for (int what = 0; what < 4; ++what) {
    Profiled(row, record.first, what);
    Profiled(row, record.second, what);
  }
  DeltaCells(row, record.inlining);
  DeltaCells(row, record.optimization);
  DeltaCells(row, record.context);
  // Call sites that moved with the code, and the method's bytecode size on each side where the
  // log has it (issue 36).
  if (record.inlining == nullptr) {
    for (int i = 0; i < 3; ++i) row.Empty();
  } else {
    row.Int(record.inlining->moved_call_sites);
    for (int s = 0; s < 2; ++s) {
      if (record.inlining->root_bytecode_size[s] >= 0) {
        row.Int(record.inlining->root_bytecode_size[s]);
      } else {
        row.Empty();
      }
    }
  }
  Samples(row, record.first.samples);
  Samples(row, record.second.samples);
  SamplingNoise(row, record.sampling_noise);
  row.End();
  out_.Raw(row_);
}

void CsvRenderer::Decisions(const DecisionsRecord& record) {
  auto write = [&](std::string_view change, const DecisionSiteRecord& site) {
    row_.clear();
    Row row(&row_);
    row.Text(change);
    row.Text(site.method);
    if (site.share) {
      row.Double(*site.share);
    } else {
      row.Empty();
    }
    row.Text(site.compilation[0]);
    row.Text(site.compilation[1]);
    row.Text(site.caller.value_or(""));
    row.Text(site.callee.value_or(""));
    row.Int(site.bci);
    std::string path;
    for (uint32_t i = site.path.begin; i < site.path.end; ++i) {
      if (i > site.path.begin) path += " > ";
      absl::StrAppend(&path, AbslView(record.path[i].method.value_or("(unknown)")), "@",
                      record.path[i].bci);
    }
    row.Text(path);
    std::vector<std::string_view> reasons[2];
    for (int s = 0; s < 2; ++s) {
      for (uint32_t i = site.reasons[s].begin; i < site.reasons[s].end; ++i) {
        reasons[s].push_back(record.reasons[i]);
      }
      row.Text(site.present[s] ? site.kind[s] : "");
      row.Text(reasons[s].empty() ? std::string() : ReasonKeyOf(reasons[s].back()));
    }
    for (int s = 0; s < 2; ++s) {
      std::string joined;
      for (std::string_view reason : reasons[s]) {
        if (!joined.empty()) joined += "; ";
        joined += reason;
      }
      row.Text(joined);
    }
    for (int s = 0; s < 2; ++s) {
      if (site.present[s] && site.bytecode_size[s]) {
        row.Int(*site.bytecode_size[s]);
      } else {
        row.Empty();
      }
    }
    for (int s = 0; s < 2; ++s) {
      if (site.present[s] && site.side_bci[s] != -1) {
        row.Int(site.side_bci[s]);
      } else {
        row.Empty();
      }
    }
    Samples(row, site.samples);
    SamplingNoise(row, site.sampling_noise);
    row.End();
    out_.Raw(row_);
  };
  for (const DecisionSiteRecord& site : record.changes) write("kind", site);
  for (const DecisionSiteRecord& site : record.reason_changes) write("reason", site);
  for (const DecisionSiteRecord& site : record.moves) write("moved", site);
}

// A loop in the columns of the call sites (docs/output-formats.md): `caller` and `bci` are the
// loop's innermost function and position, `path` its position outermost first, `kind_N`
// vectorized, not vectorized or empty (no remark), `reason_N` the width x interleave count.
void CsvRenderer::Loops(const LoopsRecord& record) {
  for (const LoopRowRecord& loop : record.loops) {
    row_.clear();
    Row row(&row_);
    row.Text("loop");
    row.Text(loop.method);
    if (loop.share) {
      row.Double(*loop.share);
    } else {
      row.Empty();
    }
    row.Text(loop.compilation[0]);
    row.Text(loop.compilation[1]);
    const PathElementRecord* innermost =
        loop.position.empty() ? nullptr : &record.position[loop.position.begin];
    row.Text(innermost != nullptr ? innermost->method.value_or("") : "");
    row.Empty();
    row.Int(innermost != nullptr ? innermost->bci : -1);
    std::string path;
    for (uint32_t i = loop.position.end; i > loop.position.begin; --i) {
      if (i < loop.position.end) path += " > ";
      absl::StrAppend(&path, AbslView(record.position[i - 1].method.value_or("(unknown)")), "@",
                      record.position[i - 1].bci);
    }
    row.Text(path);
    for (int s = 0; s < 2; ++s) {
      const bool vectorized = !loop.vectorized[s].empty();
      row.Text(vectorized ? "vectorized" : loop.remarked[s] ? "not vectorized" : "");
      std::string widths;
      for (uint32_t i = loop.vectorized[s].begin; i < loop.vectorized[s].end; ++i) {
        if (i > loop.vectorized[s].begin) widths += ", ";
        absl::StrAppend(&widths, AbslView(record.widths[i].width), "x",
                        AbslView(record.widths[i].interleave));
      }
      row.Text(widths);
    }
    for (int s = 0; s < 2; ++s) {
      std::string joined;
      for (uint32_t i = loop.reasons[s].begin; i < loop.reasons[s].end; ++i) {
        if (i > loop.reasons[s].begin) joined += "; ";
        joined += record.reasons[i];
      }
      row.Text(joined);
    }
    row.Empty();
    row.Empty();
    for (int s = 0; s < 2; ++s) {
      if (loop.remarked[s] && innermost != nullptr) {
        row.Int(innermost->bci);
      } else {
        row.Empty();
      }
    }
    // samples, within_noise, noise_p: remarks' hotness is a profile count, not JFR samples.
    Samples(row, std::nullopt);
    SamplingNoise(row, std::nullopt);
    row.End();
    out_.Raw(row_);
  }
}

void CsvRenderer::RunsMethod(const RunsMethodRecord& record) {
  for (const ShareStatsRecord& s : record.hotness) {
    row_.clear();
    Row row(&row_);
    row.Text(record.name);
    row.Int(s.experiment);
    row.Int(s.runs);
    row.Int(s.hot_runs);
    row.Int(s.compiled_runs);
    row.Double(s.mean);
    if (std::isnan(s.stddev)) {
      row.Empty();
    } else {
      row.Double(s.stddev);
    }
    row.Double(s.min);
    row.Double(s.max);
    row.Double(record.share_change.difference);
    if (record.share_change.tested) {
      row.Double(record.share_change.p);
    } else {
      row.Empty();
    }
    row.Bool(record.share_change.beyond_noise);
    row.Bool(record.compared);
    row.Bool(record.unconfirmed);
    if (record.compared) {
      row.Int(static_cast<int64_t>(record.stable.size()));
      row.Int(static_cast<int64_t>(record.noise.size()));
    } else {
      row.Empty();
      row.Empty();
    }
    row.End();
    out_.Raw(row_);
  }
}

}  // namespace profdiff
