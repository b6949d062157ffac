#ifndef PROFDIFF_MODEL_HOTSPOT_INSTALLS_H_
#define PROFDIFF_MODEL_HOTSPOT_INSTALLS_H_

// When a HotSpot compilation log says each compilation's code was installed (`<nmethod>`) and
// made not entrant (`<make_not_entrant>`), from the log's tty section: the exact times that
// attribute a JFR recording's samples of the same run (docs/jfr.md "A finer source of install
// times").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace profdiff {

struct HotSpotInstall {
  std::string compile_id;  // as the log writes it (no '%' for OSR)
  // The method as the log spells it: "java.util.HashMap", "getNode", "(ILjava/lang/Object;)...".
  std::string holder;
  std::string name;
  std::string descriptor;
  int8_t level = 0;
  bool osr = false;
  int64_t installed = 0;  // nanoseconds since the VM started (the log's stamps)
  // <nmethod count='...'>: how many times the method had been invoked when the code was installed
  // (1: only the activation that is still running, whose loop got the method compiled).
  std::optional<int64_t> invocations;
  std::optional<int64_t> not_entrant;  // the same clock; nullopt: never made not entrant
};

struct HotSpotInstalls {
  // <hotspot_log time_ms='...'>: the VM's start in milliseconds since the epoch.
  std::optional<int64_t> vm_start_ms;
  // <hotspot_log process='...'>: the process id of the VM that wrote the log.
  std::optional<int64_t> process;
  std::vector<HotSpotInstall> code;  // in the order the log installed them
};

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_HOTSPOT_INSTALLS_H_
