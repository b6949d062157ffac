#include "output/html_piece.h"

#include <charconv>
#include <cstring>

#include "output/json_labels.h"
#include "output/json_out.h"
#include "output/runs_json.h"
#include "profdiff/model/json_text.h"
#include "profdiff/output/json_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff::html_internal {

namespace {

void AppendInt(int64_t value, std::string* out) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out->append(digits, result.ptr);
}

void AppendRef(char kind, uint32_t index, std::string* out) {
  out->push_back(kind);
  AppendU32(index, out);
}

// A tree as the JSON record shows it without its nodes: the page keeps the nodes apart, in a
// section that is only parsed when the tree is shown.
const TreeRecord* Head(const TreeRecord* tree, TreeRecord* head) {
  if (tree == nullptr) return nullptr;
  head->Clear(tree->kind, tree->delta);
  head->too_big = tree->too_big;
  head->identical = tree->identical;
  head->cost = tree->cost;
  head->counts = tree->counts;
  head->moved_call_sites = tree->moved_call_sites;
  head->root_bytecode_size[0] = tree->root_bytecode_size[0];
  head->root_bytecode_size[1] = tree->root_bytecode_size[1];
  return head;
}

}  // namespace

void AppendScriptSafeJsonString(std::string_view text, std::string* out) {
  const size_t start = out->size();
  AppendJsonString(text, out);
  if (std::memchr(out->data() + start, '<', out->size() - start) == nullptr) return;
  std::string escaped;
  escaped.reserve(out->size() - start + 16);
  for (size_t i = start; i < out->size(); ++i) {
    if ((*out)[i] == '<') {
      escaped.append("\\u003c");
    } else {
      escaped.push_back((*out)[i]);
    }
  }
  out->resize(start);
  out->append(escaped);
}

void EscapeLessThan(std::string* json) {
  if (json->find('<') == std::string::npos) return;
  std::string escaped;
  escaped.reserve(json->size() + 64);
  for (char c : *json) {
    if (c == '<') {
      escaped.append("\\u003c");
    } else {
      escaped.push_back(c);
    }
  }
  json->swap(escaped);
}

