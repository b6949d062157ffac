#ifndef PROFDIFF_COMPILATION_TREES_H_
#define PROFDIFF_COMPILATION_TREES_H_

#include "absl/status/statusor.h"
#include "profdiff/experiment.h"
#include "profdiff/options.h"
#include "profdiff/record_reader.h"

namespace profdiff {

// The raw trees of a compilation, read anew from the log: a unit's own trees, or for a
// fragment the part of its parent's trees it covers (algorithms.md §8.2).
absl::StatusOr<RecordTrees> LoadRawTrees(const Experiment& experiment,
                                         CompilationIndex compilation);

// LoadRawTrees followed by the preprocessing the options ask for (§7).
absl::StatusOr<RecordTrees> LoadPreprocessedTrees(const Experiment& experiment,
                                                  CompilationIndex compilation,
                                                  const Options& options);

// The fragment trees of §8.2, from the parent's raw trees.
RecordTrees ExtractFragmentTrees(const RecordTrees& parent, const std::vector<uint32_t>& child_path,
                                 const Path& inlining_path);

}  // namespace profdiff

#endif  // PROFDIFF_COMPILATION_TREES_H_
