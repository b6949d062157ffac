#include "cli/profdiff_main.h"

namespace profdiff {

int ProfdiffMain(int, char**) { return 1; }

}  // namespace profdiff
