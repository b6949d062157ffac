// Symbols whose names need quoting in YAML: operators, templates over function types, an
// anonymous namespace, and a file name with spaces (the DebugLoc's File).
#include <cstdio>
#include <map>
#include <string>

namespace {
struct Key {
  int a, b;
  bool operator<(const Key& other) const { return a < other.a || (a == other.a && b < other.b); }
};
}  // namespace

template <typename F>
int apply_twice(F f, int x) {
  return f(f(x));
}

int main(int argc, char**) {
  std::map<Key, std::string> names;
  for (int i = 0; i < 64; ++i) names[Key{i % 5, i}] = std::to_string(i * argc);
  int total = 0;
  for (const auto& [key, value] : names) total += static_cast<int>(value.size()) + key.b;
  total += apply_twice([](int v) { return v * 2 + 1; }, argc);
  std::printf("%d\n", total);
  return 0;
}
