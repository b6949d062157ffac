// The quick reader of a task's elements (src/load/hotspot/task_scanner.h): what it reads, it
// hands over exactly as pugixml does (the reference); what it does not read, it leaves untouched
// for pugixml. Hand-written tasks, random edits of one, and every task of the real logs.

#include "load/hotspot/task_scanner.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "element_events.h"
#include "load/content_range.h"
#include "load/hotspot/hotspot_log.h"
#include "test_util.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

// A C2 task as HotSpot writes it (cut down), with an escaped method name.
const std::string kTask =
    "<task compile_id='12' method='java.util.HashMap &lt;init&gt; ()V' bytes='11' "
    "count='256' stamp='0.1'>\n"
    "<phase name='parse' nodes='3' live='3' stamp='0.1'>\n"
    "<klass id='1' name='java.util.HashMap' flags='1'/>\n"
    "<type id='2' name='void'/>\n"
    "<method id='3' holder='1' name='&lt;init&gt;' return='2' flags='1' bytes='11'/>\n"
    "<parse method='3' uses='256' stamp='0.1'>\n"
    "<bc code='183' bci='1'/>\n"
    "<call method='3' count='256' prof_factor=\"1\" inline='1'/>\n"
    "<inline_fail reason='too big'/>\n"
    "<uncommon_trap bci='4' reason='null_check' action='maybe_recompile' comment='a &quot;b&quot; "
    "&amp; c'/>\n"
    "<parse_done nodes='9' live='9' stamp='0.1'/>\n"
    "</parse>\n"
    "<phase_done name='parse' stamp='0.1'/>\n"
    "</phase>\n"
    "<task_done success='1' nmsize='120' count='256' stamp='0.1'/>\n"
    "</task>\n";

// The scanner reads `text`, and hands over what pugixml does; returns what it handed over.
std::string ExpectScanned(const std::string& text) {
  const ScannerComparison compared = CompareScannerWithPugixml(text);
  EXPECT_TRUE(compared.scanned) << text;
  EXPECT_TRUE(compared.pugixml_read) << text;
  EXPECT_EQ(compared.scanner, compared.pugixml) << text;
  return compared.scanner;
}

// The scanner leaves `text` to pugixml, unchanged.
void ExpectDeclined(const std::string& text) {
  const ScannerComparison compared = CompareScannerWithPugixml(text);
  EXPECT_FALSE(compared.scanned) << text;
  EXPECT_TRUE(compared.unchanged) << text;
  EXPECT_EQ(compared.scanner, "") << text;
}

TEST(TaskScannerTest, ReadsATaskAsPugixmlDoes) {
  const std::string events = ExpectScanned(kTask);
  EXPECT_NE(events.find("<6:method 2:id=1:3 6:holder=1:1 4:name=6:<init> "), std::string::npos)
      << events;
  EXPECT_NE(events.find("7:comment=9:a \"b\" & c>"), std::string::npos) << events;
  EXPECT_NE(events.find("<10:parse_done 5:nodes=1:9 4:live=1:9 5:stamp=3:0.1>\n</10:parse_done>"),
            std::string::npos)
      << events;
}

TEST(TaskScannerTest, DecodesReferencesAndWhiteSpaceInValues) {
  EXPECT_EQ(ExpectScanned("<a b='&lt;&gt;&amp;&quot;&apos;' c=\"'\" d='\"'/>"),
            "<1:a 1:b=5:<>&\"' 1:c=1:' 1:d=1:\">\n</1:a>\n");
  // Character references, decimal and hexadecimal, as UTF-8.
  EXPECT_EQ(ExpectScanned("<a b='&#65;&#x42;&#x20AC;&#128512;&#x10FFFF;'/>"),
            "<1:a 1:b=13:AB\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF>\n</1:a>\n");
  // Tab, line feed, carriage return: blanks; carriage return and line feed: one blank; a
  // reference to a line feed stays one.
  EXPECT_EQ(ExpectScanned("<a b='1\t2\n3\r\n4\r5&#10;6'/>"), "<1:a 1:b=11:1 2 3 4 5\n6>\n</1:a>\n");
  // Names, blanks around '=', text, characters outside ASCII in values and text.
  ExpectScanned(
      "<a-b.c:d_e f = 'x' g\n=\n\"y\" >text &amp; \xC3\xA9 &#1; &bogus;<h/>\n</a-b.c:d_e >");
  ExpectScanned("<a b='\xC3\xA9'></a>");
  // Other control characters stay as they are (expat refuses them, the log's reading sends
  // them to expat).
  EXPECT_EQ(ExpectScanned("<a b='1\x01\x1F"
                          "2'/>"),
            "<1:a 1:b=4:1\x01\x1F"
            "2>\n</1:a>\n");
  // Values read 16 bytes at a time: a reference, a line break, the other quote and the end at
  // every place of values of up to 40 bytes, the text ending right after.
  for (size_t size = 0; size <= 40; ++size) {
    for (size_t at = 0; at < size; ++at) {
      for (const std::string special : {"&amp;", "\n", "\"", "\xC3\xA9"}) {
        std::string value(size, 'v');
        value.replace(at, 1, special);
        ExpectScanned("<a b='" + value + "'/>");
        ExpectScanned("<a b='" + value + "'></a>\n");
      }
    }
  }
  // Text around the root, several roots.
  ExpectScanned("  \n<a/>text<b></b>\n");
}

