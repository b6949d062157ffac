// Positional arguments told apart by what they are (docs/hotspot.md "Arguments"): a directory
// is a Graal optimization log, a file that starts like <?xml ... <hotspot_log> a HotSpot
// compilation log, any other file the profile of the log before it.

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "load/log_format.h"
#include "profdiff/commands/commands.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

std::string Quoted(const std::string& text) { return absl::StrCat("\"", text, "\""); }

bool IsDirectory(const std::string& path) {
  struct stat status;
  return stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

bool IsHotSpotLog(const std::string& path) {
  std::string why;
  return ClassifyLogPath(path, &why) == LogPathKind::kHotSpotFile;
}

enum class ArgumentKind { kLog, kFile, kOther };

// What a positional of `command` is: an optimization log (a directory, a HotSpot log or an LLVM
// remarks file), another regular file, or something else. Fails when it cannot be examined.
absl::StatusOr<ArgumentKind> KindOf(std::string_view command, const std::string& argument) {
  struct stat status;
  if (stat(argument.c_str(), &status) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(AbslView(command), ": cannot use ",
                                                   Quoted(argument), ": ", std::strerror(errno)));
  }
  if (S_ISDIR(status.st_mode)) return ArgumentKind::kLog;
  std::string why;
  const LogPathKind log = ClassifyLogPath(argument, &why);
  if (log == LogPathKind::kHotSpotFile || log == LogPathKind::kLlvmRemarks)
    return ArgumentKind::kLog;
  return S_ISREG(status.st_mode) ? ArgumentKind::kFile : ArgumentKind::kOther;
}

}  // namespace

bool IsHotSpotLogArgument(const std::string& path) { return IsHotSpotLog(path); }

absl::StatusOr<std::vector<StatsExperimentArguments>> ClassifyStatsArguments(
    const std::vector<std::string>& positionals) {
  std::vector<StatsExperimentArguments> experiments;
  for (const std::string& argument : positionals) {
    absl::StatusOr<ArgumentKind> kind = KindOf("stats", argument);
    if (!kind.ok()) return kind.status();
    if (*kind == ArgumentKind::kLog) {
      if (experiments.size() == 2) {
        return absl::InvalidArgumentError(
            absl::StrCat("stats: ", Quoted(argument),
                         " would be a third optimization log; stats takes one or two"));
      }
      experiments.push_back({argument, std::nullopt});
      continue;
    }
    if (*kind != ArgumentKind::kFile) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument),
                       " is neither a directory (an optimization log) nor a regular file (a "
                       "HotSpot compilation log or a profile)"));
    }
    if (experiments.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument),
                       " is a file, but the first argument must be an optimization log (a "
                       "directory, a HotSpot compilation log or an LLVM remarks file)"));
    }
    if (experiments.back().profile.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("stats: ", Quoted(argument), " is a file after the profile ",
                       Quoted(*experiments.back().profile),
                       "; a profile follows the optimization log it is of"));
    }
    experiments.back().profile = argument;
  }
  if (experiments.empty()) {
    return absl::InvalidArgumentError("stats: missing argument optimization_log");
  }
  if (experiments.size() == 2 &&
      experiments[0].profile.has_value() != experiments[1].profile.has_value()) {
    const int with = experiments[0].profile.has_value() ? 1 : 2;
    return absl::InvalidArgumentError(
        absl::StrCat("stats: experiment ", with, " has a profile and experiment ", 3 - with,
                     " has none; compare two experiments with a profile each, or two without"));
  }
  return experiments;
}

absl::StatusOr<std::vector<StatsExperimentArguments>> ClassifyJitVsJitArguments(
    const std::vector<std::string>& positionals) {
  std::vector<StatsExperimentArguments> experiments;
  for (const std::string& argument : positionals) {
    absl::StatusOr<ArgumentKind> kind = KindOf("jit-vs-jit", argument);
    if (!kind.ok()) return kind.status();
    if (*kind == ArgumentKind::kLog) {
      if (!experiments.empty() && !experiments.back().profile.has_value() &&
          IsDirectory(experiments.back().log)) {
        return absl::InvalidArgumentError(absl::StrCat("jit-vs-jit: the Graal optimization log ",
                                                       Quoted(experiments.back().log),
                                                       " needs its proftool profile after it"));
      }
      if (experiments.size() == 2) {
        return absl::InvalidArgumentError(
            absl::StrCat("jit-vs-jit: ", Quoted(argument),
                         " would be a third optimization log; jit-vs-jit compares two"));
      }
      experiments.push_back({argument, std::nullopt});
      continue;
    }
    if (*kind != ArgumentKind::kFile || experiments.empty() ||
        experiments.back().profile.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "jit-vs-jit: ", Quoted(argument),
          " is not where a profile can be: each optimization log (a directory or a HotSpot "
          "compilation log) may be followed by its proftool profile"));
    }
    experiments.back().profile = argument;
  }
  if (experiments.size() != 2) {
    return absl::InvalidArgumentError(
        "jit-vs-jit: expected two optimization logs, each maybe followed by its profile");
  }
  if (!experiments.back().profile.has_value() && IsDirectory(experiments.back().log)) {
    return absl::InvalidArgumentError(absl::StrCat("jit-vs-jit: the Graal optimization log ",
                                                   Quoted(experiments.back().log),
                                                   " needs its proftool profile after it"));
  }
  return experiments;
}

