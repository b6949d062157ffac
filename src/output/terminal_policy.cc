#include "profdiff/output/terminal_policy.h"

#include <string_view>

namespace profdiff {

namespace {

// A terminal that understands escape sequences: TERM set and not "dumb".
bool CapableTerminal(const char* term) {
  return term != nullptr && *term != '\0' && std::string_view(term) != "dumb";
}

}  // namespace

bool ShouldUseColor(WhenMode mode, bool stdout_is_terminal, const char* no_color,
                    const char* term) {
  switch (mode) {
    case WhenMode::kAlways:
      return true;
    case WhenMode::kNever:
      return false;
    case WhenMode::kAuto:
      break;
  }
  const bool no_color_set = no_color != nullptr && *no_color != '\0';
  return stdout_is_terminal && !no_color_set && CapableTerminal(term);
}

bool ShouldShowProgress(WhenMode mode, bool stderr_is_terminal, bool stdout_is_pipe,
                        const char* term) {
  switch (mode) {
    case WhenMode::kAlways:
      return true;
    case WhenMode::kNever:
      return false;
    case WhenMode::kAuto:
      break;
  }
  return stderr_is_terminal && !stdout_is_pipe && CapableTerminal(term);
}

}  // namespace profdiff
