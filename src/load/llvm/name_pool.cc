#include "load/llvm/name_pool.h"

#include <cstring>
#include <memory>

namespace profdiff::llvm_remarks {

std::string_view NamePool::Intern(std::string_view text) {
  if (text.empty()) return {};
  if (auto it = texts_.find(text); it != texts_.end()) return *it;
  char* at;
  if (text.size() > kBlockBytes / 4) {
    // A long name gets a block of its own, so that the shared block is not left part empty.
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(text.size()));
    at = blocks_.back().get();
  } else {
    if (text.size() > free_) {
      blocks_.push_back(std::make_unique_for_overwrite<char[]>(kBlockBytes));
      next_ = blocks_.back().get();
      free_ = kBlockBytes;
    }
    at = next_;
    next_ += text.size();
    free_ -= text.size();
  }
  std::memcpy(at, text.data(), text.size());
  const std::string_view kept(at, text.size());
  texts_.insert(kept);
  return kept;
}

}  // namespace profdiff::llvm_remarks
