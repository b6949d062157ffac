// The JFR reader on recordings written in the test, byte by byte: every string encoding, and
// arrays of a struct that takes no bytes (which must not be walked element by element).

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "profdiff/load/jfr/jfr_recording.h"

namespace profdiff {
namespace {

// A compressed integer padded to `width` bytes (JFR readers accept padding; sizes are written so).
std::string Varint(uint64_t v, int width = 0) {
  std::string out;
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    out.push_back(static_cast<char>(b | 0x80));
  } while (v != 0 || static_cast<int>(out.size()) < width);
  out.back() = static_cast<char>(out.back() & 0x7f);
  return out;
}

std::string Utf8(std::string_view s) { return "\x03" + Varint(s.size()) + std::string(s); }

std::string Event(uint64_t type, const std::string& body) {
  std::string rest = Varint(type) + body;
  return Varint(rest.size() + 4, 4) + rest;
}

// Metadata: classes given as (id, name, super type, fields (name, class id, array)).
struct ClassSpec {
  int id;
  std::string name, super_type;
  std::vector<std::tuple<std::string, int, bool>> fields;
};

std::string Metadata(const std::vector<ClassSpec>& classes) {
  std::vector<std::string> strings;
  auto index = [&](const std::string& s) {
    for (size_t i = 0; i < strings.size(); ++i) {
      if (strings[i] == s) return Varint(i);
    }
    strings.push_back(s);
    return Varint(strings.size() - 1);
  };
  auto element = [&](const std::string& name,
                     const std::vector<std::pair<std::string, std::string>>& attributes,
                     const std::vector<std::string>& children) {
    std::string out = index(name) + Varint(attributes.size());
    for (const auto& [k, v] : attributes) out += index(k) + index(v);
    out += Varint(children.size());
    for (const std::string& c : children) out += c;
    return out;
  };
  std::vector<std::string> class_elements;
  for (const ClassSpec& c : classes) {
    std::vector<std::string> fields;
    for (const auto& [name, id, array] : c.fields) {
      std::vector<std::pair<std::string, std::string>> a = {{"name", name},
                                                            {"class", std::to_string(id)}};
      if (array) a.emplace_back("dimension", "1");
      fields.push_back(element("field", a, {}));
    }
    std::vector<std::pair<std::string, std::string>> a = {{"name", c.name},
                                                          {"id", std::to_string(c.id)}};
    if (!c.super_type.empty()) a.emplace_back("superType", c.super_type);
    class_elements.push_back(element("class", a, fields));
  }
  std::string tree = element("root", {}, {element("metadata", {}, class_elements)});
  std::string table = Varint(strings.size());
  for (const std::string& s : strings) table += Utf8(s);
  return Event(0, Varint(0) + Varint(0) + Varint(1) + table + tree);
}

// A complete one-chunk recording of `events` (compressed integers, 1 tick a nanosecond).
std::string Chunk(const std::string& events) {
  std::string header = std::string("FLR\0", 4) + std::string("\x00\x02\x00\x01", 4);
  auto raw64 = [](uint64_t v) {
    std::string out;
    for (int i = 7; i >= 0; --i) out.push_back(static_cast<char>(v >> (8 * i)));
    return out;
  };
  header += raw64(68 + events.size()) + raw64(0) + raw64(0) + raw64(0) + raw64(0) + raw64(0) +
            raw64(1'000'000'000) + std::string("\x00\x00\x00\x01", 4);
  return header + events;
}

// A long in JFR's longest form: eight bytes of seven bits, then a ninth byte of eight.
std::string Varint9(uint64_t v) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(((v >> (7 * i)) & 0x7f) | 0x80));
  out.push_back(static_cast<char>(v >> 56));
  return out;
}

constexpr int kString = 20, kLong = 21, kSetting = 30, kEmpty = 40, kOuter = 41, kPair = 42,
              kPairs = 43;

std::vector<ClassSpec> Classes() {
  return {{kString, "java.lang.String", "", {}},
          {kLong, "long", "", {}},
          {kSetting,
           "jdk.ActiveSetting",
           "jdk.jfr.Event",
           {{"startTime", kLong, false},
            {"id", kLong, false},
            {"name", kString, false},
            {"value", kString, false}}},
          {kEmpty, "Empty", "", {}},
          {kOuter, "Outer", "", {{"a", kEmpty, true}}},
          {kPair, "Pair", "", {{"a", kLong, false}, {"b", kLong, false}}},
          {kPairs, "Pairs", "", {{"pairs", kPair, true}}}};
}

