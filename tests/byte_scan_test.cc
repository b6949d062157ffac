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

// Each test runs with blocks of 16 bytes and with the widest the processor has (32 with AVX2).
class ByteScanTest : public testing::TestWithParam<BlockWidth> {
 protected:
  size_t Find3(std::string_view text, size_t from, char a, char b, char c) {
    return FindThreeBytes(text, from, a, b, c, GetParam());
  }
  size_t Count(std::string_view text, char byte) { return CountByte(text, byte, GetParam()); }
};

INSTANTIATE_TEST_SUITE_P(Blocks, ByteScanTest,
                         testing::Values(BlockWidth::k16Bytes, BlockWidth::kWidest));

TEST_P(ByteScanTest, FindsThreeBytesAtEveryPlaceOfABlock) {
  for (size_t size = 0; size < 140; ++size) {
    for (size_t at = 0; at + 3 <= size; ++at) {
      std::string text(size, 'x');
      text.replace(at, 3, "</t");
      for (size_t from = 0; from <= size + 1; ++from) {
        EXPECT_EQ(Find3(text, from, '<', '/', 't'), NaiveFind(text, from, "</t"))
            << "size " << size << " at " << at << " from " << from;
      }
    }
  }
}

TEST_P(ByteScanTest, PartialMatchesAreNoMatch) {
  // "</" at the end of a block followed by another byte, "<" then "/t" apart, the text's end.
  EXPECT_EQ(Find3("xxxxxxxxxxxxxxx</x</t", 0, '<', '/', 't'), 18u);
  EXPECT_EQ(Find3("< /t</", 0, '<', '/', 't'), std::string_view::npos);
  EXPECT_EQ(Find3("</", 0, '<', '/', 't'), std::string_view::npos);
  EXPECT_EQ(Find3("", 0, '<', '/', 't'), std::string_view::npos);
}

TEST_P(ByteScanTest, FindTextIsFind) {
  const std::string text = "<tas <task</task <task>";
  for (size_t from = 0; from <= text.size() + 1; ++from) {
    for (std::string_view needle : {"<task", "</task", "<task>", "task>x", "<tas"}) {
      EXPECT_EQ(FindText(text, from, needle), NaiveFind(text, from, needle))
          << needle << " from " << from;
    }
  }
}

TEST_P(ByteScanTest, AgreesWithNaiveScansOnRandomText) {
  std::mt19937 random(7);
  const std::string alphabet = "</ta\n\r";
  for (int round = 0; round < 300; ++round) {
    std::string text(random() % 5000, ' ');
    for (char& c : text) c = alphabet[random() % alphabet.size()];
    const size_t from = text.empty() ? 0 : random() % text.size();
    EXPECT_EQ(Find3(text, from, '<', '/', 't'), NaiveFind(text, from, "</t"));
    EXPECT_EQ(Find3(text, from, '<', 't', 'a'), NaiveFind(text, from, "<ta"));
    EXPECT_EQ(FindText(text, from, "</ta"), NaiveFind(text, from, "</ta"));
    EXPECT_EQ(FindText(text, from, "<ta\n\r"), NaiveFind(text, from, "<ta\n\r"));
    EXPECT_EQ(Count(text, '\n'), static_cast<size_t>(std::count(text.begin(), text.end(), '\n')));
  }
}

TEST_P(ByteScanTest, CountsPastWhereAByteCounterWouldWrap) {
  // Every byte a match, over more than 255 blocks: the per-byte tallies must be summed before
  // they wrap.
  for (size_t size :
       {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 4080u, 4095u, 4096u, 8160u, 8192u, 100000u}) {
    EXPECT_EQ(Count(std::string(size, '\n'), '\n'), size);
    EXPECT_EQ(Count(std::string(size, '\n'), '\r'), 0u);
  }
  // High bytes, which compare as negative numbers.
  EXPECT_EQ(Count(std::string(5000, '\xff'), '\xff'), 5000u);
}

}  // namespace
}  // namespace profdiff
