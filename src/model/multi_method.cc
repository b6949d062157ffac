#include "profdiff/model/multi_method.h"

namespace profdiff {

bool SplitMultiMethodNameParts(std::string_view raw, std::string_view* prefix,
                               std::string_view* key, std::string_view* suffix, bool* has_key) {
  constexpr std::string_view kSeparator = "%%";
  size_t s = raw.find(kSeparator);
  if (s == std::string_view::npos) {
    *prefix = raw;
    *key = {};
    *suffix = {};
    *has_key = false;
    return true;
  }
  size_t k = s + kSeparator.size();
  size_t e = raw.rfind('(');
  if (e == std::string_view::npos || k > e) return false;
  // raw[0:s] holds no "%%" (s is the first one) and raw[e] is '(', so a "%%" left in the
  // stripped name can only come from the suffix.
  if (raw.substr(e).find(kSeparator) != std::string_view::npos) return false;
  *prefix = raw.substr(0, s);
  *key = raw.substr(k, e - k);
  *suffix = raw.substr(e);
  *has_key = true;
  return true;
}

std::optional<MultiMethodName> SplitMultiMethodName(std::string_view raw) {
  std::string_view prefix, key, suffix;
  bool has_key = false;
  if (!SplitMultiMethodNameParts(raw, &prefix, &key, &suffix, &has_key)) return std::nullopt;
  MultiMethodName result;
  result.name.reserve(prefix.size() + suffix.size());
  result.name.append(prefix).append(suffix);
  if (has_key) result.key.emplace(key);
  return result;
}

std::string JoinMultiMethodName(std::string_view name, const std::optional<std::string>& key) {
  if (!key.has_value()) return std::string(name);
  const size_t paren = name.rfind('(');
  const size_t at = paren == std::string_view::npos ? name.size() : paren;
  std::string raw;
  raw.reserve(name.size() + 2 + key->size());
  raw.append(name.substr(0, at)).append("%%").append(*key).append(name.substr(at));
  return raw;
}

}  // namespace profdiff
