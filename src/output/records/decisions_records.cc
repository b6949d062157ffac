#include "output/records/decisions_records.h"

#include <optional>
#include <string_view>

#include "output/records/runs_records.h"

namespace profdiff::record_internal {

namespace {

std::optional<double> OptionalShare(LineDecoder& d, uint32_t object, std::string_view key) {
  const uint32_t value = d.Find(object, key);
  if (d.IsNull(value)) return std::nullopt;
  return d.Number(value, key);
}

void DecodeSite(LineDecoder& d, uint32_t e, DecisionsRecord* out, DecisionSiteRecord* site) {
  site->method = d.Str(e, "method");
  site->index = d.Int(e, "index", 0);
  site->share = OptionalShare(d, e, "share");
  site->samples = d.OptInt(e, "samples");
  site->sampling_noise = d.SamplingNoise(e);
  int i = 0;
  d.ForEach(d.Array(e, "compilations"), [&](uint32_t c) {
    if (i < 2) site->compilation[i] = d.Text(c, "compilations");
    ++i;
  });
  site->path.begin = static_cast<uint32_t>(out->path.size());
  d.ForEach(d.Array(e, "path"), [&](uint32_t p) {
    PathElementRecord& element = out->path.emplace_back();
    element.method = d.OptStr(p, "method");
    element.bci = static_cast<int32_t>(d.Int(p, "bci", INT32_MIN, INT32_MAX));
  });
  site->path.end = static_cast<uint32_t>(out->path.size());
  site->caller = d.OptStr(e, "caller");
  site->callee = d.OptStr(e, "callee");
  site->bci = static_cast<int32_t>(d.Int(e, "bci", INT32_MIN, INT32_MAX));
  for (int s = 0; s < 2; ++s) {
    const uint32_t side = d.Find(e, s == 0 ? "before" : "after");
    if (d.IsNull(side)) continue;
    site->present[s] = true;
    site->kind[s] = d.Str(side, "kind");
    site->reasons[s].begin = static_cast<uint32_t>(out->reasons.size());
    d.ForEach(d.Array(side, "reasons"),
              [&](uint32_t r) { out->reasons.push_back(d.Text(r, "reasons")); });
    site->reasons[s].end = static_cast<uint32_t>(out->reasons.size());
    // null: unknown; absent in streams written before the size was shown.
    // Absent in streams written before the sides' bcis were: the call site's then.
    const uint32_t bci = d.Find(side, "bci");
    site->side_bci[s] =
        d.IsNull(bci) ? site->bci : static_cast<int32_t>(d.IntValue(bci, "bci", -1, INT32_MAX));
    const uint32_t size = d.Find(side, "bytecode_size");
    if (!d.IsNull(size)) {
      site->bytecode_size[s] =
          static_cast<int32_t>(d.IntValue(size, "bytecode_size", 0, INT32_MAX));
    }
  }
}

}  // namespace

void DecodeDecisions(LineDecoder& d, DecisionsRecord* out) {
  *out = DecisionsRecord();
  out->methods = d.Int(0, "methods", 0);
  out->pairs = d.Int(0, "pairs", 0);
  out->too_big = d.Int(0, "too_big", 0);
  d.ForEach(d.Array(0, "counted_pairs"), [&](uint32_t e) {
    CountedPairRecord& pair = out->counted.emplace_back();
    pair.method = d.Str(e, "method");
    int i = 0;
    d.ForEach(d.Array(e, "compilations"), [&](uint32_t c) {
      if (i < 2) pair.compilation[i] = d.Text(c, "compilations");
      ++i;
    });
  });
  d.ForEach(d.Array(0, "rates"), [&](uint32_t e) {
    const int64_t experiment = d.Int(e, "experiment", 1, 2);
    DecisionRateRecord& rate = out->rate[experiment == 2 ? 1 : 0];
    rate.call_sites = d.Int(e, "call_sites", 0);
    rate.inlined = d.Int(e, "inlined", 0);
    rate.weighted_call_sites = d.Double(e, "weighted_call_sites");
    rate.weighted_inlined = d.Double(e, "weighted_inlined");
  });
  // null: not jit-vs-jit-runs; absent in streams written before it was there.
  const uint32_t runs = d.Find(0, "runs_rate");
  if (!d.IsNull(runs)) {
    RunsRateRecord& rate = out->runs_rate.emplace();
    for (int weighted = 0; weighted < 2; ++weighted) {
      const std::string_view key = weighted ? "weighted_rates" : "rates";
      std::vector<double>* rates = weighted ? rate.weighted_rates : rate.rates;
      int s = 0;
      d.ForEach(d.Array(runs, key), [&](uint32_t side) {
        if (s < 2) {
          d.ForEach(d.ArrayValue(side, key),
                    [&](uint32_t r) { rates[s].push_back(d.Number(r, key)); });
        }
        ++s;
      });
    }
    rate.change[0] = DecodeShareChange(d, d.Object(runs, "change"));
    rate.change[1] = DecodeShareChange(d, d.Object(runs, "weighted_change"));
  }
  d.ForEach(d.Array(0, "transitions"), [&](uint32_t e) {
    DecisionTransitionRecord& row = out->transitions.emplace_back();
    for (int s = 0; s < 2; ++s) {
      const uint32_t side = d.Find(e, s == 0 ? "before" : "after");
      if (d.IsNull(side)) continue;
      row.kind[s] = d.Str(side, "kind");
      row.reason[s] = d.Str(side, "reason");
    }
    row.call_sites = d.Int(e, "call_sites", 1);
    row.methods = d.Int(e, "methods", 1);
    row.share = OptionalShare(d, e, "share");
    row.samples = d.OptInt(e, "samples");
  });
  d.ForEach(d.Array(0, "changes"),
            [&](uint32_t e) { DecodeSite(d, e, out, &out->changes.emplace_back()); });
  d.ForEach(d.Array(0, "reason_changes"),
            [&](uint32_t e) { DecodeSite(d, e, out, &out->reason_changes.emplace_back()); });
  if (d.Find(0, "moved") != kNoToken) {
    d.ForEach(d.Array(0, "moved"),
              [&](uint32_t e) { DecodeSite(d, e, out, &out->moves.emplace_back()); });
  }
}

void DecodeCallSites(LineDecoder& d, CallSitesRecord* out) {
  *out = CallSitesRecord();
  out->experiment = static_cast<int>(d.Int(0, "experiment", 1, 2));
  d.ForEach(d.Array(0, "compiled"),
            [&](uint32_t e) { out->compiled.push_back(d.Text(e, "compiled")); });
  d.ForEach(d.Array(0, "sites"), [&](uint32_t e) {
    CallSiteFactRecord& site = out->sites.emplace_back();
    site.compilation = d.Str(e, "compilation");
    site.caller = d.OptStr(e, "caller");
    site.callee = d.OptStr(e, "callee");
    site.bci = static_cast<int32_t>(d.Int(e, "bci", INT32_MIN, INT32_MAX));
    site.kind = d.Str(e, "kind");
  });
}

}  // namespace profdiff::record_internal
