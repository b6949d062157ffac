#include "cli/command_table.h"

namespace profdiff {

const std::vector<CommandSpec>& CommandSpecs() {
  static const std::vector<CommandSpec>* const kSpecs = new std::vector<CommandSpec>{
      {"report",
       "Print the optimization log of a single experiment",
       {
           {"optimization_log", true, "DIR|FILE",
            "The experiment's optimization-log directory (Graal) or HotSpot compilation log"},
           {"proftool_output", false, "FILE",
            "Its profile: proftool's JSON or a JFR recording (.jfr)"},
       }},
      {"jit-vs-jit",
       "Compare two experiments compiled just in time",
       {
           // Not all required: with HotSpot logs the profiles are optional (the command line
           // checks, docs/hotspot.md "Arguments").
           {"optimization_log_1", true, "DIR|FILE",
            "Optimization-log directory (Graal) or HotSpot compilation log of the first JIT run"},
           {"proftool_output_1", false, "FILE",
            "Profile of the first JIT run: proftool's JSON or a JFR recording (optional after a "
            "HotSpot log)"},
           {"optimization_log_2", false, "DIR|FILE",
            "Optimization-log directory (Graal) or HotSpot compilation log of the second JIT run "
            "(required: shown in brackets because the first profile may be left out)"},
           {"proftool_output_2", false, "FILE",
            "Profile of the second JIT run: proftool's JSON or a JFR recording (optional after a "
            "HotSpot log)"},
       }},
      {"jit-vs-jit-runs",
       "Compare several runs of two JIT experiments: hotness with its spread, and the "
       "differences that survive the run-to-run noise",
       {}},
      {"jit-vs-aot",
       "Compare a just-in-time experiment with an ahead-of-time compiled image",
       {
           {"jit_optimization_log", true, "DIR|FILE",
            "Optimization-log directory (Graal) or HotSpot compilation log of the JIT run"},
           {"jit_proftool_output", true, "FILE",
            "Profile of the JIT run: proftool's JSON or a JFR recording (.jfr)"},
           {"aot_optimization_log", true, "DIR", "Optimization-log directory of the AOT build"},
           {"aot_proftool_output", false, "FILE",
            "proftool profile (JSON) of a run of the AOT image"},
       }},
      {"aot-vs-aot",
       "Compare two ahead-of-time compiled images, each with the profile of a run",
       {
           // Not all required: two LLVM remarks logs come without profiles (docs/llvm.md).
           {"optimization_log_1", true, "DIR|FILE",
            "Optimization-log directory of the first AOT build, or its LLVM remarks"},
           {"proftool_output_1", false, "FILE",
            "proftool profile (JSON) of the first AOT image (none with LLVM remarks)"},
           {"optimization_log_2", false, "DIR|FILE",
            "Optimization-log directory of the second AOT build, or its LLVM remarks"},
           {"proftool_output_2", false, "FILE",
            "proftool profile (JSON) of the second AOT image (none with LLVM remarks)"},
       }},
      {"aot-vs-aot-jit-profile",
       "Compare two ahead-of-time builds, taking hotness from the profile of a JIT run",
       {
           {"jit_optimization_log", true, "DIR",
            "Optimization-log directory of the JIT run that decides hotness"},
           {"proftool_output", true, "FILE", "proftool profile (JSON) of that JIT run"},
           {"aot_optimization_log_1", true, "DIR",
            "Optimization-log directory of the first AOT build"},
           {"aot_optimization_log_2", true, "DIR",
            "Optimization-log directory of the second AOT build"},
       }},
      {"stats",
       "Count call sites by kind and optimizations of one experiment, or compare two",
       {
           {"optimization_log", true, "DIR|FILE",
            "Optimization-log directory (Graal) or HotSpot compilation log of the experiment"},
           {"proftool_output", false, "FILE",
            "Its profile: proftool's JSON or a JFR recording (.jfr)"},
           {"optimization_log_2", false, "DIR|FILE",
            "Optimization log (directory or HotSpot log) of a second experiment to compare with"},
           {"proftool_output_2", false, "FILE",
            "Profile of the second experiment: proftool's JSON or a JFR recording"},
       }},
      {"render",
       "Write a JSON Lines file of --format=json again, in the format that --format asks for",
       {
           {"file", true, "FILE",
            "JSON Lines output of an earlier profdiff run with --format=json"},
       }},
      {"help",
       "Explain the usage of profdiff or of one of its commands",
       {
           {"command", false, "COMMAND", "The command to explain"},
       }},
  };
  return *kSpecs;
}

const CommandSpec* FindCommand(std::string_view name) {
  for (const CommandSpec& spec : CommandSpecs()) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

}  // namespace profdiff
