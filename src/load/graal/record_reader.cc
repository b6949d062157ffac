#include "profdiff/load/graal/record_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "load/json/json_support.h"
#include "load/json/record_tape.h"
#include "load/json/record_values.h"
#include "profdiff/model/multi_method.h"

namespace profdiff {

namespace {

using record_internal::KeyId;
using record_internal::KeyName;
using record_internal::kNoToken;
using record_internal::Member;
using record_internal::MemberCollapser;
using record_internal::ReadInt32;
using record_internal::RecordTape;
using record_internal::TokenKind;
using record_internal::ValueRenderer;

// Value token of each known key of one object (kNoToken when absent); a repeated key's later
// value wins, so earlier values are never looked at.
using Slots = std::array<uint32_t, static_cast<size_t>(KeyId::kCount)>;

constexpr std::string_view kInt32Range = "an integer between -2147483648 and 2147483647";

// absl::StrCat does not take std::string_view with this Abseil build.
std::string Concat(std::initializer_list<std::string_view> parts) {
  std::string result;
  for (std::string_view part : parts) result.append(part);
  return result;
}

// One pass of schema checks over a tape; optionally builds the trees at the same time. The
// checks run in the order of formats.md §3.2-3.8, depth-first, so the first failure is the one
// the spec reports.
class RecordReader {
 public:
  bool Read(std::string_view line, UnitHeader* header, RecordTrees* trees, RecordError* error,
            TreeParts parts, UnitCounter* counter);

 private:
  // The walks over a tree are depth-first with a stack of cursors, one per open list of nodes:
  // the next item and the end of the list, and what its items belong to.
  struct Cursor {
    uint32_t next;
    uint32_t end;
    NodeIndex parent;
    uint32_t phase;  // optimization trees: the phaseName token of the enclosing phase
  };

  bool Fail(uint32_t pos, std::string message) {
    error_->column = pos + 1;
    error_->message = std::move(message);
    return false;
  }
  bool FailMissing(uint32_t object, KeyId key, std::string_view type, std::string_view where) {
    return Fail(tape_[object].pos,
                Concat({"missing required key \"", KeyName(key), "\" (", type, ") in ", where}));
  }
  bool FailType(uint32_t value, KeyId key, std::string_view type) {
    return Fail(tape_[value].pos, Concat({"expected \"", KeyName(key), "\" to be ", type}));
  }
  bool FailItem(uint32_t value, std::string_view type, KeyId key) {
    return Fail(tape_[value].pos, Concat({"expected ", type, " in \"", KeyName(key), "\""}));
  }
  bool FailMalformed(uint32_t token) {
    return Fail(tape_[token].pos,
                Concat({"malformed multi-method name \"", tape_.Text(tape_[token]), "\""}));
  }

  Slots CollectSlots(uint32_t object) const;
  TokenKind Kind(uint32_t token) const { return tape_[token].kind; }
  std::string_view Text(uint32_t token) const { return tape_.Text(tape_[token]); }

  // Required / optional scalar fields. On success the value token is valid.
  bool RequireKind(const Slots& slots, uint32_t object, KeyId key, TokenKind kind,
                   std::string_view type, std::string_view where);
  bool OptionalString(const Slots& slots, KeyId key);
  // Opens the elements of array `array` (walked next, in order).
  void PushChildren(uint32_t array, NodeIndex parent, uint32_t phase = kNoToken) {
    if (tape_[array].a > array + 1)
      stack_.push_back(Cursor{array + 1, tape_[array].a, parent, phase});
  }
  // The next node of the walk, or false when it is over; *cursor is a copy (the stack may grow).
  bool NextItem(Cursor* cursor, uint32_t* item) {
    while (!stack_.empty()) {
      Cursor& top = stack_.back();
      if (top.next < top.end) {
        *item = top.next;
        *cursor = top;
        top.next = tape_.Next(top.next);
        return true;
      }
      stack_.pop_back();
    }
    return false;
  }
  // Checks the members of a "position" object without building anything (see ReadPosition).
  bool AllPositionMembersValid(uint32_t value) const;

  bool ReadRecord(std::string_view line, UnitHeader* header);
  bool FailSyntax() {
    return Fail(static_cast<uint32_t>(tape_.syntax_error_offset()), tape_.syntax_error_message());
  }
  bool CheckHeader(uint32_t root);
  bool ReadInliningTree(uint32_t root);
  bool ReadReceiverTypeProfile(uint32_t value, InliningTreeNode* node);
  bool ReadOptimizationTree(uint32_t root);
  bool ReadOptimization(uint32_t object, const Slots& slots, OptimizationTreeNode* node);
  bool ReadPosition(uint32_t value, Position* position);

