#ifndef PROFDIFF_LOAD_RECORD_VALUES_H_
#define PROFDIFF_LOAD_RECORD_VALUES_H_

// Helpers of the record reader that work on tape values: collapsing duplicate object keys and
// rendering optimization-property values. All iterative and buffer-reusing.

#include <cstdint>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "load/json/record_tape.h"
#include "profdiff/model/property_value.h"

namespace profdiff::record_internal {

// A member of an object after duplicate keys were collapsed: the key token of the first
// occurrence and the value token of the last one.
struct Member {
  uint32_t key;
  uint32_t value;
};

class MemberCollapser {
 public:
  // Appends the members of object token `object` to *out in first-occurrence order, each with
  // the value of its last occurrence (formats.md §6.2).
  void Collapse(const RecordTape& tape, uint32_t object, std::vector<Member>* out);

 private:
  absl::flat_hash_map<std::string_view, uint32_t> index_;  // key -> position in *out
};

class ValueRenderer {
 public:
  // Renders value token `value` as its Java text (formats.md §7.1) and its canonical encoding
  // (property_value.h).
  void Render(const RecordTape& tape, uint32_t value, PropertyValue* out);

 private:
  struct Frame {
    bool object;
    bool first;
    uint32_t next;   // array: next element token; object: next entry of members_
    uint32_t end;    // array: token after the array; object: end of its entries in members_
    uint32_t begin;  // object: start of its entries in members_
  };

  void Open(const RecordTape& tape, uint32_t value, PropertyValue* out);

  std::vector<Frame> frames_;
  std::vector<Member> members_;
  MemberCollapser collapser_;
};

// Types a number token as int32 if it is exactly an integer in range (README "Decisions":
// `1e1` and `4.0` are fine, `1.5` and `3000000000` are not).
bool ReadInt32(std::string_view literal, int32_t* out);

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_LOAD_RECORD_VALUES_H_
