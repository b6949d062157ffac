// The text of `stats` (docs/statistics.md): a section per scope, tables with right-aligned
// numbers and the name last, like the "Top methods" of an experiment summary.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

constexpr std::string_view kNotANumber = "n/a";

// A section's lines: headings and plain lines at level 1, table rows (cells, the last one the
// name) at level 2. The numeric columns of all tables of a section share their widths.
class Section {
 public:
  void Heading(std::string text) { lines_.push_back({std::move(text), {}}); }
  void Row(std::vector<std::string> cells) { lines_.push_back({{}, std::move(cells)}); }

  void Write(LineWriter& out) const {
    std::vector<size_t> widths;
    for (const Line& line : lines_) {
      if (line.cells.empty()) continue;
      if (widths.size() < line.cells.size() - 1) widths.resize(line.cells.size() - 1, 0);
      for (size_t i = 0; i + 1 < line.cells.size(); ++i) {
        widths[i] = std::max(widths[i], line.cells[i].size());
      }
    }
    for (const Line& line : lines_) {
      if (line.cells.empty()) {
        out.Line(line.text, 1);
        continue;
      }
      out.Begin(2);
      for (size_t i = 0; i + 1 < line.cells.size(); ++i) {
        out.Append(std::string(widths[i] - line.cells[i].size(), ' '));
        out.Append(line.cells[i]);
        out.Append("  ");
      }
      out.Append(line.cells.back());
      out.End();
    }
  }

 private:
  struct Line {
    std::string text;                // a heading or plain line
    std::vector<std::string> cells;  // a table row
  };
  std::vector<Line> lines_;
};

std::string Count(double value) {
  // Unknown: samples of a profile that is not JFR's, against one that is.
  if (std::isnan(value)) return std::string(kNotANumber);
  return absl::StrCat(static_cast<int64_t>(value));
}

std::string Percent(double share) {
  if (std::isnan(share)) return std::string(kNotANumber);
  return JavaFixed(share * 100) + "%";
}

std::string Mean(double value) {
  if (std::isnan(value)) return std::string(kNotANumber);
  return JavaFixed(value);
}

// The name of a period: "billion cycles" (proftool), "seconds sampled" (JFR), "hotness" (LLVM
// remarks' profile counts).
const char* PeriodUnitName(PeriodUnit unit) {
  switch (unit) {
    case PeriodUnit::kSampledTime:
      return "seconds sampled";
    case PeriodUnit::kHotness:
      return "hotness";
    case PeriodUnit::kCycles:
      break;
  }
  return "billion cycles";
}

// The name of the period row of two experiments' changes, or both names when the profiles differ
// in kind (their change then compares figures of different units, which the name says).
std::string PeriodName(PeriodUnit unit1, PeriodUnit unit2) {
  auto name = [](PeriodUnit unit) { return std::string(PeriodUnitName(unit)); };
  if (unit1 == unit2) return name(unit1);
  return absl::StrCat(name(unit1), " (experiment 1), ", name(unit2), " (experiment 2)");
}

// A value of `metric` as the text shows it; periods in billions (of cycles or nanoseconds), or as
// they are (the hotness of LLVM remarks, a count).
std::string Value(StatisticMetric metric, double value, PeriodUnit unit = PeriodUnit::kCycles) {
  if (metric == StatisticMetric::kPeriod) {
    return unit == PeriodUnit::kHotness ? Count(value) : JavaFixed(value / 1e9);
  }
  switch (MetricKind(metric)) {
    case MetricValueKind::kCount:
      return Count(value);
    case MetricValueKind::kShare:
      return Percent(value);
    case MetricValueKind::kMean:
      return Mean(value);
  }
  return "";
}

std::string Signed(std::string text, double value) {
  if (value > 0) return "+" + text;
  return text;
}

// A change of `metric`: shares in percentage points, with a sign.
std::string Change(StatisticMetric metric, double change, PeriodUnit unit = PeriodUnit::kCycles) {
  if (std::isnan(change)) return std::string(kNotANumber);
  if (change == 0) change = 0;  // no "-0.00"
  return Signed(Value(metric, change, unit), change);
}

