#include "profdiff/terminal_policy.h"

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

}  // namespace profdiff
