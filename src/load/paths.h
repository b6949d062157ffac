#ifndef PROFDIFF_LOAD_PATHS_H_
#define PROFDIFF_LOAD_PATHS_H_

// How the loaders name files in messages (formats.md §2, §2.2, §5.2).

#include <string>
#include <string_view>

namespace profdiff {

// The path as the reference prints it: runs of '/' collapsed to one, a trailing '/' removed
// (except for the root "/"); "." and ".." are kept.
std::string NormalizePath(std::string_view path);

// NormalizePath(path), prefixed with the working directory and '/' when relative
// ("./logs//" in /home/u gives "/home/u/./logs").
std::string AbsolutePath(std::string_view path);

// The C library's text for an errno value, e.g. "No such file or directory".
std::string ErrnoText(int error);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_PATHS_H_
