#ifndef PROFDIFF_ANALYSIS_GENERATED_IDENTITIES_H_
#define PROFDIFF_ANALYSIS_GENERATED_IDENTITIES_H_

#include "absl/status/status.h"
#include "profdiff/load/graal/record_reader.h"
#include "profdiff/model/experiment.h"

namespace profdiff {

// Gives the methods of generated classes (lambdas, LambdaForms, proxies, other hidden classes:
// profdiff/model/generated_names.h) their stable identity, so that comparisons pair them across
// runs (docs/decisions.md, "Generated classes keep their identity"). A lambda's body call is read
// from the inlining tree of its method's first unit. Methods whose identity another method of
// the experiment has too keep their names (they are ambiguous). From then on the inlining trees
// read from the experiment's log name these methods by their identity. Fails if a unit's trees
// cannot be read again.
absl::Status AssignGeneratedIdentities(Experiment& experiment);

// Names the generated classes' methods of a unit's trees by their identity: in the inlining
// tree, the experiment's identity for a method it has, else the one of the node's own calls (a
// lambda inlined there); a name whose identity belongs to another name, or to several, is kept.
// The optimizations' positions name the methods as the inlining tree then does.
void NameGeneratedMethods(const GeneratedIdentities& identities, RecordTrees& trees);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_GENERATED_IDENTITIES_H_
