#include "load/hotspot/task_scanner.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace profdiff {

namespace {

// Character classes (ASCII only: any other byte in a name sends the text to pugixml).
enum : uint8_t {
  kSpace = 1,         // white space between attributes: blank, tab, line feed, carriage return
  kNameStart = 2,     // letters, '_', ':'
  kName = 4,          // those, digits, '-', '.'
  kValueSpecial = 8,  // in a value: '&', white space other than the blank, '<', the quotes, NUL
};

constexpr std::array<uint8_t, 256> MakeClasses() {
  std::array<uint8_t, 256> classes{};
  for (int c = 'a'; c <= 'z'; ++c) classes[c] = kNameStart | kName;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] = kNameStart | kName;
  for (int c = '0'; c <= '9'; ++c) classes[c] = kName;
  classes['_'] = classes[':'] = kNameStart | kName;
  classes['-'] = classes['.'] = kName;
  classes[' '] = kSpace;
  classes['\t'] = classes['\n'] = classes['\r'] = kSpace | kValueSpecial;
  classes['&'] = classes['<'] = classes['\''] = classes['"'] = classes['\0'] = kValueSpecial;
  return classes;
}

constexpr std::array<uint8_t, 256> kClasses = MakeClasses();

inline bool Is(char c, uint8_t kind) {
  return (kClasses[static_cast<unsigned char>(c)] & kind) != 0;
}

// What a tag is, in the list the first pass makes.
enum class TagKind : uint8_t { kStart, kEmpty, kEnd };

struct Tag {
  std::string_view name;
  size_t first_attribute = 0;  // in Scratch::attributes
  size_t attribute_count = 0;
  TagKind kind = TagKind::kStart;
};

// Reused by each thread from task to task.
struct Scratch {
  std::vector<Tag> tags;
  std::vector<XmlAttribute> attributes;
  std::vector<size_t> to_decode;  // attributes whose value holds references or white space
  std::vector<std::string_view> open;

  void Clear() {
    tags.clear();
    attributes.clear();
    to_decode.clear();
    open.clear();
  }
  // Large lists (of a huge task) are not kept for the next one.
  void Trim() {
    if (tags.capacity() > (size_t{1} << 20) || attributes.capacity() > (size_t{1} << 21)) {
      *this = Scratch();
    }
  }
};

// The reference at `p` (a '&') that the scanner decodes: its length, and its character in
// `*code`; 0 for any other (which pugixml reads). The five predefined entities and decimal or
// hexadecimal ("&#x", lowercase as XML wants) references to characters 1 to 0x10FFFF.
size_t Reference(const char* p, const char* end, uint32_t* code) {
  const std::string_view rest(p, static_cast<size_t>(end - p));
  struct Entity {
    std::string_view text;
    char character;
  };
  static constexpr Entity kEntities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  if (rest.size() < 2) return 0;
  if (rest[1] != '#') {
    for (const Entity& entity : kEntities) {
      if (rest.starts_with(entity.text)) {
        *code = static_cast<unsigned char>(entity.character);
        return entity.text.size();
      }
    }
    return 0;
  }
  const bool hex = rest.size() > 2 && rest[2] == 'x';
  size_t at = hex ? 3 : 2;
  const size_t digits_start = at;
  uint32_t value = 0;
  for (; at < rest.size(); ++at) {
    const char c = rest[at];
    uint32_t digit;
    if (c >= '0' && c <= '9') {
      digit = static_cast<uint32_t>(c - '0');
    } else if (hex && c >= 'a' && c <= 'f') {
      digit = static_cast<uint32_t>(c - 'a' + 10);
    } else if (hex && c >= 'A' && c <= 'F') {
      digit = static_cast<uint32_t>(c - 'A' + 10);
    } else {
      break;
    }
    value = value * (hex ? 16 : 10) + digit;
    if (value > 0x10FFFF) return 0;
  }
  if (at == digits_start || at >= rest.size() || rest[at] != ';' || value == 0) return 0;
  *code = value;
  return at + 1;
}

// Writes `code` as UTF-8 (as pugixml does, surrogates included) at `out`; returns the end.
char* AppendUtf8(char* out, uint32_t code) {
  if (code < 0x80) {
    *out++ = static_cast<char>(code);
  } else if (code < 0x800) {
    *out++ = static_cast<char>(0xC0 | (code >> 6));
    *out++ = static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (code >> 12));
    *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (code & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (code >> 18));
    *out++ = static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (code & 0x3F));
  }
  return out;
}

// Decodes a value the first pass accepted, in place (the result is never longer): references
// replaced, tab, line feed and carriage return made blanks, a carriage return and line feed one
// blank (pugixml's parse_wconv_attribute with parse_eol and parse_escapes; expat's
// normalisation). Returns the new size.
size_t DecodeValue(char* value, size_t size) {
  const char* read = value;
  const char* const end = value + size;
  char* write = value;
  while (read < end) {
    const char c = *read;
    if (c == '&') {
      uint32_t code = 0;
      const size_t length = Reference(read, end, &code);
      write = AppendUtf8(write, code);
      read += length;
    } else if (c == '\r') {
      *write++ = ' ';
      ++read;
      if (read < end && *read == '\n') ++read;
    } else if (c == '\t' || c == '\n') {
      *write++ = ' ';
      ++read;
    } else {
      *write++ = *read++;
    }
  }
  return static_cast<size_t>(write - value);
}

