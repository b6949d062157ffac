#include "load/json/record_values.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "load/json/json_support.h"
#include "profdiff/model/java_format.h"
#include "profdiff/model/json_text.h"

namespace profdiff::record_internal {

namespace {

// Objects with few keys are collapsed by linear search; a hash map only pays off beyond that.
constexpr uint32_t kLinearCollapseLimit = 16;

void AppendUnsigned(uint64_t value, std::string* out) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out->append(digits, result.ptr);
}

void AppendSigned(int64_t value, std::string* out) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out->append(digits, result.ptr);
}

void AppendHex64(uint64_t bits, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int shift = 60; shift >= 0; shift -= 4) out->push_back(kHex[(bits >> shift) & 0xF]);
}

void AppendCanonicalText(std::string_view text, std::string* out) {
  AppendUnsigned(text.size(), out);
  out->push_back(':');
  out->append(text);
}

void AppendNumber(std::string_view literal, PropertyValue* out) {
  out->json.append(literal);
  JsonNumber number = ParseJsonNumber(literal);
  switch (number.type) {
    case JsonNumber::Type::kInt32:
    case JsonNumber::Type::kInt64:
      AppendSigned(number.integer, &out->rendered);
      out->canonical.push_back(number.type == JsonNumber::Type::kInt32 ? 'i' : 'l');
      AppendSigned(number.integer, &out->canonical);
      out->canonical.push_back(';');
      break;
    case JsonNumber::Type::kDouble: {
      out->rendered.append(JavaDoubleToString(number.real));
      uint64_t bits = std::isnan(number.real) ? uint64_t{0x7ff8000000000000}
                                              : std::bit_cast<uint64_t>(number.real);
      out->canonical.push_back('d');
      AppendHex64(bits, &out->canonical);
      out->canonical.push_back(';');
      break;
    }
  }
}

}  // namespace

void MemberCollapser::Collapse(const RecordTape& tape, uint32_t object, std::vector<Member>* out) {
  const size_t base = out->size();
  const uint32_t end = tape[object].a;
  const bool use_map = tape[object].b > kLinearCollapseLimit;
  if (use_map) index_.clear();
  for (uint32_t key = object + 1; key < end;) {
    const uint32_t value = key + 1;
    std::string_view text = tape.Text(tape[key]);
    bool merged = false;
    if (use_map) {
      auto [it, inserted] = index_.try_emplace(text, static_cast<uint32_t>(out->size()));
      if (!inserted) {
        (*out)[it->second].value = value;
        merged = true;
      }
    } else {
      for (size_t i = base; i < out->size(); ++i) {
        if (tape.Text(tape[(*out)[i].key]) == text) {
          (*out)[i].value = value;
          merged = true;
          break;
        }
      }
    }
    if (!merged) out->push_back(Member{key, value});
    key = tape.Next(value);
  }
  if (use_map) index_.clear();
}

void ValueRenderer::Open(const RecordTape& tape, uint32_t value, PropertyValue* out) {
  const Token& token = tape[value];
  switch (token.kind) {
    case TokenKind::kString:
      AppendJsonString(tape.Text(token), &out->json);
      out->rendered.append(tape.Text(token));
      out->canonical.push_back('s');
      AppendCanonicalText(tape.Text(token), &out->canonical);
      break;
    case TokenKind::kNumber:
      AppendNumber(tape.Text(token), out);
      break;
    case TokenKind::kTrue:
      out->rendered.append("true");
      out->canonical.push_back('t');
      out->json.append("true");
      break;
    case TokenKind::kFalse:
      out->rendered.append("false");
      out->canonical.push_back('f');
      out->json.append("false");
      break;
    case TokenKind::kNull:
    case TokenKind::kKey:  // not a value; unreachable
      out->rendered.append("null");
      out->canonical.push_back('n');
      out->json.append("null");
      break;
    case TokenKind::kArray:
      out->rendered.push_back('[');
      out->canonical.push_back('[');
      out->json.push_back('[');
      frames_.push_back(Frame{false, true, value + 1, token.a, 0});
      break;
    case TokenKind::kObject: {
      const uint32_t begin = static_cast<uint32_t>(members_.size());
      collapser_.Collapse(tape, value, &members_);
      out->rendered.append("map(size=");
      AppendUnsigned(members_.size() - begin, &out->rendered);
      out->rendered.append(", {");
      out->canonical.push_back('{');
      out->json.push_back('{');
      frames_.push_back(Frame{true, true, begin, static_cast<uint32_t>(members_.size()), begin});
      break;
    }
  }
}

void ValueRenderer::Render(const RecordTape& tape, uint32_t value, PropertyValue* out) {
  out->rendered.clear();
  out->canonical.clear();
  out->json.clear();
  frames_.clear();
  members_.clear();
  Open(tape, value, out);
  while (!frames_.empty()) {
    Frame& frame = frames_.back();
    if (frame.next < frame.end) {
      const bool first = frame.first;
      frame.first = false;
      uint32_t element;
      if (frame.object) {
        const Member member = members_[frame.next++];
        std::string_view key = tape.Text(tape[member.key]);
        out->rendered.append(first ? "(" : "),(");
        out->rendered.append(key);
        out->rendered.push_back(',');
        AppendCanonicalText(key, &out->canonical);
        if (!first) out->json.push_back(',');
        AppendJsonString(key, &out->json);
        out->json.push_back(':');
        element = member.value;
      } else {
        if (!first) {
          out->rendered.append(", ");
          out->json.push_back(',');
        }
        element = frame.next;
        frame.next = tape.Next(element);
      }
      Open(tape, element, out);  // may invalidate `frame`
      continue;
    }
    if (frame.object) {
      out->rendered.append(frame.first ? "})" : ")})");
      out->canonical.push_back('}');
      out->json.push_back('}');
      // Nested objects were popped first, so this frame's entries are the last ones.
      members_.resize(frame.begin);
    } else {
      out->rendered.push_back(']');
      out->canonical.push_back(']');
      out->json.push_back(']');
    }
    frames_.pop_back();
  }
}

bool ReadInt32(std::string_view literal, int32_t* out) {
  // Plain short integers are by far the most common case; skip the general typing for them.
  // (A loop rather than find_first_of(".eE"), which calls memchr once per character.)
  const bool plain =
      literal.size() <= 11 && std::none_of(literal.begin(), literal.end(),
                                           [](char c) { return c == '.' || c == 'e' || c == 'E'; });
  if (plain) {
    int64_t value = 0;
    auto result = std::from_chars(literal.data(), literal.data() + literal.size(), value);
    if (result.ec != std::errc() || value < INT32_MIN || value > INT32_MAX) return false;
    *out = static_cast<int32_t>(value);
    return true;
  }
  int64_t value = 0;
  if (!ParseJsonNumber(literal).ExactInteger(INT32_MIN, INT32_MAX, &value)) return false;
  *out = static_cast<int32_t>(value);
  return true;
}

}  // namespace profdiff::record_internal
