#ifndef PROFDIFF_LOAD_LLVM_NAME_POOL_H_
#define PROFDIFF_LOAD_LLVM_NAME_POOL_H_

// The names of an LLVM remarks log's functions, each kept once. The index of a log names every
// function as a unit, as a key of its file's table and again with its start (a 1 GB build tree:
// 161,241 functions); as std::strings each copy was a 32-byte string and, past 15 characters
// (most C++ names), an allocation of its own. A pooled name is a view into large blocks, equal
// names are the same view, and the views stay valid as long as the pool (moving it too).

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::llvm_remarks {

class NamePool {
 public:
  NamePool() = default;
  NamePool(NamePool&&) = default;
  NamePool& operator=(NamePool&&) = default;
  NamePool(const NamePool&) = delete;
  NamePool& operator=(const NamePool&) = delete;

  // `text` as kept by the pool: the same view for every equal text.
  std::string_view Intern(std::string_view text);
  // The distinct texts kept.
  size_t size() const { return texts_.size(); }

 private:
  static constexpr size_t kBlockBytes = size_t{64} << 10;

  std::vector<std::unique_ptr<char[]>> blocks_;
  char* next_ = nullptr;  // the free end of the shared block being filled
  size_t free_ = 0;
  absl::flat_hash_set<std::string_view, StringViewHash> texts_;
};

}  // namespace profdiff::llvm_remarks

#endif  // PROFDIFF_LOAD_LLVM_NAME_POOL_H_