TEST(TaskScannerTest, LeavesEverythingElseToPugixmlUntouched) {
  for (const std::string& text : std::vector<std::string>{
           "<a><!-- a comment --></a>", "<a><?pi x?></a>", "<a><![CDATA[x]]></a>",
           "<!DOCTYPE a><a/>", "<?xml version='1.0'?><a/>",
           // References the scanner does not decode (the first ones read by pugixml as text).
           "<a b='&foo;'/>", "<a b='&amp'/>", "<a b='&#0;'/>", "<a b='&#X41;'/>",
           "<a b='&#x110000;'/>", "<a b='&#;'/>", "<a b='&#x;'/>", "<a b='&#65'/>",
           "<a b='&#99999999999999999999;'/>",
           // Names outside ASCII, a NUL byte, '<' in a value.
           "<\xC3\xA9/>", "<a \xC3\xA9='1'/>", std::string("<a b='1'/>\0", 11), "<a b='<'/>",
           // Malformed XML: the file changed since it was loaded.
           "", "text", "<a>", "<a></b>", "</a>", "<a/></a>", "<a b='1'c='2'/>", "<a b='1/>",
           "<a b=1/>", "<a b/>", "<a / >", "<a", "<", "<a></a", "< a/>", "<a>< /a>",
           "<a b='1' b='2'>\n", "<1a/>"}) {
    SCOPED_TRACE(text);
    ExpectDeclined(text);
  }
  // A text not followed by a NUL (the scanner's loops stop at it) is declined too.
  std::string followed = "<a b='1'/>X";
  ElementEvents events;
  EXPECT_FALSE(ScanTaskElements(followed.data(), followed.size() - 1, events));
  EXPECT_EQ(followed, "<a b='1'/>X");
  EXPECT_EQ(events.text(), "");
  // Declined texts are read by pugixml: the task's trees and errors are pugixml's.
  absl::StatusOr<RecordTrees> trees = ParseHotSpotTask("<task><!-- x --></task>");
  EXPECT_TRUE(trees.ok()) << trees.status();
  trees = ParseHotSpotTask("<task>\n<parse></task>");
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()), "2:10: malformed XML (Start-end tags mismatch)");
}

// Random edits of a task with the characters that matter to XML: wherever the scanner reads the
// result, it hands over what pugixml does, and pugixml reads it too.
TEST(TaskScannerTest, RandomEditsReadAsPugixmlReadsThem) {
  std::mt19937 random(19);
  const std::string alphabet = "<>/='\"&;#x0aA9 \t\r\n\x01!?-[]\xC3\xA9";
  int scanned = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string text = kTask;
    const int edits = 1 + static_cast<int>(random() % 3);
    for (int e = 0; e < edits; ++e) {
      const size_t at = random() % (text.size() + 1);
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
        case 0:
          text.insert(at, 1, c);
          break;
        case 1:
          if (at < text.size()) text.erase(at, 1);
          break;
        default:
          if (at < text.size()) text[at] = c;
          break;
      }
    }
    const ScannerComparison compared = CompareScannerWithPugixml(text);
    ASSERT_TRUE(compared.unchanged) << text;
    if (!compared.scanned) continue;
    ++scanned;
    ASSERT_TRUE(compared.pugixml_read) << text;
    ASSERT_EQ(compared.scanner, compared.pugixml) << text;
  }
  // Most single edits of a task's text or values leave it readable.
  EXPECT_GT(scanned, 1000);
}

// Every task of the real logs of ../shared/real-hotspot is read by the scanner, as pugixml reads
// it.
TEST(TaskScannerTest, ReadsEveryTaskOfTheRealLogs) {
  const std::filesystem::path real =
      std::filesystem::path(PROFDIFF_SOURCE_DIR) / ".." / "shared" / "real-hotspot";
  if (!std::filesystem::exists(real)) GTEST_SKIP() << "no " << real;
  size_t tasks = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(real)) {
    if (entry.path().filename() != "hotspot.log.gz") continue;
    SCOPED_TRACE(entry.path().string());
    absl::StatusOr<OptimizationLog> log = LoadHotSpotLog(
        entry.path().string(), 1, [](std::string_view) {}, LogCounting::kNone, nullptr);
    ASSERT_TRUE(log.ok()) << log.status();
    for (const UnitRecord& unit : log->units) {
      std::string text(unit.length, '\0');
      ASSERT_EQ(ReadContentRange(log->files[unit.file], &log->contents[unit.file], unit.offset,
                                 std::span<char>(text.data(), text.size()), "task"),
                "");
      const ScannerComparison compared = CompareScannerWithPugixml(text);
      ASSERT_TRUE(compared.scanned) << text;
      ASSERT_EQ(compared.scanner, compared.pugixml) << text;
      ++tasks;
    }
  }
  EXPECT_GT(tasks, 1000u);
}

}  // namespace
}  // namespace profdiff
