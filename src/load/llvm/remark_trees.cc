#include "load/llvm/remark_trees.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/hotspot/task_optimizations.h"  // StringValue

namespace profdiff::llvm_remarks {

namespace {

bool IsHexDigit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// Rust's legacy mangling ends the path with a hash, `::h0123456789abcdef`: it changes with the
// crate's build and would keep a function from pairing with itself across builds.
std::string WithoutRustHash(std::string name) {
  constexpr size_t kHash = 3 + 16;  // "::h" and the digits
  if (name.size() <= kHash) return name;
  const std::string_view tail = std::string_view(name).substr(name.size() - kHash);
  if (!tail.starts_with("::h")) return name;
  if (!std::all_of(tail.begin() + 3, tail.end(), IsHexDigit)) return name;
  name.resize(name.size() - kHash);
  return name;
}

std::string_view ArgValue(const Remark& remark, std::string_view key) {
  for (const RemarkArg& arg : remark.args) {
    if (arg.key == key) return arg.value;
  }
  return {};
}

const RemarkArg* FindArg(const Remark& remark, std::string_view key) {
  for (const RemarkArg& arg : remark.args) {
    if (arg.key == key) return &arg;
  }
  return nullptr;
}

bool IsInlinedRemark(const Remark& remark) {
  return remark.kind == RemarkKind::kPassed &&
         (remark.name == "Inlined" || remark.name == "AlwaysInline");
}

// Builds one function's inlining tree.
class InliningBuilder {
 public:
  InliningBuilder(const FunctionRemarks& function, const CalleeTreeSource& callees)
      : function_(function), callees_(callees) {
    InliningTreeNode root;
    root.method_name = DemangledFunctionName(function.mangled);
    root.inlined = true;
    tree_.root = tree_.AddNode(std::move(root), kNoNode);
    starts_.emplace_back(function.start);
  }

  void Add(const Remark& remark, uint64_t order) {
    const std::string_view callee = ArgValue(remark, "Callee");
    if (callee.empty()) return;
    const std::string callee_name = DemangledFunctionName(callee);
    const std::vector<CallsiteStep> context = InliningContext(remark);
    if (IsInlinedRemark(remark) && !context.empty()) {
      AddInlined(remark, order, callee, callee_name, context);
      return;
    }
    // No context (Missed remarks, or a Passed one of an old LLVM): placed by the remark's
    // position (docs/llvm.md "Call sites that were not inlined").
    NodeIndex parent = tree_.root;
    int32_t bci = -1;
    if (remark.loc.has_value()) Place(*remark.loc, &parent, &bci);
    // A Passed remark is a call inlined: another call at the same position is another call
    // (two paths of a destructor); a Missed one may be the inliner visiting a call again.
    NodeIndex node = FindChild(parent, bci, callee_name, IsInlinedRemark(remark));
    if (node != kNoNode) {
      if (IsInlinedRemark(remark)) MarkInlined(node, remark, order);
      return;
    }
    InliningTreeNode call;
    call.method_name = callee_name;
    call.bci = bci;
    call.alive = true;
    call.reasons = {RemarkMessage(remark), DecisionText(remark)};
    node = AddNode(std::move(call), parent, CalleeStart(remark));
    if (IsInlinedRemark(remark)) MarkInlined(node, remark, order);
  }

  InliningTree Take() { return std::move(tree_); }

 private:
  NodeIndex AddNode(InliningTreeNode&& node, NodeIndex parent, std::optional<FunctionStart> start) {
    const NodeIndex index = tree_.AddNode(std::move(node), parent);
    starts_.resize(tree_.nodes.size());
    starts_[index] = std::move(start);
    return index;
  }

  static std::optional<FunctionStart> CalleeStart(const Remark& remark) {
    const RemarkArg* callee = FindArg(remark, "Callee");
    if (callee == nullptr || !callee->loc.has_value() || callee->loc->line == 0) {
      return std::nullopt;
    }
    return FunctionStart{callee->loc->file, callee->loc->line};
  }

