#ifndef PROFDIFF_TESTS_SANITIZED_BUILD_H_
#define PROFDIFF_TESTS_SANITIZED_BUILD_H_

// Whether a test runs in the sanitized build (scripts/test.sh's build-asan/: GCC announces
// AddressSanitizer with __SANITIZE_ADDRESS__, clang with __has_feature). A test that repeats one
// check over many random inputs runs fewer rounds there: every round takes the same code paths,
// the Release build runs them all, and under ASan such tests were minutes of CI's time.

namespace profdiff::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// `rounds` in the Release build, a quarter of them (at least one) in the sanitized one.
constexpr int Rounds(int rounds) { return kSanitizedBuild ? (rounds + 3) / 4 : rounds; }

}  // namespace profdiff::test

#endif  // PROFDIFF_TESTS_SANITIZED_BUILD_H_
