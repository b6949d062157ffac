// The JSON records of `stats` (docs/statistics.md): statistics and statistics-change.

#include <algorithm>
#include <cmath>

#include "output/json_out.h"
#include "profdiff/output/json_renderer.h"

namespace profdiff {

namespace {

// "all", "hot" or {"method": name}.
void WriteScope(JsonOut& json, const StatisticsScope& scope) {
  json.Key("scope");
  switch (scope.kind) {
    case StatisticsScopeKind::kAll:
      json.String("all");
      return;
    case StatisticsScopeKind::kHot:
      json.String("hot");
      return;
    case StatisticsScopeKind::kMethod:
      json.BeginObject();
      json.Member("method", scope.method);
      json.EndObject();
      return;
  }
}

// A value of `metric`: counts as integers, the rest as doubles ("NaN" and the infinities as
// strings).
void WriteMetricValue(JsonOut& json, StatisticMetric metric, double value) {
  if (MetricKind(metric) == MetricValueKind::kCount && std::isfinite(value)) {
    json.Int(static_cast<int64_t>(value));
  } else {
    json.Double(value);
  }
}

}  // namespace

// The figures become members in metric order: a keyed metric an object from key to value (empty
// when it has no figures), the figures of the profile an "execution" object (null without a
// profile).
void JsonRenderer::Statistics(const StatisticsRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "statistics");
  json.IntMember("experiment", record.experiment);
  WriteScope(json, record.scope);
  const std::vector<StatisticFigure>& figures = record.figures;
  const bool profiled = std::any_of(figures.begin(), figures.end(), [](const StatisticFigure& f) {
    return MetricNeedsProfile(f.metric);
  });
  bool in_execution = false;
  for (size_t m = 0; m < kStatisticMetrics; ++m) {
    const auto metric = static_cast<StatisticMetric>(m);
    if (MetricNeedsProfile(metric) && !in_execution) {
      json.Key("execution");
      if (!profiled) {
        json.Null();
        break;
      }
      json.BeginObject();
      in_execution = true;
    }
    // Samples only with a JFR profile, so that other profiles' JSON is what it was.
    if (metric == StatisticMetric::kSamples &&
        std::none_of(figures.begin(), figures.end(), [](const StatisticFigure& f) {
          return f.metric == StatisticMetric::kSamples;
        })) {
      continue;
    }
    json.Key(MetricName(metric));
    if (MetricIsKeyed(metric)) json.BeginObject();
    bool written = false;
    for (const StatisticFigure& figure : figures) {
      if (figure.metric != metric) continue;
      if (MetricIsKeyed(metric)) json.InputKey(figure.key);
      WriteMetricValue(json, metric, figure.value);
      written = true;
      if (!MetricIsKeyed(metric)) break;
    }
    if (MetricIsKeyed(metric)) {
      json.EndObject();
    } else if (!written) {
      json.Null();
    }
  }
  if (in_execution) json.EndObject();
  json.EndObject();
  WriteLine();
}

void JsonRenderer::StatisticsChange(const StatisticsChangeRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "statistics-change");
  WriteScope(json, record.scope);
  json.Key("hot_only_in");
  if (record.hot_only_in == 0) {
    json.Null();
  } else {
    json.Int(record.hot_only_in);
  }
  json.Key("rows");
  json.BeginArray();
  for (const StatisticsChangeRow& row : record.rows) {
    json.BeginObject();
    json.Member("metric", MetricName(row.metric));
    json.Key("key");
    if (MetricIsKeyed(row.metric)) {
      json.String(row.key);
    } else {
      json.Null();
    }
    json.Key("value_1");
    WriteMetricValue(json, row.metric, row.value_1);
    json.Key("value_2");
    WriteMetricValue(json, row.metric, row.value_2);
    json.Key("change");
    WriteMetricValue(json, row.metric, row.change);
    json.Key("relative_change");
    json.Double(row.relative_change);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  WriteLine();
}

}  // namespace profdiff
