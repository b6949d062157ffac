#include "profdiff/output/rule_check.h"

#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "profdiff/model/method_spelling.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The offending call sites a message names before it says how many more there are.
constexpr size_t kNamedSites = 3;

// A rule's pattern and its simple spelling: what MethodGlobMatch compares names with.
struct NamePattern {
  explicit NamePattern(const std::string& text) : pattern(text), simple(SimpleSpelling(text)) {}
  bool Matches(std::string_view name) const { return MethodGlobMatch(pattern, simple, name); }
  bool Matches(const std::optional<std::string>& name) const {
    return name.has_value() && Matches(std::string_view(*name));
  }
  std::string pattern;
  std::string simple;
};

std::string SiteText(const CallSiteFacts::Site& site) {
  return absl::StrCat(site.callee.value_or("(unknown)"), " at bci ", site.bci, " in ",
                      site.caller.value_or("(unknown)"), " is ", site.kind, " (compilation ",
                      site.compilation, ")");
}

}  // namespace

void CallSiteFactsTally::CallSites(const CallSitesRecord& record) {
  CallSiteFacts facts;
  facts.experiment = record.experiment;
  facts.compiled.reserve(record.compiled.size());
  for (std::string_view name : record.compiled) facts.compiled.emplace_back(name);
  facts.sites.reserve(record.sites.size());
  for (const CallSiteFactRecord& site : record.sites) {
    CallSiteFacts::Site& kept = facts.sites.emplace_back();
    kept.compilation = std::string(site.compilation);
    if (site.caller) kept.caller = std::string(*site.caller);
    if (site.callee) kept.callee = std::string(*site.callee);
    kept.bci = site.bci;
    kept.kind = std::string(site.kind);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  facts_ = std::move(facts);
}

std::optional<CallSiteFacts> CallSiteFactsTally::facts() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return facts_;
}

std::vector<std::string> BrokenRules(const RuleFile& rules, const CallSiteFacts& facts) {
  std::vector<std::string> broken;
  for (const Rule& rule : rules.rules) {
    const std::string where =
        absl::StrCat("profdiff: ", rules.path, ":", rule.line, ": \"", rule.text,
                     "\" is broken in experiment ", facts.experiment, ": ");
    const NamePattern caller(rule.caller);
    if (rule.kind == RuleKind::kCompiled) {
      bool found = false;
      for (const std::string& name : facts.compiled) {
        found = found || caller.Matches(std::string_view(name));
      }
      if (!found) broken.push_back(where + "no compilation unit of a matching method");
      continue;
    }
    const bool want_inlined = rule.kind == RuleKind::kInlined;
    size_t matching = 0;
    std::vector<const CallSiteFacts::Site*> offending;
    const NamePattern callee(rule.callee);
    for (const CallSiteFacts::Site& site : facts.sites) {
      if (!caller.Matches(site.caller) || !callee.Matches(site.callee)) continue;
      ++matching;
      if ((site.kind == "inlined") != want_inlined) offending.push_back(&site);
    }
    if (want_inlined && matching == 0) {
      broken.push_back(where + "no matching call site in the hot code");
      continue;
    }
    if (offending.empty()) continue;
    std::string message =
        absl::StrCat(where, offending.size(), " of ", matching, " matching call sites ",
                     want_inlined ? "not inlined" : "inlined", ": ");
    for (size_t i = 0; i < offending.size() && i < kNamedSites; ++i) {
      if (i > 0) message += "; ";
      message += SiteText(*offending[i]);
    }
    if (offending.size() > kNamedSites) {
      absl::StrAppend(&message, "; and ", offending.size() - kNamedSites, " more");
    }
    broken.push_back(std::move(message));
  }
  return broken;
}

}  // namespace profdiff
