// The text of trees and delta trees (output.md §6): each node's line and the blocks under
// inlining nodes, at the writer's level plus the node's depth (declared in text_renderer.h).

#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "output/text_emphasis.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

constexpr char kNoDifferences[] = "There are no differences";
constexpr char kInExperiment1[] = " in experiment 1";
constexpr char kInExperiment2[] = " in experiment 2";

std::string_view MethodName(const NodeLabel& label) {
  return label.name_known ? label.name : std::string_view("unknown");
}

void AppendLongPosition(const TreeRecord& tree, IndexRange position, std::string* text) {
  text->push_back('{');
  for (uint32_t i = position.begin; i < position.end; ++i) {
    if (i > position.begin) text->append(", ");
    text->append(tree.positions[i].method);
    text->append(": ");
    absl::StrAppend(text, tree.positions[i].bci);
  }
  text->push_back('}');
}

void AppendMovedBci(const NodeRecord& node, std::string* text) { text->append(MovedBciText(node)); }

// An inlining node (or delta node) with its blocks, at writer level + depth.
void WriteInliningNode(LineWriter& out, const TreeRecord& tree, const NodeRecord& node,
                       const TextStyle& style) {
  const int depth = node.depth;
  switch (node.op) {
    case NodeOp::kNode:  // most lines of a report: written without building a string
      out.Begin(depth);
      AppendLabelText(tree, node.left, false, out.buffer());
      out.End();
      WriteReasoningBlock(out, tree, node.left, "", depth);
      WriteReceiverTypeProfileBlock(out, tree, node.left, "", depth);
      return;
    case NodeOp::kIdentity:
    case NodeOp::kMoved:
      out.Begin(depth);
      out.Append(OpPrefix(node.op));
      AppendLabelText(tree, node.left, false, out.buffer());
      AppendMovedBci(node, out.buffer());
      out.End();
      WriteReasoningBlock(out, tree, node.left, kInExperiment1, depth);
      WriteReasoningBlock(out, tree, node.right, kInExperiment2, depth);
      WriteReceiverTypeProfileBlock(out, tree, node.left, kInExperiment1, depth);
      WriteReceiverTypeProfileBlock(out, tree, node.right, kInExperiment2, depth);
      return;
    case NodeOp::kDelete:
    case NodeOp::kInsert: {
      const NodeLabel& label = node.op == NodeOp::kDelete ? node.left : node.right;
      out.Line(Emphasized(style, OpEmphasis(node.op),
                          absl::StrCat(AbslView(OpPrefix(node.op)), LabelText(tree, label, false))),
               depth);
      WriteReasoningBlock(out, tree, label, "", depth);
      WriteReceiverTypeProfileBlock(out, tree, label, "", depth);
      return;
    }
    case NodeOp::kRelabel:
      out.Line(Emphasized(style, Emphasis::kRelabel,
                          absl::StrCat("* (", AbslView(node.left.callsite), " -> ",
                                       AbslView(node.right.callsite), ") ",
                                       AbslView(MethodName(node.left)), " at bci ", node.left.bci,
                                       MovedBciText(node))),
               depth);
      WriteReasoningBlock(out, tree, node.left, kInExperiment1, depth);
      WriteReasoningBlock(out, tree, node.right, kInExperiment2, depth);
      WriteReceiverTypeProfileBlock(out, tree, node.left, kInExperiment1, depth);
      WriteReceiverTypeProfileBlock(out, tree, node.right, kInExperiment2, depth);
      return;
  }
}

bool IsInliningNode(const NodeRecord& node) {
  switch (node.op) {
    case NodeOp::kNode:
    case NodeOp::kDelete:
      return node.left.kind == LabelKind::kInlining;
    case NodeOp::kInsert:
      return node.right.kind == LabelKind::kInlining;
    case NodeOp::kIdentity:
    case NodeOp::kRelabel:
    case NodeOp::kMoved:
      return node.left.kind == LabelKind::kInlining && node.right.kind == LabelKind::kInlining;
  }
  return false;
}

}  // namespace

std::string MovedBciText(const NodeRecord& node) {
  if (node.left.bci == node.right.bci || node.left.bci == -1 || node.right.bci == -1) return "";
  return absl::StrCat(" → ", node.right.bci);
}

void WriteReasoningBlock(LineWriter& out, const TreeRecord& tree, const NodeLabel& label,
                         std::string_view suffix, int depth) {
  if (!label.reasons_shown) return;
  const IndexRange reasons = label.reasons;
  if (reasons.empty()) {
    out.Line(absl::StrCat("|_ no inlining decisions", AbslView(suffix)), depth + 1);
  } else if (reasons.size() == 1) {
    out.Line(
        absl::StrCat("|_ reasoning", AbslView(suffix), ": ", AbslView(tree.reasons[reasons.begin])),
        depth + 1);
  } else {
    out.Line(absl::StrCat("|_ reasoning", AbslView(suffix)), depth + 1);
    for (uint32_t i = reasons.begin; i < reasons.end; ++i) out.Line(tree.reasons[i], depth + 3);
  }
}

