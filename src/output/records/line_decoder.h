#ifndef PROFDIFF_LOAD_LINE_DECODER_H_
#define PROFDIFF_LOAD_LINE_DECODER_H_

// Reading the records of a --format=json stream back (record_stream_reader.cc, runs_records.cc):
// typed access to the values of one line's tape.

#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/json/json_support.h"
#include "load/json/record_tape.h"
#include "load/json/record_values.h"
#include "profdiff/model/property_value.h"
#include "profdiff/output/output_records.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::record_internal {

// Builds the records of one line from its tape. The first problem is kept in `error_`; getters
// then return defaults, and the caller reports the error instead of passing the record on.
class LineDecoder {
 public:
  explicit LineDecoder(const RecordTape& tape) : tape_(tape) {}

  const std::string& error() const { return error_; }
  void Fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

  uint32_t Find(uint32_t object, std::string_view key) const {
    if (object == kNoToken || tape_[object].kind != TokenKind::kObject) return kNoToken;
    uint32_t found = kNoToken;
    for (uint32_t k = object + 1; k < tape_[object].a; k = tape_.Next(k + 1)) {
      if (tape_.Text(tape_[k]) == key) found = k + 1;  // the last of duplicate keys wins
    }
    return found;
  }
  bool IsNull(uint32_t value) const {
    return value == kNoToken || tape_[value].kind == TokenKind::kNull;
  }
  bool IsString(uint32_t value) const {
    return value != kNoToken && tape_[value].kind == TokenKind::kString;
  }

  std::string_view Text(uint32_t value, std::string_view what) {
    if (value == kNoToken || tape_[value].kind != TokenKind::kString) {
      Fail(absl::StrCat("expected a string for \"", AbslView(what), "\""));
      return {};
    }
    return tape_.Text(tape_[value]);
  }
  std::string_view Str(uint32_t object, std::string_view key) {
    return Text(Find(object, key), key);
  }
  std::optional<std::string_view> OptStr(uint32_t object, std::string_view key) {
    uint32_t value = Find(object, key);
    if (IsNull(value)) return std::nullopt;
    return Text(value, key);
  }
  int64_t IntValue(uint32_t value, std::string_view what, int64_t min, int64_t max) {
    int64_t result = 0;
    if (value == kNoToken || tape_[value].kind != TokenKind::kNumber ||
        !ParseJsonNumber(tape_.Text(tape_[value])).ExactInteger(min, max, &result)) {
      Fail(absl::StrCat("expected an integer from ", min, " to ", max, " for \"", AbslView(what),
                        "\""));
      return 0;
    }
    return result;
  }
  int64_t Int(uint32_t object, std::string_view key,
              int64_t min = std::numeric_limits<int64_t>::min(),
              int64_t max = std::numeric_limits<int64_t>::max()) {
    return IntValue(Find(object, key), key, min, max);
  }
  // An integer member that may be absent or null (nullopt).
  std::optional<int64_t> OptInt(uint32_t object, std::string_view key, int64_t min = 0,
                                int64_t max = std::numeric_limits<int64_t>::max()) {
    uint32_t value = Find(object, key);
    if (IsNull(value)) return std::nullopt;
    return IntValue(value, key, min, max);
  }
  // The members that WriteSamplingNoise (json_renderer.cc) writes, when present.
  std::optional<SamplingNoiseRecord> SamplingNoise(uint32_t object) {
    if (Find(object, "within_noise") == kNoToken) return std::nullopt;
    SamplingNoiseRecord noise;
    noise.within_noise = Bool(object, "within_noise");
    noise.p = Double(object, "noise_p");
    return noise;
  }
  int32_t Bci(uint32_t object) {  // null: none (-1)
    uint32_t value = Find(object, "bci");
    if (IsNull(value)) return -1;
    return static_cast<int32_t>(IntValue(value, "bci", INT32_MIN, INT32_MAX));
  }
  bool Bool(uint32_t object, std::string_view key) {
    uint32_t value = Find(object, key);
    if (value == kNoToken ||
        (tape_[value].kind != TokenKind::kTrue && tape_[value].kind != TokenKind::kFalse)) {
      Fail(absl::StrCat("expected true or false for \"", AbslView(key), "\""));
      return false;
    }
    return tape_[value].kind == TokenKind::kTrue;
  }
  double Double(uint32_t object, std::string_view key) {
    return DoubleValue(Find(object, key), key);
  }
  // A number, or the strings that stand for the non-finite ones.
  double Number(uint32_t value, std::string_view key) { return DoubleValue(value, key); }
  double DoubleValue(uint32_t value, std::string_view key) {
    if (value != kNoToken && tape_[value].kind == TokenKind::kNumber) {
      return ParseJsonNumber(tape_.Text(tape_[value])).AsDouble();
    }
    if (value != kNoToken && tape_[value].kind == TokenKind::kString) {
      std::string_view text = tape_.Text(tape_[value]);
      if (text == "NaN") return std::numeric_limits<double>::quiet_NaN();
      if (text == "Infinity") return std::numeric_limits<double>::infinity();
      if (text == "-Infinity") return -std::numeric_limits<double>::infinity();
    }
    Fail(absl::StrCat("expected a number for \"", AbslView(key), "\""));
    return 0;
  }
  uint32_t Container(uint32_t object, std::string_view key, TokenKind kind) {
    uint32_t value = Find(object, key);
    if (value == kNoToken || tape_[value].kind != kind) {
      Fail(absl::StrCat("expected ", kind == TokenKind::kArray ? "an array" : "an object",
                        " for \"", AbslView(key), "\""));
      return kNoToken;
    }
    return value;
  }
  uint32_t Array(uint32_t object, std::string_view key) {
    return Container(object, key, TokenKind::kArray);
  }
  // `value` itself, which must be an array (an element of the array of arrays `key`).
  uint32_t ArrayValue(uint32_t value, std::string_view key) {
    if (value == kNoToken || tape_[value].kind != TokenKind::kArray) {
      Fail(absl::StrCat("expected an array of arrays for \"", AbslView(key), "\""));
      return kNoToken;
    }
    return value;
  }
  uint32_t Object(uint32_t object, std::string_view key) {
    return Container(object, key, TokenKind::kObject);
  }
  // Calls visit(element) for each element of array token `array` (none when kNoToken).
  template <class Visit>
  void ForEach(uint32_t array, const Visit& visit) {
    if (array == kNoToken) return;
    for (uint32_t e = array + 1; e < tape_[array].a && error_.empty(); e = tape_.Next(e)) visit(e);
  }

