#include "cli/profdiff_main.h"

int main(int argc, char** argv) { return profdiff::ProfdiffMain(argc, argv); }
