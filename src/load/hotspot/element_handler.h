#ifndef PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_
#define PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_

// What a task's reader hands the tree builder (task_trees.h): each element's start with its
// attributes, decoded (entities replaced, white space in values made blanks, as expat and
// pugixml do), and its end, in document order. Names and values are views into the task's
// text, valid as long as the text (the tree builder keeps ids and names until it finishes).
// An attribute's name and value are kept as the parser left them, ended by a zero byte, and
// measured only when looked up: measuring every one cost more than the builder's lookups.

#include <cstring>
#include <optional>
#include <span>
#include <string_view>

namespace profdiff {

struct XmlAttribute {
  const char* name;
  const char* value;
};

using ElementAttributes = std::span<const XmlAttribute>;

// The value of attribute `name`, or nullopt.
[[gnu::always_inline]] inline std::optional<std::string_view> FindValue(
    ElementAttributes attributes, std::string_view name) {
  for (const XmlAttribute& attribute : attributes) {
    if (!name.empty() && attribute.name[0] == name[0] &&
        std::strncmp(attribute.name, name.data(), name.size()) == 0 &&
        attribute.name[name.size()] == 0) {
      return std::string_view(attribute.value);
    }
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
