#include "load/hotspot/pugixml_judge.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace profdiff {
namespace {

// The rule of PugixmlCanJudge, a byte at a time.
bool Reference(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x80 || (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r')) {
      return false;
    }
    const std::string_view rest = text.substr(i);
    if (text[i] == '&' && !rest.starts_with("&lt;") && !rest.starts_with("&gt;") &&
        !rest.starts_with("&amp;") && !rest.starts_with("&apos;") && !rest.starts_with("&quot;")) {
      return false;
    }
    if (rest.starts_with("<!") || rest.starts_with("<?") || rest.starts_with("]]>")) return false;
  }
  return true;
}

// The markup PugixmlCanJudge counts, a byte at a time.
MarkupCounts ReferenceCounts(std::string_view text) {
  MarkupCounts counts;
  for (size_t i = 0; i < text.size(); ++i) {
    const char next = i + 1 < text.size() ? text[i + 1] : 0;
    counts.less_than += text[i] == '<' ? 1 : 0;
    counts.end_tags += text[i] == '<' && next == '/' ? 1 : 0;
    counts.empty_ends += text[i] == '/' && next == '>' ? 1 : 0;
  }
  return counts;
}

// Each test runs with blocks of 16 bytes and with the widest the processor has (32 with AVX2).
class PugixmlJudgeTest : public testing::TestWithParam<BlockWidth> {
 protected:
  bool Judge(std::string_view text, MarkupCounts* counts = nullptr) {
    return PugixmlCanJudge(text, counts, GetParam());
  }
  void ExpectCounts(const std::string& text) {
    MarkupCounts counts;
    ASSERT_TRUE(Judge(text, &counts)) << text.substr(0, 200);
    const MarkupCounts expected = ReferenceCounts(text);
    EXPECT_EQ(counts.less_than, expected.less_than) << text.substr(0, 200);
    EXPECT_EQ(counts.end_tags, expected.end_tags) << text.substr(0, 200);
    EXPECT_EQ(counts.empty_ends, expected.empty_ends) << text.substr(0, 200);
  }
};

INSTANTIATE_TEST_SUITE_P(Blocks, PugixmlJudgeTest,
                         testing::Values(BlockWidth::k16Bytes, BlockWidth::kWidest));

TEST_P(PugixmlJudgeTest, WhatOnlyExpatJudges) {
  EXPECT_TRUE(Judge("<r><task a='1'>\n\t<b c='&lt;init&gt; &amp;&apos;&quot;'/></task>"));
  for (std::string_view bad : {"\x01", "\x7f\x80", "\xc3\xa9", "&bogus;", "&#65;", "&lt",
                               "<!-- -->", "<?pi?>", "<![CDATA[x]]>", "]]>", "\x1f"}) {
    // At every offset of a 16- and a 32-byte block, and across the end of one.
    for (size_t before = 0; before < 80; ++before) {
      const std::string text = std::string(before, 'x') + std::string(bad) + "yyyyyyyyyyyyyyyyy";
      EXPECT_FALSE(Judge(text)) << before << " " << bad;
    }
  }
  // The two bytes of "<!" and of "]]>" in two blocks; a '&' at the end.
  EXPECT_FALSE(Judge("xxxxxxxxxxxxxxx<!yyyyyyyyyyyyyyyy"));
  EXPECT_FALSE(Judge("xxxxxxxxxxxxxx]]>yyyyyyyyyyyyyyyy"));
  EXPECT_FALSE(Judge("xxxxxxxxxxxxxxx&"));
  EXPECT_TRUE(Judge("xxxxxxxxxxxxxx]] >!?yyyyyyyyyyyy"));
}

TEST_P(PugixmlJudgeTest, AgreesWithTheRuleOnRandomText) {
  std::mt19937 random(5);
  const std::string alphabet = "<>&;!?]x ltgampousq\n\t\r\x01\xc3";
  const std::vector<std::string> pieces = {
      "&lt;", "&gt;", "&amp;", "&apos;",  "&quot;", "&lt", "&",  "<!",   "<?",  "<",
      "]]>",  "]]",   "]",     "xxxxxxx", "yyy",    " ",   "\n", "\x01", "\xc3"};
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    if (round % 2 == 0) {
      text.assign(random() % 160, ' ');
      for (char& c : text) c = alphabet[random() % alphabet.size()];
    } else {
      // Mostly what HotSpot writes, now and then something only expat judges.
      for (size_t n = random() % 24; n > 0; --n) {
        text += pieces[random() % (random() % 8 == 0 ? pieces.size() : 6)];
      }
    }
    EXPECT_EQ(Judge(text), Reference(text)) << text;
  }
}

TEST_P(PugixmlJudgeTest, CountsTheMarkup) {
  std::mt19937 random(7);
  const std::vector<std::string> pieces = {"<", "/", ">", "</", "/>", "</>", "x", "yyyyyyyyyyy"};
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    // Past 255 blocks now and then, where the lanes are added up.
    const size_t length = random() % 10 == 0 ? 4096 + random() % 8192 : random() % 80;
    while (text.size() < length) text += pieces[random() % pieces.size()];
    ExpectCounts(text);
  }
}

TEST_P(PugixmlJudgeTest, CountsOverManyBlocksOfTheSameMarkup) {
  // Every byte lane counts in every block: the lanes must be added up before they overflow.
  for (const std::string piece : {"<", "</", "/>", "x</y/>"}) {
    std::string text;
    while (text.size() < 40000) text += piece;
    ExpectCounts(text);
  }
}

TEST_P(PugixmlJudgeTest, CountsTellValuesWithoutLessThan) {
  const auto holds = [this](std::string_view text, size_t elements) {
    MarkupCounts counts;
    EXPECT_TRUE(Judge(text, &counts)) << text;
    return NoLessThanInValues(counts, elements);
  };
  EXPECT_TRUE(holds("<r><task a='1'><b c='2'/><d>text</d></task></r>", 4));
  // A '<' in a value, alone or starting "</"; "/>" in a value or in text: the values must be
  // searched.
  EXPECT_FALSE(holds("<r><task a='<'><b c='2'/></task></r>", 3));
  EXPECT_FALSE(holds("<r><task a='</'><b c='2'/></task></r>", 3));
  EXPECT_FALSE(holds("<r><task a='</x>'/></r>", 2));
  EXPECT_FALSE(holds("<r><task a='/>'><b c='2'/></task></r>", 3));
  EXPECT_FALSE(holds("<r><task>a/>b</task></r>", 2));
  // An empty element written with an end tag counts as any other.
  EXPECT_TRUE(holds("<r><task></task></r>", 2));
}

}  // namespace
}  // namespace profdiff
