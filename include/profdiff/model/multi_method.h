#ifndef PROFDIFF_MODEL_MULTI_METHOD_H_
#define PROFDIFF_MODEL_MULTI_METHOD_H_

#include <optional>
#include <string>
#include <string_view>

namespace profdiff {

// A method name with its Native Image multi-method key split off (formats.md §4.2).
struct MultiMethodName {
  std::string name;                // e.g. "a.B.m(int)"
  std::optional<std::string> key;  // e.g. "Key"; nullopt when the raw name has no "%%"
};

// Splits `raw` ("a.B.m%%Key(int)"). Returns nullopt when the name is malformed: it contains
// "%%" but no '(' after the key start, or the stripped name still contains "%%".
std::optional<MultiMethodName> SplitMultiMethodName(std::string_view raw);

// The allocation-free core of SplitMultiMethodName: on success the stripped name is
// `prefix + suffix` and the key is `key` (all views into `raw`; for a name without "%%",
// prefix = raw and key/suffix are empty with *has_key = false). Returns false when malformed.
bool SplitMultiMethodNameParts(std::string_view raw, std::string_view* prefix,
                               std::string_view* key, std::string_view* suffix, bool* has_key);

// The raw name that SplitMultiMethodName split into `name` and `key`: the key goes back before
// the last '(' of the name ("a.B.m(int)", "Key" -> "a.B.m%%Key(int)"); without a key, the name.
std::string JoinMultiMethodName(std::string_view name, const std::optional<std::string>& key);

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_MULTI_METHOD_H_