  // The first child of `parent` at `bci` calling `name`; with `not_inlined`, the first such that
  // is not inlined yet.
  NodeIndex FindChild(NodeIndex parent, int32_t bci, std::string_view name,
                      bool not_inlined = false) const {
    for (NodeIndex child : tree_.node(parent).children) {
      const InliningTreeNode& node = tree_.node(child);
      if (not_inlined && node.inlined) continue;
      if (node.bci == bci && node.method_name.has_value() && *node.method_name == name) {
        return child;
      }
    }
    return kNoNode;
  }

  // The call site becomes inlined: its reason is the Passed remark's, and what the callee had
  // inlined before is grafted below it.
  void MarkInlined(NodeIndex node, const Remark& remark, uint64_t order) {
    InliningTreeNode& call = tree_.node(node);
    call.inlined = true;
    call.alive = false;
    call.reasons = {RemarkMessage(remark), DecisionText(remark)};
    if (!starts_[node].has_value()) starts_[node] = CalleeStart(remark);
    const std::string_view callee = ArgValue(remark, "Callee");
    if (!callees_) return;
    std::optional<InliningTree> subtree = callees_(callee, order);
    if (!subtree.has_value() || subtree->empty()) return;
    Graft(*subtree, node);
  }

  // Copies the children of `subtree`'s root below `at`, keeping their order (iteratively).
  void Graft(const InliningTree& subtree, NodeIndex at) {
    std::vector<std::pair<NodeIndex, NodeIndex>> stack;  // (node of subtree, parent here)
    const auto& top = subtree.node(subtree.root).children;
    for (auto it = top.rbegin(); it != top.rend(); ++it) stack.emplace_back(*it, at);
    while (!stack.empty()) {
      auto [from, parent] = stack.back();
      stack.pop_back();
      InliningTreeNode copy = subtree.node(from);
      copy.children.clear();
      const NodeIndex made = AddNode(std::move(copy), parent, std::nullopt);
      const auto& children = subtree.node(from).children;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, made);
    }
  }

  void AddInlined(const Remark& remark, uint64_t order, std::string_view /*callee*/,
                  const std::string& callee_name, const std::vector<CallsiteStep>& context) {
    // Outermost step first: each step names the call site, in the function of that step, where
    // the next inner function was inlined.
    NodeIndex parent = tree_.root;
    for (size_t j = context.size() - 1; j >= 1; --j) {
      const CallsiteStep& step = context[j];
      const int32_t bci = LlvmPosition(step.line, step.column);
      const std::string inner = DemangledFunctionName(context[j - 1].function);
      NodeIndex child = FindChild(parent, bci, inner);
      if (child == kNoNode) {
        // Its own remark is not in the file (or came later): the context says it was inlined.
        InliningTreeNode call;
        call.method_name = inner;
        call.bci = bci;
        call.inlined = true;
        call.reasons.emplace_back("inlined (known from the inlining context of a later remark)");
        child = AddNode(std::move(call), parent, std::nullopt);
      } else if (!tree_.node(child).inlined) {
        tree_.node(child).inlined = true;
        tree_.node(child).alive = false;
      }
      parent = child;
    }
    const int32_t bci = LlvmPosition(context[0].line, context[0].column);
    // Each Passed remark inlines a call: one that was reported missed before becomes inlined,
    // otherwise it is another call at the same position.
    NodeIndex node = FindChild(parent, bci, callee_name, /*not_inlined=*/true);
    if (node != kNoNode) {
      MarkInlined(node, remark, order);
      return;
    }
    InliningTreeNode call;
    call.method_name = callee_name;
    call.bci = bci;
    node = AddNode(std::move(call), parent, CalleeStart(remark));
    MarkInlined(node, remark, order);
  }

