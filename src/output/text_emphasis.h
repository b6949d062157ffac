#ifndef PROFDIFF_OUTPUT_TEXT_EMPHASIS_H_
#define PROFDIFF_OUTPUT_TEXT_EMPHASIS_H_

// How the text of every command marks its lines: the marker of a delta line by its operation,
// and what --color emphasizes (README "On a terminal"): delta lines by their operation, headings
// bold.

#include <optional>
#include <string>
#include <string_view>

#include "profdiff/output/output_records.h"
#include "profdiff/output/text_style.h"

namespace profdiff {

// The marker that begins a delta-tree line (output.md §6); a plain tree's node (kNode) has none.
// Inlined: every line of a tree is written with it.
inline std::string_view OpPrefix(NodeOp op) {
  switch (op) {
    case NodeOp::kIdentity:
      return ". ";
    case NodeOp::kRelabel:
      return "* ";
    case NodeOp::kDelete:
      return "- ";
    case NodeOp::kInsert:
      return "+ ";
    case NodeOp::kMoved:
      return "> ";
    case NodeOp::kNode:
      break;
  }
  return "";
}

// The colour of a delta-tree line (identities and tree nodes stay plain).
inline std::optional<Emphasis> OpEmphasis(NodeOp op) {
  switch (op) {
    case NodeOp::kInsert:
      return Emphasis::kInsert;
    case NodeOp::kDelete:
      return Emphasis::kDelete;
    case NodeOp::kRelabel:
      return Emphasis::kRelabel;
    case NodeOp::kIdentity:
    case NodeOp::kMoved:
    case NodeOp::kNode:
      break;
  }
  return std::nullopt;
}

// `text` in `emphasis`, or `text` alone without colour.
inline std::string Emphasized(const TextStyle& style, std::optional<Emphasis> emphasis,
                              std::string text) {
  if (!style.color || !emphasis) return text;
  std::string emphasized(style.Begin(*emphasis));
  emphasized += text;
  emphasized += style.End();
  return emphasized;
}

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TEXT_EMPHASIS_H_