  CompilationRecord Compilation(uint32_t object) {
    CompilationRecord c;
    if (object == kNoToken || tape_[object].kind != TokenKind::kObject) {
      Fail("expected a compilation object");
      return c;
    }
    c.experiment = static_cast<int>(Int(object, "experiment", 0, 2));
    c.id = Str(object, "id");
    c.fragment = Bool(object, "fragment");
    c.multi_method_key = OptStr(object, "multi_method_key");
    c.profiled = !IsNull(Find(object, "period"));
    if (c.profiled) {
      c.period = Int(object, "period");
      c.graal_share = Double(object, "graal_share");
      c.total_share = Double(object, "total_share");
      c.samples = OptInt(object, "samples");
      c.hot = Bool(object, "hot");
    }
    if (c.fragment) {
      c.fragment_of = Str(object, "fragment_of");
      ForEach(Array(object, "inlining_path"), [&](uint32_t element) {
        PathElementRecord path;
        path.method = OptStr(element, "method");
        path.bci = Bci(element);
        c.inlining_path.push_back(path);
      });
    }
    return c;
  }

  NodeLabel Label(uint32_t object, TreeRecord* tree) {
    NodeLabel label;
    if (object == kNoToken || tape_[object].kind != TokenKind::kObject) {
      Fail("expected a node label object");
      return label;
    }
    std::string_view kind = Str(object, "node");
    if (kind == "inlining") {
      label.kind = LabelKind::kInlining;
      label.callsite = Str(object, "callsite");
      std::optional<std::string_view> method = OptStr(object, "method");
      label.name_known = method.has_value();
      if (method) label.name = *method;
      label.bci = Bci(object);
      uint32_t reasons = Find(object, "reasons");
      if (reasons != kNoToken) {
        label.reasons_shown = true;
        label.reasons.begin = static_cast<uint32_t>(tree->reasons.size());
        ForEach(Array(object, "reasons"),
                [&](uint32_t e) { tree->reasons.push_back(Text(e, "reasons")); });
        label.reasons.end = static_cast<uint32_t>(tree->reasons.size());
      }
      uint32_t profile = Find(object, "receiver_type_profile");
      if (!IsNull(profile)) {
        profile = Object(object, "receiver_type_profile");
        label.has_receiver_profile = true;
        label.receiver_profile_mature = Bool(profile, "mature");
        label.profiled_types.begin = static_cast<uint32_t>(tree->profiled_types.size());
        ForEach(Array(profile, "types"), [&](uint32_t e) {
          ProfiledTypeRecord type;
          type.type_name = Str(e, "type");
          type.probability = Double(e, "probability");
          type.concrete_method = OptStr(e, "method");
          tree->profiled_types.push_back(type);
        });
        label.profiled_types.end = static_cast<uint32_t>(tree->profiled_types.size());
      }
    } else if (kind == "phase") {
      label.kind = LabelKind::kPhase;
      label.name = Str(object, "name");
    } else if (kind == "info") {
      label.kind = LabelKind::kInfo;
      label.name = Str(object, "text");
    } else if (kind == "optimization") {
      label.kind = LabelKind::kOptimization;
      label.name = Str(object, "name");
      label.event = Str(object, "event");
      label.bci = Bci(object);
      label.position.begin = static_cast<uint32_t>(tree->positions.size());
      ForEach(Array(object, "position"), [&](uint32_t e) {
        tree->positions.push_back(
            {Str(e, "method"), static_cast<int32_t>(Int(e, "bci", INT32_MIN, INT32_MAX))});
      });
      label.position.end = static_cast<uint32_t>(tree->positions.size());
      uint32_t properties = Object(object, "properties");
      label.properties.begin = static_cast<uint32_t>(tree->properties.size());
      if (properties != kNoToken) {
        for (uint32_t k = properties + 1; k < tape_[properties].a; k = tape_.Next(k + 1)) {
          PropertyValue& value = values_.emplace_back();
          renderer_.Render(tape_, k + 1, &value);
          tree->properties.push_back({tape_.Text(tape_[k]), value.rendered, value.json});
        }
      }
      label.properties.end = static_cast<uint32_t>(tree->properties.size());
    } else if (error_.empty()) {
      Fail(absl::StrCat("unknown node kind \"", AbslView(kind), "\""));
    }
    return label;
  }

