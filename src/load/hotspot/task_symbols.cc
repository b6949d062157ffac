#include "load/hotspot/task_symbols.h"

#include <algorithm>
#include <cstring>

namespace profdiff {

std::string_view TaskTextArena::Keep(std::string_view text) {
  if (text.empty()) return std::string_view();
  while (true) {
    if (chunk_ == chunks_.size()) {
      const size_t size = std::max(kChunkBytes, text.size());
      chunks_.push_back(Chunk{std::unique_ptr<char[]>(new char[size]), size});
      used_ = 0;
    }
    Chunk& chunk = chunks_[chunk_];
    if (chunk.size - used_ >= text.size()) {
      char* kept = chunk.data.get() + used_;
      std::memcpy(kept, text.data(), text.size());
      used_ += text.size();
      return std::string_view(kept, text.size());
    }
    ++chunk_;
    used_ = 0;
  }
}

void TaskTextArena::Clear() {
  if (chunks_.size() > kKeptChunks) chunks_.resize(kKeptChunks);
  chunk_ = 0;
  used_ = 0;
}

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
  AssignGraalMethodName(holder, Attribute(attributes, "name"), parameters_, &spelled_);
  method.name = names_.Keep(spelled_);
  method.interned.reset();
}

}  // namespace profdiff
