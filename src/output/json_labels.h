#ifndef PROFDIFF_OUTPUT_JSON_LABELS_H_
#define PROFDIFF_OUTPUT_JSON_LABELS_H_

// Pieces of JSON records that several records share (docs/output-formats.md "Labels"):
// json_labels.cc.

#include <cstdint>
#include <optional>
#include <string_view>

#include "output/json_out.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// "bci": the bci, or null for -1.
void WriteBci(JsonOut& json, int32_t bci);

// A JFR profile's execution samples behind a period: the member only when they are known, so
// that output made from proftool profiles is what it was.
void WriteSamplesMember(JsonOut& json, std::string_view key, const std::optional<int64_t>& samples);

// "within_noise" and "noise_p": the test of a share change against sampling noise (docs/jfr.md
// "How sure is a share"), when it was made.
void WriteSamplingNoise(JsonOut& json, const std::optional<SamplingNoiseRecord>& noise);

// The members of a label, inside an object the caller opened.
void WriteLabelMembers(JsonOut& json, const TreeRecord& tree, const NodeLabel& label);

// "inlining", "optimization" or "optimization_context": a tree's key in JSON and HTML.
std::string_view TreeKindName(TreeKind kind);

// "node", "identity", "insert", "delete" or "relabel".
std::string_view OpName(NodeOp op);

// "key": {the label's members}.
void WriteSide(JsonOut& json, std::string_view key, const TreeRecord& tree, const NodeLabel& label);

// {"identity":..., "insert":..., "delete":..., "relabel":...}, identity only when asked.
void WriteCounts(JsonOut& json, const OpCounts& counts, bool with_identity);

// {"too_big":..., "cost":..., "counts":{...}, "nodes":[...]} (delta trees) or {"nodes":[...]}.
void WriteTree(JsonOut& json, const TreeRecord& tree);

// "optimization_context" (when `context` is set), else "inlining" and "optimization".
void WriteTrees(JsonOut& json, const TreeRecord* inlining, const TreeRecord* optimization,
                const TreeRecord* context);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_JSON_LABELS_H_