  // A tree object {"nodes": [...]} or a delta tree with its summary.
  void Tree(uint32_t object, TreeKind kind, bool delta, TreeRecord* tree) {
    tree->Clear(kind, delta);
    if (object == kNoToken) return;
    if (delta) {
      tree->too_big = Bool(object, "too_big");
      // Written with too_big only (streams of older profdiffs lack it: not known identical).
      tree->identical =
          tree->too_big && Find(object, "identical") != kNoToken && Bool(object, "identical");
      tree->cost = Int(object, "cost");
      // Written only when some moved.
      tree->moved_call_sites =
          Find(object, "moved_call_sites") != kNoToken ? Int(object, "moved_call_sites", 0) : 0;
      // Written only when the method's code changed.
      if (Find(object, "bytecode_sizes") != kNoToken) {
        int side = 0;
        ForEach(Array(object, "bytecode_sizes"), [&](uint32_t size) {
          if (side < 2) {
            tree->root_bytecode_size[side++] =
                static_cast<int32_t>(IntValue(size, "bytecode_sizes", 0, INT32_MAX));
          }
        });
      }
      uint32_t counts = Object(object, "counts");
      tree->counts.identity = Int(counts, "identity", 0);
      tree->counts.insert = Int(counts, "insert", 0);
      tree->counts.remove = Int(counts, "delete", 0);
      tree->counts.relabel = Int(counts, "relabel", 0);
      // Written only when moves are shown.
      tree->counts.moved = Find(counts, "moved") != kNoToken ? Int(counts, "moved", 0) : 0;
    }
    int32_t previous_depth = -1;
    ForEach(Array(object, "nodes"), [&](uint32_t e) {
      NodeRecord& node = tree->nodes.emplace_back();
      node.depth = static_cast<int32_t>(Int(e, "depth", 0, INT32_MAX));
      // Preorder: the first node is the root, and each node is at most one level below the one
      // before it.
      if ((previous_depth < 0 && node.depth != 0) ||
          (previous_depth >= 0 && (node.depth == 0 || node.depth > previous_depth + 1))) {
        Fail(absl::StrCat("node ", tree->nodes.size() - 1, " has depth ", node.depth,
                          " after depth ", previous_depth, ", which is not a preorder"));
      }
      previous_depth = node.depth;
      if (!delta) {
        node.op = NodeOp::kNode;
        node.left = Label(e, tree);
        return;
      }
      std::string_view op = Str(e, "op");
      if (op == "identity") {
        node.op = NodeOp::kIdentity;
      } else if (op == "insert") {
        node.op = NodeOp::kInsert;
      } else if (op == "delete") {
        node.op = NodeOp::kDelete;
      } else if (op == "relabel") {
        node.op = NodeOp::kRelabel;
      } else if (op == "moved") {
        node.op = NodeOp::kMoved;
      } else {
        Fail(absl::StrCat("unknown op \"", AbslView(op), "\""));
        return;
      }
      if (node.op != NodeOp::kInsert) node.left = Label(Find(e, "left"), tree);
      if (node.op != NodeOp::kDelete) node.right = Label(Find(e, "right"), tree);
    });
    if (delta && tree->too_big && !tree->nodes.empty()) {
      Fail("a tree too big to compare has no nodes");
    }
  }

