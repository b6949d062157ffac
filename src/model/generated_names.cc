#include "profdiff/model/generated_names.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace profdiff {
namespace {

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool IsAddressOrCounter(std::string_view s) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    return std::all_of(s.begin() + 2, s.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
  }
  return AllDigits(s);  // JDK 8 wrote the hidden suffix in decimal
}

// Where the class ends: before the last dot ahead of the parameter list.
size_t ClassEnd(std::string_view name) {
  const size_t open = name.find('(');
  const std::string_view head = name.substr(0, open);
  const size_t dot = head.rfind('.');
  return dot == std::string_view::npos ? 0 : dot;
}

struct StrippedClass {
  std::string name;
  GeneratedKind kind = GeneratedKind::kNone;
};

StrippedClass StripClass(std::string_view klass) {
  StrippedClass out;
  std::string_view rest = klass;
  bool hidden = false;
  const size_t slash = rest.rfind('/');
  if (slash != std::string_view::npos && IsAddressOrCounter(rest.substr(slash + 1))) {
    rest = rest.substr(0, slash);
    hidden = true;
  }
  static constexpr std::string_view kLambda = "$$Lambda";
  const size_t lambda = rest.rfind(kLambda);
  if (lambda != std::string_view::npos) {
    const std::string_view after = rest.substr(lambda + kLambda.size());
    const bool counter = after.size() > 1 && after[0] == '$' && AllDigits(after.substr(1));
    if (counter || (hidden && after.empty())) {
      out.name = std::string(rest.substr(0, lambda + kLambda.size()));
      out.kind = GeneratedKind::kLambda;
      return out;
    }
  }
  if (hidden) {
    out.name = std::string(rest);
    out.kind = rest.find("java.lang.invoke.LambdaForm$") == 0 ? GeneratedKind::kLambdaForm
                                                              : GeneratedKind::kHidden;
    return out;
  }
  static constexpr std::string_view kProxy = "$Proxy";
  const size_t dot = rest.rfind('.');
  const std::string_view package =
      dot == std::string_view::npos ? std::string_view() : rest.substr(0, dot + 1);
  const std::string_view simple = dot == std::string_view::npos ? rest : rest.substr(dot + 1);
  if (simple.substr(0, kProxy.size()) == kProxy && AllDigits(simple.substr(kProxy.size()))) {
    static constexpr std::string_view kProxyPackage = "jdk.proxy";
    std::string_view stable_package = package;
    if (package.substr(0, kProxyPackage.size()) == kProxyPackage &&
        AllDigits(
            package.substr(kProxyPackage.size(), package.size() - kProxyPackage.size() - 1))) {
      stable_package = "jdk.proxy.";
    }
    out.name = std::string(stable_package) + std::string(kProxy);
    out.kind = GeneratedKind::kProxy;
    return out;
  }
  out.name = std::string(klass);
  return out;
}

// The simple method name of `name` (`lambda$main$0` of `Outer.lambda$main$0(int)`), and its class.
std::string_view MethodPart(std::string_view name) {
  const size_t end = ClassEnd(name);
  std::string_view method = name.substr(end == 0 ? 0 : end + 1);
  return method.substr(0, method.find('('));
}

bool IsBoxingOrCheck(std::string_view callee) {
  static constexpr std::array<std::string_view, 8> kBoxes = {
      "java.lang.Boolean.", "java.lang.Byte.", "java.lang.Character.", "java.lang.Short.",
      "java.lang.Integer.", "java.lang.Long.", "java.lang.Float.",     "java.lang.Double."};
  const std::string_view method = MethodPart(callee);
  for (std::string_view box : kBoxes) {
    if (callee.substr(0, box.size()) != box) continue;
    if (method == "valueOf") return true;
    if (method.size() > 5 && method.substr(method.size() - 5) == "Value") return true;
  }
  return callee.substr(0, 32) == "java.util.Objects.requireNonNull";
}

}  // namespace

GeneratedKind GeneratedKindOf(std::string_view name) {
  const size_t end = ClassEnd(name);
  if (end == 0) return GeneratedKind::kNone;
  return StripClass(name.substr(0, end)).kind;
}

std::string StrippedGeneratedName(std::string_view name) {
  const size_t end = ClassEnd(name);
  if (end == 0) return std::string(name);
  StrippedClass klass = StripClass(name.substr(0, end));
  if (klass.kind == GeneratedKind::kNone) return std::string(name);
  return klass.name + std::string(name.substr(end));
}

std::optional<std::string> LambdaBodyCall(std::string_view name, std::vector<BodyCall> calls) {
  const size_t end = ClassEnd(name);
  if (end == 0) return std::nullopt;
  const StrippedClass klass = StripClass(name.substr(0, end));
  if (klass.kind != GeneratedKind::kLambda) return std::nullopt;
  const std::string outer = klass.name.substr(0, klass.name.size() - 8);  // without "$$Lambda"
  std::stable_sort(calls.begin(), calls.end(),
                   [](const BodyCall& a, const BodyCall& b) { return a.bci < b.bci; });
  for (const BodyCall& call : calls) {
    const std::string_view method = MethodPart(call.callee);
    if (method.substr(0, 7) != "lambda$") continue;
    const size_t callee_end = ClassEnd(call.callee);
    if (std::string_view(call.callee).substr(0, callee_end) == outer) return std::string(method);
    return call.callee;
  }
  for (const BodyCall& call : calls) {
    // A call of another generated class's method: by its name without address or counter.
    if (!IsBoxingOrCheck(call.callee)) return StrippedGeneratedName(call.callee);
  }
  return std::nullopt;
}

std::string GeneratedIdentity(std::string_view name, const std::optional<std::string>& body_call) {
  const size_t end = ClassEnd(name);
  if (end == 0) return std::string(name);
  const StrippedClass klass = StripClass(name.substr(0, end));
  if (klass.kind == GeneratedKind::kNone) return std::string(name);
  std::string identity = klass.name;
  if (body_call.has_value()) identity += "[" + *body_call + "]";
  identity += std::string(name.substr(end));
  return identity;
}

}  // namespace profdiff
