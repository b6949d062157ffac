#ifndef PROFDIFF_BENCH_GENERATE_OPTIMIZATIONS_H_
#define PROFDIFF_BENCH_GENERATE_OPTIMIZATIONS_H_

// Optimization phases, optimization events and their properties.

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

#include "generate/random.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Optimization trees.

// Phases that can hold optimizations, in the order they are logged.
enum Slot : uint8_t {
  kRootParsingDce,
  kHighCanon,
  kInlineeDce,        // group: inlinee
  kInlineeCanon,      // group: inlinee
  kIncrementalCanon,  // group: inlinee
  kHighDce,
  kConvertDeopt,
  kConvertDeoptCanon,
  kHighIceCanon,     // group: iteration
  kHighIceCondElim,  // group: iteration
  kHighFullUnroll,
  kHighFullUnrollCanon,
  kLoopPeeling,
  kLoopPeelingCanon,
  kLoopUnswitching,
  kFinalPea,
  kFinalPeaCanon,
  kReadElimination,
  kHighLoweringCanon,
  kFloatingRead,
  kMidIce1CondElim,  // group: iteration
  kMidIce1Canon,     // group: iteration
  kSpeculativeGuard,
  kSafepointElim,
  kMidFullUnroll,
  kMidLoweringCanon,
  kMidIce2CondElim,  // group: iteration
  kMidIce2Canon,     // group: iteration
  kOptimizeDiv,
  kPartialUnroll,
  kReassociation,
  kMidCanon,
  kLowLoweringCanon,
  kFixReads,
  kLowCanon,
  kFinalCanon,
  kLowDce,
  kTrappingNullChecks,
  kSlotCount,
};

// Phases whose optimizations profdiff sorts (--sort-unordered-phases): their log order is
// meaningless, so exp2 may log them in another order.
inline bool IsUnorderedSlot(Slot s) {
  switch (s) {
    case kReadElimination:
    case kFixReads:
    case kHighFullUnroll:
    case kMidFullUnroll:
    case kLoopPeeling:
    case kLoopUnswitching:
    case kSpeculativeGuard:
    case kSafepointElim:
    case kOptimizeDiv:
    case kPartialUnroll:
      return false;
    default:
      return true;
  }
}

enum class Props : uint8_t {
  kNone,
  kCanonical,  // replacedNodeClass, canonicalNodeClass (string or null)
  kReplaced,   // replacedNodeClass
  kDeleted,    // deletedNodeClass
  kMaterializations,
  kPeelings,
  kUnrollFactor,
  kUnswitches,
  kStripMining,  // int64, bool, double, array and object values
};

struct SlotWeight {
  Slot slot;
  int weight;
};

struct EventKind {
  const char* optimization;
  const char* event;
  int weight;
  Props props;
  std::vector<SlotWeight> slots;
};

inline const std::vector<SlotWeight>& CanonSlots() {
  static const auto* v = new std::vector<SlotWeight>{
      {kHighCanon, 24},        {kInlineeCanon, 4},     {kIncrementalCanon, 5},
      {kConvertDeoptCanon, 2}, {kHighIceCanon, 8},     {kHighFullUnrollCanon, 2},
      {kLoopPeelingCanon, 2},  {kFinalPeaCanon, 2},    {kHighLoweringCanon, 2},
      {kMidIce1Canon, 5},      {kMidLoweringCanon, 2}, {kMidIce2Canon, 8},
      {kMidCanon, 12},         {kLowLoweringCanon, 2}, {kLowCanon, 12},
      {kFinalCanon, 6}};
  return *v;
}

