// The decisions record as JSON (docs/output-formats.md "decisions").

#include "output/decisions_json.h"

#include "output/json_labels.h"
#include "output/runs_json.h"

namespace profdiff {

namespace {

void OptionalDouble(JsonOut& json, const std::optional<double>& value) {
  if (value) {
    json.Double(*value);
  } else {
    json.Null();
  }
}

void OptionalString(JsonOut& json, const std::optional<std::string_view>& value) {
  if (value) {
    json.String(*value);
  } else {
    json.Null();
  }
}

void WriteSite(JsonOut& json, const DecisionsRecord& record, const DecisionSiteRecord& site) {
  json.BeginObject();
  json.Member("method", site.method);
  json.IntMember("index", site.index);
  json.Key("share");
  OptionalDouble(json, site.share);
  WriteSamplesMember(json, "samples", site.samples);
  WriteSamplingNoise(json, site.sampling_noise);
  json.Key("compilations");
  json.BeginArray();
  json.String(site.compilation[0]);
  json.String(site.compilation[1]);
  json.EndArray();
  json.Key("path");
  json.BeginArray();
  for (uint32_t i = site.path.begin; i < site.path.end; ++i) {
    json.BeginObject();
    json.Key("method");
    OptionalString(json, record.path[i].method);
    json.IntMember("bci", record.path[i].bci);
    json.EndObject();
  }
  json.EndArray();
  json.Key("caller");
  OptionalString(json, site.caller);
  json.Key("callee");
  OptionalString(json, site.callee);
  json.IntMember("bci", site.bci);
  for (int s = 0; s < 2; ++s) {
    json.Key(s == 0 ? "before" : "after");
    if (!site.present[s]) {
      json.Null();
      continue;
    }
    json.BeginObject();
    json.Member("kind", site.kind[s]);
    json.Key("reasons");
    json.BeginArray();
    for (uint32_t i = site.reasons[s].begin; i < site.reasons[s].end; ++i) {
      json.String(record.reasons[i]);
    }
    json.EndArray();
    json.Key("bytecode_size");
    if (site.bytecode_size[s]) {
      json.Int(*site.bytecode_size[s]);
    } else {
      json.Null();
    }
    WriteBci(json, site.side_bci[s]);
    json.EndObject();
  }
  json.EndObject();
}

}  // namespace

void WriteDecisionsJson(JsonOut& json, const DecisionsRecord& record) {
  json.BeginObject();
  json.Member("type", "decisions");
  json.IntMember("methods", record.methods);
  json.IntMember("pairs", record.pairs);
  json.IntMember("too_big", record.too_big);
  json.Key("counted_pairs");
  json.BeginArray();
  for (const CountedPairRecord& pair : record.counted) {
    json.BeginObject();
    json.Member("method", pair.method);
    json.Key("compilations");
    json.BeginArray();
    json.String(pair.compilation[0]);
    json.String(pair.compilation[1]);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("rates");
  json.BeginArray();
  for (int s = 0; s < 2; ++s) {
    const DecisionRateRecord& rate = record.rate[s];
    json.BeginObject();
    json.IntMember("experiment", s + 1);
    json.IntMember("call_sites", rate.call_sites);
    json.IntMember("inlined", rate.inlined);
    json.Key("weighted_call_sites");
    json.Double(rate.weighted_call_sites);
    json.Key("weighted_inlined");
    json.Double(rate.weighted_inlined);
    json.EndObject();
  }
  json.EndArray();
  json.Key("runs_rate");
  if (record.runs_rate) {
    const RunsRateRecord& runs = *record.runs_rate;
    json.BeginObject();
    for (int weighted = 0; weighted < 2; ++weighted) {
      json.Key(weighted ? "weighted_rates" : "rates");
      json.BeginArray();
      for (int s = 0; s < 2; ++s) {
        json.BeginArray();
        for (double rate : (weighted ? runs.weighted_rates : runs.rates)[s]) json.Double(rate);
        json.EndArray();
      }
      json.EndArray();
    }
    json.Key("change");
    WriteShareChangeJson(json, runs.change[0]);
    json.Key("weighted_change");
    WriteShareChangeJson(json, runs.change[1]);
    json.EndObject();
  } else {
    json.Null();
  }
  json.Key("transitions");
  json.BeginArray();
  for (const DecisionTransitionRecord& row : record.transitions) {
    json.BeginObject();
    for (int s = 0; s < 2; ++s) {
      json.Key(s == 0 ? "before" : "after");
      if (row.kind[s].empty()) {
        json.Null();
        continue;
      }
      json.BeginObject();
      json.Member("kind", row.kind[s]);
      json.Member("reason", row.reason[s]);
      json.EndObject();
    }
    json.IntMember("call_sites", row.call_sites);
    json.IntMember("methods", row.methods);
    json.Key("share");
    OptionalDouble(json, row.share);
    WriteSamplesMember(json, "samples", row.samples);
    json.EndObject();
  }
  json.EndArray();
  json.Key("changes");
  json.BeginArray();
  for (const DecisionSiteRecord& site : record.changes) WriteSite(json, record, site);
  json.EndArray();
  json.Key("reason_changes");
  json.BeginArray();
  for (const DecisionSiteRecord& site : record.reason_changes) WriteSite(json, record, site);
  json.EndArray();
  // Only with moves (--show-moved), so that other streams stay as they were.
  if (!record.moves.empty()) {
    json.Key("moved");
    json.BeginArray();
    for (const DecisionSiteRecord& site : record.moves) WriteSite(json, record, site);
    json.EndArray();
  }
  json.EndObject();
}

void WriteCallSitesJson(JsonOut& json, const CallSitesRecord& record) {
  json.BeginObject();
  json.Member("type", "call-sites");
  json.IntMember("experiment", record.experiment);
  json.Key("compiled");
  json.BeginArray();
  for (std::string_view name : record.compiled) json.String(name);
  json.EndArray();
  json.Key("sites");
  json.BeginArray();
  for (const CallSiteFactRecord& site : record.sites) {
    json.BeginObject();
    json.Member("compilation", site.compilation);
    json.Key("caller");
    OptionalString(json, site.caller);
    json.Key("callee");
    OptionalString(json, site.callee);
    json.IntMember("bci", site.bci);
    json.Member("kind", site.kind);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

}  // namespace profdiff
