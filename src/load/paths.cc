#include "load/paths.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace profdiff {

std::string NormalizePath(std::string_view path) {
  std::string normalized;
  normalized.reserve(path.size());
  for (char c : path) {
    if (c == '/' && !normalized.empty() && normalized.back() == '/') continue;
    normalized.push_back(c);
  }
  if (normalized.size() > 1 && normalized.back() == '/') normalized.pop_back();
  return normalized;
}

std::string AbsolutePath(std::string_view path) {
  std::string normalized = NormalizePath(path);
  if (!normalized.empty() && normalized[0] == '/') return normalized;
  std::vector<char> buffer(4096);
  while (getcwd(buffer.data(), buffer.size()) == nullptr) {
    // Without a working directory the relative path is the best name there is.
    if (errno != ERANGE) return normalized;
    buffer.resize(buffer.size() * 2);
  }
  std::string absolute(buffer.data());
  if (normalized.empty()) return absolute;
  if (absolute.back() != '/') absolute.push_back('/');
  absolute += normalized;
  return absolute;
}

std::string ErrnoText(int error) {
  char buffer[256];
  // The GNU and the XSI strerror_r differ in their return type; both overloads are handled.
  struct Pick {
    const char* buffer;
    const char* operator()(int result) const { return result == 0 ? buffer : "Unknown error"; }
    const char* operator()(const char* result) const { return result; }
  };
  return Pick{buffer}(strerror_r(error, buffer, sizeof(buffer)));
}

}  // namespace profdiff
