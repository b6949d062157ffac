#ifndef PROFDIFF_MODEL_INTERNED_NAME_H_
#define PROFDIFF_MODEL_INTERNED_NAME_H_

// Names of phases, optimizations and events: a small vocabulary repeated on every node of every
// optimization tree. A fragment copies thousands of phases of its parent, and the matcher hashes
// and compares every node's name; as std::strings that was an allocation per copy of a name
// longer than 15 characters ("GraphBuilderPhase") and a string comparison per test. Interned,
// a copy is a pointer copy and equality a pointer comparison.
//
// Interned text lives until the process ends. It is only made for trees that are loaded (hot
// compilations and what they are compared with), and real logs use a few hundred distinct names,
// so the table stays small; the validating scan of whole logs interns nothing.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace profdiff {

class InternedName {
 public:
  InternedName() : text_(&kEmptyText) {}
  // Implicit, like std::string's: `node.name = "RootPhase"`, `PositionEntry{"a()", 3}`.
  InternedName(std::string_view text) : text_(Intern(text)) {}    // NOLINT
  InternedName(const char* text) : text_(Intern(text)) {}         // NOLINT
  InternedName(const std::string& text) : text_(Intern(text)) {}  // NOLINT

  const std::string& str() const { return *text_; }
  std::string_view view() const { return *text_; }
  operator std::string_view() const { return *text_; }  // NOLINT: used like a string
  bool empty() const { return text_->empty(); }
  size_t size() const { return text_->size(); }
  bool ends_with(std::string_view suffix) const { return view().ends_with(suffix); }

  // Equal text is the same interned string.
  friend bool operator==(InternedName a, InternedName b) { return a.text_ == b.text_; }
  friend bool operator==(InternedName a, std::string_view b) { return a.view() == b; }
  friend bool operator==(InternedName a, const char* b) { return a.view() == b; }
  friend bool operator==(InternedName a, const std::string& b) { return a.view() == b; }

  // Consistent with ==; not the same from one run to the next (only used for hash tables).
  template <typename H>
  friend H AbslHashValue(H state, InternedName name) {
    return H::combine(std::move(state), name.text_);
  }
  friend std::ostream& operator<<(std::ostream& out, InternedName name) {
    return out << name.view();
  }

 private:
  // A variable rather than a function-local static, so default construction (every new tree
  // node) takes an address and calls nothing. GCC constant-initialises it; clang with
  // libstdc++ 12 cannot (so no `constinit`) and initialises it before main, which is early
  // enough because no InternedName is read during static initialisation.
  static const std::string kEmptyText;
  static const std::string* Intern(std::string_view text);

  const std::string* text_;
};

inline const std::string InternedName::kEmptyText{};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_INTERNED_NAME_H_
