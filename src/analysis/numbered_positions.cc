#include "profdiff/numbered_positions.h"

namespace profdiff {

NumberedPositions::NumberedPositions(const OptimizationTree& tree) : tree_(tree) {
  first_.resize(tree.nodes.size(), 0);
  for (NodeIndex n = 0; n < tree.nodes.size(); ++n) {
    first_[n] = static_cast<uint32_t>(names_.size());
    for (const PositionEntry& entry : tree.node(n).position) {
      auto [it, inserted] =
          numbers_.try_emplace(entry.method, static_cast<uint32_t>(numbers_.size()));
      names_.push_back(it->second);
    }
  }
}

NumberedPositions::NumberedPath NumberedPositions::Number(const Path& path) const {
  NumberedPath numbered;
  for (const PathElement& element : path) {
    uint32_t name = kNoName;
    if (element.name.has_value()) {
      if (auto it = numbers_.find(*element.name); it != numbers_.end()) name = it->second;
    }
    numbered.names.push_back(name);
    numbered.bcis.push_back(element.bci);
  }
  return numbered;
}

// The same test as IsPathPrefixOfPosition, with numbers for names.
bool NumberedPositions::IsPathPrefix(const NumberedPath& path, NodeIndex node) const {
  const Position& position = tree_.node(node).position;
  const size_t length = path.names.size();
  if (length > position.size()) return false;
  const size_t k = position.size() - 1;
  const uint32_t* names = names_.data() + first_[node];
  for (size_t i = 0; i < length; ++i) {
    const int32_t bci = i == 0 ? -1 : position[k - i + 1].bci;
    if (path.bcis[i] != -1 && bci != -1 && path.bcis[i] != bci) return false;
    if (path.names[i] == kNoName || path.names[i] != names[k - i]) return false;
  }
  return true;
}

}  // namespace profdiff
