#include "load/hotspot/task_symbols.h"

namespace profdiff {

void TaskSymbols::DefineMethod(ElementAttributes attributes) {
  const std::string_view holder = TypeName(Attribute(attributes, "holder"));
  parameters_.clear();
  std::string_view arguments = Attribute(attributes, "arguments");
  if (!arguments.empty()) {
    size_t start = 0;
    while (start < arguments.size()) {
      size_t end = arguments.find(' ', start);
      if (end == std::string_view::npos) end = arguments.size();
      if (end > start) {
        parameters_.push_back(SimpleTypeName(TypeName(arguments.substr(start, end - start))));
      }
      start = end + 1;
    }
  }
  Method& method = methods_[Attribute(attributes, "id")];
  std::optional<int64_t> bytes = IntegerAttribute(attributes, "bytes");
  method.bytes = bytes && *bytes >= 0 && *bytes <= INT32_MAX ? static_cast<int32_t>(*bytes) : -1;
  method.name = GraalMethodName(holder, Attribute(attributes, "name"), parameters_);
  method.interned.reset();
}

}  // namespace profdiff
