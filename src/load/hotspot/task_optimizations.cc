#include "load/hotspot/task_optimizations.h"

#include <charconv>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "profdiff/model/json_text.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

const char* FindAttribute(XmlAttributes attributes, std::string_view name) {
  if (attributes == nullptr) return nullptr;
  // Compared in place: no strlen of every attribute name (this runs for most attributes of
  // every element of a task), and no call for a name whose first letter differs.
  if (name.empty()) return nullptr;  // attribute names are never empty
  const char first = name.front();
  for (size_t i = 0; attributes[i] != nullptr; i += 2) {
    const char* candidate = attributes[i];
    if (candidate[0] == first &&
        std::strncmp(candidate + 1, name.data() + 1, name.size() - 1) == 0 &&
        candidate[name.size()] == '\0') {
      return attributes[i + 1];
    }
  }
  return nullptr;
}

PropertyValue StringValue(std::string_view text) {
  PropertyValue value;
  value.rendered = std::string(text);
  // Written in place: StrCat sized its result by filling it with zeros first.
  char digits[24];
  char* digits_end = std::to_chars(digits, digits + sizeof(digits), text.size()).ptr;
  value.canonical.reserve(2 + static_cast<size_t>(digits_end - digits) + text.size());
  value.canonical += 's';
  value.canonical.append(digits, digits_end);
  value.canonical += ':';
  value.canonical += text;
  AppendJsonString(text, &value.json);
  return value;
}

PropertyValue IntegerValue(int64_t number) {
  PropertyValue value;
  value.rendered = absl::StrCat(number);
  const bool fits = number >= INT32_MIN && number <= INT32_MAX;
  value.canonical = absl::StrCat(fits ? "i" : "l", number, ";");
  value.json = value.rendered;
  return value;
}

void TaskOptimizations::Reset(OptimizationTree* tree) {
  tree_ = tree;
  root_phase_ = kNoNode;
  named_phases_.clear();
  default_phases_.clear();
  in_loop_tree_ = false;
  loop_depth_ = 0;
  loop_shapes_.clear();
  loops_.clear();
  failures_.clear();
  task_failed_ = false;
  retried_ = false;
}

NodeIndex TaskOptimizations::RootPhase() {
  if (root_phase_ == kNoNode) {
    OptimizationTreeNode root;
    root.is_phase = true;
    root.name = "RootPhase";
    root_phase_ = tree_->AddNode(std::move(root), kNoNode);
    tree_->root = root_phase_;
  }
  return root_phase_;
}

NodeIndex TaskOptimizations::Phase(std::string_view fallback) {
  NodeIndex parent = RootPhase();
  if (!named_phases_.empty()) {
    for (auto& [name, node] : named_phases_) {
      if (node == kNoNode) {
        OptimizationTreeNode phase;
        phase.is_phase = true;
        phase.name = name;
        node = tree_->AddNode(std::move(phase), parent);
      }
      parent = node;
    }
    return parent;
  }
  auto it = default_phases_.find(AbslView(fallback));
  if (it != default_phases_.end()) return it->second;
  OptimizationTreeNode phase;
  phase.is_phase = true;
  phase.name = fallback;
  NodeIndex index = tree_->AddNode(std::move(phase), parent);
  default_phases_.emplace(std::string(fallback), index);
  return index;
}

void TaskOptimizations::Add(std::string_view phase, InternedName name, std::string_view event,
                            Position position, Properties properties) {
  NodeIndex parent = Phase(phase);
  OptimizationTreeNode node;
  node.name = name;
  node.event_name = event;
  node.position = std::move(position);
  node.properties = std::move(properties);
  tree_->AddNode(std::move(node), parent);
}

void TaskOptimizations::StartLoop(ElementAttributes attributes) {
  if (!in_loop_tree_) return;
  ++loop_depth_;
  std::vector<std::string> kinds;
  for (const XmlAttribute& attribute : attributes) {
    const std::string_view name = attribute.name;
    const std::string_view value = attribute.value;
    if (name == "idx") continue;  // a node index: differs from run to run
    kinds.push_back(value == "1" ? std::string(name)
                                 : std::string(name) + "=" + std::string(value));
  }
  std::string event = kinds.empty() ? std::string("loop") : absl::StrJoin(kinds, " ");
  if (loop_shapes_.insert(absl::StrCat(loop_depth_, " ", event)).second) {
    loops_.emplace_back(std::move(event), loop_depth_);
  }
}

void TaskOptimizations::Finish() {
  for (const auto& [event, depth] : loops_) {
    Properties properties;
    if (depth > 1) properties.push_back(Property{"depth", IntegerValue(depth)});
    static const InternedName kLoop("Loop");
    Add(kLoopPhase, kLoop, event, {}, std::move(properties));
  }
  if (task_failed_ || retried_) {
    for (const std::string_view reason : failures_) {
      Add(kBailoutPhase, task_failed_ ? "CompilationFailed" : "CompilationRetried", reason, {}, {});
    }
  }
  RootPhase();
}

}  // namespace profdiff
