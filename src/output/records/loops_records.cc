#include "output/records/loops_records.h"

#include <cstdint>

namespace profdiff::record_internal {

void DecodeLoops(LineDecoder& d, LoopsRecord* out) {
  *out = LoopsRecord();
  out->methods = d.Int(0, "methods", 0);
  out->pairs = d.Int(0, "pairs", 0);
  d.ForEach(d.Array(0, "loops"), [&](uint32_t e) {
    LoopRowRecord& row = out->loops.emplace_back();
    row.method = d.Str(e, "method");
    row.index = d.Int(e, "index", 0);
    const uint32_t share = d.Find(e, "share");
    if (!d.IsNull(share)) row.share = d.Number(share, "share");
    int i = 0;
    d.ForEach(d.Array(e, "compilations"), [&](uint32_t c) {
      if (i < 2) row.compilation[i] = d.Text(c, "compilations");
      ++i;
    });
    row.position.begin = static_cast<uint32_t>(out->position.size());
    d.ForEach(d.Array(e, "position"), [&](uint32_t p) {
      PathElementRecord& element = out->position.emplace_back();
      element.method = d.Str(p, "method");
      element.bci = static_cast<int32_t>(d.Int(p, "bci", INT32_MIN, INT32_MAX));
    });
    row.position.end = static_cast<uint32_t>(out->position.size());
    for (int s = 0; s < 2; ++s) {
      const uint32_t side = d.Object(e, s == 0 ? "before" : "after");
      row.remarked[s] = d.Bool(side, "remarked");
      row.vectorized[s].begin = static_cast<uint32_t>(out->widths.size());
      d.ForEach(d.Array(side, "vectorized"), [&](uint32_t v) {
        out->widths.push_back(LoopWidthRecord{d.Str(v, "width"), d.Str(v, "interleave")});
      });
      row.vectorized[s].end = static_cast<uint32_t>(out->widths.size());
      row.reasons[s].begin = static_cast<uint32_t>(out->reasons.size());
      d.ForEach(d.Array(side, "reasons"),
                [&](uint32_t r) { out->reasons.push_back(d.Text(r, "reasons")); });
      row.reasons[s].end = static_cast<uint32_t>(out->reasons.size());
    }
  });
}

}  // namespace profdiff::record_internal
