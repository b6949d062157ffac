#include "profdiff/tree_writer.h"

#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "profdiff/absl_compat.h"
#include "profdiff/inlining_path.h"
#include "profdiff/java_format.h"

namespace profdiff {

namespace {

// Preorder with depths, without recursion.
template <class Children>
void ForEachWithDepth(NodeIndex root, const Children& children_of,
                      const std::function<void(NodeIndex, int)>& visit) {
  if (root == kNoNode) return;
  std::vector<std::pair<NodeIndex, int>> stack{{root, 0}};
  while (!stack.empty()) {
    auto [n, depth] = stack.back();
    stack.pop_back();
    visit(n, depth);
    const ChildList& children = children_of(n);
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.emplace_back(*it, depth + 1);
    }
  }
}

std::string LongPosition(const Position& position) {
  std::string text = "{";
  for (size_t i = 0; i < position.size(); ++i) {
    if (i > 0) text += ", ";
    absl::StrAppend(&text, position[i].method.str(), ": ", position[i].bci);
  }
  text += "}";
  return text;
}

}  // namespace

std::string InliningNodeText(const InliningTree& tree, NodeIndex node) {
  const InliningTreeNode& n = tree.node(node);
  std::string text = absl::StrCat("(", AbslView(CallsiteKindName(tree.Kind(node))), ") ",
                                  n.method_name.value_or("unknown"));
  if (n.bci != -1) absl::StrAppend(&text, " at bci ", n.bci);
  return text;
}

std::string OptimizationText(const OptimizationTreeNode& node, bool long_bci, int32_t short_bci) {
  std::string text = absl::StrCat(node.name.str(), " ", node.event_name.str());
  if (!node.position.empty()) {
    text += " at bci ";
    if (long_bci) {
      text += LongPosition(node.position);
    } else {
      absl::StrAppend(&text, short_bci);
    }
  }
  if (!node.properties.empty()) {
    text += " with {";
    for (size_t i = 0; i < node.properties.size(); ++i) {
      if (i > 0) text += ", ";
      absl::StrAppend(&text, node.properties[i].key, ": ", node.properties[i].value.rendered);
    }
    text += "}";
  }
  return text;
}

std::string OptimizationTreeNodeText(const OptimizationTreeNode& node, bool long_bci) {
  if (node.is_phase) return node.name.str();
  int32_t short_bci = node.position.empty() ? -1 : node.position.back().bci;
  return OptimizationText(node, long_bci, short_bci);
}

OctTextMaker::OctTextMaker(const OptimizationContextTree& oct)
    : oct_(oct), path_lengths_(InliningPathLengths(*oct.inlining_tree)) {}

std::string OctTextMaker::Text(NodeIndex oct_node, bool long_bci) const {
  const OctNode& node = oct_.node(oct_node);
  if (node.kind == OctNode::Kind::kInfo) return node.text;
  if (node.kind == OctNode::Kind::kInlining) return InliningNodeText(*oct_.inlining_tree, node.ref);
  const OptimizationTreeNode& optimization = oct_.optimization_tree->node(node.ref);
  const Position& position = optimization.position;
  int32_t short_bci = -1;
  if (!position.empty()) {
    size_t caller_length = 0;
    if (node.parent != kNoNode && oct_.node(node.parent).kind == OctNode::Kind::kInlining) {
      caller_length = path_lengths_[oct_.node(node.parent).ref];
    }
    const size_t s = position.size();
    size_t index = caller_length == 0 || caller_length > s ? s - 1 : s - caller_length;
    short_bci = position[index].bci;
  }
  return OptimizationText(optimization, long_bci, short_bci);
}

void WriteReasoningBlock(LineWriter& out, const InliningTreeNode& node, std::string_view suffix,
                         int extra) {
  if (node.reasons.empty()) {
    out.Line(absl::StrCat("|_ no inlining decisions", AbslView(suffix)), extra + 1);
  } else if (node.reasons.size() == 1) {
    out.Line(absl::StrCat("|_ reasoning", AbslView(suffix), ": ", node.reasons[0]), extra + 1);
  } else {
    out.Line(absl::StrCat("|_ reasoning", AbslView(suffix)), extra + 1);
    for (const std::string& reason : node.reasons) out.Line(reason, extra + 3);
  }
}

void WriteReceiverTypeProfileBlock(LineWriter& out, const InliningTreeNode& node,
                                   std::string_view suffix, int extra) {
  if (!node.receiver_type_profile.has_value()) return;
  const ReceiverTypeProfile& profile = *node.receiver_type_profile;
  if (profile.mature && profile.profiled_types.empty()) return;
  out.Line(absl::StrCat("|_", profile.mature ? "" : " immature", " receiver-type profile",
                        AbslView(suffix)),
           extra + 1);
  for (const ProfiledType& type : profile.profiled_types) {
    std::string text =
        absl::StrCat(PadLeft(JavaFixed(type.probability * 100), 5), "% ", type.type_name);
    if (type.concrete_method_name.has_value()) {
      absl::StrAppend(&text, " -> ", *type.concrete_method_name);
    }
    out.Line(text, extra + 3);
  }
}

void WriteInliningTree(LineWriter& out, const InliningTree& tree, const Options& options) {
  ForEachWithDepth(
      tree.root, [&](NodeIndex n) -> const ChildList& { return tree.node(n).children; },
      [&](NodeIndex n, int depth) {
        out.Line(InliningNodeText(tree, n), depth);
        if (options.inliner_reasoning && n != tree.root) {
          WriteReasoningBlock(out, tree.node(n), "", depth);
        }
        WriteReceiverTypeProfileBlock(out, tree.node(n), "", depth);
      });
}

void WriteOptimizationTree(LineWriter& out, const OptimizationTree& tree, const Options& options) {
  ForEachWithDepth(
      tree.root, [&](NodeIndex n) -> const ChildList& { return tree.node(n).children; },
      [&](NodeIndex n, int depth) {
        out.Line(OptimizationTreeNodeText(tree.node(n), options.long_bci), depth);
      });
}

void WriteOptimizationContextTree(LineWriter& out, const OptimizationContextTree& oct,
                                  const Options& options) {
  OctTextMaker texts(oct);
  const InliningTree& inlining = *oct.inlining_tree;
  ForEachWithDepth(
      oct.root, [&](NodeIndex n) -> const ChildList& { return oct.node(n).children; },
      [&](NodeIndex n, int depth) {
        out.Line(texts.Text(n, options.long_bci), depth);
        const OctNode& node = oct.node(n);
        if (node.kind != OctNode::Kind::kInlining) return;
        if (options.inliner_reasoning && node.ref != inlining.root) {
          WriteReasoningBlock(out, inlining.node(node.ref), "", depth);
        }
        WriteReceiverTypeProfileBlock(out, inlining.node(node.ref), "", depth);
      });
}

}  // namespace profdiff
