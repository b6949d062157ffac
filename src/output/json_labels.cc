// Labels and trees as JSON: the pieces that the records of json_renderer.cc, and the decisions
// and runs records, share (docs/output-formats.md "Labels", "Trees").

#include "output/json_labels.h"

namespace profdiff {

void WriteBci(JsonOut& json, int32_t bci) {
  json.Key("bci");
  if (bci == -1) {
    json.Null();
  } else {
    json.Int(bci);
  }
}

void WriteSamplesMember(JsonOut& json, std::string_view key,
                        const std::optional<int64_t>& samples) {
  if (samples) json.IntMember(key, *samples);
}

void WriteSamplingNoise(JsonOut& json, const std::optional<SamplingNoiseRecord>& noise) {
  if (!noise) return;
  json.Key("within_noise");
  json.Bool(noise->within_noise);
  json.Key("noise_p");
  json.Double(noise->p);
}

void WriteLabelMembers(JsonOut& json, const TreeRecord& tree, const NodeLabel& label) {
  switch (label.kind) {
    case LabelKind::kInlining:
      json.Member("node", "inlining");
      json.Member("callsite", label.callsite);
      json.Key("method");
      if (label.name_known) {
        json.String(label.name);
      } else {
        json.Null();
      }
      WriteBci(json, label.bci);
      if (label.reasons_shown) {
        json.Key("reasons");
        json.BeginArray();
        for (uint32_t i = label.reasons.begin; i < label.reasons.end; ++i) {
          json.String(tree.reasons[i]);
        }
        json.EndArray();
      }
      if (label.has_receiver_profile) {
        json.Key("receiver_type_profile");
        json.BeginObject();
        json.Key("mature");
        json.Bool(label.receiver_profile_mature);
        json.Key("types");
        json.BeginArray();
        for (uint32_t i = label.profiled_types.begin; i < label.profiled_types.end; ++i) {
          const ProfiledTypeRecord& type = tree.profiled_types[i];
          json.BeginObject();
          json.Member("type", type.type_name);
          json.Key("probability");
          json.Double(type.probability);
          json.Key("method");
          if (type.concrete_method) {
            json.String(*type.concrete_method);
          } else {
            json.Null();
          }
          json.EndObject();
        }
        json.EndArray();
        json.EndObject();
      }
      return;
    case LabelKind::kPhase:
      json.Member("node", "phase");
      json.Member("name", label.name);
      return;
    case LabelKind::kInfo:
      json.Member("node", "info");
      json.Member("text", label.name);
      return;
    case LabelKind::kOptimization:
      break;
  }
  json.Member("node", "optimization");
  json.Member("name", label.name);
  json.Member("event", label.event);
  json.Key("bci");
  if (label.position.empty()) {
    json.Null();
  } else {
    json.Int(label.bci);
  }
  json.Key("position");
  json.BeginArray();
  for (uint32_t i = label.position.begin; i < label.position.end; ++i) {
    json.BeginObject();
    json.Member("method", tree.positions[i].method);
    json.IntMember("bci", tree.positions[i].bci);
    json.EndObject();
  }
  json.EndArray();
  json.Key("properties");
  json.BeginObject();
  for (uint32_t i = label.properties.begin; i < label.properties.end; ++i) {
    json.InputKey(tree.properties[i].key);
    json.Raw(tree.properties[i].json);
  }
  json.EndObject();
}

std::string_view TreeKindName(TreeKind kind) {
  switch (kind) {
    case TreeKind::kInlining:
      return "inlining";
    case TreeKind::kOptimization:
      return "optimization";
    case TreeKind::kOptimizationContext:
      return "optimization_context";
  }
  return "inlining";
}

std::string_view OpName(NodeOp op) {
  switch (op) {
    case NodeOp::kNode:
      return "node";
    case NodeOp::kIdentity:
      return "identity";
    case NodeOp::kInsert:
      return "insert";
    case NodeOp::kDelete:
      return "delete";
    case NodeOp::kRelabel:
      return "relabel";
    case NodeOp::kMoved:
      return "moved";
  }
  return "node";
}

void WriteSide(JsonOut& json, std::string_view key, const TreeRecord& tree,
               const NodeLabel& label) {
  json.Key(key);
  json.BeginObject();
  WriteLabelMembers(json, tree, label);
  json.EndObject();
}

void WriteCounts(JsonOut& json, const OpCounts& counts, bool with_identity) {
  json.BeginObject();
  if (with_identity) json.IntMember("identity", counts.identity);
  json.IntMember("insert", counts.insert);
  json.IntMember("delete", counts.remove);
  json.IntMember("relabel", counts.relabel);
  // A delta tree's moved nodes, only when it has some (issue 36), so that comparisons of the
  // same code write what they always did.
  if (with_identity && counts.moved > 0) json.IntMember("moved", counts.moved);
  json.EndObject();
}

// {"too_big":..., "cost":..., "counts":{...}, "nodes":[...]} (delta trees) or {"nodes":[...]}.
void WriteTree(JsonOut& json, const TreeRecord& tree) {
  json.BeginObject();
  if (tree.delta) {
    json.Key("too_big");
    json.Bool(tree.too_big);
    if (tree.too_big) {
      json.Key("identical");
      json.Bool(tree.identical);
    }
    json.IntMember("cost", tree.cost);
    // Only when some moved, so that comparisons of the same code write what they always did.
    if (tree.moved_call_sites > 0) json.IntMember("moved_call_sites", tree.moved_call_sites);
    // Only when the method's code changed (HotSpot logs give the sizes), for the same reason.
    if (tree.CodeChanged()) {
      json.Key("bytecode_sizes");
      json.BeginArray();
      json.Int(tree.root_bytecode_size[0]);
      json.Int(tree.root_bytecode_size[1]);
      json.EndArray();
    }
    json.Key("counts");
    WriteCounts(json, tree.counts, /*with_identity=*/true);
  }
  json.Key("nodes");
  json.BeginArray();
  for (const NodeRecord& node : tree.nodes) {
    json.BeginObject();
    json.IntMember("depth", node.depth);
    if (node.op == NodeOp::kNode) {
      WriteLabelMembers(json, tree, node.left);
    } else {
      json.Member("op", OpName(node.op));
      if (node.op != NodeOp::kInsert) WriteSide(json, "left", tree, node.left);
      if (node.op != NodeOp::kDelete) WriteSide(json, "right", tree, node.right);
    }
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

void WriteTrees(JsonOut& json, const TreeRecord* inlining, const TreeRecord* optimization,
                const TreeRecord* context) {
  if (context != nullptr) {
    json.Key("optimization_context");
    WriteTree(json, *context);
    return;
  }
  json.Key("inlining");
  WriteTree(json, *inlining);
  json.Key("optimization");
  WriteTree(json, *optimization);
}

}  // namespace profdiff