  // The trees of a compilation or pair record.
  void Trees(uint32_t object, bool delta, TreeRecord* first, TreeRecord* second,
             const TreeRecord** inlining, const TreeRecord** optimization,
             const TreeRecord** context) {
    uint32_t oct = Find(object, "optimization_context");
    if (oct != kNoToken) {
      Tree(Object(object, "optimization_context"), TreeKind::kOptimizationContext, delta, first);
      *context = first;
      return;
    }
    Tree(Object(object, "inlining"), TreeKind::kInlining, delta, first);
    Tree(Object(object, "optimization"), TreeKind::kOptimization, delta, second);
    *inlining = first;
    *optimization = second;
  }

  // "all", "hot" or {"method": name}.
  StatisticsScope Scope(uint32_t value) {
    StatisticsScope scope;
    if (value != kNoToken && tape_[value].kind == TokenKind::kObject) {
      scope.kind = StatisticsScopeKind::kMethod;
      scope.method = Str(value, "method");
      return scope;
    }
    std::string_view name = Text(value, "scope");
    if (name == "hot") {
      scope.kind = StatisticsScopeKind::kHot;
    } else if (name != "all" && error_.empty()) {
      Fail(absl::StrCat("unknown scope \"", AbslView(name), "\""));
    }
    return scope;
  }

  // The figures of a statistics record, in metric order (the order the JSON renderer writes
  // them in); keyed metrics in the order of their object's members.
  void Figures(std::vector<StatisticFigure>* figures) {
    uint32_t object = 0;  // the record; the "execution" object for the profile's figures
    for (size_t m = 0; m < kStatisticMetrics && error_.empty(); ++m) {
      const auto metric = static_cast<StatisticMetric>(m);
      if (MetricNeedsProfile(metric) && object == 0) {
        if (IsNull(Find(0, "execution"))) return;
        object = Object(0, "execution");
        if (object == kNoToken) return;
      }
      const std::string_view name = MetricName(metric);
      // Samples: only with a JFR profile.
      if (metric == StatisticMetric::kSamples && IsNull(Find(object, name))) continue;
      if (!MetricIsKeyed(metric)) {
        figures->push_back({metric, {}, DoubleValue(Find(object, name), name)});
        continue;
      }
      const uint32_t members = Object(object, name);
      if (members == kNoToken) return;
      for (uint32_t k = members + 1; k < tape_[members].a; k = tape_.Next(k + 1)) {
        figures->push_back({metric, tape_.Text(tape_[k]), DoubleValue(k + 1, name)});
      }
    }
  }

  StatisticsChangeRow ChangeRow(uint32_t object) {
    StatisticsChangeRow row;
    std::string_view metric_name = Str(object, "metric");
    std::optional<StatisticMetric> metric = MetricNamed(metric_name);
    if (!metric.has_value()) {
      if (error_.empty()) Fail(absl::StrCat("unknown metric \"", AbslView(metric_name), "\""));
      return row;
    }
    row.metric = *metric;
    if (MetricIsKeyed(row.metric)) row.key = Str(object, "key");
    row.value_1 = Double(object, "value_1");
    row.value_2 = Double(object, "value_2");
    row.change = Double(object, "change");
    row.relative_change = Double(object, "relative_change");
    return row;
  }

  void Clear() {
    error_.clear();
    values_.clear();
  }

 private:
  const RecordTape& tape_;
  std::string error_;
  ValueRenderer renderer_;
  std::deque<PropertyValue> values_;  // the rendered property values of the line
};

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_LOAD_LINE_DECODER_H_