// Reads a name at `*p` (its first character already known to start one).
std::string_view ReadName(const char** p) {
  const char* start = *p;
  const char* at = start + 1;
  while (Is(*at, kName)) ++at;  // the NUL after the text ends it
  *p = at;
  return std::string_view(start, static_cast<size_t>(at - start));
}

// Skips white space; whether there was any.
bool SkipSpace(const char** p) {
  const char* start = *p;
  while (Is(**p, kSpace)) ++*p;  // the NUL after the text ends it
  return *p != start;
}

// The first pass: every tag and attribute listed, nothing written. False for anything the
// scanner does not read.
bool ListTags(const char* text, size_t size, Scratch& scratch) {
  const char* p = text;
  const char* const end = text + size;
  // A NUL byte only after the text: the loops over bytes stop there without counting.
  if (size == 0 || text[size] != '\0' || std::memchr(text, '\0', size) != nullptr) return false;
  bool any_element = false;
  while (true) {
    // Text (character data, or outside the root) is not read: pugixml's reading of it hands
    // nothing over either.
    // Mostly a line break: looked at before asking memchr.
    if (p < end && *p == '\n') ++p;
    if (p < end && *p == '<') {
      ++p;
    } else {
      const void* found = std::memchr(p, '<', static_cast<size_t>(end - p));
      if (found == nullptr) break;
      p = static_cast<const char*>(found) + 1;
    }
    if (p == end) return false;
    if (*p == '/') {
      ++p;
      if (p == end || !Is(*p, kNameStart)) return false;
      const std::string_view name = ReadName(&p);
      SkipSpace(&p);
      if (p == end || *p != '>') return false;
      ++p;
      if (scratch.open.empty() || scratch.open.back() != name) return false;
      scratch.open.pop_back();
      scratch.tags.push_back(Tag{name, 0, 0, TagKind::kEnd});
      continue;
    }
    if (!Is(*p, kNameStart)) return false;  // '!', '?' or malformed
    any_element = true;
    Tag tag;
    tag.name = ReadName(&p);
    tag.first_attribute = scratch.attributes.size();
    while (true) {
      const bool spaced = SkipSpace(&p);
      if (p == end) return false;
      if (*p == '>') {
        ++p;
        tag.kind = TagKind::kStart;
        scratch.open.push_back(tag.name);
        break;
      }
      if (*p == '/') {
        ++p;
        if (p == end || *p != '>') return false;
        ++p;
        tag.kind = TagKind::kEmpty;
        break;
      }
      if (!spaced || !Is(*p, kNameStart)) return false;
      XmlAttribute attribute;
      attribute.name = ReadName(&p);
      SkipSpace(&p);
      if (p == end || *p != '=') return false;
      ++p;
      SkipSpace(&p);
      if (p == end || (*p != '\'' && *p != '"')) return false;
      const char quote = *p++;
      const char* value = p;
      bool decode = false;
      while (true) {
        while (!Is(*p, kValueSpecial)) ++p;  // the NUL after the text ends it
        if (p == end) return false;
        const char c = *p;
        if (c == quote) break;
        if (c == '<') return false;
        if (c == '&') {
          uint32_t code = 0;
          const size_t length = Reference(p, end, &code);
          if (length == 0) return false;
          p += length;
          decode = true;
        } else {
          if (c != '\'' && c != '"') decode = true;  // white space to make a blank
          ++p;
        }
      }
      attribute.value = std::string_view(value, static_cast<size_t>(p - value));
      ++p;  // the closing quote
      if (decode) scratch.to_decode.push_back(scratch.attributes.size());
      scratch.attributes.push_back(attribute);
    }
    tag.attribute_count = scratch.attributes.size() - tag.first_attribute;
    scratch.tags.push_back(tag);
  }
  return any_element && scratch.open.empty();
}

}  // namespace

bool ScanTaskElements(char* text, size_t size, ElementHandler& handler) {
  thread_local Scratch scratch;
  scratch.Clear();
  if (!ListTags(text, size, scratch)) {
    scratch.Trim();
    return false;
  }
  // The second pass: values decoded (in place: the views point into `text`), tags handed over.
  for (size_t index : scratch.to_decode) {
    XmlAttribute& attribute = scratch.attributes[index];
    char* value = text + (attribute.value.data() - text);
    attribute.value = std::string_view(value, DecodeValue(value, attribute.value.size()));
  }
  for (const Tag& tag : scratch.tags) {
    if (tag.kind == TagKind::kEnd) {
      handler.End(tag.name);
      continue;
    }
    handler.Start(tag.name, ElementAttributes(scratch.attributes.data() + tag.first_attribute,
                                              tag.attribute_count));
    if (tag.kind == TagKind::kEmpty) handler.End(tag.name);
  }
  scratch.Trim();
  return true;
}

}  // namespace profdiff