TEST(JfrSyntheticTest, ReadsStringsInEveryEncoding) {
  // A checkpoint with the string pool: key 7 is "10 ms".
  std::string checkpoint =
      Event(1, Varint(0) + Varint(0) + Varint(0) + std::string(1, '\0') + Varint(1) +
                   Varint(kString) + Varint(1) + Varint(7) + Utf8("10 ms"));
  auto setting = [](const std::string& name, const std::string& value) {
    return Event(kSetting, Varint(5) + Varint(1) + name + value);
  };
  // "pér" as a char array (UTF-16 code units, a surrogate pair too), "café" in Latin-1, a pool
  // reference, null and empty.
  std::string chars = "\x04" + Varint(5) + Varint('p') + Varint(0xe9) + Varint('r') +
                      Varint(0xd83d) + Varint(0xde00);
  std::string latin1 = "\x05" + Varint(4) + "caf\xe9";
  std::string events = Metadata(Classes()) + checkpoint + setting(chars, latin1) +
                       setting(Utf8("period"), "\x02" + Varint(7)) +
                       setting(std::string(1, '\0'), std::string(1, '\x01'));
  absl::StatusOr<JfrRecording> r = ParseJfrRecording(Chunk(events), "rec.jfr");
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->settings.size(), 3u);
  EXPECT_EQ(r->settings[0].name, "p\xc3\xa9r\xf0\x9f\x98\x80");
  EXPECT_EQ(r->settings[0].value, "caf\xc3\xa9");
  EXPECT_EQ(r->settings[1].name, "period");
  EXPECT_EQ(r->settings[1].value, "10 ms");
  EXPECT_EQ(r->settings[2].name, "");
  EXPECT_EQ(r->settings[2].value, "");
  EXPECT_EQ(r->settings[0].time, 5);

  // An unknown encoding is an error at its byte.
  std::string bad = Metadata(Classes()) + setting("\x09", latin1);
  absl::StatusOr<JfrRecording> e = ParseJfrRecording(Chunk(bad), "rec.jfr");
  ASSERT_FALSE(e.ok());
  const size_t at = 68 + Metadata(Classes()).size() + 4 + 1 + 1 + 1;
  EXPECT_EQ(e.status().message(),
            "rec.jfr at byte " + std::to_string(at) + ": expected a string encoding (0 to 5)");
}

TEST(JfrSyntheticTest, ArraysOfEmptyStructsAreSkippedAtOnce) {
  // A pool of 60,000 Outer values, each an array of up to 200,000 Empty values: walked one by
  // one, that would be billions of steps.
  const int n = 60'000;
  std::string pool = Varint(kOuter) + Varint(n, 3);
  for (int i = 0; i < n; ++i) {
    const uint64_t after = static_cast<uint64_t>(n - 1 - i) * 6;
    pool += Varint(i + 1, 3) + Varint(std::min<uint64_t>(200'000, after), 3);
  }
  std::string checkpoint =
      Event(1, Varint(0) + Varint(0) + Varint(0) + std::string(1, '\0') + Varint(1) + pool);
  auto start = std::chrono::steady_clock::now();
  absl::StatusOr<JfrRecording> r =
      ParseJfrRecording(Chunk(Metadata(Classes()) + checkpoint), "rec.jfr");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_LT(seconds, 5.0);
}

TEST(JfrSyntheticTest, PoolsOfIntegersAreSkippedExactly) {
  // Pools profdiff does not read are skipped by runs of compressed integers, eight bytes at a
  // time: longs of every length (padded, and the nine-byte form whose last byte has its high bit
  // set) must end where they do, or the string pool after them would be misread.
  std::vector<std::string> longs;
  for (int width = 1; width <= 8; ++width) longs.push_back(Varint(width, width));
  longs.push_back(Varint9(~uint64_t{0}));
  longs.push_back(Varint9(uint64_t{1} << 63));
  std::string pairs = Varint(kPair) + Varint(longs.size() * longs.size());
  for (size_t i = 0; i < longs.size(); ++i) {
    for (size_t j = 0; j < longs.size(); ++j) pairs += Varint(1 + i * 16 + j) + longs[i] + longs[j];
  }
  std::string arrays = Varint(kPairs) + Varint(longs.size());
  for (size_t n = 0; n < longs.size(); ++n) {
    arrays += Varint(n + 1) + Varint(n);
    for (size_t k = 0; k < n; ++k) arrays += longs[(n + k) % longs.size()] + longs[k];
  }
  std::string strings = Varint(kString) + Varint(1) + Varint(7) + Utf8("10 ms");
  std::string checkpoint = Event(1, Varint(0) + Varint(0) + Varint(0) + std::string(1, '\0') +
                                        Varint(3) + pairs + arrays + strings);
  std::string setting =
      Event(kSetting, Varint(5) + Varint(1) + Utf8("period") + "\x02" + Varint(7));
  absl::StatusOr<JfrRecording> r =
      ParseJfrRecording(Chunk(Metadata(Classes()) + checkpoint + setting), "rec.jfr");
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->settings.size(), 1u);
  EXPECT_EQ(r->settings[0].value, "10 ms");

  // A long that runs past the end of its checkpoint is an error at the checkpoint's end.
  std::string cut = Varint(kPair) + Varint(2) + Varint(1) + longs[3] + longs[8] + Varint(2) +
                    longs[8] + longs[8].substr(0, 5);
  std::string body = Varint(0) + Varint(0) + Varint(0) + std::string(1, '\0') + Varint(1) + cut;
  std::string metadata = Metadata(Classes());
  absl::StatusOr<JfrRecording> e = ParseJfrRecording(Chunk(metadata + Event(1, body)), "rec.jfr");
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().message(),
            "rec.jfr at byte " + std::to_string(68 + metadata.size() + 4 + 1 + body.size()) +
                ": expected more bytes (a compressed integer reaches past the end)");
}

}  // namespace
}  // namespace profdiff
