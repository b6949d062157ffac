#ifndef PROFDIFF_TESTS_TEST_PATHS_H_
#define PROFDIFF_TESTS_TEST_PATHS_H_

// Where a test finds the profdiff binary, the source tree and the benchmark data generator.
// tests/CMakeLists.txt writes them to test_paths.txt beside the test binaries, and a test reads
// them when it runs. They are not compiled in: a path in a compile command makes the same
// commit's objects differ between two clones, and so every test a ccache miss in CI's clone
// (README "Testing").

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace profdiff::test {

namespace internal {

// The value of the `key=` line of test_paths.txt, next to the running test binary; aborts with
// a message when the file or the line is missing (a build that did not run CMake's generate).
inline std::string TestPath(std::string_view key) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path file = self.parent_path() / "test_paths.txt";
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() > key.size() && line.compare(0, key.size(), key) == 0 &&
        line[key.size()] == '=') {
      return line.substr(key.size() + 1);
    }
  }
  std::fprintf(stderr, "%s: no \"%.*s=\" line (tests/CMakeLists.txt writes it)\n", file.c_str(),
               static_cast<int>(key.size()), key.data());
  std::abort();
}

}  // namespace internal

// The profdiff binary of this build.
inline const std::string& ProfdiffBinary() {
  static const std::string path = internal::TestPath("profdiff");
  return path;
}

// The source tree (fixtures/, docs/; ../shared beside it).
inline const std::string& SourceDir() {
  static const std::string path = internal::TestPath("source");
  return path;
}

// bench/generate's binary, profdiff_generate.
inline const std::string& GeneratorBinary() {
  static const std::string path = internal::TestPath("generator");
  return path;
}

}  // namespace profdiff::test

#endif  // PROFDIFF_TESTS_TEST_PATHS_H_
