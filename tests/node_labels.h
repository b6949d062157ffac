#ifndef PROFDIFF_TESTS_NODE_LABELS_H_
#define PROFDIFF_TESTS_NODE_LABELS_H_

// Labels of hand-made tree records (output_records.h) for tests of the code that reads them.

#include <cstdint>
#include <string_view>

#include "profdiff/output/output_records.h"

namespace profdiff::test {

// A call site: its callsite kind ("root", "inlined", "direct", ...), method and bci.
inline NodeLabel InliningLabel(std::string_view callsite, std::string_view method, int32_t bci) {
  NodeLabel label;
  label.kind = LabelKind::kInlining;
  label.callsite = callsite;
  label.name = method;
  label.bci = bci;
  return label;
}

inline NodeLabel PhaseLabel(std::string_view name) {
  NodeLabel label;
  label.kind = LabelKind::kPhase;
  label.name = name;
  return label;
}

}  // namespace profdiff::test

#endif  // PROFDIFF_TESTS_NODE_LABELS_H_
