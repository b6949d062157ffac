#ifndef PROFDIFF_ANALYSIS_METHOD_FILTER_H_
#define PROFDIFF_ANALYSIS_METHOD_FILTER_H_

#include <memory>
#include <string>
#include <string_view>

#include "profdiff/model/experiment.h"
#include "profdiff/model/method_spelling.h"

namespace re2 {
class RE2;
}

namespace profdiff {

// --method REGEX (docs/decisions.md, "--method"): which methods a command prints. The pattern is
// an RE2 regular expression (linear time, no recursion, no backtracking: safe on any pattern and
// name) matched anywhere in the method's name as profdiff prints it, like grep and ripgrep:
// `ArrayList` selects every method of `java.util.ArrayList`, `^java\.util\.` anchors at the
// start, `\.get\(int\)$` at the end, `(?i)` ignores case. The empty pattern selects every method.
// A method matches when the pattern matches any of its spellings (method_spelling.h): the name,
// its simple spelling, and the spellings learnt from the experiments' profiles.
class MethodFilter {
 public:
  // `pattern` must be valid (Problem() is empty); an invalid one selects nothing.
  explicit MethodFilter(std::string_view pattern);

  // Learns the spellings that `experiment`'s profile gives its methods (Top methods' names).
  void LearnSpellings(const Experiment& experiment);

  bool Matches(std::string_view method_name) const;
  bool selects_all() const { return regex_ == nullptr; }

  // Why `pattern` is not a valid regular expression, or "".
  static std::string Problem(std::string_view pattern);

 private:
  std::shared_ptr<const re2::RE2> regex_;  // null: every method
  MethodSpellings spellings_;
};

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_METHOD_FILTER_H_
