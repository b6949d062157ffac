#ifndef PROFDIFF_BENCH_GENERATE_UNIT_WRITER_H_
#define PROFDIFF_BENCH_GENERATE_UNIT_WRITER_H_

// Writes one compilation unit (one line of an optimization log).

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
#include "generate/inlining.h"
#include "generate/optimizations.h"
#include "generate/random.h"
#include "generate/text.h"
#include "generate/universe.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Writing one compilation unit.

class UnitWriter {
 public:
  UnitWriter(const Universe& u, const Config& c) : u_(u), c_(c), builder_(u, c) {}

  // Appends the JSON line of `spec` in experiment `exp` to `out`.
  void Write(const UnitSpec& spec, int exp, const std::string& compile_id, std::string* out) {
    exp_ = exp;
    spec_ = &spec;
    variant_ = nullptr;
    builder_.Build(spec, exp, &nodes_);
    WriteBuilt(compile_id, out);
  }

  // Runs mode: appends the JSON line of `spec` with the inlining tree `nodes` (built and changed
  // by the caller) as run `variant` compiles it.
  void WriteRun(const UnitSpec& spec, const std::vector<Node>& nodes, const RunVariant& variant,
                const std::string& compile_id, std::string* out) {
    exp_ = variant.side;
    spec_ = &spec;
    variant_ = &variant;
    nodes_ = nodes;
    WriteBuilt(compile_id, out);
  }

  // An optimization as profdiff identifies it (docs/runs.md): for the ground truth of runs mode.
  struct OptFact {
    Slot slot;
    const char* name;
    const char* event;
    std::vector<std::pair<std::string, int32_t>> position;  // innermost first; empty: none
    std::string properties;                                 // a JSON object
  };
  // Runs mode: the optimizations of `spec` with the inlining tree `nodes` in run `variant`.
  void DescribeOpts(const UnitSpec& spec, const std::vector<Node>& nodes, const RunVariant& variant,
                    std::vector<OptFact>* facts) {
    exp_ = variant.side;
    spec_ = &spec;
    variant_ = &variant;
    nodes_ = nodes;
    SetRootName();
    CollectOpts();
    facts->clear();
    std::string props;
    for (const Opt& o : opts_) {
      const EventKind& e = Events()[o.event];
      OptFact& fact = facts->emplace_back();
      fact.slot = static_cast<Slot>(o.slot);
      fact.name = e.optimization;
      fact.event = e.event;
      if (!PositionIsNull(o)) {
        for (int32_t idx = o.anchor, bci = o.bci;;) {
          fact.position.emplace_back(NameOf(idx), bci);
          if (idx == 0) break;
          bci = nodes_[static_cast<size_t>(idx)].bci;
          idx = nodes_[static_cast<size_t>(idx)].parent;
          while (nodes_[static_cast<size_t>(idx)].kind == NodeKind::kDevirtualized)
            idx = nodes_[static_cast<size_t>(idx)].parent;
        }
      }
      props.clear();
      WriteProps(o, e, &props);
      fact.properties = props.empty() ? "{}" : "{" + props.substr(1) + "}";
    }
  }

  // The ids of the optimizations the unit logs for an inlined (or root) node, before any change.
  template <class F>
  static void ForEachOptId(const Config& c, const Node& n, const F& f) {
    double mean = c.aot() ? 1.1 : 1.35;
    double q = 1.0 / (1.0 + mean);
    Rng r(Hash(n.id, kSaltOpts));
    int k = r.Geometric(q, 40);
    if (n.kind == NodeKind::kRoot) k += 3 + r.Range(0, 6);
    for (int j = 0; j < k; ++j) f(Hash(n.id, kSaltOpts, static_cast<uint64_t>(j)));
  }