  // Where a call site without context goes: below the function (the root, or a copy of an
  // inlined function) whose definition is the nearest before the position in the same file;
  // the root when several inlined copies qualify (ambiguous) or none does.
  void Place(const DebugLoc& loc, NodeIndex* parent, int32_t* bci) const {
    NodeIndex best = kNoNode;
    int64_t best_line = -1;
    bool ambiguous = false;
    for (NodeIndex n = 0; n < tree_.nodes.size(); ++n) {
      if (!tree_.node(n).inlined || !starts_[n].has_value()) continue;
      const FunctionStart& start = *starts_[n];
      if (start.file != loc.file || start.line > static_cast<int64_t>(loc.line)) continue;
      if (start.line > best_line) {
        best = n;
        best_line = start.line;
        ambiguous = false;
      } else if (start.line == best_line) {
        ambiguous = true;  // two inlined copies (or two functions) start there
      }
    }
    if (best == kNoNode || ambiguous) {
      *parent = tree_.root;
      const bool own = function_.start.has_value() && function_.start->file == loc.file &&
                       function_.start->line <= static_cast<int64_t>(loc.line);
      *bci = own ? LlvmPosition(static_cast<int64_t>(loc.line) - function_.start->line, loc.column)
                 : LlvmPosition(loc.line, loc.column);
      return;
    }
    *parent = best;
    *bci = LlvmPosition(static_cast<int64_t>(loc.line) - best_line, loc.column);
  }

  const FunctionRemarks& function_;
  const CalleeTreeSource& callees_;
  InliningTree tree_;
  std::vector<std::optional<FunctionStart>> starts_;  // parallel to tree_.nodes
};

// Builds one function's optimization tree: RootPhase, a phase per pass in the order the passes
// first appear, an optimization per remark.
class OptimizationBuilder {
 public:
  explicit OptimizationBuilder(const FunctionRemarks& function)
      : function_(function), name_(DemangledFunctionName(function.mangled)) {
    OptimizationTreeNode root;
    root.is_phase = true;
    root.name = "RootPhase";
    tree_.root = tree_.AddNode(std::move(root), kNoNode);
  }

  void Add(const Remark& remark) {
    auto [it, added] = phases_.try_emplace(remark.pass, kNoNode);
    if (added) {
      OptimizationTreeNode phase;
      phase.is_phase = true;
      phase.name = PrintableText(remark.pass);
      it->second = tree_.AddNode(std::move(phase), tree_.root);
    }
    OptimizationTreeNode optimization;
    optimization.name = PrintableText(remark.name);
    optimization.event_name = RemarkKindName(remark.kind);
    if (remark.loc.has_value()) {
      const DebugLoc& loc = *remark.loc;
      const NamedStart* in = Enclosing(loc);
      if (in != nullptr) {
        // The function whose definition starts nearest before the position: its own code, or
        // code inlined from a function of the same file.
        if (in->mangled != function_.mangled) {
          optimization.position.push_back(PositionEntry{
              DemangledFunctionName(in->mangled),
              LlvmPosition(static_cast<int64_t>(loc.line) - in->start.line, loc.column)});
          optimization.position.push_back(PositionEntry{name_, -1});
        } else {
          optimization.position.push_back(PositionEntry{
              name_, LlvmPosition(static_cast<int64_t>(loc.line) - in->start.line, loc.column)});
        }
      } else if (function_.start.has_value() && function_.start->file == loc.file &&
                 function_.start->line <= static_cast<int64_t>(loc.line)) {
        optimization.position.push_back(PositionEntry{
            name_,
            LlvmPosition(static_cast<int64_t>(loc.line) - function_.start->line, loc.column)});
      } else {
        // Code inlined from elsewhere (a header): the file and its absolute line.
        optimization.position.push_back(
            PositionEntry{PrintableText(loc.file), LlvmPosition(loc.line, loc.column)});
      }
    }
    optimization.properties.push_back(Property{"message", StringValue(RemarkMessage(remark))});
    absl::flat_hash_map<std::string, int> seen;
    for (const RemarkArg& arg : remark.args) {
      if (arg.key == "String") continue;
      const int n = ++seen[arg.key];
      std::string key = n == 1 ? arg.key : arg.key + "#" + std::to_string(n);
      optimization.properties.push_back(
          Property{PrintableText(key), StringValue(PrintableText(arg.value))});
    }
    tree_.AddNode(std::move(optimization), it->second);
  }

  OptimizationTree Take() { return std::move(tree_); }

