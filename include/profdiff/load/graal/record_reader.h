#ifndef PROFDIFF_LOAD_GRAAL_RECORD_READER_H_
#define PROFDIFF_LOAD_GRAAL_RECORD_READER_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/model/tree_counts.h"

namespace profdiff {

// What a record (one line of an optimization log) says about its compilation unit, apart from
// the trees: the values of the top-level "methodName" and "compilationId" keys (formats.md §3.1
// duplicate-key rule: a repeated key wins until both keys have been seen, later ones are
// ignored). The method name is raw: it still carries any multi-method key.
struct UnitHeader {
  std::string method_name;
  std::string compilation_id;
};

struct RecordTrees {
  InliningTree inlining_tree;
  OptimizationTree optimization_tree;
};

// Why a record is invalid: 1-based byte column inside the line and what was expected there,
// e.g. {57, "expected \"callsiteBci\" to be an integer"}.
struct RecordError {
  size_t column = 0;
  std::string message;
};

// Checks one record in full against the schema of formats.md §3.2-3.8 (README "Decisions":
// syntax, types, required keys, multi-method names everywhere) without building trees.
// Returns true and fills `header` when the record is valid; otherwise fills `error`. With a
// `counter`, the record's call sites and optimization entries are counted on the way
// (counter->Take() then holds them when the record is valid).
bool ValidateRecord(std::string_view line, UnitHeader* header, RecordError* error,
                    UnitCounter* counter = nullptr);

// Which trees ParseRecordTrees builds (the whole record is checked either way).
enum class TreeParts { kAll, kInliningTreeOnly };

// Parses a record that ValidateRecord accepted and builds its trees (with kInliningTreeOnly the
// optimization tree stays empty). Returns false (and fills `error`) only if the record is
// invalid after all.
bool ParseRecordTrees(std::string_view line, RecordTrees* trees, RecordError* error,
                      TreeParts parts = TreeParts::kAll);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_GRAAL_RECORD_READER_H_
