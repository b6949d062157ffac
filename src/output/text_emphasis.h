#ifndef PROFDIFF_OUTPUT_TEXT_EMPHASIS_H_
#define PROFDIFF_OUTPUT_TEXT_EMPHASIS_H_

// Which text lines --color emphasizes, shared by the text of every command (README "On a
// terminal"): delta lines by their operation, headings bold.

#include <optional>
#include <string>

#include "profdiff/output_records.h"
#include "profdiff/text_style.h"

namespace profdiff {

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