 private:
  const NamedStart* Enclosing(const DebugLoc& loc) const {
    if (function_.file_starts == nullptr) return nullptr;
    const std::vector<NamedStart>& starts = *function_.file_starts;
    auto after = std::upper_bound(starts.begin(), starts.end(), loc,
                                  [](const DebugLoc& at, const NamedStart& start) {
                                    if (at.file != start.start.file)
                                      return at.file < start.start.file.view();
                                    return static_cast<int64_t>(at.line) < start.start.line;
                                  });
    if (after == starts.begin()) return nullptr;
    const NamedStart& found = *(after - 1);
    return found.start.file == loc.file ? &found : nullptr;
  }

  const FunctionRemarks& function_;
  const std::string name_;
  OptimizationTree tree_;
  absl::flat_hash_map<std::string, NodeIndex> phases_;
};

}  // namespace

std::string PrintableText(std::string_view text) {
  auto control = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; };
  if (std::none_of(text.begin(), text.end(), control)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    if (!control(c)) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      const unsigned char byte = static_cast<unsigned char>(c);
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
  return out;
}

std::string DemangledFunctionName(std::string_view mangled) {
  if (!mangled.starts_with("_Z")) return PrintableText(mangled);
  const std::string text(mangled);
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> demangled(
      abi::__cxa_demangle(text.c_str(), nullptr, nullptr, &status), &std::free);
  if (status != 0 || demangled == nullptr) return PrintableText(text);
  return PrintableText(WithoutRustHash(demangled.get()));
}

int32_t LlvmPosition(int64_t line_offset, int64_t column) {
  constexpr int64_t kMaxLine = INT32_MAX / kLineScale - 1;
  line_offset = std::clamp<int64_t>(line_offset, -kMaxLine, kMaxLine);
  column = std::clamp<int64_t>(column, 0, kLineScale - 1);
  return static_cast<int32_t>(line_offset >= 0 ? line_offset * kLineScale + column
                                               : line_offset * kLineScale - column);
}

std::string DecisionText(const Remark& remark) {
  std::string text = PrintableText(remark.name);
  const RemarkArg* cost = FindArg(remark, "Cost");
  if (cost == nullptr) return text;
  absl::StrAppend(&text, " (cost=", PrintableText(cost->value));
  if (const RemarkArg* threshold = FindArg(remark, "Threshold")) {
    absl::StrAppend(&text, ", threshold=", PrintableText(threshold->value));
  }
  return text + ")";
}

std::vector<CallsiteStep> InliningContext(const Remark& remark) {
  std::vector<CallsiteStep> steps;
  size_t i = 0;
  while (i < remark.args.size() &&
         !(remark.args[i].key == "String" && remark.args[i].value == " at callsite ")) {
    ++i;
  }
  for (++i; i < remark.args.size(); ++i) {
    const RemarkArg& arg = remark.args[i];
    if (arg.key == "String") {
      if (arg.value == ":" || arg.value == " @ " || arg.value == "." || arg.value == ";") continue;
      steps.push_back(CallsiteStep{arg.value, 0, 0});
    } else if (!steps.empty() && (arg.key == "Line" || arg.key == "Column")) {
      const int64_t value = std::strtoll(arg.value.c_str(), nullptr, 10);
      (arg.key == "Line" ? steps.back().line : steps.back().column) = value;
    }
  }
  return steps;
}

std::string RemarkMessage(const Remark& remark) {
  std::string message;
  for (const RemarkArg& arg : remark.args) {
    if (arg.key == "Callee" || arg.key == "Caller") {
      message += DemangledFunctionName(arg.value);
    } else {
      message += PrintableText(arg.value);
    }
  }
  return message;
}

RecordTrees BuildFunctionTrees(const FunctionRemarks& function, const CalleeTreeSource& callees,
                               TreeParts parts) {
  InliningBuilder inlining(function, callees);
  OptimizationBuilder optimizations(function);
  for (size_t k = 0; k < function.remarks.size(); ++k) {
    const Remark& remark = *function.remarks[k];
    if (remark.pass == "inline") {
      inlining.Add(remark, function.order[k]);
    } else if (parts == TreeParts::kAll) {
      optimizations.Add(remark);
    }
  }
  RecordTrees trees;
  trees.inlining_tree = inlining.Take();
  if (parts == TreeParts::kAll) trees.optimization_tree = optimizations.Take();
  return trees;
}

}  // namespace profdiff::llvm_remarks
