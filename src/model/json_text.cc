#include "profdiff/model/json_text.h"

#include <array>

namespace profdiff {

namespace {

// Bytes that may need escaping: control characters, '"', '\\', and 0xE2, the lead byte of
// U+2028 and U+2029. Most strings (method and phase names) hold none, and are copied whole.
constexpr std::array<bool, 256> MakeAttentionTable() {
  std::array<bool, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[c] = true;
  table['"'] = true;
  table['\\'] = true;
  table[0xE2] = true;
  return table;
}
constexpr std::array<bool, 256> kNeedsAttention = MakeAttentionTable();

}  // namespace

void AppendJsonString(std::string_view text, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t plain = 0;  // start of the run of characters copied as they are
  auto flush = [&](size_t end) { out->append(text.data() + plain, end - plain); };
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (!kNeedsAttention[c]) continue;
    const char* escape = nullptr;
    switch (c) {
      case '"':
        escape = "\\\"";
        break;
      case '\\':
        escape = "\\\\";
        break;
      case '\n':
        escape = "\\n";
        break;
      case '\r':
        escape = "\\r";
        break;
      case '\t':
        escape = "\\t";
        break;
      case '\b':
        escape = "\\b";
        break;
      case '\f':
        escape = "\\f";
        break;
      default:
        break;
    }
    if (escape != nullptr) {
      flush(i);
      out->append(escape);
      plain = i + 1;
    } else if (c < 0x20) {
      flush(i);
      out->append("\\u00");
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 0xF]);
      plain = i + 1;
    } else if (c == 0xE2 && i + 2 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xA8 ||
                static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
      flush(i);
      out->append(static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029");
      i += 2;
      plain = i + 1;
    }
  }
  flush(text.size());
  out->push_back('"');
}

}  // namespace profdiff
