#include "profdiff/analysis/numbered_positions.h"

namespace profdiff {

NumberedPositions::NumberedPositions(const OptimizationTree& tree) {
  first_.reserve(tree.nodes.size() + 1);
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    first_.push_back(static_cast<uint32_t>(names_.size()));
    for (const PositionEntry& entry : tree.node(n).position) {
      auto [it, inserted] =
          numbers_.try_emplace(entry.method, static_cast<uint32_t>(numbers_.size()));
      names_.push_back(it->second);
      bcis_.push_back(entry.bci);
    }
  }
  first_.push_back(static_cast<uint32_t>(names_.size()));
}

NumberedPositions::NumberedPath NumberedPositions::Number(const Path& path) const {
  NumberedPath numbered;
  for (const PathElement& element : path) {
    uint32_t name = kNoName;
    if (element.name.has_value()) {
      if (auto it = numbers_.find(InternedName(*element.name)); it != numbers_.end()) {
        name = it->second;
      }
    }
    numbered.names.push_back(name);
    numbered.bcis.push_back(element.bci);
  }
  return numbered;
}

// The same test as IsPathPrefixOfPosition, with numbers for names, from the innermost element
// of the path out: that is where the positions of other inlined methods part from it.
bool NumberedPositions::IsPathPrefix(const NumberedPath& path, NodeIndex node) const {
  const size_t size = first_[node + 1] - first_[node];
  const size_t length = path.names.size();
  if (length > size) return false;
  const size_t k = size - 1;
  const uint32_t* names = names_.data() + first_[node];
  const int32_t* bcis = bcis_.data() + first_[node];
  for (size_t i = length; i-- > 0;) {
    const int32_t bci = i == 0 ? -1 : bcis[k - i + 1];
    if (path.bcis[i] != -1 && bci != -1 && path.bcis[i] != bci) return false;
    if (path.names[i] == kNoName || path.names[i] != names[k - i]) return false;
  }
  return true;
}

}  // namespace profdiff