uint32_t ReadU32(const char* bytes) {
  uint32_t value = 0;
  for (int i = 3; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

void AppendU32(uint32_t value, std::string* out) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

template <typename Write>
void HtmlPieceRenderer::Section(char tag, Write write) {
  out_->push_back(tag);
  const size_t length_at = out_->size();
  AppendU32(0, out_);
  write(out_);
  const uint32_t length = static_cast<uint32_t>(out_->size() - length_at - 4);
  for (int i = 0; i < 4; ++i)
    (*out_)[length_at + i] = static_cast<char>((length >> (8 * i)) & 0xFF);
}

void HtmlPieceRenderer::Reset() {
  strings_.clear();
  labels_.clear();
}

void HtmlPieceRenderer::StringRef(std::string_view text, std::string* out) {
  // Looked up without a copy (most strings are known by then); copied only when new.
  auto it = strings_.find(AbslView(text));
  if (it == strings_.end()) {
    it = strings_.emplace(std::string(text), static_cast<uint32_t>(strings_.size())).first;
    Section(kStringSection,
            [&](std::string* section) { AppendScriptSafeJsonString(text, section); });
  }
  AppendRef(kStringRef, it->second, out);
}

// The label as a JSON array (docs/html-report.md "Data"); identical labels share an index.
uint32_t HtmlPieceRenderer::LabelIndex(const TreeRecord& tree, const NodeLabel& label) {
  std::string& s = scratch_;
  s.clear();
  switch (label.kind) {
    case LabelKind::kInlining:
      s.append("[0,");
      StringRef(label.callsite, &s);
      s.push_back(',');
      if (label.name_known) {
        StringRef(label.name, &s);
      } else {
        s.append("-1");
      }
      s.push_back(',');
      AppendInt(label.bci, &s);
      s.push_back(',');
      if (label.reasons_shown) {
        s.push_back('[');
        for (uint32_t i = label.reasons.begin; i < label.reasons.end; ++i) {
          if (i > label.reasons.begin) s.push_back(',');
          StringRef(tree.reasons[i], &s);
        }
        s.push_back(']');
      } else {
        s.push_back('0');
      }
      s.push_back(',');
      if (label.has_receiver_profile) {
        s.push_back('[');
        s.push_back(label.receiver_profile_mature ? '1' : '0');
        for (uint32_t i = label.profiled_types.begin; i < label.profiled_types.end; ++i) {
          const ProfiledTypeRecord& type = tree.profiled_types[i];
          s.push_back(',');
          StringRef(type.type_name, &s);
          s.push_back(',');
          JsonOut(&s).Double(type.probability);
          s.push_back(',');
          if (type.concrete_method) {
            StringRef(*type.concrete_method, &s);
          } else {
            s.append("-1");
          }
        }
        s.push_back(']');
      } else {
        s.push_back('0');
      }
      s.push_back(']');
      break;
    case LabelKind::kPhase:
      s.append("[1,");
      StringRef(label.name, &s);
      s.push_back(']');
      break;
    case LabelKind::kOptimization:
      s.append("[2,");
      StringRef(label.name, &s);
      s.push_back(',');
      StringRef(label.event, &s);
      s.push_back(',');
      AppendInt(label.bci, &s);
      s.append(",[");
      for (uint32_t i = label.position.begin; i < label.position.end; ++i) {
        if (i > label.position.begin) s.push_back(',');
        StringRef(tree.positions[i].method, &s);
        s.push_back(',');
        AppendInt(tree.positions[i].bci, &s);
      }
      s.append("],[");
      for (uint32_t i = label.properties.begin; i < label.properties.end; ++i) {
        if (i > label.properties.begin) s.push_back(',');
        StringRef(tree.properties[i].key, &s);
        s.push_back(',');
        StringRef(tree.properties[i].rendered, &s);
      }
      s.append("]]");
      break;
    case LabelKind::kInfo:
      s.append("[3,");
      StringRef(label.name, &s);
      s.push_back(']');
      break;
  }
  auto [it, inserted] = labels_.try_emplace(s, static_cast<uint32_t>(labels_.size()));
  if (inserted) {
    Section(kLabelSection, [&](std::string* section) { section->append(s); });
  }
  return it->second;
}

// Nodes as flat numbers: the depth less the previous node's (the first node's less 0), in a
// delta tree times 5 plus the PageOp; then the label reference(s).
void HtmlPieceRenderer::AppendNodes(const TreeRecord& tree, std::string* out) {
  out->push_back('[');
  int32_t previous_depth = 0;
  bool first = true;
  for (const NodeRecord& node : tree.nodes) {
    if (!first) out->push_back(',');
    first = false;
    const int64_t depth_step = static_cast<int64_t>(node.depth) - previous_depth;
    previous_depth = node.depth;
    auto step = [&](PageOp op) {
      AppendInt(depth_step * 5 + op, out);
      out->push_back(',');
    };
    switch (node.op) {
      case NodeOp::kNode:
        AppendInt(depth_step, out);
        out->push_back(',');
        AppendRef(kLabelRef, LabelIndex(tree, node.left), out);
        break;
      case NodeOp::kInsert:
        step(kInsert);
        AppendRef(kLabelRef, LabelIndex(tree, node.right), out);
        break;
      case NodeOp::kDelete:
        step(kDelete);
        AppendRef(kLabelRef, LabelIndex(tree, node.left), out);
        break;
      case NodeOp::kIdentity:
      case NodeOp::kMoved:  // two labels at different positions: the page tells them by that
      case NodeOp::kRelabel: {
        const uint32_t left = LabelIndex(tree, node.left);
        const uint32_t right = LabelIndex(tree, node.right);
        if (node.op != NodeOp::kRelabel && left == right) {
          step(kIdentitySameLabel);
          AppendRef(kLabelRef, left, out);
          break;
        }
        step(node.op == NodeOp::kRelabel ? kRelabel : kIdentity);
        AppendRef(kLabelRef, left, out);
        out->push_back(',');
        AppendRef(kLabelRef, right, out);
        break;
      }
    }
  }
  out->push_back(']');
}

void HtmlPieceRenderer::TreeSection(const TreeRecord* inlining, const TreeRecord* optimization,
                                    const TreeRecord* context) {
  // The labels are numbered (their sections written) before the tree section that refers to
  // them.
  nodes_.clear();
  uint32_t count = 0;
  for (const TreeRecord* tree : {inlining, optimization, context}) {
    if (tree != nullptr) count += static_cast<uint32_t>(tree->nodes.size());
  }
  AppendU32(count, &nodes_);
  nodes_.push_back('{');
  bool first = true;
  for (const TreeRecord* tree : {inlining, optimization, context}) {
    if (tree == nullptr) continue;
    if (!first) nodes_.push_back(',');
    first = false;
    nodes_.push_back('"');
    nodes_.append(TreeKindName(tree->kind));
    nodes_.append("\":");
    AppendNodes(*tree, &nodes_);
  }
  nodes_.push_back('}');
  Section(kTreeSection, [&](std::string* section) { section->append(nodes_); });
}

void HtmlPieceRenderer::RecordSection(std::string* json) {
  if (!json->empty() && json->back() == '\n') json->pop_back();
  EscapeLessThan(json);
  Section(kRecordSection, [&](std::string* section) { section->append(*json); });
}

void HtmlPieceRenderer::Header(const HeaderRecord& record) {
  show_noise_ = record.runs.has_value() && record.runs->show_noise;
  json_.clear();
  JsonRenderer(&json_).Header(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Warning(const WarningRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Warning(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Experiment(const ExperimentRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Experiment(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Method(const MethodRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Method(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Compilation(const CompilationTreesRecord& record) {
  CompilationTreesRecord head = record;
  head.inlining = Head(record.inlining, &heads_[0]);
  head.optimization = Head(record.optimization, &heads_[1]);
  head.context = Head(record.context, &heads_[2]);
  json_.clear();
  JsonRenderer(&json_).Compilation(head);
  RecordSection(&json_);
  TreeSection(record.inlining, record.optimization, record.context);
}

void HtmlPieceRenderer::Pair(const PairRecord& record) {
  PairRecord head = record;
  head.inlining = Head(record.inlining, &heads_[0]);
  head.optimization = Head(record.optimization, &heads_[1]);
  head.context = Head(record.context, &heads_[2]);
  json_.clear();
  JsonRenderer(&json_).Pair(head);
  RecordSection(&json_);
  TreeSection(record.inlining, record.optimization, record.context);
}

void HtmlPieceRenderer::Statistics(const StatisticsRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Statistics(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::StatisticsChange(const StatisticsChangeRecord& record) {
  json_.clear();
  JsonRenderer(&json_).StatisticsChange(record);
  RecordSection(&json_);
}

// A difference as [tree, op, path, left, right, cross, cross pairs, within, within pairs]: tree 0
// inlining, 1 optimization, 2 optimization-context; op a PageOp; path steps a phase's name (a
// string reference) or [method (-1: unknown), bci] of a call site; left and right label
// references (-1: none).
void HtmlPieceRenderer::AppendDifferences(const RunsMethodRecord& record,
                                          const std::vector<DifferenceRecord>& differences,
                                          std::string* out) {
  out->push_back('[');
  for (size_t n = 0; n < differences.size(); ++n) {
    const DifferenceRecord& d = differences[n];
    if (n > 0) out->push_back(',');
    out->push_back('[');
    AppendInt(d.tree == TreeKind::kInlining ? 0 : d.tree == TreeKind::kOptimization ? 1 : 2, out);
    out->push_back(',');
    AppendInt(d.node.op == NodeOp::kInsert   ? kInsert
              : d.node.op == NodeOp::kDelete ? kDelete
                                             : kRelabel,
              out);
    out->append(",[");
    for (uint32_t i = d.path.begin; i < d.path.end; ++i) {
      if (i > d.path.begin) out->push_back(',');
      const PathStepRecord& step = record.path_steps[i];
      if (step.phase) {
        StringRef(step.name, out);
        continue;
      }
      out->push_back('[');
      if (step.name_known) {
        StringRef(step.name, out);
      } else {
        out->append("-1");
      }
      out->push_back(',');
      AppendInt(step.bci, out);
      out->push_back(']');
    }
    out->append("],");
    if (d.node.op == NodeOp::kInsert) {
      out->append("-1");
    } else {
      AppendRef(kLabelRef, LabelIndex(record.labels, d.node.left), out);
    }
    out->push_back(',');
    if (d.node.op == NodeOp::kDelete) {
      out->append("-1");
    } else {
      AppendRef(kLabelRef, LabelIndex(record.labels, d.node.right), out);
    }
    for (int64_t value : {d.cross, d.cross_pairs, d.within, d.within_pairs}) {
      out->push_back(',');
      AppendInt(value, out);
    }
    out->push_back(']');
  }
  out->push_back(']');
}

void HtmlPieceRenderer::RunsMethod(const RunsMethodRecord& record) {
  // The record of --format=json with the numbers of its differences in place of their lists,
  // which follow in a tree section: the page parses them when the method is opened. The noise
  // differences are listed only with --show-noise=true, as in the text.
  json_.clear();
  {
    JsonOut json(&json_);
    json.BeginObject();
    WriteRunsMethodHead(json, record);
    json.IntMember("stable_differences", static_cast<int64_t>(record.stable.size()));
    json.IntMember("noise_differences", static_cast<int64_t>(record.noise.size()));
    json.EndObject();
  }
  RecordSection(&json_);
  // The strings and labels are numbered (their sections written) before the tree section.
  nodes_.clear();
  const size_t listed = record.stable.size() + (show_noise_ ? record.noise.size() : 0);
  AppendU32(static_cast<uint32_t>(listed), &nodes_);
  nodes_.append("{\"stable\":");
  AppendDifferences(record, record.stable, &nodes_);
  if (show_noise_) {
    nodes_.append(",\"noise\":");
    AppendDifferences(record, record.noise, &nodes_);
  }
  nodes_.push_back('}');
  Section(kTreeSection, [&](std::string* section) { section->append(nodes_); });
}

void HtmlPieceRenderer::Summary(const SummaryRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Summary(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Decisions(const DecisionsRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Decisions(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Loops(const LoopsRecord& record) {
  json_.clear();
  JsonRenderer(&json_).Loops(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::End(const EndRecord& record) {
  json_.clear();
  JsonRenderer(&json_).End(record);
  RecordSection(&json_);
}

void HtmlPieceRenderer::Error(const ErrorRecord& record) {
  json_.clear();
  JsonRenderer json(&json_);
  json.ContinueStream();  // HtmlRenderer passes on no error before its first record
  json.Error(record);
  RecordSection(&json_);
}

}  // namespace profdiff::html_internal