  // Runs mode: whether optimization `id` carries a planted change (removed, changed, or one
  // added after it) in experiment 2.
  static bool PlantedOptChange(const Config& c, uint64_t id) {
    return Unit(Hash(id, kSaltOptChange)) < 2 * c.planted_opt_rate ||
           Unit(Hash(id, kSaltOptAdd)) < c.planted_opt_rate;
  }

  size_t last_node_count() const { return nodes_.size(); }
  size_t last_opt_count() const { return opts_.size(); }

 private:
  void SetRootName() {
    root_name_ = u_[spec_->root].name;
    if (!spec_->key.empty()) {
      size_t paren = root_name_.find('(');
      root_name_.insert(paren, "%%" + spec_->key);
    }
  }

  void WriteBuilt(const std::string& compile_id, std::string* out) {
    SetRootName();
    out->append("{\"methodName\":");
    AppendQuoted(out, root_name_);
    out->append(",\"compilationId\":");
    AppendQuoted(out, compile_id);
    out->append(",\"inliningTree\":");
    WriteInliningNode(0, out);
    out->append(",\"optimizationTree\":");
    CollectOpts();
    WriteOptimizationTree(out);
    out->append("}\n");
  }

  const std::string& NameOf(int32_t node) const {
    const Node& n = nodes_[static_cast<size_t>(node)];
    return node == 0 ? root_name_ : u_[n.method].name;
  }

  // ---- inlining tree

