// Fuzz target for the rule file of --require (docs/ci.md) and its glob patterns. The input is
// parsed as a rule file: ParseRules must never crash, and a parsed rule has what its kind needs,
// at a line within the input. Then the input is split at its first NUL byte into a pattern and a
// text, and GlobMatch must agree with a plain dynamic-programming match (on short inputs, where
// the quadratic reference is cheap), and the two spellings of a method name must behave
// (model/method_spelling.h).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/load/rule_file.h"
#include "profdiff/model/method_spelling.h"

namespace {

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "rule_file_fuzzer: %s\n", what);
  std::abort();
}

bool ReferenceMatch(std::string_view pattern, std::string_view text) {
  // match[j]: pattern[0, i) matches text[0, j).
  std::vector<char> match(text.size() + 1, 0), next(text.size() + 1, 0);
  match[0] = 1;
  for (char p : pattern) {
    next.assign(text.size() + 1, 0);
    for (size_t j = 0; j <= text.size(); ++j) {
      if (p == '*') {
        next[j] = match[j] || (j > 0 && next[j - 1]);
      } else if (j > 0 && (p == '?' || p == text[j - 1])) {
        next[j] = match[j - 1];
      }
    }
    match.swap(next);
  }
  return match[text.size()] != 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  int64_t lines = 1;
  for (char c : input) lines += c == '\n' ? 1 : 0;
  absl::StatusOr<profdiff::RuleFile> file = profdiff::ParseRules(input, "fuzz.rules");
  if (file.ok()) {
    for (const profdiff::Rule& rule : file->rules) {
      if (rule.line < 1 || rule.line > lines) Die("a rule's line is outside the input");
      if (rule.caller.empty()) Die("a rule without its first pattern");
      if (rule.kind != profdiff::RuleKind::kCompiled && rule.callee.empty()) {
        Die("a call rule without its callee");
      }
    }
  } else if (file.status().message().substr(0, 11) != "fuzz.rules:") {
    Die("a syntax error that does not name the file");
  }
  const size_t nul = input.find('\0');
  if (nul != std::string_view::npos && size <= 512) {
    const std::string_view pattern = input.substr(0, nul);
    const std::string_view text = input.substr(nul + 1);
    if (profdiff::GlobMatch(pattern, text) != ReferenceMatch(pattern, text)) {
      Die("GlobMatch disagrees with the reference");
    }
    // Both spellings of a name: a simple spelling is its own, and a pattern that matches a name
    // as it is also matches it as a method name.
    const std::string simple = profdiff::SimpleSpelling(text);
    if (profdiff::SimpleSpelling(simple) != simple) Die("SimpleSpelling is not idempotent");
    if (profdiff::GlobMatch(pattern, text) &&
        !profdiff::MethodGlobMatch(pattern, profdiff::SimpleSpelling(pattern), text)) {
      Die("MethodGlobMatch rejects what GlobMatch matches");
    }
  }
  return 0;
}
