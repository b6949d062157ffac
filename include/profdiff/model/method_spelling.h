#ifndef PROFDIFF_MODEL_METHOD_SPELLING_H_
#define PROFDIFF_MODEL_METHOD_SPELLING_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace profdiff {

// A Java method has two spellings in profdiff's output, as in the reference's: optimization logs
// name parameter types without their package (`java.util.HashMap.merge(Object, Object,
// BiFunction)`, the method sections), profiles with it (`java.util.HashMap.merge(java.lang.Object,
// java.lang.Object, java.util.function.BiFunction)`, Top methods). What a user types (--method,
// --require) matches either (docs/decisions.md, "Both spellings of a method name").

// `name` with every package prefix inside its parentheses removed: within parentheses, a run of
// name characters (letters, digits, `_`, `$`, bytes of UTF-8 sequences, and the wildcards `*` and
// `?`, so that a glob simplifies as the names it matches do) followed by a dot is dropped, for
// each dot. The name before the parameter list keeps its package. A name in the simple spelling
// is returned as it is.
std::string SimpleSpelling(std::string_view name);

// The other spellings of method names that an experiment's inputs give (a profile's names, which
// Top methods prints), found by their simple spelling.
class MethodSpellings {
 public:
  // Learns `name` as one spelling of the method whose simple spelling it has.
  void Add(std::string_view name);
  // `name`, its simple spelling, and every spelling learnt of the same method, each once.
  std::vector<std::string> Of(std::string_view name) const;

 private:
  std::unordered_map<std::string, std::vector<std::string>> by_simple_;
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_METHOD_SPELLING_H_
