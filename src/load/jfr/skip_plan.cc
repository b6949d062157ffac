#include "load/jfr/skip_plan.h"

#include <cstdint>
#include <vector>

#include "load/jfr/strings.h"

namespace profdiff::jfr {

namespace {

// The step of one value of a primitive encoding.
SkipStep PrimitiveStep(Encoding encoding, bool compressed) {
  SkipStep step;
  switch (encoding) {
    case Encoding::kBoolean:
    case Encoding::kByte:
      step.kind = SkipStep::Kind::kFixed;
      step.count = 1;
      break;
    case Encoding::kChar:
    case Encoding::kShort:
    case Encoding::kInt:
    case Encoding::kLong:
      if (compressed) {
        step.count = 1;
      } else {
        step.kind = SkipStep::Kind::kFixed;
        step.count = encoding == Encoding::kLong ? 8 : encoding == Encoding::kInt ? 4 : 2;
      }
      break;
    case Encoding::kFloat:
      step.kind = SkipStep::Kind::kFixed;
      step.count = 4;
      break;
    case Encoding::kDouble:
      step.kind = SkipStep::Kind::kFixed;
      step.count = 8;
      break;
    case Encoding::kString:
      step.kind = SkipStep::Kind::kString;
      break;
    case Encoding::kStruct:
      break;
  }
  return step;
}

SkipStep KeyStep(bool compressed) {
  SkipStep step;
  if (compressed) {
    step.count = 1;
  } else {
    step.kind = SkipStep::Kind::kFixed;
    step.count = 8;
  }
  return step;
}

}  // namespace

SkipPlans::SkipPlans(const Metadata& metadata, bool compressed)
    : metadata_(metadata), compressed_(compressed), ranges_(metadata.types.size()) {
  for (size_t t = 0; t < metadata.types.size(); ++t) {
    const Type& type = metadata.types[t];
    std::vector<SkipStep> plan;
    if (type.encoding != Encoding::kStruct) {
      plan.push_back(PrimitiveStep(type.encoding, compressed));
    } else {
      for (const Field& field : type.fields) Append(&plan, FieldStep(field));
    }
    ranges_[t].first = static_cast<uint32_t>(steps_.size());
    steps_.insert(steps_.end(), plan.begin(), plan.end());
    ranges_[t].second = static_cast<uint32_t>(steps_.size());
  }
  for (SkipStep& step : steps_) {
    if (step.kind == SkipStep::Kind::kArray) step.element_longs = ElementLongs(step);
  }
  planned_ = true;
}

uint32_t SkipPlans::ElementLongs(const SkipStep& array) const {
  if (array.element_key) return compressed_ ? 1 : 0;
  auto [begin, end] = Plan(array.type);
  if (end - begin == 1 && begin->kind == SkipStep::Kind::kLongs) return begin->count;
  return 0;
}

SkipStep SkipPlans::FieldStep(const Field& field) const {
  const Type& type = metadata_.types[field.type];
  SkipStep element;
  if (field.constant_pool) {
    element = KeyStep(compressed_);
  } else if (type.encoding != Encoding::kStruct) {
    element = PrimitiveStep(type.encoding, compressed_);
  } else {
    element.kind = SkipStep::Kind::kStruct;
    element.type = field.type;
  }
  if (!field.array) return element;
  SkipStep step;
  step.kind = SkipStep::Kind::kArray;
  step.type = field.type;
  step.element_key = field.constant_pool;
  step.element_struct = !field.constant_pool && type.encoding == Encoding::kStruct;
  step.element_empty = step.element_struct && type.empty;
  if (planned_) step.element_longs = ElementLongs(step);
  return step;
}

void SkipPlans::Append(std::vector<SkipStep>* plan, const SkipStep& step) {
  if (step.kind == SkipStep::Kind::kLongs && !plan->empty() &&
      plan->back().kind == SkipStep::Kind::kLongs) {
    plan->back().count += step.count;
    return;
  }
  plan->push_back(step);
}

void SkipPlans::SkipValue(ByteCursor& cursor, uint32_t type, int depth) const {
  auto [begin, end] = Plan(type);
  if (IsStruct(type)) {
    if (depth >= kMaxValueDepth) return cursor.Fail("values nested at most 32 deep");
    ++depth;
  }
  for (const SkipStep* step = begin; step != end; ++step) {
    Run(cursor, *step, depth);
    if (!cursor.ok()) return;
  }
}

void SkipPlans::Run(ByteCursor& cursor, const SkipStep& step, int depth) const {
  switch (step.kind) {
    case SkipStep::Kind::kLongs:
      return cursor.SkipLongs(step.count);
    case SkipStep::Kind::kFixed:
      return cursor.Skip(step.count);
    case SkipStep::Kind::kString:
      return SkipStringValue(cursor);
    case SkipStep::Kind::kStruct:
      return SkipValue(cursor, step.type, depth);
    case SkipStep::Kind::kArray:
      break;
  }
  const uint32_t count = cursor.Count();
  if (step.element_empty || count == 0) return;
  if (step.element_longs != 0) {
    // A struct element still counts as nested (a type deep enough fails at its first element).
    if (step.element_struct && depth >= kMaxValueDepth) {
      return cursor.Fail("values nested at most 32 deep");
    }
    return cursor.SkipLongs(static_cast<uint64_t>(count) * step.element_longs);
  }
  if (step.element_key) {
    for (uint32_t i = 0; i < count && cursor.ok(); ++i) cursor.SkipLong();
    return;
  }
  for (uint32_t i = 0; i < count && cursor.ok(); ++i) SkipValue(cursor, step.type, depth);
}

}  // namespace profdiff::jfr
