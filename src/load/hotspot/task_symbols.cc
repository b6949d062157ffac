#include "load/hotspot/task_symbols.h"

#include <algorithm>
#include <cstring>

namespace profdiff {

std::string_view TaskTextArena::Keep(std::string_view text) {
  if (text.empty()) return std::string_view();
  char* kept = Allocate(text.size());
  std::memcpy(kept, text.data(), text.size());
  return std::string_view(kept, text.size());
}

char* TaskTextArena::Allocate(size_t size) {
  while (true) {
    if (chunk_ == chunks_.size()) {
      const size_t room = std::max(kChunkBytes, size);
      chunks_.push_back(Chunk{std::unique_ptr<char[]>(new char[room]), room});
      used_ = 0;
    }
    Chunk& chunk = chunks_[chunk_];
    if (chunk.size - used_ >= size) {
      char* room = chunk.data.get() + used_;
      used_ += size;
      return room;
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
  const std::string_view name = Attribute(attributes, "name");
  const size_t size = GraalMethodNameSize(holder, name, parameters_);
  char* spelled = names_.Allocate(size);
  WriteGraalMethodName(holder, name, parameters_, spelled);
  method.name = std::string_view(spelled, size);
  method.interned.reset();
}

}  // namespace profdiff