  RecordTape tape_;
  RecordError* error_ = nullptr;
  RecordTrees* trees_ = nullptr;    // null when only validating
  UnitCounter* counter_ = nullptr;  // counts what the record holds, when given
  TreeParts parts_ = TreeParts::kAll;
  std::vector<Cursor> stack_;
  std::vector<Member> members_;
  MemberCollapser collapser_;
  ValueRenderer renderer_;
  std::string name_scratch_;  // a multi-method name without its key, before interning
};

Slots RecordReader::CollectSlots(uint32_t object) const {
  Slots slots;
  slots.fill(kNoToken);
  const uint32_t end = tape_[object].a;
  for (uint32_t key = object + 1; key < end; key = tape_.Next(key + 1)) {
    slots[static_cast<size_t>(tape_[key].key)] = key + 1;
  }
  return slots;
}

bool RecordReader::RequireKind(const Slots& slots, uint32_t object, KeyId key, TokenKind kind,
                               std::string_view type, std::string_view where) {
  uint32_t value = slots[static_cast<size_t>(key)];
  if (tape_.IsAbsent(value)) return FailMissing(object, key, type, where);
  if (Kind(value) != kind) return FailType(value, key, type);
  return true;
}

bool RecordReader::OptionalString(const Slots& slots, KeyId key) {
  uint32_t value = slots[static_cast<size_t>(key)];
  if (tape_.IsAbsent(value) || Kind(value) == TokenKind::kString) return true;
  return FailType(value, key, "a string or null");
}

bool RecordReader::Read(std::string_view line, UnitHeader* header, RecordTrees* trees,
                        RecordError* error, TreeParts parts, UnitCounter* counter) {
  parts_ = parts;
  counter_ = counter;
  if (counter_ != nullptr) counter_->Begin();
  RecordError ignored;
  error_ = error != nullptr ? error : &ignored;
  trees_ = trees;
  if (trees_ != nullptr) *trees_ = RecordTrees();
  bool ok = ReadRecord(line, header);
  tape_.Trim();
  if (!ok && trees_ != nullptr) *trees_ = RecordTrees();
  error_ = nullptr;
  counter_ = nullptr;
  return ok;
}

// Check order follows the reference's two stages: its partial scan (syntax up to the stop point
// of formats.md §3.1, then the header types and the method name's multi-method key) and then the
// full parse (syntax of the whole line, then the trees).
bool RecordReader::ReadRecord(std::string_view line, UnitHeader* header) {
  const bool syntax_ok = tape_.Parse(line);
  size_t first = line.find_first_not_of(" \t\n\r");
  if (first != std::string_view::npos && line[first] != '{' && line[first] != '\0') {
    return Fail(static_cast<uint32_t>(first), "expected the record to be a JSON object");
  }
  if (!syntax_ok &&
      (!tape_.header_complete() || tape_.syntax_error_offset() < tape_.header_stop_offset())) {
    return FailSyntax();
  }
  const uint32_t root = 0;  // the record's '{' (the tape has it whenever the stop was reached)
  if (!CheckHeader(root)) return false;
  if (!syntax_ok) return FailSyntax();

  const Slots slots = CollectSlots(root);
  constexpr std::string_view kUnit = "the compilation unit";
  if (!RequireKind(slots, root, KeyId::kInliningTree, TokenKind::kObject, "an object", kUnit)) {
    return false;
  }
  if (!ReadInliningTree(slots[static_cast<size_t>(KeyId::kInliningTree)])) return false;
  if (!RequireKind(slots, root, KeyId::kOptimizationTree, TokenKind::kObject, "an object", kUnit)) {
    return false;
  }
  // Checked in full even when it is not wanted: the record must still be valid.
  RecordTrees* const trees = trees_;
  if (parts_ == TreeParts::kInliningTreeOnly) trees_ = nullptr;
  const bool read = ReadOptimizationTree(slots[static_cast<size_t>(KeyId::kOptimizationTree)]);
  trees_ = trees;
  if (!read) return false;
  if (header != nullptr) {
    header->method_name.assign(Text(tape_.header_method_name()));
    header->compilation_id.assign(Text(tape_.header_compilation_id()));
  }
  return true;
}

bool RecordReader::CheckHeader(uint32_t root) {
  constexpr std::string_view kUnit = "the compilation unit";
  const uint32_t method = tape_.header_method_name();
  const uint32_t id = tape_.header_compilation_id();
  if (tape_.IsAbsent(method)) return FailMissing(root, KeyId::kMethodName, "a string", kUnit);
  if (Kind(method) != TokenKind::kString) return FailType(method, KeyId::kMethodName, "a string");
  if (tape_.IsAbsent(id)) return FailMissing(root, KeyId::kCompilationId, "a string", kUnit);
  if (Kind(id) != TokenKind::kString) return FailType(id, KeyId::kCompilationId, "a string");
  std::string_view prefix, key, suffix;
  bool has_key = false;
  if (!SplitMultiMethodNameParts(Text(method), &prefix, &key, &suffix, &has_key)) {
    return FailMalformed(method);
  }
  return true;
}

bool RecordReader::ReadInliningTree(uint32_t root) {
  constexpr std::string_view kNode = "an inlining-tree node";
  stack_.clear();
  stack_.push_back(Cursor{root, root + 1, kNoNode, kNoToken});
  InliningTreeNode node;
  Cursor task;
  uint32_t object;
  while (NextItem(&task, &object)) {
    if (Kind(object) != TokenKind::kObject) {
      return FailItem(object, "an object", KeyId::kInvokes);
    }
    const Slots slots = CollectSlots(object);
    auto slot = [&slots](KeyId key) { return slots[static_cast<size_t>(key)]; };

    if (!OptionalString(slots, KeyId::kMethodName)) return false;
    const uint32_t method = slot(KeyId::kMethodName);
    std::string_view prefix, key, suffix;
    bool has_key = false;
    if (!tape_.IsAbsent(method) &&
        !SplitMultiMethodNameParts(Text(method), &prefix, &key, &suffix, &has_key)) {
      return FailMalformed(method);
    }
    if (!RequireKind(slots, object, KeyId::kCallsiteBci, TokenKind::kNumber, kInt32Range, kNode)) {
      return false;
    }
    int32_t bci = 0;
    if (!ReadInt32(Text(slot(KeyId::kCallsiteBci)), &bci)) {
      return FailType(slot(KeyId::kCallsiteBci), KeyId::kCallsiteBci, kInt32Range);
    }
    const uint32_t inlined = slot(KeyId::kInlined);
    if (tape_.IsAbsent(inlined)) return FailMissing(object, KeyId::kInlined, "a boolean", kNode);
    if (Kind(inlined) != TokenKind::kTrue && Kind(inlined) != TokenKind::kFalse) {
      return FailType(inlined, KeyId::kInlined, "a boolean");
    }
    const uint32_t reason = slot(KeyId::kReason);
    if (!tape_.IsAbsent(reason)) {
      if (Kind(reason) != TokenKind::kArray) {
        return FailType(reason, KeyId::kReason, "an array of strings or null");
      }
      for (uint32_t item = reason + 1; item < tape_[reason].a; item = tape_.Next(item)) {
        if (Kind(item) != TokenKind::kString) return FailItem(item, "a string", KeyId::kReason);
      }
    }
    for (KeyId flag : {KeyId::kIndirect, KeyId::kAlive}) {
      const uint32_t value = slot(flag);
      if (tape_.IsAbsent(value)) return FailMissing(object, flag, "a boolean", kNode);
      if (Kind(value) != TokenKind::kTrue && Kind(value) != TokenKind::kFalse) {
        return FailType(value, flag, "a boolean");
      }
    }
    if (trees_ != nullptr) {
      node = InliningTreeNode();
      if (!tape_.IsAbsent(method)) {
        node.method_name.emplace();
        node.method_name->reserve(prefix.size() + suffix.size());
        node.method_name->append(prefix).append(suffix);
      }
      node.bci = bci;
      node.inlined = Kind(inlined) == TokenKind::kTrue;
      node.indirect = Kind(slot(KeyId::kIndirect)) == TokenKind::kTrue;
      node.alive = Kind(slot(KeyId::kAlive)) == TokenKind::kTrue;
      if (!tape_.IsAbsent(reason)) {
        for (uint32_t item = reason + 1; item < tape_[reason].a; item = tape_.Next(item)) {
          node.reasons.emplace_back(Text(item));
        }
      }
    }
    if (!ReadReceiverTypeProfile(slot(KeyId::kReceiverTypeProfile), &node)) return false;
    const uint32_t invokes = slot(KeyId::kInvokes);
    if (!tape_.IsAbsent(invokes) && Kind(invokes) != TokenKind::kArray) {
      return FailType(invokes, KeyId::kInvokes, "an array of objects or null");
    }
    if (counter_ != nullptr && object != root) {
      const bool has_children = !tape_.IsAbsent(invokes) && tape_[invokes].a > invokes + 1;
      counter_->Callsite(NonRootCallsiteKind(
          Kind(inlined) == TokenKind::kTrue, Kind(slot(KeyId::kIndirect)) == TokenKind::kTrue,
          Kind(slot(KeyId::kAlive)) == TokenKind::kTrue, has_children));
    }
    NodeIndex index = kNoNode;
    if (trees_ != nullptr) index = trees_->inlining_tree.AddNode(std::move(node), task.parent);
    if (!tape_.IsAbsent(invokes)) PushChildren(invokes, index);
  }
  return true;
}

bool RecordReader::ReadReceiverTypeProfile(uint32_t value, InliningTreeNode* node) {
  if (tape_.IsAbsent(value)) return true;
  if (Kind(value) != TokenKind::kObject) {
    return FailType(value, KeyId::kReceiverTypeProfile, "an object or null");
  }
  const Slots slots = CollectSlots(value);
  const uint32_t mature = slots[static_cast<size_t>(KeyId::kMature)];
  if (tape_.IsAbsent(mature)) {
    return FailMissing(value, KeyId::kMature, "a boolean", "a receiver-type profile");
  }
  if (Kind(mature) != TokenKind::kTrue && Kind(mature) != TokenKind::kFalse) {
    return FailType(mature, KeyId::kMature, "a boolean");
  }
  ReceiverTypeProfile* profile = nullptr;
  if (trees_ != nullptr) {
    profile = &node->receiver_type_profile.emplace();
    profile->mature = Kind(mature) == TokenKind::kTrue;
  }
  const uint32_t types = slots[static_cast<size_t>(KeyId::kProfiledTypes)];
  if (tape_.IsAbsent(types)) return true;
  if (Kind(types) != TokenKind::kArray) {
    return FailType(types, KeyId::kProfiledTypes, "an array of objects or null");
  }
  constexpr std::string_view kType = "a profiled type";
  for (uint32_t item = types + 1; item < tape_[types].a; item = tape_.Next(item)) {
    if (Kind(item) != TokenKind::kObject) {
      return FailItem(item, "an object", KeyId::kProfiledTypes);
    }
    const Slots type_slots = CollectSlots(item);
    auto slot = [&type_slots](KeyId key) { return type_slots[static_cast<size_t>(key)]; };
    if (!RequireKind(type_slots, item, KeyId::kTypeName, TokenKind::kString, "a string", kType) ||
        !RequireKind(type_slots, item, KeyId::kProbability, TokenKind::kNumber, "a number",
                     kType) ||
        !OptionalString(type_slots, KeyId::kConcreteMethodName)) {
      return false;
    }
    if (profile != nullptr) {
      ProfiledType& type = profile->profiled_types.emplace_back();
      type.type_name.assign(Text(slot(KeyId::kTypeName)));
      type.probability = ParseJsonNumber(Text(slot(KeyId::kProbability))).AsDouble();
      const uint32_t concrete = slot(KeyId::kConcreteMethodName);
      if (!tape_.IsAbsent(concrete)) type.concrete_method_name.emplace(Text(concrete));
    }
  }
  return true;
}

bool RecordReader::ReadOptimizationTree(uint32_t root) {
  stack_.clear();
  stack_.push_back(Cursor{root, root + 1, kNoNode, kNoToken});
  Cursor task;
  uint32_t object;
  while (NextItem(&task, &object)) {
    if (Kind(object) != TokenKind::kObject) {
      return FailItem(object, "an object", KeyId::kOptimizations);
    }
    OptimizationTreeNode node;
    const Slots slots = CollectSlots(object);
    const uint32_t phase_name = slots[static_cast<size_t>(KeyId::kPhaseName)];
    // The root is always a phase; a child is one iff its final "phaseName" is not null.
    const bool is_phase = object == root || !tape_.IsAbsent(phase_name);
    if (!is_phase) {
      if (!ReadOptimization(object, slots, &node)) return false;
      if (counter_ != nullptr) {
        counter_->Optimization(Text(slots[static_cast<size_t>(KeyId::kOptimizationName)]),
                               Text(slots[static_cast<size_t>(KeyId::kEventName)]),
                               Text(task.phase));
      }
      if (trees_ != nullptr) trees_->optimization_tree.AddNode(std::move(node), task.parent);
      continue;
    }
    if (!RequireKind(slots, object, KeyId::kPhaseName, TokenKind::kString, "a string",
                     "an optimization phase")) {
      return false;
    }
    const uint32_t children = slots[static_cast<size_t>(KeyId::kOptimizations)];
    if (!tape_.IsAbsent(children) && Kind(children) != TokenKind::kArray) {
      return FailType(children, KeyId::kOptimizations, "an array of objects or null");
    }
    NodeIndex index = kNoNode;
    if (trees_ != nullptr) {
      node.is_phase = true;
      node.name = Text(phase_name);
      index = trees_->optimization_tree.AddNode(std::move(node), task.parent);
    }
    if (!tape_.IsAbsent(children)) PushChildren(children, index, phase_name);
  }
  return true;
}

bool RecordReader::ReadOptimization(uint32_t object, const Slots& slots,
                                    OptimizationTreeNode* node) {
  constexpr std::string_view kEntry = "an optimization entry";
  if (!RequireKind(slots, object, KeyId::kOptimizationName, TokenKind::kString, "a string",
                   kEntry) ||
      !RequireKind(slots, object, KeyId::kEventName, TokenKind::kString, "a string", kEntry)) {
    return false;
  }
  if (!ReadPosition(slots[static_cast<size_t>(KeyId::kPosition)], &node->position)) return false;
  if (trees_ == nullptr) return true;
  node->name = Text(slots[static_cast<size_t>(KeyId::kOptimizationName)]);
  node->event_name = Text(slots[static_cast<size_t>(KeyId::kEventName)]);
  members_.clear();
  collapser_.Collapse(tape_, object, &members_);
  for (const Member& member : members_) {
    KeyId key = tape_[member.key].key;
    if (key == KeyId::kOptimizationName || key == KeyId::kEventName || key == KeyId::kPosition) {
      continue;
    }
    Property& property = node->properties.emplace_back();
    property.key.assign(Text(member.key));
    renderer_.Render(tape_, member.value, &property.value);
  }
  return true;
}

// Every member as it stands in the line, duplicates included. When all pass, so do the members
// that count (each key's first place with its last value: pairs of a key text and a value that
// were both checked), so a record that is only validated needs no collapsing.
bool RecordReader::AllPositionMembersValid(uint32_t value) const {
  for (uint32_t key = value + 1; key < tape_[value].a; key = tape_.Next(key + 1)) {
    std::string_view prefix, multi_key, suffix;
    bool has_key = false;
    int32_t bci = 0;
    if (!SplitMultiMethodNameParts(Text(key), &prefix, &multi_key, &suffix, &has_key) ||
        Kind(key + 1) != TokenKind::kNumber || !ReadInt32(Text(key + 1), &bci)) {
      return false;
    }
  }
  return true;
}

bool RecordReader::ReadPosition(uint32_t value, Position* position) {
  if (tape_.IsAbsent(value)) return true;
  if (Kind(value) != TokenKind::kObject) {
    return FailType(value, KeyId::kPosition, "an object or null");
  }
  // Without trees, the members are collapsed only to find which error to report.
  if (trees_ == nullptr && AllPositionMembersValid(value)) return true;
  members_.clear();
  collapser_.Collapse(tape_, value, &members_);
  for (const Member& member : members_) {
    std::string_view prefix, key, suffix;
    bool has_key = false;
    if (!SplitMultiMethodNameParts(Text(member.key), &prefix, &key, &suffix, &has_key)) {
      return FailMalformed(member.key);
    }
    int32_t bci = 0;
    if (Kind(member.value) != TokenKind::kNumber || !ReadInt32(Text(member.value), &bci)) {
      return Fail(tape_[member.value].pos, Concat({"expected the bci of \"", Text(member.key),
                                                   "\" in \"position\" ", "to be ", kInt32Range}));
    }
    if (trees_ != nullptr) {
      PositionEntry& entry = position->emplace_back();
      if (suffix.empty()) {
        entry.method = prefix;
      } else {
        name_scratch_.assign(prefix).append(suffix);
        entry.method = name_scratch_;
      }
      entry.bci = bci;
    }
  }
  return true;
}

RecordReader& ThreadReader() {
  thread_local RecordReader reader;
  return reader;
}

}  // namespace

bool ValidateRecord(std::string_view line, UnitHeader* header, RecordError* error,
                    UnitCounter* counter) {
  return ThreadReader().Read(line, header, nullptr, error, TreeParts::kAll, counter);
}

bool ParseRecordTrees(std::string_view line, RecordTrees* trees, RecordError* error,
                      TreeParts parts) {
  return ThreadReader().Read(line, nullptr, trees, error, parts, nullptr);
}

}  // namespace profdiff