  void WriteReasons(const Node& n, std::string* out) {
    // The inliner's numbers depend on the profile, so exp2 has other numbers for some nodes.
    uint64_t salt = variant_ != nullptr
                        ? (Unit(Hash(n.id, kSaltReasonVariant, variant_->Salt())) < 0.35 ? 2 : 1)
                        : (exp_ == 2 && Unit(Hash(n.id, kSaltReasonVariant)) < 0.35 ? 2 : 1);
    Rng r(Hash(n.id, kSaltReasonNumbers, salt));
    int nodes_count = std::max(8, u_[n.method < 0 ? 0 : n.method].code_size * 2 + r.Range(0, 40));
    double relevance = Round6(0.05 + 3.0 * r.Uniform());
    double probability = Round6(r.Uniform());
    double bonus = r.Chance(0.5) ? 1.0 : (r.Chance(0.5) ? 0.5 : 2.0);
    auto relevance_reason = [&](bool fits) {
      out->append("\"relevance-based (relevance=");
      AppendFixed6(out, relevance);
      out->append(", probability=");
      AppendFixed6(out, probability);
      out->append(", bonus=");
      AppendFixed6(out, bonus);
      out->append(", nodes=");
      AppendInt(out, nodes_count);
      double limit =
          fits ? nodes_count + 5 + 400 * r.Uniform() : nodes_count * (0.1 + 0.85 * r.Uniform());
      out->append(fits ? " <= " : " > ");
      AppendFixed6(out, limit);
      out->append(")\"");
    };
    constexpr const char* kNotReplaced = "\"bytecode parser did not replace invoke\"";
    switch (n.reason) {
      case Reason::kNone:
        out->append("null");
        return;
      case Reason::kNotReplaced:
        out->append("[").append(kNotReplaced).append("]");
        return;
      case Reason::kParserInline:
        out->append("[\"inline method (bytecode parsing)\"]");
        return;
      case Reason::kParserAccessor:
        out->append("[\"inline accessor method (bytecode parsing)\"]");
        return;
      case Reason::kNative:
        out->append(
            "[\"native method (bytecode parsing)\",\"it is a non-intrinsic native method\"]");
        return;
      default:
        break;
    }
    out->append("[").append(kNotReplaced).append(",");
    switch (n.reason) {
      case Reason::kRelevanceInline:
        relevance_reason(true);
        break;
      case Reason::kTwoStepInline:
        relevance_reason(false);
        out->append(",");
        relevance = Round6(0.05 + 3.0 * r.Uniform());
        probability = Round6(r.Uniform());
        relevance_reason(true);
        break;
      case Reason::kRelevanceTooBig:
        relevance_reason(false);
        break;
      case Reason::kTrivialInline:
        out->append("\"trivial (relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kInvokeProbability:
        out->append("\"callee invoke probability is too high (invokeP=");
        AppendFixed6(out, Round6(0.5 + 0.5 * r.Uniform()));
        out->append(", relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kLowLevelGraph:
        out->append("\"too large previous low-level graph (low-level-nodes: ");
        AppendInt(out, 300 + r.Range(0, 4000));
        out->append(", relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kNonInlinable:
        out->append("\"it is marked non-inlinable\"");
        break;
      case Reason::kCutOff:
        out->append("\"inlining is cut off by MaximumDesiredSize\"");
        break;
      case Reason::kUnresolved:
        out->append("\"could not resolve method\"");
        break;
      case Reason::kMegamorphic:
        out->append("\"inlining megamorphic calls is disabled (");
        AppendInt(out, r.Range(3, 9));
        out->append(" types, ");
        AppendFixed6(out, Round6(40.0 * r.Uniform()));
        out->append(" % not recorded types)\"");
        break;
      case Reason::kNoTypeProfile:
        out->append("\"no type profile exists\"");
        break;
      case Reason::kPolymorphic:
        out->append(
            "\"it is a polymorphic method call and at least one invoked method cannot be "
            "inlined\"");
        break;
      case Reason::kNoTypesRemaining:
        out->append("\"no types remaining after filtering less frequent types (");
        AppendInt(out, r.Range(1, 4));
        out->append(" types previously)\"");
        break;
      case Reason::kTooManyTargets:
        out->append("\"polymorphic call with more than 8 target methods\"");
        break;
      case Reason::kCallIndirect:
        out->append("\"call is indirect.\"");
        break;
      default:
        break;
    }
    out->append("]");
  }

  void WriteReceiverProfile(const Node& n, std::string* out) {
    const Method& iface = u_[n.method];
    Rng r(Hash(n.id, kSaltReceiver, 7));
    out->append(",\"receiverTypeProfile\":{\"mature\":");
    out->append(r.Chance(0.88) ? "true" : "false");
    out->append(",\"profiledTypes\":[");
    size_t impls = iface.impls.size();
    size_t k = std::min<size_t>(impls, 1 + static_cast<size_t>(r.Geometric(0.5, 4)));
    // Start at the implementation the devirtualized call inlined first.
    uint64_t first = Hash(n.id, kSaltReceiver);
    double left = 1.0;
    for (size_t i = 0; i < k; ++i) {
      const Method& impl = u_[iface.impls[(first + i) % impls]];
      double p = i + 1 == k ? (k == impls ? left : left * (0.3 + 0.6 * r.Uniform()))
                            : left * (0.45 + 0.5 * r.Uniform());
      p = std::max(0.001, Round6(p));
      left = std::max(0.0, left - p);
      if (i > 0) out->push_back(',');
      out->append("{\"typeName\":");
      AppendQuoted(out, impl.holder);
      out->append(",\"probability\":");
      AppendJavaDouble(out, p);
      if (r.Chance(0.94)) {
        out->append(",\"concreteMethodName\":");
        AppendQuoted(out, impl.name);
      }
      out->push_back('}');
    }
    out->append("]}");
  }

  void WriteInliningNode(int32_t idx, std::string* out) {
    const Node& n = nodes_[static_cast<size_t>(idx)];
    out->append("{\"methodName\":");
    if (n.method < 0) {
      out->append("null");
    } else {
      AppendQuoted(out, NameOf(idx));
    }
    out->append(",\"callsiteBci\":");
    AppendInt(out, n.bci);
    bool inlined = n.kind == NodeKind::kRoot || n.kind == NodeKind::kInlined;
    bool indirect = n.kind == NodeKind::kIndirect || n.kind == NodeKind::kDevirtualized ||
                    (n.kind == NodeKind::kDeleted && n.method >= 0 &&
                     u_[n.method].flavor == Flavor::kInterface);
    bool alive = n.kind == NodeKind::kDirect || n.kind == NodeKind::kIndirect;
    out->append(inlined ? ",\"inlined\":true,\"reason\":" : ",\"inlined\":false,\"reason\":");
    WriteReasons(n, out);
    out->append(indirect ? ",\"indirect\":true" : ",\"indirect\":false");
    out->append(alive ? ",\"alive\":true" : ",\"alive\":false");
    if (n.profile) WriteReceiverProfile(n, out);
    if (n.first_child >= 0) {
      out->append(",\"invokes\":[");
      for (int32_t c = n.first_child; c >= 0; c = nodes_[static_cast<size_t>(c)].next_sibling) {
        if (c != n.first_child) out->push_back(',');
        WriteInliningNode(c, out);
      }
      out->push_back(']');
    }
    out->push_back('}');
  }

  // ---- optimization tree

  // The inlinee (by_phase node) each node belongs to, in DFS order; fills dfs_ and inlinee_.
  void OrderNodes() {
    dfs_.clear();
    inlinee_.assign(nodes_.size(), -1);
    std::vector<int32_t> stack = {0};
    while (!stack.empty()) {
      int32_t idx = stack.back();
      stack.pop_back();
      const Node& n = nodes_[static_cast<size_t>(idx)];
      dfs_.push_back(idx);
      if (n.parent >= 0)
        inlinee_[static_cast<size_t>(idx)] = inlinee_[static_cast<size_t>(n.parent)];
      if (n.by_phase) inlinee_[static_cast<size_t>(idx)] = idx;
      size_t mark = stack.size();
      for (int32_t c = n.first_child; c >= 0; c = nodes_[static_cast<size_t>(c)].next_sibling)
        stack.push_back(c);
      std::reverse(stack.begin() + static_cast<ptrdiff_t>(mark), stack.end());
    }
  }

  Slot PickSlot(const EventKind& e, Rng& r) {
    int total = 0;
    for (const auto& s : e.slots) total += s.weight;
    int x = static_cast<int>(r.Below(static_cast<uint64_t>(total)));
    for (const auto& s : e.slots) {
      if (x < s.weight) return s.slot;
      x -= s.weight;
    }
    return e.slots.back().slot;
  }

  void AddOpt(uint64_t id, int32_t anchor, uint8_t change) {
    Rng r(id);
    const auto& cdf = EventCdf();
    int x = static_cast<int>(r.Below(static_cast<uint64_t>(cdf.back())));
    auto event = static_cast<uint16_t>(std::upper_bound(cdf.begin(), cdf.end(), x) - cdf.begin());
    const EventKind& e = Events()[event];
    Slot slot = PickSlot(e, r);
    int32_t group = -1;
    int32_t inlinee = inlinee_[static_cast<size_t>(anchor)];
    if (slot == kInlineeDce || slot == kInlineeCanon || slot == kIncrementalCanon) {
      if (inlinee < 0) {
        slot = slot == kInlineeDce ? kRootParsingDce : kHighCanon;
      } else {
        group = inlinee;
      }
    }
    if (slot == kHighIceCanon || slot == kHighIceCondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[0])));
    if (slot == kMidIce1Canon || slot == kMidIce1CondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[1])));
    if (slot == kMidIce2Canon || slot == kMidIce2CondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[2])));
    int code = std::max(1, u_[nodes_[static_cast<size_t>(anchor)].method].code_size);
    auto bci = static_cast<int32_t>(r.Below(static_cast<uint64_t>(code)));
    if (change == 2) {
      // A changed event of the same optimization, when there is one.
      uint16_t alt = event;
      for (uint16_t k = 1; k < Events().size(); ++k) {
        auto cand = static_cast<uint16_t>((event + k) % Events().size());
        if (std::strcmp(Events()[cand].optimization, e.optimization) == 0) {
          alt = cand;
          break;
        }
      }
      event = alt;
    } else if (change == 3) {
      bci = (bci + 1 + static_cast<int32_t>(id % 7)) % (code + 1);
    }
    uint64_t order = Hash(id, kSaltOrder);
    if (shuffle_ && IsUnorderedSlot(slot)) order = Hash(id, kSaltShuffle);
    opts_.push_back(Opt{order, id, group, anchor, bci, event, static_cast<uint8_t>(slot), change});
  }

  void CollectOpts() {
    OrderNodes();
    opts_.clear();
    Rng ur(Hash(spec_->id, kSaltOpts));
    ice_[0] = ur.Range(1, 2);
    ice_[1] = ur.Range(1, 2);
    ice_[2] = ur.Range(1, 3);
    if (variant_ != nullptr) {
      shuffle_ = Unit(Hash(spec_->id, kSaltShuffle, variant_->Salt())) < c_.shuffle_rate;
    } else {
      shuffle_ = exp_ == 2 && ur.Chance(c_.shuffle_rate);
    }
    double mean = c_.aot() ? 1.1 : 1.35;
    double q = 1.0 / (1.0 + mean);
    for (int32_t idx : dfs_) {
      const Node& n = nodes_[static_cast<size_t>(idx)];
      if (n.kind != NodeKind::kRoot && n.kind != NodeKind::kInlined) continue;
      Rng r(Hash(n.id, kSaltOpts));
      int k = r.Geometric(q, 40);
      if (n.kind == NodeKind::kRoot) k += 3 + r.Range(0, 6);
      for (int j = 0; j < k; ++j) {
        uint64_t id = Hash(n.id, kSaltOpts, static_cast<uint64_t>(j));
        uint8_t change = 0;
        if (variant_ != nullptr) {
          if (!RunChanges(idx, id, &change)) continue;
        } else if (exp_ == 2) {
          double x = Unit(Hash(id, kSaltOptChange));
          if (x < c_.opt_remove_rate) continue;
          if (x < c_.opt_remove_rate + c_.opt_change_rate)
            change = static_cast<uint8_t>(1 + Hash(id, kSaltOptChange, 1) % 3);
          if (Unit(Hash(id, kSaltOptAdd)) < c_.opt_add_rate)
            AddOpt(Hash(id, kSaltOptAdd, 1), idx, 0);
        }
        AddOpt(id, idx, change);
      }
    }
    std::sort(opts_.begin(), opts_.end(), [](const Opt& a, const Opt& b) {
      if (a.slot != b.slot) return a.slot < b.slot;
      if (a.group != b.group) return a.group < b.group;
      return a.order < b.order;
    });
  }

  // Runs mode: the planted change of optimization `id` of node `idx` (experiment 2) or else the
  // run's noise; adds what is added. False: the optimization is not logged in this run.
  bool RunChanges(int32_t idx, uint64_t id, uint8_t* change) {
    const double planted = Unit(Hash(id, kSaltOptChange));
    const double rate = c_.planted_opt_rate;
    if (PlantedOptChange(c_, id)) {
      if (exp_ != 2) return true;
      if (Unit(Hash(id, kSaltOptAdd)) < rate) AddOpt(Hash(id, kSaltOptAdd, 1), idx, 0);
      if (planted < rate) return false;
      if (planted < 2 * rate) *change = static_cast<uint8_t>(1 + Hash(id, kSaltOptChange, 1) % 3);
      return true;
    }
    const std::vector<char>* allowed = variant_->opt_noise_allowed;
    if (allowed == nullptr || static_cast<size_t>(idx) >= allowed->size() ||
        !(*allowed)[static_cast<size_t>(idx)]) {
      return true;
    }
    // Each of: removed, changed, one added after it.
    if (variant_->Noisy(Hash(id, kSaltOptNoiseAdd), c_.noise_opt_rate, c_.runs,
                        c_.marginal_noise)) {
      AddOpt(Hash(id, kSaltOptNoiseAdd, variant_->Salt()), idx, 0);
    }
    if (variant_->Noisy(Hash(id, kSaltOptNoise), c_.noise_opt_rate, c_.runs, c_.marginal_noise))
      return false;
    if (variant_->Noisy(Hash(id, kSaltOptNoise, 1), c_.noise_opt_rate, c_.runs,
                        c_.marginal_noise)) {
      *change = static_cast<uint8_t>(1 + Hash(id, kSaltOptNoise, 2) % 3);
    }
    return true;
  }

  std::pair<size_t, size_t> Range(Slot slot, int32_t group) const {
    auto lo = std::lower_bound(opts_.begin(), opts_.end(), std::make_pair(slot, group),
                               [](const Opt& o, std::pair<Slot, int32_t> k) {
                                 return o.slot != k.first ? o.slot < k.first : o.group < k.second;
                               });
    auto hi = lo;
    while (hi != opts_.end() && hi->slot == slot && hi->group == group) ++hi;
    return {static_cast<size_t>(lo - opts_.begin()), static_cast<size_t>(hi - opts_.begin())};
  }

  static bool PositionIsNull(const Opt& o) { return Unit(Hash(o.id, 0x7051)) < 0.01; }

  void WritePosition(const Opt& o, std::string* out) {
    if (PositionIsNull(o)) {
      out->append(",\"position\":null");
      return;
    }
    out->append(",\"position\":{");
    int32_t idx = o.anchor;
    AppendQuoted(out, NameOf(idx));
    out->push_back(':');
    AppendInt(out, o.bci);
    while (idx != 0) {
      int32_t bci = nodes_[static_cast<size_t>(idx)].bci;
      idx = nodes_[static_cast<size_t>(idx)].parent;
      while (nodes_[static_cast<size_t>(idx)].kind == NodeKind::kDevirtualized)
        idx = nodes_[static_cast<size_t>(idx)].parent;
      out->push_back(',');
      AppendQuoted(out, NameOf(idx));
      out->push_back(':');
      AppendInt(out, bci);
    }
    out->push_back('}');
  }

  void WriteProps(const Opt& o, const EventKind& e, std::string* out) {
    Rng r(Hash(o.id, 0x9709, o.change == 1 ? 2 : 1));
    switch (e.props) {
      case Props::kNone:
        return;
      case Props::kCanonical:
        out->append(",\"replacedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kReplacedClasses));
        out->append(",\"canonicalNodeClass\":");
        if (r.Chance(0.12)) {
          out->append("null");
        } else {
          AppendQuoted(out, PickFrom(r, kCanonicalClasses));
        }
        return;
      case Props::kReplaced:
        out->append(",\"replacedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kReplacedClasses));
        return;
      case Props::kDeleted:
        out->append(",\"deletedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kDeletedClasses));
        return;
      case Props::kMaterializations:
        out->append(",\"materializations\":");
        AppendInt(out, r.Geometric(0.55, 6));
        return;
      case Props::kPeelings:
        out->append(",\"peelings\":");
        AppendInt(out, 1 + r.Geometric(0.8, 2));
        return;
      case Props::kUnrollFactor: {
        static constexpr int kFactors[] = {2, 2, 4, 8, 8};
        out->append(",\"unrollFactor\":");
        AppendInt(out, PickFrom(r, kFactors));
        return;
      }
      case Props::kUnswitches:
        out->append(",\"unswitches\":");
        AppendInt(out, 1 + r.Geometric(0.6, 3));
        return;
      case Props::kStripMining:
        out->append(",\"innerIterations\":");
        AppendInt(out, int64_t{1} << r.Range(12, 40));
        out->append(",\"speculative\":");
        out->append(r.Chance(0.5) ? "true" : "false");
        out->append(",\"probability\":");
        AppendJavaDouble(out, Round6(0.5 + 0.5 * r.Uniform()));
        out->append(",\"guards\":[\"IsNull\",\"InstanceOf\"]");
        out->append(",\"origin\":{\"tier\":\"mid\",\"pass\":");
        AppendInt(out, r.Range(1, 3));
        out->append("}");
        return;
    }
  }

  void WriteOpts(Slot slot, int32_t group, std::string* out, char* first) {
    auto [lo, hi] = Range(slot, group);
    for (size_t i = lo; i < hi; ++i) {
      const Opt& o = opts_[i];
      const EventKind& e = Events()[o.event];
      if (!*first) out->push_back(',');
      *first = false;
      out->append("{\"optimizationName\":");
      AppendQuoted(out, e.optimization);
      out->append(",\"eventName\":");
      AppendQuoted(out, e.event);
      WritePosition(o, out);
      WriteProps(o, e, out);
      out->push_back('}');
    }
  }

  bool HasOpts(Slot slot, int32_t group) const {
    auto [lo, hi] = Range(slot, group);
    return lo < hi;
  }

  // Phase writing: Open() starts a phase inside the current one, Close() ends it.
  void Open(const char* name, std::string* out) {
    if (!first_.empty()) {
      if (!first_.back()) out->push_back(',');
      first_.back() = false;
    }
    out->append("{\"phaseName\":\"").append(name).append("\",\"optimizations\":[");
    first_.push_back(true);
  }
  void Close(std::string* out) {
    out->append("]}");
    first_.pop_back();
  }
  void Leaf(const char* name, std::string* out) {
    Open(name, out);
    Close(out);
  }
  void Phase(const char* name, Slot slot, std::string* out, int32_t group = -1) {
    Open(name, out);
    WriteOpts(slot, group, out, &first_.back());
    Close(out);
  }
  // A phase followed by its nested canonicalizer, logged only when it did something.
  void PhaseWithCanon(const char* name, Slot slot, Slot canon, std::string* out) {
    Open(name, out);
    if (slot != kSlotCount) WriteOpts(slot, -1, out, &first_.back());
    if (HasOpts(canon, -1)) Phase("CanonicalizerPhase", canon, out);
    Close(out);
  }

  void WriteOptimizationTree(std::string* out) {
    first_.clear();
    Open("RootPhase", out);
    Open("Parsing", out);
    Leaf("GraphBuilderPhase", out);
    Phase("DeadCodeEliminationPhase", kRootParsingDce, out);
    Close(out);

    Open("HighTier", out);
    Phase("CanonicalizerPhase", kHighCanon, out);
    Open("InliningPhase", out);
    for (int32_t idx : dfs_) {
      if (!nodes_[static_cast<size_t>(idx)].by_phase) continue;
      Open("RootPhase", out);
      Open("Parsing", out);
      Leaf("GraphBuilderPhase", out);
      Phase("DeadCodeEliminationPhase", kInlineeDce, out, idx);
      Close(out);
      if (HasOpts(kInlineeCanon, idx)) Phase("CanonicalizerPhase", kInlineeCanon, out, idx);
      Close(out);
      if (HasOpts(kIncrementalCanon, idx))
        Phase("IncrementalCanonicalizerPhase", kIncrementalCanon, out, idx);
    }
    Close(out);
    Phase("DeadCodeEliminationPhase", kHighDce, out);
    Leaf("DisableOverflownCountedLoopsPhase", out);
    PhaseWithCanon("ConvertDeoptimizeToGuardPhase", kConvertDeopt, kConvertDeoptCanon, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[0]; ++i) {
      Phase("CanonicalizerPhase", kHighIceCanon, out, i);
      Phase("ConditionalEliminationPhase", kHighIceCondElim, out, i);
    }
    Close(out);
    Leaf("DominatorBasedGlobalValueNumberingPhase", out);
    PhaseWithCanon("LoopFullUnrollPhase", kHighFullUnroll, kHighFullUnrollCanon, out);
    PhaseWithCanon("LoopPeelingPhase", kLoopPeeling, kLoopPeelingCanon, out);
    Phase("LoopUnswitchingPhase", kLoopUnswitching, out);
    Leaf("BoxNodeIdentityPhase", out);
    PhaseWithCanon("FinalPartialEscapePhase", kFinalPea, kFinalPeaCanon, out);
    Phase("ReadEliminationPhase", kReadElimination, out);
    Leaf("BoxNodeOptimizationPhase", out);
    PhaseWithCanon("HighTierLoweringPhase", kSlotCount, kHighLoweringCanon, out);
    Close(out);

    Open("MidTier", out);
    Leaf("LockEliminationPhase", out);
    Phase("FloatingReadPhase", kFloatingRead, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[1]; ++i) {
      Phase("ConditionalEliminationPhase", kMidIce1CondElim, out, i);
      Phase("CanonicalizerPhase", kMidIce1Canon, out, i);
    }
    Close(out);
    Phase("SpeculativeGuardMovementPhase", kSpeculativeGuard, out);
    Phase("LoopSafepointEliminationPhase", kSafepointElim, out);
    Leaf("GuardLoweringPhase", out);
    Phase("LoopFullUnrollPhase", kMidFullUnroll, out);
    Leaf("RemoveValueProxyPhase", out);
    if (!c_.aot()) Leaf("LoopSafepointInsertionPhase", out);
    PhaseWithCanon("MidTierLoweringPhase", kSlotCount, kMidLoweringCanon, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[2]; ++i) {
      Phase("ConditionalEliminationPhase", kMidIce2CondElim, out, i);
      Phase("CanonicalizerPhase", kMidIce2Canon, out, i);
    }
    Close(out);
    Phase("OptimizeDivPhase", kOptimizeDiv, out);
    Leaf("FrameStateAssignmentPhase", out);
    Phase("LoopPartialUnrollPhase", kPartialUnroll, out);
    Phase("ReassociationPhase", kReassociation, out);
    Leaf("DeoptimizationGroupingPhase", out);
    Phase("CanonicalizerPhase", kMidCanon, out);
    if (!c_.aot()) Leaf("WriteBarrierAdditionPhase", out);
    Close(out);

    Open("LowTier", out);
    PhaseWithCanon("LowTierLoweringPhase", kSlotCount, kLowLoweringCanon, out);
    if (c_.aot()) Leaf("AOTLoweringPhase", out);
    Leaf("ExpandLogicPhase", out);
    Leaf("OptimizeOffsetAddressPhase", out);
    Open("FixReadsPhase", out);
    WriteOpts(kFixReads, -1, out, &first_.back());
    Leaf("SchedulePhase", out);
    Close(out);
    Phase("CanonicalizerPhase", kLowCanon, out);
    Leaf("AddressLoweringPhase", out);
    Phase("FinalCanonicalizerPhase", kFinalCanon, out);
    Phase("DeadCodeEliminationPhase", kLowDce, out);
    Leaf("PropagateDeoptimizeProbabilityPhase", out);
    Phase("UseTrappingNullChecksPhase", kTrappingNullChecks, out);
    Leaf("OptimizeExtendsPhase", out);
    Leaf("RemoveOpaqueValuePhase", out);
    Leaf("FinalSchedulePhase", out);
    Close(out);
    Close(out);
  }

  const Universe& u_;
  const Config& c_;
  TreeBuilder builder_;
  int exp_ = 1;
  const UnitSpec* spec_ = nullptr;
  const RunVariant* variant_ = nullptr;  // runs mode
  std::string root_name_;
  std::vector<Node> nodes_;
  std::vector<int32_t> dfs_;
  std::vector<int32_t> inlinee_;
  std::vector<Opt> opts_;
  int ice_[3] = {1, 1, 1};
  bool shuffle_ = false;
  std::vector<char> first_;  // per open phase: no child written yet
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_UNIT_WRITER_H_
