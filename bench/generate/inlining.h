#ifndef PROFDIFF_BENCH_GENERATE_INLINING_H_
#define PROFDIFF_BENCH_GENERATE_INLINING_H_

// Inlining trees of compilation units: one per unit and experiment (or run).

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "generate/config.h"
#include "generate/random.h"
#include "generate/universe.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Inlining trees.

enum class NodeKind : uint8_t { kRoot, kInlined, kDirect, kIndirect, kDeleted, kDevirtualized };

// Reason lists, with numbers filled in when written.
enum class Reason : uint8_t {
  kNone,               // "reason": null
  kNotReplaced,        // ["bytecode parser did not replace invoke"]
  kParserInline,       // ["inline method (bytecode parsing)"]
  kParserAccessor,     // ["inline accessor method (bytecode parsing)"]
  kRelevanceInline,    // [not replaced, relevance-based (... <= ...)]
  kTrivialInline,      // [not replaced, trivial (...)]
  kTwoStepInline,      // [not replaced, relevance-based (... > ...), relevance-based (... <= ...)]
  kRelevanceTooBig,    // [not replaced, relevance-based (... > ...)]
  kInvokeProbability,  // [not replaced, callee invoke probability is too high (...)]
  kLowLevelGraph,      // [not replaced, too large previous low-level graph (...)]
  kNonInlinable,       // [not replaced, it is marked non-inlinable]
  kCutOff,             // [not replaced, inlining is cut off by MaximumDesiredSize]
  kNative,             // [native method (bytecode parsing), it is a non-intrinsic native method]
  kUnresolved,         // [not replaced, could not resolve method]
  kMegamorphic,        // [not replaced, inlining megamorphic calls is disabled (...)]
  kNoTypeProfile,      // [not replaced, no type profile exists]
  kPolymorphic,        // [not replaced, it is a polymorphic method call and at least one ...]
  kNoTypesRemaining,   // [not replaced, no types remaining after filtering ...]
  kTooManyTargets,     // [not replaced, polymorphic call with more than 8 target methods]
  kCallIndirect,       // [not replaced, call is indirect.]
};

struct Node {
  uint64_t id;     // stable identity: the same call-site path has the same id in both experiments
  int32_t method;  // -1: unresolved (null name)
  int32_t bci;
  int32_t parent;
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  int32_t last_child = -1;
  int16_t depth;
  NodeKind kind;
  Reason reason;
  bool by_phase = false;  // inlined by the InliningPhase: logs an inlinee RootPhase
  bool profile = false;   // has a receiver-type profile
};

struct UnitSpec {
  int64_t index;
  int32_t root;       // method index
  std::string key;    // multi-method key ("" = none)
  int hot_rank = -1;  // 0.. for the units of hot methods
  bool osr = false;
  bool in[3] = {false, true, true};
  double budget;  // number of inlined call sites allowed
  uint64_t id;
};

class TreeBuilder {
 public:
  TreeBuilder(const Universe& u, const Config& c) : u_(u), c_(c) {}

  // Builds the inlining tree of `spec` as compiled in experiment `exp` (1 or 2).
  void Build(const UnitSpec& spec, int exp, std::vector<Node>* nodes) {
    nodes->clear();
    exp_ = exp;
    spec_ = &spec;
    nodes_ = nodes;
    inlined_ = 0;
    nodes->push_back(Node{spec.id, spec.root, -1, -1, -1, -1, -1, 0, NodeKind::kRoot, Reason::kNone,
                          false, false});
    using Item = std::pair<double, int32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    queue.push({0.0, 0});
    while (!queue.empty()) {
      int32_t n = queue.top().second;
      queue.pop();
      const Method& m = u_[(*nodes_)[static_cast<size_t>(n)].method];
      for (size_t c = 0; c < m.calls.size(); ++c) {
        const Node& parent = (*nodes_)[static_cast<size_t>(n)];
        uint64_t id = Hash(parent.id, c + 1);
        for (int32_t child : Expand(n, id, m.calls[c])) {
          const Node& cn = (*nodes_)[static_cast<size_t>(child)];
          double priority = Unit(Hash(cn.id, kSaltPriority)) + 0.03 * cn.depth;
          queue.push({priority, child});
        }
      }
    }
  }

  // Runs mode: the call sites of `node`, which a flip has just made inlined, as the inliner would
  // log them with its size budget spent (none of them inlined). Appended to `nodes`.
  void ExpandShallow(const UnitSpec& spec, std::vector<Node>* nodes, int32_t node) {
    exp_ = 1;
    spec_ = &spec;
    nodes_ = nodes;
    shallow_ = true;
    const Method& m = u_[(*nodes_)[static_cast<size_t>(node)].method];
    for (size_t c = 0; c < m.calls.size(); ++c) {
      uint64_t id = Hash((*nodes_)[static_cast<size_t>(node)].id, c + 1);
      Expand(node, id, m.calls[c]);
    }
    shallow_ = false;
  }

