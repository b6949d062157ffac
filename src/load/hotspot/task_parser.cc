#include "load/hotspot/task_parser.h"

#include <algorithm>
#include <pugixml.hpp>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/hotspot/pugixml_names.h"
#include "load/hotspot/task_trees.h"

namespace profdiff {

namespace {

// Hands each element of the document that the handler reads to it in document order: its start
// with its attributes, its children, its end; only the first element at the top. pugixml's traverse
// walks the DOM without recursion (the depth of the input is unbounded), one virtual call per
// node, where walking it through its accessors made several calls per node.
class ElementWalk : public pugi::xml_tree_walker {
 public:
  explicit ElementWalk(ElementHandler& handler)
      : handler_(handler), attributes_(Spare().attributes), open_(Spare().open) {
    open_.clear();
  }
  ~ElementWalk() override {
    // Not the room of a document nested thousands deep, for good.
    if (open_.capacity() > 1024) std::vector<Open>().swap(open_);
  }
  ElementWalk(const ElementWalk&) = delete;
  ElementWalk& operator=(const ElementWalk&) = delete;

  bool for_each(pugi::xml_node& node) override {
    const char* name = node.name();
    if (!IsElementName(name)) return true;
    const int level = depth();
    if (level == 0 && top_seen_) return false;
    top_seen_ = true;
    CloseFrom(level);
    const int kind = handler_.Kind(name);
    if (kind == 0) return true;
    attributes_.clear();
    for (pugi::xml_attribute a = node.first_attribute();; a = a.next_attribute()) {
      const char* attribute = a.name();
      if (IsEnd(attribute)) break;
      attributes_.push_back(XmlAttribute{attribute, a.value()});
    }
    handler_.Start(kind, attributes_);
    open_.push_back(Open{level, kind});
    return true;
  }

  // Ends the elements open at `level` or deeper (0: all).
  void CloseFrom(int level) {
    while (!open_.empty() && open_.back().level >= level) {
      handler_.End(open_.back().kind);
      open_.pop_back();
    }
  }

 private:
  struct Open {
    int level;
    int kind;
  };
  // The lists of the walks on this thread, one walk at a time, reused: growing them anew for
  // every task was seven allocations a task.
  struct Lists {
    std::vector<XmlAttribute> attributes;
    std::vector<Open> open;
  };
  static Lists& Spare() {
    thread_local Lists lists;
    return lists;
  }
  ElementHandler& handler_;
  std::vector<XmlAttribute>& attributes_;
  std::vector<Open>& open_;
  bool top_seen_ = false;
};

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
  ElementWalk walk(handler);
  document.traverse(walk);
  walk.CloseFrom(0);
  return absl::OkStatus();
}

absl::StatusOr<RecordTrees> ParseTaskInPlace(char* text, size_t size, TreeParts parts) {
  RecordTrees trees;
  TaskTreeBuilder builder(&trees);
  absl::Status read = ReadTaskWithPugixml(text, size, builder);
  if (!read.ok()) return read;
  builder.Finish();
  if (parts == TreeParts::kInliningTreeOnly) trees.optimization_tree = OptimizationTree();
  return trees;
}

}  // namespace profdiff
