#include "profdiff/analysis/method_filter.h"

#include <re2/re2.h>

#include "profdiff/model/multi_method.h"

namespace profdiff {

namespace {

std::shared_ptr<const re2::RE2> Compile(std::string_view pattern) {
  RE2::Options options;
  options.set_log_errors(false);  // the command line reports the error
  options.set_encoding(RE2::Options::EncodingUTF8);
  return std::make_shared<const re2::RE2>(re2::StringPiece(pattern.data(), pattern.size()),
                                          options);
}

}  // namespace

MethodFilter::MethodFilter(std::string_view pattern) {
  if (!pattern.empty()) regex_ = Compile(pattern);
}

void MethodFilter::LearnSpellings(const Experiment& experiment) {
  if (regex_ == nullptr || !experiment.profile()) return;
  if (experiment.profile()->source == ProfileSource::kLlvmHotness) {
    // Every unit is an entry of the profile, which keeps only the top ones (Profile::code).
    for (const Compilation& unit : experiment.compilations()) {
      if (unit.is_fragment) continue;
      spellings_.Add(
          JoinMultiMethodName(experiment.method(unit.method).name, unit.multi_method_key));
    }
    return;
  }
  for (const ProfileEntry& entry : experiment.profile()->code) spellings_.Add(entry.name);
}

bool MethodFilter::Matches(std::string_view method_name) const {
  if (regex_ == nullptr) return true;
  if (!regex_->ok()) return false;
  for (const std::string& spelling : spellings_.Of(method_name)) {
    if (RE2::PartialMatch(re2::StringPiece(spelling.data(), spelling.size()), *regex_)) return true;
  }
  return false;
}

std::string MethodFilter::Problem(std::string_view pattern) {
  if (pattern.empty()) return "";
  std::shared_ptr<const re2::RE2> regex = Compile(pattern);
  if (regex->ok()) return "";
  return "expected a regular expression (RE2 syntax): " + regex->error();
}

}  // namespace profdiff
