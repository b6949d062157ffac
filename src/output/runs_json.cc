#include "output/runs_json.h"

#include "output/json_labels.h"

namespace profdiff {

namespace {

void WriteSupport(JsonOut& json, std::string_view key, int64_t count, int64_t pairs) {
  json.Key(key);
  json.BeginArray();
  json.Int(count);
  json.Int(pairs);
  json.EndArray();
}

void WriteDifference(JsonOut& json, const RunsMethodRecord& record, const DifferenceRecord& d) {
  json.BeginObject();
  json.Member("tree", TreeKindName(d.tree));
  json.Member("op", OpName(d.node.op));
  json.Key("path");
  json.BeginArray();
  for (uint32_t i = d.path.begin; i < d.path.end; ++i) {
    const PathStepRecord& step = record.path_steps[i];
    if (step.phase) {
      json.String(step.name);
      continue;
    }
    json.BeginObject();
    json.Key("method");
    if (step.name_known) {
      json.String(step.name);
    } else {
      json.Null();
    }
    WriteBci(json, step.bci);
    json.EndObject();
  }
  json.EndArray();
  if (d.node.op != NodeOp::kInsert) WriteSide(json, "left", record.labels, d.node.left);
  if (d.node.op != NodeOp::kDelete) WriteSide(json, "right", record.labels, d.node.right);
  WriteSupport(json, "cross", d.cross, d.cross_pairs);
  WriteSupport(json, "within", d.within, d.within_pairs);
  json.EndObject();
}

void WriteDifferences(JsonOut& json, std::string_view key, const RunsMethodRecord& record,
                      const std::vector<DifferenceRecord>& differences) {
  json.Key(key);
  json.BeginArray();
  for (const DifferenceRecord& d : differences) WriteDifference(json, record, d);
  json.EndArray();
}

}  // namespace

void WriteRunsInputs(JsonOut& json, const RunsOptions& runs) {
  json.Key("runs");
  json.BeginObject();
  for (int e = 0; e < 2; ++e) {
    json.Key(e == 0 ? "exp1" : "exp2");
    json.BeginArray();
    for (const RunInput& run : runs.runs[e]) {
      json.BeginObject();
      json.Member("log", run.log);
      json.Member("profile", run.profile);
      json.EndObject();
    }
    json.EndArray();
  }
  json.EndObject();
}

void WriteRunIdentity(JsonOut& json, const RunIdentityRecord& run) {
  json.Key("run");
  json.BeginObject();
  json.IntMember("index", run.index);
  json.IntMember("count", run.count);
  json.Member("log", run.log);
  json.Member("profile", run.profile);
  json.EndObject();
}

void WriteShareChangeJson(JsonOut& json, const ShareChangeRecord& c) {
  json.BeginObject();
  json.Key("difference");
  json.Double(c.difference);
  json.Key("tested");
  json.Bool(c.tested);
  for (auto [key, value] :
       {std::pair<std::string_view, double>{"t", c.t}, {"df", c.df}, {"p", c.p}}) {
    json.Key(key);
    if (c.tested) {
      json.Double(value);
    } else {
      json.Null();
    }
  }
  json.Key("beyond_noise");
  json.Bool(c.beyond_noise);
  json.EndObject();
}

void WriteRunsMethodHead(JsonOut& json, const RunsMethodRecord& record) {
  json.Member("type", "method");
  json.IntMember("index", record.index);
  json.Member("method", record.name);
  json.Key("hotness");
  json.BeginArray();
  for (const ShareStatsRecord& s : record.hotness) {
    json.BeginObject();
    json.IntMember("experiment", s.experiment);
    json.IntMember("runs", s.runs);
    json.IntMember("hot_runs", s.hot_runs);
    json.IntMember("compiled_runs", s.compiled_runs);
    json.Key("mean");
    json.Double(s.mean);
    json.Key("stddev");
    if (std::isnan(s.stddev)) {
      json.Null();
    } else {
      json.Double(s.stddev);
    }
    json.Key("min");
    json.Double(s.min);
    json.Key("max");
    json.Double(s.max);
    json.EndObject();
  }
  json.EndArray();
  json.Key("share_change");
  WriteShareChangeJson(json, record.share_change);
  json.Key("compared");
  json.Bool(record.compared);
  json.Key("unconfirmed");
  json.Bool(record.unconfirmed);
  json.Key("pairs");
  json.BeginObject();
  json.IntMember("cross", record.cross_pairs);
  json.IntMember("within", record.within_pairs);
  json.EndObject();
}

void WriteRunsMethodJson(JsonOut& json, const RunsMethodRecord& record) {
  json.BeginObject();
  WriteRunsMethodHead(json, record);
  WriteDifferences(json, "stable_differences", record, record.stable);
  WriteDifferences(json, "noise_differences", record, record.noise);
  json.EndObject();
}

void WriteRunsTotals(JsonOut& json, const RunsTotalsRecord& totals) {
  json.Key("runs");
  json.BeginObject();
  json.IntMember("compared", totals.compared);
  json.IntMember("stable", totals.stable);
  json.IntMember("noise", totals.noise);
  json.IntMember("share_changes", totals.share_changes);
  json.EndObject();
}

}  // namespace profdiff