absl::StatusOr<std::vector<RunInput>> ClassifyRunArguments(std::string_view option,
                                                           const std::vector<std::string>& values) {
  std::vector<RunInput> runs;
  bool open = false;  // the last run has no profile yet
  auto graal_without_profile = [&]() -> absl::Status {
    if (open && IsDirectory(runs.back().log)) {
      return absl::InvalidArgumentError(
          absl::StrCat(AbslView(option), ": the Graal optimization log ", Quoted(runs.back().log),
                       " needs its proftool profile after it"));
    }
    return absl::OkStatus();
  };
  for (const std::string& value : values) {
    absl::StatusOr<ArgumentKind> kind = KindOf(option, value);
    if (!kind.ok()) return kind.status();
    if (*kind == ArgumentKind::kLog) {
      if (absl::Status graal = graal_without_profile(); !graal.ok()) return graal;
      runs.push_back({value, ""});
      open = true;
      continue;
    }
    if (*kind != ArgumentKind::kFile || !open) {
      return absl::InvalidArgumentError(absl::StrCat(
          AbslView(option), ": ", Quoted(value),
          " is not where a profile can be: each optimization log (a directory or a HotSpot "
          "compilation log) may be followed by its profile"));
    }
    runs.back().profile = value;
    open = false;
  }
  if (absl::Status graal = graal_without_profile(); !graal.ok()) return graal;
  return runs;
}

bool IsLlvmRemarksArgument(const std::string& path) {
  std::string why;
  return ClassifyLogPath(path, &why) == LogPathKind::kLlvmRemarks;
}

absl::Status CheckLlvmRemarksArguments(std::string_view command,
                                       const std::vector<std::string>& positionals) {
  const bool any = std::any_of(positionals.begin(), positionals.end(), IsLlvmRemarksArgument);
  if (command == "aot-vs-aot") {
    if (any) {
      if (positionals.size() != 2 || !IsLlvmRemarksArgument(positionals[0]) ||
          !IsLlvmRemarksArgument(positionals[1])) {
        return absl::InvalidArgumentError(
            "aot-vs-aot: LLVM optimization remarks are compared two at a time, without "
            "profiles (their hotness is in the remarks): aot-vs-aot REMARKS_1 REMARKS_2");
      }
    } else if (positionals.size() < 4) {
      static constexpr const char* kNames[] = {"optimization_log_1", "proftool_output_1",
                                               "optimization_log_2", "proftool_output_2"};
      return absl::InvalidArgumentError(
          absl::StrCat("aot-vs-aot: missing argument ", kNames[positionals.size()]));
    }
    return absl::OkStatus();
  }
  if (!any || command == "report" || command == "stats" || command == "render" ||
      command == "help") {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      AbslView(command),
      ": LLVM optimization remarks are ahead-of-time compilers' decisions: print them with report "
      "REMARKS and compare two builds with aot-vs-aot REMARKS_1 REMARKS_2"));
}

absl::Status CheckAotCommandArguments(std::string_view command,
                                      const std::vector<std::string>& positionals) {
  // The positions of the ahead-of-time logs.
  std::vector<size_t> aot;
  if (command == "jit-vs-aot") aot = {2};
  if (command == "aot-vs-aot") aot = {0, 2};
  if (command == "aot-vs-aot-jit-profile") aot = {2, 3};
  for (size_t i : aot) {
    if (i >= positionals.size() || !IsHotSpotLog(positionals[i])) continue;
    return absl::InvalidArgumentError(absl::StrCat(
        AbslView(command), ": ", Quoted(positionals[i]),
        " is a HotSpot compilation log, where an ahead-of-time optimization log goes: HotSpot's "
        "C1 and C2 compile just in time, and an AOT log is a Graal Native Image optimization-log "
        "directory. Compare HotSpot logs with jit-vs-jit (or jit-vs-jit-runs)"));
  }
  if (command == "jit-vs-aot" && positionals.size() >= 2 && IsHotSpotLog(positionals[0]) &&
      (IsDirectory(positionals[1]) || IsHotSpotLog(positionals[1]))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "jit-vs-aot: the HotSpot compilation log ", Quoted(positionals[0]),
        " needs its profile after it (a proftool profile or a JFR recording of the same run): "
        "jit-vs-aot compares the ahead-of-time image's methods that are hot in the JIT run, and "
        "only a profile says which those are"));
  }
  return absl::OkStatus();
}

}  // namespace profdiff