  // Whether `method` is on the path from `node` up to the root of `nodes`.
  static bool OnPathOf(const std::vector<Node>& nodes, int32_t node, int32_t method) {
    for (int32_t n = node; n >= 0; n = nodes[static_cast<size_t>(n)].parent)
      if (nodes[static_cast<size_t>(n)].method == method) return true;
    return false;
  }

 private:
  int32_t AddChild(int32_t parent, uint64_t id, int32_t method, int32_t bci, NodeKind kind,
                   Reason reason) {
    auto idx = static_cast<int32_t>(nodes_->size());
    Node& p = (*nodes_)[static_cast<size_t>(parent)];
    int16_t depth = static_cast<int16_t>(p.depth + 1);
    if (p.last_child >= 0) {
      (*nodes_)[static_cast<size_t>(p.last_child)].next_sibling = idx;
    } else {
      p.first_child = idx;
    }
    p.last_child = idx;
    nodes_->push_back(Node{id, method, bci, parent, -1, -1, -1, depth, kind, reason, false, false});
    return idx;
  }

  bool OnPath(int32_t node, int32_t method) const {
    for (int32_t n = node; n >= 0; n = (*nodes_)[static_cast<size_t>(n)].parent)
      if ((*nodes_)[static_cast<size_t>(n)].method == method) return true;
    return false;
  }

  // Which experiment compiles `method` standalone (1 or 2) when it is one of the methods that
  // one run inlines and the other does not; 0 otherwise.
  int StandaloneIn(int32_t method) const { return StandaloneExperiment(u_, c_, method); }

 public:
  static int StandaloneExperiment(const Universe& u, const Config& c, int32_t method) {
    if (c.runs > 0) return 0;  // runs mode plants its inlining changes itself
    const auto& hot = u.hot();
    if (method == hot[3]) return 1;
    if (method == hot[8]) return 2;
    if (std::find(hot.begin(), hot.end(), method) != hot.end()) return 0;
    const Method& m = u[method];
    if (m.flavor != Flavor::kNormal || m.level < 2 || m.level > 12 || m.calls.empty()) return 0;
    uint64_t h = Hash(c.seed, kSaltStandalone, static_cast<uint64_t>(method));
    if (Unit(h) >= c.standalone_rate) return 0;
    return 1 + static_cast<int>(h & 1);
  }

