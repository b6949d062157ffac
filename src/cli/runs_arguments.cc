#include "cli/runs_arguments.h"

#include <algorithm>

#include "cli/option_values.h"
#include "profdiff/commands/commands.h"

namespace profdiff {

namespace {

std::string Quoted(std::string_view text) {
  std::string quoted = "\"";
  quoted += text;
  quoted += '"';
  return quoted;
}

// A share in [0, 1] (NaN is not).
std::string ParseShare(std::string_view name, std::string_view value, double* out) {
  std::optional<double> parsed = ParseDoubleValue(value);
  if (!parsed) return std::string(name) + ": expected a number, got " + Quoted(value);
  if (!(*parsed >= 0 && *parsed <= 1)) {
    return std::string(name) + " must be between 0 and 1, got " + Quoted(value);
  }
  *out = *parsed;
  return "";
}

}  // namespace

const std::vector<RunsOptionSpec>& RunsOptionSpecs() {
  static const std::vector<RunsOptionSpec>* const kSpecs = new std::vector<RunsOptionSpec>{
      {"--exp1", "LOG PROF", "",
       "Required: a run of experiment 1 (the baseline): its optimization log and profile. Give "
       "one pair per run, after one --exp1 or each after its own"},
      {"--exp2", "LOG PROF", "", "Required: a run of experiment 2 (the change), like --exp1"},
      {"--stable-share", "NUMBER", "0.8",
       "A difference is stable when it is in at least this share (0 to 1) of the cross pairs"},
      {"--noise-share", "NUMBER", "0.2",
       "... and in at most this share (0 to 1) of the same-side pairs; otherwise it is noise"},
      {"--show-noise", "BOOL", "false",
       "List the noise differences too (with --format=json they are always there)"},
  };
  return *kSpecs;
}

bool IsRunsOption(std::string_view name) {
  for (const RunsOptionSpec& spec : RunsOptionSpecs()) {
    if (spec.name == name) return true;
  }
  return false;
}

std::string ScanRunsOption(const std::vector<std::string>& args, size_t* i,
                           bool (*is_command)(std::string_view), bool command_seen,
                           RunsOptions* runs) {
  const std::string& arg = args[*i];
  const size_t equals = arg.find('=');
  const std::string name = arg.substr(0, equals);
  if (name == "--exp1" || name == "--exp2") {
    std::vector<std::string> values;
    if (equals != std::string::npos) values.push_back(arg.substr(equals + 1));
    while (*i + 1 < args.size()) {
      const std::string& next = args[*i + 1];
      if (next.starts_with("-")) break;
      if (!command_seen && is_command(next)) break;
      values.push_back(next);
      ++*i;
    }
    if (values.empty()) return name + ": missing LOG PROF";
    std::vector<RunInput>& side = runs->runs[name == "--exp1" ? 0 : 1];
    // With a HotSpot log among them, the values are told apart by what they are: a HotSpot log
    // may come without its profile (docs/runs.md).
    if (std::any_of(values.begin(), values.end(), IsHotSpotLogArgument)) {
      absl::StatusOr<std::vector<RunInput>> classified = ClassifyRunArguments(name, values);
      if (!classified.ok()) return std::string(classified.status().message());
      side.insert(side.end(), classified->begin(), classified->end());
      return "";
    }
    if (values.size() % 2 != 0) {
      return name + " takes an optimization-log directory and a profile per run (LOG PROF ...), " +
             "got " + std::to_string(values.size()) + (values.size() == 1 ? " value" : " values");
    }
    for (size_t v = 0; v < values.size(); v += 2) side.push_back({values[v], values[v + 1]});
    return "";
  }
  std::string value;
  if (equals != std::string::npos) {
    value = arg.substr(equals + 1);
  } else if (*i + 1 < args.size()) {
    value = args[++*i];
  } else {
    return name + ": missing value";
  }
  if (name == "--stable-share") return ParseShare(name, value, &runs->stable_share);
  if (name == "--noise-share") return ParseShare(name, value, &runs->noise_share);
  std::optional<bool> flag = ParseBoolValue(value);
  if (!flag) return name + ": expected true or false, got " + Quoted(value);
  runs->show_noise = *flag;
  return "";
}

std::string ValidateRuns(const RunsOptions& runs) {
  if (runs.runs[0].empty()) return "jit-vs-jit-runs: missing --exp1 LOG PROF";
  if (runs.runs[1].empty()) return "jit-vs-jit-runs: missing --exp2 LOG PROF";
  // Shares need every run's profile; without any, methods are compared by where they were
  // compiled. Half and half has no meaning (docs/runs.md).
  std::string with, without;  // the first run with a profile and the first without, named
  for (int e = 0; e < 2; ++e) {
    for (size_t r = 0; r < runs.runs[e].size(); ++r) {
      std::string& name = runs.runs[e][r].profile.empty() ? without : with;
      if (name.empty()) {
        name = "run " + std::to_string(r + 1) + " of experiment " + std::to_string(e + 1) + " (" +
               Quoted(runs.runs[e][r].log) + ")";
      }
    }
  }
  if (!with.empty() && !without.empty()) {
    return "jit-vs-jit-runs: " + without + " has no profile and " + with +
           " has one: give every run its profile, or none";
  }
  return "";
}

}  // namespace profdiff
