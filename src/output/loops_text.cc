// The text of the loop view (--decisions on LLVM remarks, docs/llvm.md "The loop view").

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "output/text_emphasis.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The loops that the text lists in full (the JSON record has them all), as for the call sites.
constexpr size_t kListedLoops = 20;

// "vectorized 4x2" (a copy of an inlined loop each), "not vectorized", or "no remark".
std::string LoopSideText(const LoopsRecord& record, const LoopRowRecord& row, int s) {
  if (row.vectorized[s].empty()) return row.remarked[s] ? "not vectorized" : "no remark";
  std::string text = "vectorized ";
  for (uint32_t i = row.vectorized[s].begin; i < row.vectorized[s].end; ++i) {
    if (i > row.vectorized[s].begin) text += ", ";
    absl::StrAppend(&text, AbslView(record.widths[i].width), "x",
                    AbslView(record.widths[i].interleave));
  }
  return text;
}

// "loop at bci 1003 in scale (inlined into main)": the innermost function's position.
std::string LoopPositionText(const LoopsRecord& record, const LoopRowRecord& row) {
  if (row.position.empty()) return "loop at an unknown position";
  const PathElementRecord& innermost = record.position[row.position.begin];
  std::string text = absl::StrCat("loop at bci ", innermost.bci, " in ",
                                  AbslView(innermost.method.value_or("(unknown)")));
  if (row.position.size() > 1) {
    absl::StrAppend(&text, " (inlined into ",
                    AbslView(record.position[row.position.end - 1].method.value_or("(unknown)")),
                    ")");
  }
  return text;
}

}  // namespace

void WriteLoopsText(LineWriter& out, const LoopsRecord& record, const TextStyle& style,
                    std::string_view compared) {
  out.Line(Emphasized(style, Emphasis::kStrong,
                      "Loops: the loops whose vectorization changed, the most executed first"));
  out.Indent();
  auto plural = [](int64_t n, std::string_view one, std::string_view many) {
    return absl::StrCat(n, " ", AbslView(n == 1 ? one : many));
  };
  out.Line(absl::StrCat(plural(record.pairs, "compared pair", "compared pairs"), " of ",
                        plural(record.methods, absl::StrCat(AbslView(compared), " method"),
                               absl::StrCat(AbslView(compared), " methods"))));
  int64_t count[3] = {0, 0, 0};
  for (const LoopRowRecord& row : record.loops) {
    const std::string_view change = LoopChangeName(row);
    ++count[change == "stopped" ? 0 : change == "started" ? 1 : 2];
  }
  out.Line(absl::StrCat("Vectorized loops (loop-vectorize; width x interleave count): ", count[0],
                        " stopped, ", count[1], " started, ", count[2],
                        " changed width or interleave count"));
  const bool shares = std::any_of(record.loops.begin(), record.loops.end(),
                                  [](const LoopRowRecord& row) { return row.share.has_value(); });
  if (!record.loops.empty() && !shares) {
    out.Line("No Hotness in the remarks: the share is unknown (-), the loops are in section order");
  }
  const size_t listed = std::min(record.loops.size(), kListedLoops);
  for (size_t k = 0; k < listed; ++k) {
    const LoopRowRecord& row = record.loops[k];
    out.Line(
        absl::StrCat(PadLeft(row.share ? JavaFixed(*row.share * 100) + "%" : std::string("-"), 7),
                     "  ", AbslView(row.method), ", compilations ", AbslView(row.compilation[0]),
                     " and ", AbslView(row.compilation[1])),
        1);
    out.Line(absl::StrCat(LoopPositionText(record, row), ": ", LoopSideText(record, row, 0), " → ",
                          LoopSideText(record, row, 1)),
             2);
    for (int s = 0; s < 2; ++s) {
      if (row.reasons[s].empty()) continue;
      std::string line = absl::StrCat("experiment ", s + 1, ": ");
      for (uint32_t i = row.reasons[s].begin; i < row.reasons[s].end; ++i) {
        if (i > row.reasons[s].begin) line += "; ";
        absl::StrAppend(&line, AbslView(record.reasons[i]));
      }
      out.Line(line, 3);
    }
  }
  if (record.loops.size() > listed) {
    out.Line(absl::StrCat(record.loops.size() - listed, " more (--format=json lists them all)"), 1);
  }
  out.Outdent();
}

}  // namespace profdiff
