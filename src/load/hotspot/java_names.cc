#include "load/hotspot/java_names.h"

#include <cstring>

namespace profdiff {

namespace {

// Whether the '/' at `i` of an internal class name separates packages: every one but the one
// before the "0x" of a hidden class's suffix.
bool SeparatesPackages(std::string_view name, size_t i) {
  return name[i] == '/' && name.substr(i + 1, 2) != "0x";
}

// Appends the internal class name with dots between its packages.
void AppendDotted(std::string_view name, std::string* out) {
  const size_t start = out->size();
  out->append(name);
  for (size_t i = 0; i < name.size(); ++i) {
    if (SeparatesPackages(name, i)) (*out)[start + i] = '.';
  }
}

std::string DottedClassName(std::string_view name) {
  std::string dotted;
  AppendDotted(name, &dotted);
  return dotted;
}

std::optional<std::string_view> PrimitiveName(char code) {
  switch (code) {
    case 'B':
      return "byte";
    case 'C':
      return "char";
    case 'D':
      return "double";
    case 'F':
      return "float";
    case 'I':
      return "int";
    case 'J':
      return "long";
    case 'S':
      return "short";
    case 'Z':
      return "boolean";
    case 'V':
      return "void";
    default:
      return std::nullopt;
  }
}

// Reads one field descriptor at `*at` of `text` ("I", "[[J", "Ljava/lang/String;") and returns
// the qualified Java name; nullopt when malformed.
std::optional<std::string> ReadFieldDescriptor(std::string_view text, size_t* at) {
  size_t dimensions = 0;
  while (*at < text.size() && text[*at] == '[') {
    ++dimensions;
    ++*at;
  }
  if (*at >= text.size()) return std::nullopt;
  std::string element;
  if (text[*at] == 'L') {
    size_t end = text.find(';', *at);
    if (end == std::string_view::npos || end == *at + 1) return std::nullopt;
    element = DottedClassName(text.substr(*at + 1, end - *at - 1));
    *at = end + 1;
  } else {
    std::optional<std::string_view> primitive = PrimitiveName(text[*at]);
    if (!primitive) return std::nullopt;
    element = std::string(*primitive);
    ++*at;
  }
  for (size_t i = 0; i < dimensions; ++i) element += "[]";
  return element;
}

// Appends the type of the field descriptor at `*at` of `text` as SimpleTypeName names it
// (QualifiedTypeName without the package: "Ljava/util/Map$Entry;" -> "Map$Entry", "[[J" ->
// "long[][]"), reading past it; false when malformed.
bool AppendSimpleFieldType(std::string_view text, size_t* at, std::string* out) {
  size_t dimensions = 0;
  while (*at < text.size() && text[*at] == '[') {
    ++dimensions;
    ++*at;
  }
  if (*at >= text.size()) return false;
  if (text[*at] == 'L') {
    const size_t end = text.find(';', *at);
    if (end == std::string_view::npos || end == *at + 1) return false;
    const std::string_view name = text.substr(*at + 1, end - *at - 1);
    // The package ends at the last separator before a hidden class's suffix, as in
    // SimpleTypeName: a '/' that separates packages, or a dot.
    size_t suffix = 0;
    while (suffix < name.size() && (name[suffix] != '/' || SeparatesPackages(name, suffix))) {
      ++suffix;
    }
    size_t simple = 0;
    for (size_t i = 0; i < suffix; ++i) {
      if (name[i] == '/' || name[i] == '.') simple = i + 1;
    }
    AppendDotted(name.substr(simple), out);
    *at = end + 1;
  } else {
    const std::optional<std::string_view> primitive = PrimitiveName(text[*at]);
    if (!primitive) return false;
    out->append(*primitive);
    ++*at;
  }
  for (size_t i = 0; i < dimensions; ++i) out->append("[]");
  return true;
}

}  // namespace

std::string QualifiedTypeName(std::string_view name) {
  if (name.starts_with('[')) {
    size_t at = 0;
    std::optional<std::string> type = ReadFieldDescriptor(name, &at);
    if (type && at == name.size()) return *type;
  }
  return DottedClassName(name);
}

std::string_view SimpleTypeName(std::string_view qualified) {
  // A hidden class's suffix ("/0x...") never holds a dot; the package ends before it.
  const size_t hidden = qualified.find('/');
  const std::string_view head = qualified.substr(0, hidden);
  const size_t dot = head.rfind('.');
  if (dot == std::string_view::npos) return qualified;
  return qualified.substr(dot + 1);
}

std::string GraalMethodName(std::string_view holder, std::string_view name,
                            std::span<const std::string_view> parameters) {
  std::string method(GraalMethodNameSize(holder, name, parameters), '\0');
  WriteGraalMethodName(holder, name, parameters, method.data());
  return method;
}

size_t GraalMethodNameSize(std::string_view holder, std::string_view name,
                           std::span<const std::string_view> parameters) {
  size_t size = holder.size() + name.size() + 3;
  for (std::string_view parameter : parameters) size += parameter.size() + 2;
  return parameters.empty() ? size : size - 2;
}

void WriteGraalMethodName(std::string_view holder, std::string_view name,
                          std::span<const std::string_view> parameters, char* out) {
  auto put = [&out](std::string_view text) {
    if (text.empty()) return;  // an empty view may have no data: memcpy must not see it
    std::memcpy(out, text.data(), text.size());
    out += text.size();
  };
  put(holder);
  *out++ = '.';
  put(name);
  *out++ = '(';
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (i > 0) put(", ");
    put(parameters[i]);
  }
  *out = ')';
}

std::optional<std::string> MethodNameFromDescriptor(std::string_view text) {
  const size_t first_space = text.find(' ');
  if (first_space == std::string_view::npos) return std::nullopt;
  const size_t second_space = text.find(' ', first_space + 1);
  if (second_space == std::string_view::npos) return std::nullopt;
  const std::string_view holder = text.substr(0, first_space);
  const std::string_view name = text.substr(first_space + 1, second_space - first_space - 1);
  const std::string_view descriptor = text.substr(second_space + 1);
  if (holder.empty() || name.empty() || !descriptor.starts_with('(')) return std::nullopt;
  // Written into one string: every task's method is named so, on the workers of split reading,
  // and a string per parameter type was most of the time.
  std::string method;
  method.reserve(text.size() + 8);
  AppendDotted(holder, &method);
  method += '.';
  method += name;
  method += '(';
  size_t at = 1;
  while (at < descriptor.size() && descriptor[at] != ')') {
    if (at > 1) method += ", ";
    if (!AppendSimpleFieldType(descriptor, &at, &method)) return std::nullopt;
  }
  if (at >= descriptor.size()) return std::nullopt;
  method += ')';
  return method;
}

}  // namespace profdiff
