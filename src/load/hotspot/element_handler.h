#ifndef PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_
#define PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_

// What a task's reader hands the tree builder (task_trees.h): the start of each element it reads,
// with the element's kind (the builder's own number) and attributes, decoded (entities replaced,
// white space in values made blanks, as expat and pugixml do), and its end, in document order;
// elements of kind 0 are skipped. Names and values are views into the task's text, valid as
// long as the text (the tree builder keeps ids and names until it finishes). An attribute's name
// and value are kept as the parser left them, ended by a zero byte, and measured only when
// looked up: measuring every one cost more than the builder's lookups.
// The readers of attribute values below are inline: they run for most attributes of a task.

#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <system_error>

namespace profdiff {

struct XmlAttribute {
  const char* name;
  const char* value;
};

using ElementAttributes = std::span<const XmlAttribute>;

// Whether the zero-ended name `text` (of an attribute or element) is `name` (which holds no zero
// byte). Compared a byte at a time in place: with `name` known where this is inlined, the loop
// unrolls into a few compares, where a call to strncmp for every candidate cost more than the
// compares do; a mismatch at the end of a shorter `text` stops the loop before it reads past
// the zero.
[[gnu::always_inline]] inline bool NameIs(const char* text, std::string_view name) {
  for (size_t i = 0; i < name.size(); ++i) {
    if (text[i] != name[i]) return false;
  }
  return text[name.size()] == 0;
}

// The value of attribute `name`, or nullopt.
[[gnu::always_inline]] inline std::optional<std::string_view> FindValue(
    ElementAttributes attributes, std::string_view name) {
  for (const XmlAttribute& attribute : attributes) {
    if (!name.empty() && NameIs(attribute.name, name)) {
      return std::string_view(attribute.value);
    }
  }
  return std::nullopt;
}

// The value of attribute `name`, or "". Inlined, like FindValue, so that the name's length and
// first letter are known where it is compared.
[[gnu::always_inline]] inline std::string_view Attribute(ElementAttributes attributes,
                                                         std::string_view name) {
  return FindValue(attributes, name).value_or(std::string_view());
}

// The value of attribute `name` as a decimal integer, or nullopt when it is absent or not one.
[[gnu::always_inline]] inline std::optional<int64_t> IntegerAttribute(ElementAttributes attributes,
                                                                      std::string_view name) {
  std::string_view text = Attribute(attributes, name);
  int64_t value = 0;
  auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// A bci attribute, or -1 when it is absent, not an integer or beyond int32_t.
[[gnu::always_inline]] inline int32_t BciAttribute(ElementAttributes attributes,
                                                   std::string_view name = "bci") {
  std::optional<int64_t> bci = IntegerAttribute(attributes, name);
  if (!bci || *bci < INT32_MIN || *bci > INT32_MAX) return -1;
  return static_cast<int32_t>(*bci);
}

class ElementHandler {
 public:
  virtual ~ElementHandler() = default;
  // The handler's number for elements called `element`, handed back to their Start and End; 0
  // for the elements it does not read, which the reader then skips: it neither collects their
  // attributes nor hands them over (a fifth of a <task>'s elements: <parse_done>, <branch>,
  // <direct_call>...).
  // `element` is the name as the parser left it, ended by a zero byte: not measured.
  virtual int Kind(const char* element) = 0;
  virtual void Start(int kind, ElementAttributes attributes) = 0;
  virtual void End(int kind) = 0;
};

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_ELEMENT_HANDLER_H_
