#ifndef PROFDIFF_COMMANDS_RUN_DIFFERENCES_H_
#define PROFDIFF_COMMANDS_RUN_DIFFERENCES_H_

// The differences of jit-vs-jit-runs (docs/runs.md): the non-identity nodes of the delta trees of
// many pairs of runs, each identified by its tree kind, operation, labels and path, so that the
// same difference can be recognised in every pair; and the support that decides whether a
// difference is stable or noise.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/output/output_records.h"
#include "profdiff/runs_options.h"

namespace profdiff {

// A difference's identity: a 128-bit hash of its tree kind, operation, path and labels (see
// DifferenceKeys in run_differences.cc for what the labels contribute). Paths are hashed
// incrementally, so identifying a node costs the same however deep it is.
struct DifferenceKey {
  uint64_t a = 0;
  uint64_t b = 0;
  friend bool operator==(const DifferenceKey& x, const DifferenceKey& y) {
    return x.a == y.a && x.b == y.b;
  }
  template <typename H>
  friend H AbslHashValue(H h, const DifferenceKey& key) {
    return H::combine(std::move(h), key.a, key.b);
  }
};

// The differences of one matched pair of runs, found in its delta trees (which must outlive it:
// the differences refer to their nodes).
class PairDifferences {
 public:
  // Collects the non-identity nodes of `delta` (a delta tree of kind inlining, optimization or
  // optimization-context). A tree too big to compare leaves its kind not compared. Phases and
  // info nodes are context, not differences.
  void Collect(const TreeRecord& delta);

  struct Found {
    DifferenceKey key;
    DifferenceKey mirror;  // the same difference seen from the other side (insert <-> delete)
    uint32_t tree;         // index into trees()
    uint32_t node;         // index into trees()[tree]->nodes
  };
  const std::vector<Found>& found() const { return found_; }
  const std::vector<const TreeRecord*>& trees() const { return trees_; }
  // Whether the trees of `kind` were compared in this pair (not too big, not absent).
  bool compared(TreeKind kind) const { return compared_[static_cast<int>(kind)]; }
  // The path of a found difference, from the root (excluded) down.
  void Path(const Found& found, std::vector<PathStepRecord>* steps) const;

 private:
  std::vector<const TreeRecord*> trees_;
  std::vector<std::vector<uint32_t>> parents_;  // per tree: each node's parent node (or UINT32_MAX)
  std::vector<Found> found_;
  bool compared_[3] = {false, false, false};
};

// Counts in how many pairs each difference appears. Pairs are added in a fixed order (the order
// decides which pair's labels represent a difference, and the display order).
class DifferenceSupport {
 public:
  void AddCrossPair(const PairDifferences& pair);
  void AddWithinPair(const PairDifferences& pair);

  // Fills the stable and noise lists, path steps and label storage of `method` (its other
  // fields are left alone). Every difference of a cross pair is one or the other; with
  // `unconfirmed`, none is stable. Called once, last.
  void Finish(const RunsOptions& options, bool unconfirmed, RunsMethodRecord* method);

 private:
  struct Entry {
    int64_t cross = 0;
    int64_t within = 0;
    int64_t representative = -1;  // index into representatives_
  };
  struct Representative {
    TreeKind tree;
    NodeRecord node;             // labels copied into labels_
    IndexRange path;             // into steps_
    std::vector<int64_t> order;  // sequence numbers of the path's prefixes, then its own
    DifferenceKey key;
  };

  int64_t PrefixSequence(TreeKind tree, const std::vector<PathStepRecord>& steps, size_t length);

  absl::flat_hash_map<DifferenceKey, Entry> entries_;
  absl::flat_hash_map<DifferenceKey, int64_t> prefixes_;  // path prefix -> sequence number
  std::vector<Representative> representatives_;
  std::vector<PathStepRecord> steps_;
  TreeRecord labels_;
  int64_t next_sequence_ = 0;
  int64_t cross_pairs_[3] = {0, 0, 0};
  int64_t within_pairs_[3] = {0, 0, 0};
};

// THE rule of docs/runs.md "Stable or noise": a difference found in `cross` of `cross_pairs`
// cross pairs and in `within` of `within_pairs` same-side pairs is stable when it is in at least
// --stable-share of the former and at most --noise-share of the latter (never when the method is
// `unconfirmed` or either count of pairs is 0).
bool IsStable(const RunsOptions& options, bool unconfirmed, int64_t cross, int64_t cross_pairs,
              int64_t within, int64_t within_pairs);

// Copies `label` of `from` into `to`: the items its ranges refer to are appended to `to`'s
// arrays (the strings are not copied: they stay views of what `from`'s labels view).
NodeLabel CopyLabel(const TreeRecord& from, const NodeLabel& label, TreeRecord* to);

}  // namespace profdiff

#endif  // PROFDIFF_COMMANDS_RUN_DIFFERENCES_H_
