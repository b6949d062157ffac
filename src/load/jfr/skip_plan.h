#ifndef PROFDIFF_LOAD_JFR_SKIP_PLAN_H_
#define PROFDIFF_LOAD_JFR_SKIP_PLAN_H_

// Skipping values as the metadata describes them: a field holds one value or an array (a count,
// then the values), each a constant-pool key (a long) or the value inline; an inline struct is its
// fields in order. Constant pool entries carry no size, so a reader must walk every value it
// passes. Walking the type tree value by value is slow, so each type is compiled once a metadata
// into a plan of steps: runs of compressed integers (pool keys, longs, ints) become one step that
// skips them eight bytes at a time, and an array of structs that are only such integers (the
// frames of a stack trace) one step for the whole array.

#include <cstdint>
#include <utility>
#include <vector>

#include "load/jfr/byte_cursor.h"
#include "load/jfr/metadata.h"

namespace profdiff::jfr {

// Inline structs nested deeper than this are not JFR's (and a type that contains itself would
// never end): the cursor fails.
constexpr int kMaxValueDepth = 32;

// One step of a plan.
struct SkipStep {
  enum class Kind : uint8_t {
    kLongs,   // `count` compressed integers
    kFixed,   // `count` bytes
    kString,  // a string value
    kStruct,  // an inline value of `type`
    kArray,   // a count, then that many elements (see below)
  };
  Kind kind = Kind::kLongs;
  // kArray: an element is `element_longs` compressed integers when that is not 0; else one value
  // of `element` (an inline value of `type`, or a pool key when `element_key`).
  bool element_key = false;
  bool element_struct = false;  // elements are inline structs (nesting counts them)
  bool element_empty = false;   // elements take no bytes: only the count is read
  uint32_t count = 0;
  uint32_t type = 0;
  uint32_t element_longs = 0;
};

class SkipPlans {
 public:
  // Plans for the chunk's integer encoding (compressed or not).
  SkipPlans(const Metadata& metadata, bool compressed);

  // Skips one inline value of `type` (an index into metadata.types); `depth` counts the inline
  // structs it is nested in.
  void SkipValue(ByteCursor& cursor, uint32_t type, int depth = 0) const;

  // Skips the value of `field` (one value or an array of them).
  void SkipField(ByteCursor& cursor, const Field& field, int depth = 0) const {
    Run(cursor, FieldStep(field), depth);
  }

  // The step that skips the value of `field`; steps of consecutive fields may be merged with
  // Append.
  SkipStep FieldStep(const Field& field) const;
  static void Append(std::vector<SkipStep>* plan, const SkipStep& step);

  // Runs one step; `depth` is that of the value the field belongs to, plus one.
  void Run(ByteCursor& cursor, const SkipStep& step, int depth) const;

  // The plan of an inline value of `type`: the steps of its fields, or the single step of a
  // primitive.
  std::pair<const SkipStep*, const SkipStep*> Plan(uint32_t type) const {
    return {steps_.data() + ranges_[type].first, steps_.data() + ranges_[type].second};
  }
  bool IsStruct(uint32_t type) const { return metadata_.types[type].encoding == Encoding::kStruct; }

 private:
  // How many compressed integers an element of `array` is, or 0 when it is something else.
  uint32_t ElementLongs(const SkipStep& array) const;

  const Metadata& metadata_;
  bool compressed_;
  bool planned_ = false;  // the plans of all types are made
  std::vector<SkipStep> steps_;
  std::vector<std::pair<uint32_t, uint32_t>> ranges_;  // by type: its steps in steps_
};

}  // namespace profdiff::jfr

#endif  // PROFDIFF_LOAD_JFR_SKIP_PLAN_H_
