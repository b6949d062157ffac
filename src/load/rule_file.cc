#include "profdiff/load/rule_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "profdiff/model/method_spelling.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
  return text;
}

// The line without its comment: from a `#` at the start or after a blank (method names hold
// no `#` after a blank).
std::string_view WithoutComment(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || IsBlank(line[i - 1]))) return line.substr(0, i);
  }
  return line;
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view text) {
  // The classic two-pointer match: on a mismatch, go back to the last `*` and let it take one
  // more character.
  size_t p = 0, t = 0;
  size_t star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    // A `*` is a wildcard even where the text has a `*` too: test it first.
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool MethodGlobMatch(std::string_view pattern, std::string_view simple_pattern,
                     std::string_view name) {
  return GlobMatch(pattern, name) || GlobMatch(simple_pattern, SimpleSpelling(name));
}

absl::StatusOr<RuleFile> ParseRules(std::string_view text, std::string path) {
  RuleFile file;
  file.path = std::move(path);
  int64_t number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    line = Trim(WithoutComment(line));
    if (line.empty()) continue;
    auto fail = [&](std::string_view what) {
      return absl::InvalidArgumentError(absl::StrCat(file.path, ":", number, ": ", AbslView(what),
                                                     ", got \"", AbslView(line), "\""));
    };
    const size_t space = line.find_first_of(" \t");
    const std::string_view word = line.substr(0, space);
    const std::string_view rest =
        space == std::string_view::npos ? std::string_view() : Trim(line.substr(space));
    Rule rule;
    rule.line = number;
    rule.text = std::string(line);
    if (word == "compiled") {
      rule.kind = RuleKind::kCompiled;
      if (rest.empty()) return fail("expected a method pattern after \"compiled\"");
      if (rest.find("->") != std::string_view::npos) {
        return fail("expected \"compiled METHOD\" (without \"->\")");
      }
      rule.caller = std::string(rest);
    } else if (word == "inlined" || word == "not-inlined") {
      rule.kind = word == "inlined" ? RuleKind::kInlined : RuleKind::kNotInlined;
      const size_t arrow = rest.find("->");
      if (arrow == std::string_view::npos || rest.find("->", arrow + 2) != std::string_view::npos) {
        return fail(absl::StrCat("expected \"", AbslView(word), " CALLER -> CALLEE\""));
      }
      const std::string_view caller = Trim(rest.substr(0, arrow));
      const std::string_view callee = Trim(rest.substr(arrow + 2));
      if (caller.empty() || callee.empty()) {
        return fail(absl::StrCat("expected \"", AbslView(word), " CALLER -> CALLEE\""));
      }
      rule.caller = std::string(caller);
      rule.callee = std::string(callee);
    } else {
      return fail(
          "expected a rule: \"inlined CALLER -> CALLEE\", \"not-inlined CALLER -> "
          "CALLEE\" or \"compiled METHOD\"");
    }
    file.rules.push_back(std::move(rule));
  }
  return file;
}

absl::StatusOr<RuleFile> ReadRuleFile(const std::string& path) {
  struct stat status;
  if (stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--require: ", path, ": cannot read the rule file (Is a directory)"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--require: ", path, ": cannot read the rule file (", std::strerror(errno), ")"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--require: ", path, ": cannot read the rule file"));
  }
  return ParseRules(text.str(), path);
}

}  // namespace profdiff
