// The loops record as JSON (docs/output-formats.md "loops").

#include "output/loops_json.h"

namespace profdiff {

void WriteLoopsJson(JsonOut& json, const LoopsRecord& record) {
  json.BeginObject();
  json.Member("type", "loops");
  json.IntMember("methods", record.methods);
  json.IntMember("pairs", record.pairs);
  json.Key("loops");
  json.BeginArray();
  for (const LoopRowRecord& row : record.loops) {
    json.BeginObject();
    json.Member("method", row.method);
    json.IntMember("index", row.index);
    json.Key("share");
    if (row.share) {
      json.Double(*row.share);
    } else {
      json.Null();
    }
    json.Key("compilations");
    json.BeginArray();
    json.String(row.compilation[0]);
    json.String(row.compilation[1]);
    json.EndArray();
    json.Key("position");
    json.BeginArray();
    for (uint32_t i = row.position.begin; i < row.position.end; ++i) {
      json.BeginObject();
      json.Member("method", record.position[i].method.value_or(""));
      json.IntMember("bci", record.position[i].bci);
      json.EndObject();
    }
    json.EndArray();
    json.Member("change", LoopChangeName(row));
    for (int s = 0; s < 2; ++s) {
      json.Key(s == 0 ? "before" : "after");
      json.BeginObject();
      json.Key("remarked");
      json.Bool(row.remarked[s]);
      json.Key("vectorized");
      json.BeginArray();
      for (uint32_t i = row.vectorized[s].begin; i < row.vectorized[s].end; ++i) {
        json.BeginObject();
        json.Member("width", record.widths[i].width);
        json.Member("interleave", record.widths[i].interleave);
        json.EndObject();
      }
      json.EndArray();
      json.Key("reasons");
      json.BeginArray();
      for (uint32_t i = row.reasons[s].begin; i < row.reasons[s].end; ++i) {
        json.String(record.reasons[i]);
      }
      json.EndArray();
      json.EndObject();
    }
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

}  // namespace profdiff