void WriteReceiverTypeProfileBlock(LineWriter& out, const TreeRecord& tree, const NodeLabel& label,
                                   std::string_view suffix, int depth) {
  if (!label.has_receiver_profile) return;
  // A mature profile without types says nothing worth a line.
  if (label.receiver_profile_mature && label.profiled_types.empty()) return;
  out.Line(absl::StrCat("|_", label.receiver_profile_mature ? "" : " immature",
                        " receiver-type profile", AbslView(suffix)),
           depth + 1);
  for (uint32_t i = label.profiled_types.begin; i < label.profiled_types.end; ++i) {
    const ProfiledTypeRecord& type = tree.profiled_types[i];
    std::string text =
        absl::StrCat(PadLeft(JavaFixed(type.probability * 100), 5), "% ", AbslView(type.type_name));
    if (type.concrete_method.has_value()) {
      absl::StrAppend(&text, " -> ", AbslView(*type.concrete_method));
    }
    out.Line(text, depth + 3);
  }
}

// Written piece by piece: absl::StrAppend of several pieces (the system's shared Abseil) sizes
// the string by filling it with zeros first, and this runs for every line of a tree (a single
// piece, like a number, is appended directly).
void AppendLabelText(const TreeRecord& tree, const NodeLabel& label, bool long_bci,
                     std::string* text, const NodeLabel* moved_to) {
  switch (label.kind) {
    case LabelKind::kInlining:
      text->push_back('(');
      text->append(label.callsite);
      text->append(") ");
      text->append(MethodName(label));
      if (label.bci != -1) {
        text->append(" at bci ");
        absl::StrAppend(text, label.bci);
      }
      return;
    case LabelKind::kPhase:
    case LabelKind::kInfo:
      text->append(label.name);
      return;
    case LabelKind::kOptimization:
      break;
  }
  text->append(label.name);
  text->push_back(' ');
  text->append(label.event);
  if (!label.position.empty()) {
    text->append(" at bci ");
    if (long_bci) {
      AppendLongPosition(tree, label.position, text);
    } else {
      absl::StrAppend(text, label.bci);
    }
    // An optimization that moved with the code: where it is in experiment 2.
    if (moved_to != nullptr && !moved_to->position.empty()) {
      text->append(" → ");
      if (long_bci) {
        AppendLongPosition(tree, moved_to->position, text);
      } else {
        absl::StrAppend(text, moved_to->bci);
      }
    }
  }
  if (!label.properties.empty()) {
    text->append(" with {");
    for (uint32_t i = label.properties.begin; i < label.properties.end; ++i) {
      if (i > label.properties.begin) text->append(", ");
      text->append(tree.properties[i].key);
      text->append(": ");
      text->append(tree.properties[i].rendered);
    }
    text->push_back('}');
  }
}

std::string LabelText(const TreeRecord& tree, const NodeLabel& label, bool long_bci) {
  std::string text;
  AppendLabelText(tree, label, long_bci, &text);
  return text;
}

void WriteTreeText(LineWriter& out, const TreeRecord& tree, const Options& options,
                   const TextStyle& style) {
  if (tree.too_big) return;
  if (tree.delta && tree.nodes.empty()) {
    out.Line(kNoDifferences);
    return;
  }
  const bool long_bci = options.long_bci;
  for (const NodeRecord& node : tree.nodes) {
    if (IsInliningNode(node)) {
      WriteInliningNode(out, tree, node, style);
      continue;
    }
    if (node.op == NodeOp::kRelabel) {
      if (tree.kind == TreeKind::kOptimization) {
        out.Line(Emphasized(style, Emphasis::kRelabel,
                            absl::StrCat("* ", AbslView(node.left.name), " -> ",
                                         AbslView(node.right.name))),
                 node.depth);
      } else {
        out.Line(Emphasized(style, Emphasis::kRelabel,
                            absl::StrCat("* ", LabelText(tree, node.left, long_bci), " -> ",
                                         LabelText(tree, node.right, long_bci))),
                 node.depth);
      }
      continue;
    }
    const NodeLabel& label = node.op == NodeOp::kInsert ? node.right : node.left;
    const std::optional<Emphasis> emphasis = style.color ? OpEmphasis(node.op) : std::nullopt;
    out.Begin(node.depth);
    if (emphasis) out.Append(style.Begin(*emphasis));
    out.Append(OpPrefix(node.op));
    AppendLabelText(tree, label, long_bci, out.buffer(),
                    node.op == NodeOp::kMoved ? &node.right : nullptr);
    if (emphasis) out.Append(style.End());
    out.End();
  }
}

}  // namespace profdiff
