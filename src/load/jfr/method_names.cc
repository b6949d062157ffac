// The Java names of JFR's methods, as Graal's and HotSpot's logs print them.

#include <cstddef>
#include <string>
#include <string_view>

#include "profdiff/load/jfr/jfr_recording.h"

namespace profdiff {

namespace {

// "java/util/Map$Entry" -> "java.util.Map$Entry". A hidden class keeps the JVM's spelling of its
// suffix, as the logs print it: "java/util/Comparator$$Lambda/0x0000000031..." ->
// "java.util.Comparator$$Lambda/0x0000000031...". JDK 17's JFR writes the suffix "+0x..." and
// adds "/" and a number: "Scope$ScopeImpl$$Lambda$217+0x00007fb914188000/417301556", which its
// HotSpot log names "Scope$ScopeImpl$$Lambda$217/0x00007fb914188000"; the number is dropped.
std::string JavaClassName(std::string_view internal) {
  std::string name(internal);
  if (const size_t plus = name.rfind("+0x"); plus != std::string::npos) {
    const size_t slash = name.find('/', plus);
    if (slash != std::string::npos && slash + 1 < name.size() &&
        name.find_first_not_of("0123456789", slash + 1) == std::string::npos) {
      name.resize(slash);
    }
  }
  size_t suffix = name.find_last_of("/+");
  if (suffix == std::string::npos || name.compare(suffix + 1, 2, "0x") != 0) {
    suffix = name.size();
  }
  for (size_t i = 0; i < suffix; ++i) {
    if (name[i] == '/') name[i] = '.';
  }
  if (suffix < name.size()) name[suffix] = '/';
  return name;
}

// One field type of a descriptor at `*i`, in Java source form; advances `*i`.
std::string DescriptorType(std::string_view d, size_t* i) {
  int dimensions = 0;
  while (*i < d.size() && d[*i] == '[') {
    ++dimensions;
    ++*i;
  }
  std::string type;
  if (*i >= d.size()) return "?";
  char c = d[(*i)++];
  switch (c) {
    case 'B':
      type = "byte";
      break;
    case 'C':
      type = "char";
      break;
    case 'D':
      type = "double";
      break;
    case 'F':
      type = "float";
      break;
    case 'I':
      type = "int";
      break;
    case 'J':
      type = "long";
      break;
    case 'S':
      type = "short";
      break;
    case 'Z':
      type = "boolean";
      break;
    case 'V':
      type = "void";
      break;
    case 'L': {
      size_t end = d.find(';', *i);
      if (end == std::string_view::npos) end = d.size();
      type = JavaClassName(d.substr(*i, end - *i));
      *i = end == d.size() ? end : end + 1;
      break;
    }
    default:
      type = std::string(1, c);
      break;
  }
  for (int k = 0; k < dimensions; ++k) type += "[]";
  return type;
}

}  // namespace

std::string JfrJavaMethodName(const JfrMethod& method) {
  std::string out = JavaClassName(method.class_name);
  out += '.';
  out += method.name;
  out += '(';
  std::string_view d = method.descriptor;
  size_t i = d.empty() || d[0] != '(' ? 0 : 1;
  bool first = true;
  while (i < d.size() && d[i] != ')') {
    if (!first) out += ", ";
    first = false;
    out += DescriptorType(d, &i);
  }
  out += ')';
  return out;
}

}  // namespace profdiff
