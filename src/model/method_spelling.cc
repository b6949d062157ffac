#include "profdiff/model/method_spelling.h"

#include <algorithm>

namespace profdiff {

namespace {

bool IsNameCharacter(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '*' || c == '?' || u >= 0x80;
}

}  // namespace

std::string SimpleSpelling(std::string_view name) {
  std::string simple;
  simple.reserve(name.size());
  int depth = 0;
  size_t run = 0;  // where the run of name characters being copied begins in `simple`
  for (char c : name) {
    if (depth > 0 && c == '.' && run < simple.size()) {
      simple.resize(run);  // a package (or an outer name) and its dot
      continue;
    }
    simple += c;
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (!IsNameCharacter(c)) run = simple.size();
  }
  return simple;
}

void MethodSpellings::Add(std::string_view name) {
  std::vector<std::string>& known = by_simple_[SimpleSpelling(name)];
  if (std::find(known.begin(), known.end(), name) == known.end()) known.emplace_back(name);
}

std::vector<std::string> MethodSpellings::Of(std::string_view name) const {
  std::vector<std::string> spellings{std::string(name)};
  auto add = [&](std::string_view spelling) {
    if (std::find(spellings.begin(), spellings.end(), spelling) == spellings.end()) {
      spellings.emplace_back(spelling);
    }
  };
  std::string simple = SimpleSpelling(name);
  add(simple);
  if (auto it = by_simple_.find(simple); it != by_simple_.end()) {
    for (const std::string& spelling : it->second) add(spelling);
  }
  return spellings;
}

}  // namespace profdiff
