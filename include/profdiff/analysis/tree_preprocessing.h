#ifndef PROFDIFF_ANALYSIS_TREE_PREPROCESSING_H_
#define PROFDIFF_ANALYSIS_TREE_PREPROCESSING_H_

#include <string_view>

#include "profdiff/model/inlining_tree.h"
#include "profdiff/model/optimization_tree.h"
#include "profdiff/options.h"

namespace profdiff {

// Orders of algorithms.md §7; each returns <0, 0 or >0.
int CompareInliningNodes(const InliningTreeNode& a, const InliningTreeNode& b);  // §7.1
int ComparePositions(const Position& p, const Position& q);                      // §7.4
int CompareProperties(const Properties& p, const Properties& q);                 // §7.5
int CompareOptimizationNodes(const OptimizationTreeNode& a, const OptimizationTreeNode& b);  // §7.3

// Stable-sorts the children of every node by CompareInliningNodes.
void SortInliningTree(InliningTree& tree);

// Deletes every non-root phase named *CanonicalizerPhase or *DeadCodeEliminationPhase with its
// subtree, leaving the tree compact.
void RemoveDetailedPhases(OptimizationTree& tree);

// Whether RemoveDetailedPhases removes a (non-root) phase of this name.
bool IsDetailedPhase(std::string_view name);

// Stable-sorts the children of phases whose order carries no meaning (the suffix list of §7.2).
void SortUnorderedPhases(OptimizationTree& tree);

// The preprocessing of §7 that the options ask for, applied before trees are printed or compared.
void PreprocessInliningTree(InliningTree& tree, const Options& options);
void PreprocessOptimizationTree(OptimizationTree& tree, const Options& options);

}  // namespace profdiff

#endif  // PROFDIFF_ANALYSIS_TREE_PREPROCESSING_H_
