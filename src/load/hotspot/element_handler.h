#ifndef PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_
#define PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_

// What a task's reader hands the tree builder (task_trees.h): each element's start with its
// attributes, decoded (entities replaced, white space in values made blanks, as expat and
// pugixml do), and its end, in document order. Names and values are views into the task's
// text, valid as long as the text (the tree builder keeps ids and names until it finishes).

#include <optional>
#include <span>
#include <string_view>

namespace profdiff {

struct XmlAttribute {
  std::string_view name;
  std::string_view value;
};

using ElementAttributes = std::span<const XmlAttribute>;

// The value of attribute `name`, or nullopt.
[[gnu::always_inline]] inline std::optional<std::string_view> FindValue(
    ElementAttributes attributes, std::string_view name) {
  for (const XmlAttribute& attribute : attributes) {
    if (attribute.name == name) return attribute.value;
  }
  return std::nullopt;
}

class ElementHandler {
 public:
  virtual ~ElementHandler() = default;
  virtual void Start(std::string_view element, ElementAttributes attributes) = 0;
  virtual void End(std::string_view element) = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_
