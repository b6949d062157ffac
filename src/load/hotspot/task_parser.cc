#include "load/hotspot/task_parser.h"

#include <algorithm>
#include <pugixml.hpp>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/hotspot/task_scanner.h"
#include "load/hotspot/task_trees.h"

namespace profdiff {

namespace {

// The first element at or after `node` among its siblings.
pugi::xml_node ElementFrom(pugi::xml_node node) {
  while (node && node.type() != pugi::node_element) node = node.next_sibling();
  return node;
}

// Hands `element`'s start to the handler with its attributes.
void Start(ElementHandler& handler, pugi::xml_node element, std::vector<XmlAttribute>& attributes) {
  attributes.clear();
  for (pugi::xml_attribute a = element.first_attribute(); a; a = a.next_attribute()) {
    attributes.push_back(XmlAttribute{a.name(), a.value()});
  }
  handler.Start(element.name(), attributes);
}

}  // namespace

absl::Status ReadTaskWithPugixml(char* text, size_t size, ElementHandler& handler) {
  // Where an error is, before pugixml overwrites the text.
  const std::string_view original(text, size);
  pugi::xml_document document;
  const pugi::xml_parse_result parsed =
      document.load_buffer_inplace(text, size, pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    const size_t offset =
        std::min(static_cast<size_t>(std::max<ptrdiff_t>(parsed.offset, 0)), size);
    const std::string_view before = original.substr(0, offset);
    const size_t line_start = before.rfind('\n');
    const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    const size_t column = line_start == std::string_view::npos ? offset + 1 : offset - line_start;
    return absl::InvalidArgumentError(
        absl::StrCat(line, ":", column, ": malformed XML (", parsed.description(), ")"));
  }
  std::vector<XmlAttribute> attributes;
  // Document order without recursion (the depth of the input is unbounded): each element's
  // start, its children, its end.
  pugi::xml_node node = ElementFrom(document.first_child());
  while (node) {
    Start(handler, node, attributes);
    if (pugi::xml_node child = ElementFrom(node.first_child()); child) {
      node = child;
      continue;
    }
    while (node) {
      handler.End(node.name());
      if (pugi::xml_node next = ElementFrom(node.next_sibling()); next) {
        node = next;
        break;
      }
      node = node.parent();
      if (node == document) node = pugi::xml_node();
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<RecordTrees> ParseTaskInPlace(char* text, size_t size, TreeParts parts) {
  RecordTrees trees;
  TaskTreeBuilder builder(&trees);
  if (!ScanTaskElements(text, size, builder)) {
    // What the scanner does not read (it handed nothing over and left the text as it was).
    absl::Status read = ReadTaskWithPugixml(text, size, builder);
    if (!read.ok()) return read;
  }
  builder.Finish();
  if (parts == TreeParts::kInliningTreeOnly) trees.optimization_tree = OptimizationTree();
  return trees;
}

}  // namespace profdiff