 private:
  // Creates the node(s) of call site `cs` of node `parent`; returns the inlined ones to expand.
  std::vector<int32_t> Expand(int32_t parent, uint64_t id, const CallSite& cs) {
    std::vector<int32_t> expand;
    Rng r(Hash(id, kSaltDecision));
    bool flip = exp_ == 2 && Unit(Hash(id, kSaltFlip)) < c_.flip_rate;
    int depth = (*nodes_)[static_cast<size_t>(parent)].depth + 1;
    bool budget_left = !shallow_ && inlined_ < spec_->budget && depth < 20;
    const Method& target = u_[cs.target];

    if (r.Chance(0.025)) {
      AddChild(parent, id, -1, cs.bci, NodeKind::kDirect, Reason::kUnresolved);
      return expand;
    }
    if (target.flavor == Flavor::kNative) {
      AddChild(parent, id, cs.target, cs.bci, NodeKind::kDirect, Reason::kNative);
      return expand;
    }
    if (r.Chance(0.05)) {
      AddChild(parent, id, cs.target, cs.bci, NodeKind::kDeleted,
               r.Chance(0.6) ? Reason::kNone : Reason::kNotReplaced);
      return expand;
    }

    if (target.flavor == Flavor::kInterface) {
      double d = r.Uniform();
      bool devirtualize = d < 0.22 && !target.impls.empty();
      if (d >= 0.88) {
        int32_t n = AddChild(parent, id, cs.target, cs.bci, NodeKind::kDeleted,
                             r.Chance(0.5) ? Reason::kNone : Reason::kNotReplaced);
        (*nodes_)[static_cast<size_t>(n)].profile = r.Chance(0.5);
        return expand;
      }
      if (flip && !target.impls.empty()) devirtualize = !devirtualize;
      if (devirtualize && budget_left) {
        int32_t n =
            AddChild(parent, id, cs.target, cs.bci, NodeKind::kDevirtualized, Reason::kNotReplaced);
        (*nodes_)[static_cast<size_t>(n)].profile = true;
        int k = std::min<int>(static_cast<int>(target.impls.size()), r.Chance(0.7) ? 1 : 2);
        uint64_t pick = Hash(id, kSaltReceiver);
        for (int i = 0; i < k; ++i) {
          int32_t impl = target.impls[(pick + static_cast<uint64_t>(i)) % target.impls.size()];
          uint64_t cid = Hash(id, 0x100 + static_cast<uint64_t>(i));
          if (OnPath(parent, impl)) continue;
          int32_t c = AddChild(n, cid, impl, cs.bci, NodeKind::kInlined, Reason::kRelevanceInline);
          (*nodes_)[static_cast<size_t>(c)].by_phase = true;
          ++inlined_;
          expand.push_back(c);
        }
        return expand;
      }
      static constexpr Reason kIndirectReasons[] = {
          Reason::kMegamorphic,      Reason::kMegamorphic,    Reason::kNoTypeProfile,
          Reason::kNoTypeProfile,    Reason::kPolymorphic,    Reason::kPolymorphic,
          Reason::kNoTypesRemaining, Reason::kTooManyTargets, Reason::kCallIndirect,
          Reason::kNotReplaced};
      Reason reason = devirtualize ? Reason::kCutOff : PickFrom(r, kIndirectReasons);
      if (flip && !devirtualize) reason = Reason::kPolymorphic;
      int32_t n = AddChild(parent, id, cs.target, cs.bci, NodeKind::kIndirect, reason);
      (*nodes_)[static_cast<size_t>(n)].profile = reason != Reason::kNoTypeProfile;
      return expand;
    }

    // A direct call of a concrete method.
    bool recursive = OnPath(parent, cs.target);
    bool inline_it;
    Reason reason;
    bool by_phase = false;
    bool accessor = target.flavor == Flavor::kAccessor || target.calls.empty();
    if (accessor) {
      inline_it = r.Chance(0.92);
      reason = target.flavor == Flavor::kAccessor ? Reason::kParserAccessor : Reason::kParserInline;
    } else {
      double p = c_.aot() ? 0.62 : 0.55;
      // Hot code gets the inliner's full attention (and Native Image inlines aggressively).
      if (spec_->hot_rank >= 0) p = c_.aot() ? 0.9 : 0.75;
      if (depth > 10) p *= 0.6;
      inline_it = r.Chance(p);
      double k = r.Uniform();
      if (inline_it) {
        by_phase = k >= 0.4;
        reason = k < 0.4    ? Reason::kParserInline
                 : k < 0.82 ? Reason::kRelevanceInline
                 : k < 0.9  ? Reason::kTrivialInline
                            : Reason::kTwoStepInline;
      } else {
        reason = k < 0.55   ? Reason::kRelevanceTooBig
                 : k < 0.72 ? Reason::kInvokeProbability
                 : k < 0.87 ? Reason::kLowLevelGraph
                 : k < 0.95 ? Reason::kNonInlinable
                            : Reason::kCutOff;
      }
    }
    if (flip) {
      inline_it = !inline_it;
      if (inline_it) {
        by_phase = true;
        reason = Reason::kRelevanceInline;
      } else {
        reason = Reason::kRelevanceTooBig;
      }
    }
    int standalone = StandaloneIn(cs.target);
    if (standalone != 0) {
      inline_it = standalone != exp_;
      by_phase = inline_it;
      reason = inline_it ? Reason::kRelevanceInline : Reason::kInvokeProbability;
    }
    if (u_.IsHotEdge((*nodes_)[static_cast<size_t>(parent)].method, cs.target) && standalone == 0) {
      inline_it = true;
      by_phase = true;
      reason = Reason::kRelevanceInline;
    }
    if (recursive && inline_it) {
      inline_it = false;
      reason = Reason::kRelevanceTooBig;
    }
    if (inline_it && !budget_left) {
      // Past the size budget the inliner's relevance threshold rejects most call sites.
      inline_it = false;
      reason = r.Chance(0.15) ? Reason::kCutOff : Reason::kRelevanceTooBig;
    }
    int32_t n = AddChild(parent, id, cs.target, cs.bci,
                         inline_it ? NodeKind::kInlined : NodeKind::kDirect, reason);
    if (inline_it) {
      (*nodes_)[static_cast<size_t>(n)].by_phase = by_phase;
      ++inlined_;
      expand.push_back(n);
    }
    return expand;
  }

  const Universe& u_;
  const Config& c_;
  bool shallow_ = false;  // ExpandShallow: nothing more is inlined
  int exp_ = 1;
  const UnitSpec* spec_ = nullptr;
  std::vector<Node>* nodes_ = nullptr;
  double inlined_ = 0;
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_INLINING_H_