std::string Relative(double relative) {
  if (std::isnan(relative)) return std::string(kNotANumber);
  if (std::isinf(relative)) return relative > 0 ? "new" : "-inf";
  if (relative == 0) relative = 0;
  return Signed(JavaFixed(relative * 100) + "%", relative);
}

std::string ScopeTitle(const StatisticsScope& scope) {
  switch (scope.kind) {
    case StatisticsScopeKind::kAll:
      return "All compilation units";
    case StatisticsScopeKind::kHot:
      return "Hot compilation units";
    case StatisticsScopeKind::kMethod:
      break;
  }
  return absl::StrCat("Hot compilation units of method ", AbslView(scope.method));
}

// The figures of one metric of a record, in record order.
template <class Item>
std::vector<const Item*> Of(const std::vector<Item>& items, StatisticMetric metric) {
  std::vector<const Item*> found;
  for (const Item& item : items) {
    if (item.metric == metric) found.push_back(&item);
  }
  return found;
}

template <class Item>
const Item* One(const std::vector<Item>& items, StatisticMetric metric) {
  for (const Item& item : items) {
    if (item.metric == metric) return &item;
  }
  return nullptr;
}

}  // namespace

void WriteStatisticsText(LineWriter& out, const StatisticsRecord& record, PeriodUnit unit) {
  const std::vector<StatisticFigure>& figures = record.figures;
  auto value = [&](StatisticMetric metric) {
    const StatisticFigure* figure = One(figures, metric);
    return figure != nullptr ? figure->value : std::nan("");
  };
  const bool profiled = One(figures, StatisticMetric::kPeriod) != nullptr;
  out.Line(absl::StrCat(ScopeTitle(record.scope),
                        record.scope.kind == StatisticsScopeKind::kMethod ? " in" : " of",
                        " experiment ", record.experiment));
  Section section;
  std::string units = absl::StrCat(Count(value(StatisticMetric::kUnits)), " compilation units");
  if (profiled) {
    absl::StrAppend(&units, " account for ", Percent(value(StatisticMetric::kShare)),
                    unit == PeriodUnit::kHotness ? " of the hotness (" : " of execution (",
                    Value(StatisticMetric::kPeriod, value(StatisticMetric::kPeriod), unit),
                    unit == PeriodUnit::kHotness ? "" : absl::StrCat(" ", PeriodUnitName(unit)));
    // A JFR profile: the samples the share is made of (docs/jfr.md "How sure is a share").
    if (One(figures, StatisticMetric::kSamples) != nullptr) {
      absl::StrAppend(&units, ", ",
                      SamplesText(static_cast<int64_t>(value(StatisticMetric::kSamples))));
    }
    units += ")";
  }
  section.Heading(units);

  section.Heading("Call sites");
  std::vector<const StatisticFigure*> kinds = Of(figures, StatisticMetric::kCallsites);
  std::vector<const StatisticFigure*> weighted = Of(figures, StatisticMetric::kWeightedCallsites);
  if (profiled) {
    section.Row({"Count", "Weighted", "Kind"});
  } else {
    section.Row({"Count", "Kind"});
  }
  for (const StatisticFigure* kind : kinds) {
    std::vector<std::string> row{Count(kind->value)};
    if (profiled) {
      auto same = std::find_if(weighted.begin(), weighted.end(),
                               [&](const StatisticFigure* w) { return w->key == kind->key; });
      row.push_back(same != weighted.end() ? Mean((*same)->value) : "");
    }
    row.emplace_back(kind->key);
    section.Row(std::move(row));
  }
  std::vector<std::string> total{Count(value(StatisticMetric::kCallsiteTotal))};
  if (profiled) total.push_back(Mean(value(StatisticMetric::kWeightedCallsiteTotal)));
  total.emplace_back("total");
  section.Row(std::move(total));
  std::string inlined =
      absl::StrCat("Inlined share of call sites: ", Percent(value(StatisticMetric::kInlinedShare)));
  if (profiled) {
    absl::StrAppend(&inlined, ", weighted by execution: ",
                    Percent(value(StatisticMetric::kWeightedInlinedShare)));
  }
  section.Heading(inlined);

  std::vector<const StatisticFigure*> optimizations = Of(figures, StatisticMetric::kOptimizations);
  if (optimizations.empty()) {
    section.Heading("Optimizations: none");
  } else {
    section.Heading("Optimizations");
    section.Row({"Count", "Optimization"});
    for (const StatisticFigure* figure : optimizations) {
      section.Row({Count(figure->value), std::string(figure->key)});
    }
    section.Row({Count(value(StatisticMetric::kOptimizationTotal)), "total"});
    section.Heading("Optimizations by phase");
    section.Row({"Count", "Phase"});
    for (const StatisticFigure* figure : Of(figures, StatisticMetric::kPhases)) {
      section.Row({Count(figure->value), std::string(figure->key)});
    }
  }
  section.Write(out);
}

