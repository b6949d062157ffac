#ifndef PROFDIFF_LOAD_HOTSPOT_JAVA_NAMES_H_
#define PROFDIFF_LOAD_HOTSPOT_JAVA_NAMES_H_

// HotSpot's spellings of classes, types and methods turned into the names Graal's optimization
// logs use (docs/hotspot.md "Names"): `java.util.HashMap.getNode(Object)`, the holder fully
// qualified, the parameter types without their package, arrays as `byte[]`.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace profdiff {

// A class or type name of a <klass>/<type> element or a descriptor's class, as Java source
// writes it, fully qualified: "java.lang.String", "[B" -> "byte[]", "[Ljava.lang.Object;" ->
// "java.lang.Object[]", "java/lang/String" -> "java.lang.String". A hidden class keeps its
// "/0x..." suffix ("Foo$$Lambda/0x0000000800c01234").
std::string QualifiedTypeName(std::string_view name);

// The name without its package: "java.util.HashMap$Node[]" -> "HashMap$Node[]".
std::string_view SimpleTypeName(std::string_view qualified);

// "<holder>.<name>(<parameter>, <parameter>)" with the parameter types already simple.
std::string GraalMethodName(std::string_view holder, std::string_view name,
                            std::span<const std::string_view> parameters);
// The length of that name, and the name written at `out`, which has room for that many bytes:
// a task's symbols spell every method straight into their arena (task_symbols.h).
size_t GraalMethodNameSize(std::string_view holder, std::string_view name,
                           std::span<const std::string_view> parameters);
void WriteGraalMethodName(std::string_view holder, std::string_view name,
                          std::span<const std::string_view> parameters, char* out);

// The method of a <task method='java.util.HashMap getNode (Ljava/lang/Object;)Ljava/util/...;'>
// attribute in Graal's spelling; nullopt when the text is not "holder name (descriptor)".
std::optional<std::string> MethodNameFromDescriptor(std::string_view text);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_JAVA_NAMES_H_
