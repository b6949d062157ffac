#include "profdiff/analysis/method_filter.h"

#include <re2/re2.h>

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
