#ifndef PROFDIFF_CLI_PROFDIFF_MAIN_H_
#define PROFDIFF_CLI_PROFDIFF_MAIN_H_

namespace profdiff {

// Parses the command line, runs the command, returns the exit code.
int ProfdiffMain(int argc, char** argv);

}  // namespace profdiff

#endif  // PROFDIFF_CLI_PROFDIFF_MAIN_H_
