#ifndef PROFDIFF_MODEL_GENERATED_NAMES_H_
#define PROFDIFF_MODEL_GENERATED_NAMES_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace profdiff {

// Classes the JVM generates at run time are named after an address or a counter that changes
// from run to run: the same lambda is `Scope$ScopeImpl$$Lambda/0x0000000049195b28` in one run
// and `...$$Lambda/0x0000000076195b28` in the next (issue 36, part 5). These functions give such
// a method a name that survives runs, its stable identity (docs/decisions.md, "Generated classes
// keep their identity").

enum class GeneratedKind {
  kNone,        // an ordinary class
  kLambda,      // `Outer$$Lambda/0x...`, `Outer$$Lambda$217/0x...` (JDK 17), `Outer$$Lambda$17`
  kLambdaForm,  // `java.lang.invoke.LambdaForm$MH/0x...` (also $DMH, $BMH, ...)
  kProxy,       // `jdk.proxy1.$Proxy12`, `com.sun.proxy.$Proxy3`
  kHidden,      // any other hidden class: `Name/0x...`
};

// What kind of generated class declares the method `name` (`pkg.Class.method(params)`).
GeneratedKind GeneratedKindOf(std::string_view name);

// `name` with the run-dependent parts of its class removed: a hidden class's `/0x...` (or
// `/123`) suffix, a lambda's `$$Lambda$217` counter, a proxy's `$Proxy12` counter and
// `jdk.proxy1` package number. `name` itself when it is no generated class's method.
std::string StrippedGeneratedName(std::string_view name);

// A call in a method's body: the callee's name and its bci.
struct BodyCall {
  std::string callee;
  int bci = -1;
};

// The call that tells a lambda method apart from the other lambdas of its outer class: the
// first (by bci) call of an outer class's `lambda$NAME$N` method, else, for a method reference,
// the first call that is not boxing or unboxing (`Integer.valueOf`, `intValue()`, ...) or
// `Objects.requireNonNull`, a generated class's method by its StrippedGeneratedName. nullopt
// when there is none (or `name` is no lambda's method).
std::optional<std::string> LambdaBodyCall(std::string_view name, std::vector<BodyCall> calls);

// The stable identity of a generated class's method: the stripped name with the body's call in
// brackets after the class, `Outer$$Lambda[lambda$iterator$0].iterator()` (a `lambda$` method
// of the outer class by its simple name, any other callee by its full name), or the stripped
// name when the body's call is unknown. `name` itself when it is no generated class's method.
std::string GeneratedIdentity(std::string_view name, const std::optional<std::string>& body_call);

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_GENERATED_NAMES_H_
