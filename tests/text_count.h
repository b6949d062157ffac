#ifndef PROFDIFF_TESTS_TEXT_COUNT_H_
#define PROFDIFF_TESTS_TEXT_COUNT_H_

#include <cstddef>
#include <string>

namespace profdiff {

// How often `what` occurs in `text`, overlapping occurrences included.
inline size_t CountOf(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace profdiff

#endif  // PROFDIFF_TESTS_TEXT_COUNT_H_
