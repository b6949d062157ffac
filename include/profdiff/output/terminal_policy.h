#ifndef PROFDIFF_OUTPUT_TERMINAL_POLICY_H_
#define PROFDIFF_OUTPUT_TERMINAL_POLICY_H_

// Whether output is dressed for a terminal (README "Colour and progress"): decided once, from
// the option, then the environment, then whether the stream is a terminal, as ripgrep and git
// do.

#include "profdiff/options.h"

namespace profdiff {

// --color: `always` and `never` win; `auto` colours when `stdout_is_terminal`, NO_COLOR is
// unset or empty (no-color.org) and TERM is set and not "dumb". `no_color` and `term` are the
// variables' values, nullptr when unset.
bool ShouldUseColor(WhenMode mode, bool stdout_is_terminal, const char* no_color, const char* term);

// --progress: `always` and `never` win; `auto` shows progress when `stderr_is_terminal`, TERM is
// set and not "dumb", and stdout is not a pipe: the reader of a pipe (a pager, `head`) usually
// draws on the same terminal, and a progress line would break into its screen. Pipes, files and
// CI logs on stderr never get it.
bool ShouldShowProgress(WhenMode mode, bool stderr_is_terminal, bool stdout_is_pipe,
                        const char* term);

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TERMINAL_POLICY_H_
