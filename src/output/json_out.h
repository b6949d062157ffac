#ifndef PROFDIFF_OUTPUT_JSON_OUT_H_
#define PROFDIFF_OUTPUT_JSON_OUT_H_

// Appends compact JSON to a string: commas are placed for the caller, strings escaped, doubles
// written in their shortest round-trip form (non-finite ones as the strings "NaN", "Infinity"
// and "-Infinity", which JSON cannot hold as numbers).

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "profdiff/model/json_text.h"

namespace profdiff {

class JsonOut {
 public:
  explicit JsonOut(std::string* out) : out_(out) { first_.reserve(16); }

  void BeginObject() {
    Separate();
    out_->push_back('{');
    first_.push_back(true);
  }
  void EndObject() {
    out_->push_back('}');
    first_.pop_back();
  }
  void BeginArray() {
    Separate();
    out_->push_back('[');
    first_.push_back(true);
  }
  void EndArray() {
    out_->push_back(']');
    first_.pop_back();
  }
  // `key` is one of profdiff's own member names (plain ASCII, nothing to escape); names that
  // come from the input (property keys) go through String() and a ':' of their own: see
  // InputKey().
  void Key(std::string_view key) {
    Separate();
    // One append of '"', the key and '":' (the key is short): about a tenth of writing a
    // record goes into keys.
    const size_t at = out_->size();
    out_->resize(at + key.size() + 3);
    char* p = out_->data() + at;
    *p++ = '"';
    std::memcpy(p, key.data(), key.size());
    p += key.size();
    *p++ = '"';
    *p = ':';
    after_key_ = true;
  }
  // A member name read from the input, escaped.
  void InputKey(std::string_view key) {
    Separate();
    AppendJsonString(key, out_);
    out_->push_back(':');
    after_key_ = true;
  }
  void String(std::string_view text) {
    Separate();
    AppendJsonString(text, out_);
  }
  void Int(int64_t value) {
    Separate();
    char digits[24];
    auto result = std::to_chars(digits, digits + sizeof(digits), value);
    out_->append(digits, result.ptr);
  }
  void Double(double value) {
    Separate();
    if (std::isnan(value)) {
      out_->append("\"NaN\"");
    } else if (std::isinf(value)) {
      out_->append(value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    } else {
      char digits[32];
      auto result = std::to_chars(digits, digits + sizeof(digits), value);
      out_->append(digits, result.ptr);
    }
  }
  void Bool(bool value) {
    Separate();
    out_->append(value ? "true" : "false");
  }
  void Null() {
    Separate();
    out_->append("null");
  }
  // A value that is JSON already.
  void Raw(std::string_view json) {
    Separate();
    out_->append(json);
  }
  // Shorthands for members.
  void Member(std::string_view key, std::string_view text) {
    Key(key);
    String(text);
  }
  void IntMember(std::string_view key, int64_t value) {
    Key(key);
    Int(value);
  }

 private:
  void Separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (first_.empty()) return;
    if (first_.back()) {
      first_.back() = false;
    } else {
      out_->push_back(',');
    }
  }

  std::string* out_;
  std::vector<char> first_;  // per open object or array: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_JSON_OUT_H_
