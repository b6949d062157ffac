#ifndef PROFDIFF_OUTPUT_RULE_CHECK_H_
#define PROFDIFF_OUTPUT_RULE_CHECK_H_

// Checking the rules of --require (docs/ci.md) against the call-sites record of a run, as it is
// written or as render reads it back.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "profdiff/load/rule_file.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

// The call-sites record, kept.
struct CallSiteFacts {
  struct Site {
    std::string compilation;
    std::optional<std::string> caller;
    std::optional<std::string> callee;
    int32_t bci = -1;
    std::string kind;
  };
  int experiment = 2;
  std::vector<std::string> compiled;
  std::vector<Site> sites;
};

class CallSiteFactsTally : public RecordObserver {
 public:
  void CallSites(const CallSitesRecord& record) override;

  // The facts of the last call-sites record, or nullopt when none came.
  std::optional<CallSiteFacts> facts() const;

 private:
  mutable std::mutex mutex_;
  std::optional<CallSiteFacts> facts_;
};

// One line (no '\\n') per broken rule of `rules`, in file order: the file, the line, the rule
// and the offending call sites (at most a few, then how many more).
std::vector<std::string> BrokenRules(const RuleFile& rules, const CallSiteFacts& facts);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RULE_CHECK_H_
