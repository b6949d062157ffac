#ifndef PROFDIFF_LOAD_RULE_FILE_H_
#define PROFDIFF_LOAD_RULE_FILE_H_

// The rule file of --require (docs/ci.md): one rule a line, `#` comments.
//
//   inlined CALLER -> CALLEE       every call site of CALLEE in CALLER in the hot code is inlined
//   not-inlined CALLER -> CALLEE   none is
//   compiled METHOD                the method has a compilation unit
//
// CALLER, CALLEE and METHOD are glob patterns on method names as printed, in either spelling
// (MethodGlobMatch).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace profdiff {

enum class RuleKind { kInlined, kNotInlined, kCompiled };

struct Rule {
  RuleKind kind = RuleKind::kCompiled;
  std::string caller;  // kCompiled: the method
  std::string callee;  // kCompiled: unused
  int64_t line = 0;    // 1-based
  std::string text;    // the rule as written, without comment and surrounding blanks
};

struct RuleFile {
  std::string path;  // as given
  std::vector<Rule> rules;
};

// `*` matches any run of characters (also none), `?` exactly one, every other character itself.
// Linear in practice, never recursive.
bool GlobMatch(std::string_view pattern, std::string_view text);

// GlobMatch on either spelling of a method name (model/method_spelling.h): `pattern` matches
// `name`, or `simple_pattern`, SimpleSpelling(pattern), matches the simple spelling of `name`.
// So `java.util.HashMap.merge(java.lang.Object, *)` and `java.util.HashMap.merge(Object, *)`
// both match either of `java.util.HashMap.merge(Object, Object, BiFunction)` and its fully
// qualified spelling.
bool MethodGlobMatch(std::string_view pattern, std::string_view simple_pattern,
                     std::string_view name);

// The rules of `text`; a syntax error fails with "<path>:<line>: <what was expected>".
absl::StatusOr<RuleFile> ParseRules(std::string_view text, std::string path);
// The same for the file at `path`; an unreadable file fails with "<path>: <reason>".
absl::StatusOr<RuleFile> ReadRuleFile(const std::string& path);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_RULE_FILE_H_