inline const std::vector<EventKind>& Events() {
  static const auto* v = [] {
    const std::vector<SlotWeight> dce = {
        {kRootParsingDce, 30}, {kInlineeDce, 50}, {kHighDce, 10}, {kLowDce, 10}};
    const std::vector<SlotWeight> cond = {
        {kHighIceCondElim, 4}, {kMidIce1CondElim, 3}, {kMidIce2CondElim, 5}};
    const std::vector<SlotWeight> full_unroll = {{kHighFullUnroll, 3}, {kMidFullUnroll, 1}};
    return new std::vector<EventKind>{
        {"Canonicalizer", "CanonicalReplacement", 580, Props::kCanonical, CanonSlots()},
        {"Canonicalizer", "CfgSimplification", 290, Props::kNone, CanonSlots()},
        {"Canonicalizer", "CfgSimplificationCustom", 45, Props::kNone, CanonSlots()},
        {"Canonicalizer", "ConstantStampReplacement", 6, Props::kNone, CanonSlots()},
        {"Canonicalizer", "GlobalValueNumbering", 68, Props::kNone, CanonSlots()},
        {"Canonicalizer", "UnusedNodeRemoval", 196, Props::kNone, CanonSlots()},
        {"DeadCodeElimination", "NodeRemoval", 330, Props::kNone, dce},
        {"ConditionalElimination", "AccessFieldSkipPi", 17, Props::kNone, cond},
        {"ConditionalElimination", "ConditionAnchorElimination", 8, Props::kNone, cond},
        {"ConditionalElimination", "FixedGuardElimination", 23, Props::kNone, cond},
        {"ConditionalElimination", "GuardCombination", 11, Props::kNone, cond},
        {"ConditionalElimination", "GuardElimination", 62, Props::kNone, cond},
        {"ConditionalElimination", "GuardFolding", 9, Props::kNone, cond},
        {"ConditionalElimination", "IfElimination", 25, Props::kNone, cond},
        {"ConditionalElimination", "PhiImprovement", 16, Props::kNone, cond},
        {"ConditionalElimination", "PiImprovement", 37, Props::kNone, cond},
        {"ConvertDeoptimizeToGuard", "DeoptimizeMovement", 47, Props::kNone, {{kConvertDeopt, 1}}},
        {"ConvertDeoptimizeToGuard",
         "DeoptimizeToGuardConversion",
         98,
         Props::kNone,
         {{kConvertDeopt, 1}}},
        {"PEReadEliminationClosure", "ReadElimination", 27, Props::kDeleted, {{kFinalPea, 1}}},
        {"PartialEscapeLog",
         "AllocationVirtualization",
         108,
         Props::kMaterializations,
         {{kFinalPea, 1}}},
        {"FixReads", "BinaryCanonicalization", 5, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConditionalElimination", 12, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConstantInputReplacement", 13, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConstantReplacement", 6, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "IfElimination", 12, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "SwitchCanonicalization", 25, Props::kNone, {{kFixReads, 1}}},
        {"FloatingRead", "FixedWithFloatingReplacement", 185, Props::kNone, {{kFloatingRead, 1}}},
        {"LoopTransformations", "LoopFullUnroll", 4, Props::kNone, full_unroll},
        {"LoopTransformations", "LoopFullUnrollCfgSimplification", 1, Props::kNone, full_unroll},
        {"LoopTransformations",
         "LoopPartialUnroll",
         7,
         Props::kUnrollFactor,
         {{kPartialUnroll, 1}}},
        {"LoopTransformations", "PreMainPostInsertion", 2, Props::kNone, {{kPartialUnroll, 1}}},
        {"LoopTransformations", "LoopStripMining", 1, Props::kStripMining, {{kPartialUnroll, 1}}},
        {"LoopTransformations", "LoopPeeling", 42, Props::kPeelings, {{kLoopPeeling, 1}}},
        {"LoopTransformations", "LoopUnswitching", 10, Props::kUnswitches, {{kLoopUnswitching, 1}}},
        {"LoopSafepointElimination",
         "SafepointElimination",
         24,
         Props::kNone,
         {{kSafepointElim, 1}}},
        {"OptimizeDiv", "DivOptimization", 16, Props::kNone, {{kOptimizeDiv, 1}}},
        {"ReadEliminationClosure", "ReadElimination", 75, Props::kDeleted, {{kReadElimination, 1}}},
        {"Loop", "InvariantReassociation", 6, Props::kNone, {{kReassociation, 1}}},
        {"Reassociation",
         "ArithmeticWithMulReplacement",
         11,
         Props::kReplaced,
         {{kReassociation, 1}}},
        {"Reassociation", "ConstantReassociation", 16, Props::kNone, {{kReassociation, 1}}},
        {"SpeculativeGuardMovement",
         "CompareOptimization",
         10,
         Props::kNone,
         {{kSpeculativeGuard, 1}}},
        {"SpeculativeGuardMovement",
         "InstanceOfOptimization",
         33,
         Props::kNone,
         {{kSpeculativeGuard, 1}}},
        {"UseTrappingNullChecks",
         "ImplicitNullCheck",
         126,
         Props::kNone,
         {{kTrappingNullChecks, 1}}},
    };
  }();
  return *v;
}

// Cumulative event weights for sampling.
inline const std::vector<int>& EventCdf() {
  static const auto* v = [] {
    auto* cdf = new std::vector<int>;
    int sum = 0;
    for (const auto& e : Events()) cdf->push_back(sum += e.weight);
    return cdf;
  }();
  return *v;
}

constexpr const char* kCanonicalClasses[] = {
    "Box",         "Constant",    ">>",
    "Read",        "<",           "Write",
    "NewInstance", "LoadIndexed", "Conditional",
    "<<",          "Merge",       "*",
    "InstanceOf",  "^",           "SignExtend",
    "|",           "-",           "Convert",
    "ValueProxy",  "NewArray",    "!",
    "Guard",       "Unbox",       "IntegerEquals",
    "Switch",      "PiArray",     "ObjectEquals",
    "Negate",      "Narrow",      "+",
    "&",           "Pi",          "ZeroExtend",
};
constexpr const char* kReplacedClasses[] = {
    "-",
    "IsNull",
    "*",
    "FixedGuard",
    "+",
    "Write",
    "?:",
    "Conditional",
    "LoadField",
    "Narrow",
    "ArrayLength",
    "Guard",
    "Invoke",
    "Convert",
    "NewArray",
    "Reinterpret",
    "|",
    "InstanceOf",
    "ObjectEquals",
    "IntegerEquals",
    "<",
    "ValuePhi",
    "FloatingRead",
    "ValueProxy",
    "Switch",
    "SignExtend",
    "MethodCallTarget",
    "Merge",
    "IntegerLessThan",
    "&",
};
constexpr const char* kDeletedClasses[] = {
    "Read", "RawLoad", "LoadField", "ArrayLength", "FloatingRead", "LoadIndexed", "StoreField"};

struct Opt {
  uint64_t order;
  uint64_t id;
  int32_t group;
  int32_t anchor;  // inlining-tree node whose method the innermost position entry names
  int32_t bci;
  uint16_t event;
  uint8_t slot;
  uint8_t change;  // 0: as in exp1; 1-3: changed in exp2 (event, bci, properties)
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_OPTIMIZATIONS_H_
