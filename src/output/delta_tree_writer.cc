#include "profdiff/output/delta_tree_writer.h"

#include "profdiff/output/record_builders.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {

void WriteInliningDeltaTree(LineWriter& out, const DeltaTree& delta, const InliningTree& left,
                            const InliningTree& right, const Options& options) {
  TreeRecord record;
  BuildInliningDeltaRecord(TreeMatch{delta, 0}, left, right, options, &record);
  WriteTreeText(out, record, options);
}

void WriteOptimizationDeltaTree(LineWriter& out, const DeltaTree& delta,
                                const OptimizationTree& left, const OptimizationTree& right,
                                const Options& options) {
  TreeRecord record;
  BuildOptimizationDeltaRecord(TreeMatch{delta, 0}, left, right, &record);
  WriteTreeText(out, record, options);
}

void WriteOctDeltaTree(LineWriter& out, const DeltaTree& delta, const OptimizationContextTree& left,
                       const OptimizationContextTree& right, const Options& options) {
  TreeRecord record;
  BuildContextDeltaRecord(TreeMatch{delta, 0}, left, right, options, &record);
  WriteTreeText(out, record, options);
}

}  // namespace profdiff