void WriteStatisticsChangeText(LineWriter& out, const StatisticsChangeRecord& record,
                               PeriodUnit unit1, PeriodUnit unit2) {
  const std::vector<StatisticsChangeRow>& rows = record.rows;
  std::string title;
  switch (record.scope.kind) {
    case StatisticsScopeKind::kAll:
      title = "Changes in all compilation units";
      break;
    case StatisticsScopeKind::kHot:
      title = "Changes in the hot compilation units";
      break;
    case StatisticsScopeKind::kMethod:
      title = absl::StrCat("Changes in the hot compilation units of method ",
                           AbslView(record.scope.method));
      break;
  }
  if (record.hot_only_in != 0) {
    absl::StrAppend(&title, ", which is hot only in experiment ", record.hot_only_in);
  }
  out.Line(title);
  Section section;
  auto header = [&section](std::string name) {
    section.Row({"Experiment 1", "Experiment 2", "Change", "Relative", std::move(name)});
  };
  auto row = [&](const StatisticsChangeRow& r, std::string name) {
    section.Row({Value(r.metric, r.value_1, unit1), Value(r.metric, r.value_2, unit2),
                 Change(r.metric, r.change, unit1), Relative(r.relative_change), std::move(name)});
  };
  auto named = [&](StatisticMetric metric, std::string name) {
    if (const StatisticsChangeRow* r = One(rows, metric)) row(*r, std::move(name));
  };
  auto keyed = [&](StatisticMetric metric) {
    for (const StatisticsChangeRow* r : Of(rows, metric)) row(*r, std::string(r->key));
  };

  section.Heading("Compilation units");
  header("Figure");
  named(StatisticMetric::kUnits, "compilation units");
  named(StatisticMetric::kShare, "share of execution");
  named(StatisticMetric::kSamples, "samples");
  named(StatisticMetric::kPeriod, PeriodName(unit1, unit2));

  section.Heading("Call sites");
  header("Kind");
  keyed(StatisticMetric::kCallsites);
  named(StatisticMetric::kCallsiteTotal, "total");
  named(StatisticMetric::kInlinedShare, "inlined share");

  if (One(rows, StatisticMetric::kWeightedCallsites) != nullptr) {
    section.Heading("Call sites per unit, weighted by execution");
    header("Kind");
    keyed(StatisticMetric::kWeightedCallsites);
    named(StatisticMetric::kWeightedCallsiteTotal, "total");
    named(StatisticMetric::kWeightedInlinedShare, "inlined share");
  }

  if (One(rows, StatisticMetric::kOptimizations) == nullptr) {
    section.Heading("Optimizations: none");
  } else {
    section.Heading("Optimizations");
    header("Optimization");
    keyed(StatisticMetric::kOptimizations);
    named(StatisticMetric::kOptimizationTotal, "total");
    section.Heading("Optimizations by phase");
    header("Phase");
    keyed(StatisticMetric::kPhases);
  }
  section.Write(out);
}

}  // namespace profdiff
