#include "load/hotspot/byte_scan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

namespace profdiff {
namespace {

size_t NaiveFind(std::string_view text, size_t from, std::string_view needle) {
  return from > text.size() ? std::string_view::npos : text.find(needle, from);
}

TEST(ByteScanTest, FindsThreeBytesAtEveryPlaceOfA16ByteBlock) {
  for (size_t size = 0; size < 70; ++size) {
    for (size_t at = 0; at + 3 <= size; ++at) {
      std::string text(size, 'x');
      text.replace(at, 3, "</t");
      for (size_t from = 0; from <= size + 1; ++from) {
        EXPECT_EQ(FindThreeBytes(text, from, '<', '/', 't'), NaiveFind(text, from, "</t"))
            << "size " << size << " at " << at << " from " << from;
      }
    }
  }
}

TEST(ByteScanTest, PartialMatchesAreNoMatch) {
  // "</" at the end of a block followed by another byte, "<" then "/t" apart, the text's end.
  EXPECT_EQ(FindThreeBytes("xxxxxxxxxxxxxxx</x</t", 0, '<', '/', 't'), 18u);
  EXPECT_EQ(FindThreeBytes("< /t</", 0, '<', '/', 't'), std::string_view::npos);
  EXPECT_EQ(FindThreeBytes("</", 0, '<', '/', 't'), std::string_view::npos);
  EXPECT_EQ(FindThreeBytes("", 0, '<', '/', 't'), std::string_view::npos);
}

TEST(ByteScanTest, FindTextIsFind) {
  const std::string text = "<tas <task</task <task>";
  for (size_t from = 0; from <= text.size() + 1; ++from) {
    for (std::string_view needle : {"<task", "</task", "<task>", "task>x", "<tas"}) {
      EXPECT_EQ(FindText(text, from, needle), NaiveFind(text, from, needle))
          << needle << " from " << from;
    }
  }
}

TEST(ByteScanTest, AgreesWithNaiveScansOnRandomText) {
  std::mt19937 random(7);
  const std::string alphabet = "</ta\n\r";
  for (int round = 0; round < 300; ++round) {
    std::string text(random() % 5000, ' ');
    for (char& c : text) c = alphabet[random() % alphabet.size()];
    const size_t from = text.empty() ? 0 : random() % text.size();
    EXPECT_EQ(FindThreeBytes(text, from, '<', '/', 't'), NaiveFind(text, from, "</t"));
    EXPECT_EQ(FindThreeBytes(text, from, '<', 't', 'a'), NaiveFind(text, from, "<ta"));
    EXPECT_EQ(FindText(text, from, "</ta"), NaiveFind(text, from, "</ta"));
    EXPECT_EQ(FindText(text, from, "<ta\n\r"), NaiveFind(text, from, "<ta\n\r"));
    EXPECT_EQ(CountByte(text, '\n'),
              static_cast<size_t>(std::count(text.begin(), text.end(), '\n')));
  }
}

TEST(ByteScanTest, CountsPastWhereAByteCounterWouldWrap) {
  // Every byte a match, over more than 255 blocks of 16: the per-byte tallies must be summed
  // before they wrap.
  for (size_t size : {0u, 1u, 15u, 16u, 17u, 4080u, 4095u, 4096u, 100000u}) {
    EXPECT_EQ(CountByte(std::string(size, '\n'), '\n'), size);
    EXPECT_EQ(CountByte(std::string(size, '\n'), '\r'), 0u);
  }
  // High bytes, which compare as negative numbers.
  EXPECT_EQ(CountByte(std::string(5000, '\xff'), '\xff'), 5000u);
}

}  // namespace
}  // namespace profdiff
