#include "load/hotspot/task_cuts.h"

#include <gtest/gtest.h>

#include <string>

namespace profdiff {
namespace {

TEST(TaskCutsTest, FindsTaskStartTagsButNotLongerNames) {
  const std::string text = "<tasks/><task_done/>\n<task compile_id='1'>";
  size_t safe = 0;
  EXPECT_EQ(FindTaskStart(text, 0, true, &safe), text.find("<task "));
  EXPECT_EQ(FindTaskStart("<task>", 0, true, &safe), 0u);
  EXPECT_EQ(FindTaskStart("<task/>", 0, true, &safe), 0u);
  // None: how far it is safe to go on, holding back what could start one when more comes.
  EXPECT_EQ(FindTaskStart("abc <tas", 0, false, &safe), kNotFound);
  EXPECT_EQ(safe, 4u);
  EXPECT_EQ(FindTaskStart("abc <task", 0, false, &safe), kNotFound);
  EXPECT_EQ(safe, 4u);
  EXPECT_EQ(FindTaskStart("abc <task", 0, true, &safe), kNotFound);
  EXPECT_EQ(safe, 9u);
}

TEST(TaskCutsTest, StartTagEndsAtTheFirstGreaterThanOutsideQuotes) {
  const std::string tag = "<task a='>' b=\"'>\">";
  EXPECT_EQ(StartTagEnd(tag + "body", 0), tag.size());
  EXPECT_EQ(StartTagEnd("<task a='1'", 0), kNotFound);  // not all read yet
  EXPECT_EQ(StartTagEnd("<task a<b>", 0), 0u);          // no tag
}

TEST(TaskCutsTest, EndTagsMayHoldBlanksBeforeTheirGreaterThan) {
  size_t end = 0;
  const std::string text = "<x/></tasks></task \r\n >after";
  EXPECT_EQ(FindTaskEnd(text, 0, &end), text.find("</task "));
  EXPECT_EQ(end, text.find("after"));
  EXPECT_EQ(FindTaskEnd("</task  ", 0, &end), kNotFound);
}

TEST(TaskCutsTest, LineBreaksCountLikeExpat) {
  EXPECT_EQ(LineBreaks(""), 0u);
  EXPECT_EQ(LineBreaks("a\nb\n"), 2u);
  EXPECT_EQ(LineBreaks("a\r\nb\rc\n\r"), 4u);  // CR LF, CR, LF, CR
}

TEST(TaskCutsTest, ABlankedBodyKeepsTheColumnsOfItsLastLine) {
  std::string out;
  // No line break: a blank for every character (one for a character of several bytes).
  EXPECT_EQ(BlankBody("ab\xc3\xa9", &out), 0u);
  EXPECT_EQ(out, "   ");
  // One line break fed, the others left out, then the last line's characters.
  EXPECT_EQ(BlankBody("<x/>\r\n<y/>\n<z/>\n\xe2\x82\xac", &out), 2u);
  EXPECT_EQ(out, "\n ");
}

TEST(TaskCutsTest, TtyPiecesAreCutAtTheLinesOfItsRecords) {
  const std::string text =
      "<tty>\n<task_queued id='1'/>\n<x/> <nmethod id='1'/>\n<nmethod id='2'/>\ntail";
  const size_t queued = text.find("<task_queued");
  const size_t second = text.find("<nmethod id='2'");
  EXPECT_EQ(NextTtyCut(text, 0, text.size()), queued);
  EXPECT_EQ(NextTtyCut(text, queued + 1, text.size()), second);  // not mid-line
  EXPECT_EQ(NextTtyCut(text, second + 1, text.size()), kNotFound);
  EXPECT_EQ(LastTtyCut(text, queued, text.size()), second);
  EXPECT_EQ(LastTtyCut(text, second, text.size()), kNotFound);
}

}  // namespace
}  // namespace profdiff
