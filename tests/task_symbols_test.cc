// The symbol tables of one HotSpot task (src/load/hotspot/task_symbols.h): types and methods
// defined by <type>, <klass> and <method> elements, looked up by id.

#include "load/hotspot/task_symbols.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace profdiff {
namespace {

// The attributes of an element as the task's reader hands them over: zero-ended strings that,
// like the task's text, outlive the tables (which keep views into them).
std::vector<XmlAttribute> Attributes(std::vector<std::pair<std::string, std::string>> texts) {
  static std::deque<std::vector<std::pair<std::string, std::string>>> kept;
  const std::vector<std::pair<std::string, std::string>>& text =
      kept.emplace_back(std::move(texts));
  std::vector<XmlAttribute> attributes;
  for (const auto& [name, value] : text) {
    attributes.push_back(XmlAttribute{name.c_str(), value.c_str()});
  }
  return attributes;
}

TEST(TaskSymbolsTest, TypesByIdQualifiedOnlyForKlasses) {
  TaskSymbols symbols;
  symbols.DefineType("1", "int", false);
  symbols.DefineType("2", "java.lang.Object", true);
  symbols.DefineType("3", "[Ljava.lang.String;", true);
  symbols.DefineType("4", "java/util/HashMap$Node", true);
  symbols.DefineType("5", "[B", true);
  symbols.DefineType("6", "java/lang/String", false);  // a <type>: taken as it is
  symbols.DefineType("7", "Foo$$Lambda/0x0000000800c01234", true);
  EXPECT_EQ(symbols.TypeName("1"), "int");
  EXPECT_EQ(symbols.TypeName("2"), "java.lang.Object");
  EXPECT_EQ(symbols.TypeName("3"), "java.lang.String[]");
  EXPECT_EQ(symbols.TypeName("4"), "java.util.HashMap$Node");
  EXPECT_EQ(symbols.TypeName("5"), "byte[]");
  EXPECT_EQ(symbols.TypeName("6"), "java/lang/String");
  EXPECT_EQ(symbols.TypeName("7"), "Foo$$Lambda/0x0000000800c01234");
  EXPECT_EQ(symbols.TypeName("8"), "<unknown type>");
  EXPECT_EQ(symbols.TypeName(""), "<unknown type>");
}

TEST(TaskSymbolsTest, ALaterDefinitionOfATypeReplacesTheEarlierOne) {
  TaskSymbols symbols;
  symbols.DefineType("1", "java/lang/Object", true);
  symbols.DefineType("1", "int", false);
  EXPECT_EQ(symbols.TypeName("1"), "int");
}

TEST(TaskSymbolsTest, ConvertedNamesStayValidWhileMoreAreDefined) {
  // Converted names are kept by the tables themselves; many of them (more than a growing
  // vector would keep in place) must all read back.
  TaskSymbols symbols;
  std::vector<std::string> ids;
  std::vector<std::string> names;
  for (int i = 0; i < 500; ++i) {
    ids.push_back(std::to_string(i));
    names.push_back("p/q/Class" + std::to_string(i));
  }
  for (int i = 0; i < 500; ++i) symbols.DefineType(ids[i], names[i], true);
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(symbols.TypeName(ids[i]), "p.q.Class" + std::to_string(i)) << i;
  }
}

TEST(TaskSymbolsTest, MethodsInGraalsSpellingWithTheirBytecodeSize) {
  TaskSymbols symbols;
  symbols.DefineType("10", "int", false);
  symbols.DefineType("11", "java.lang.Object", true);
  symbols.DefineType("12", "java/util/HashMap", true);
  symbols.DefineType("13", "[Ljava/util/HashMap$Node;", true);
  symbols.DefineMethod(Attributes({{"id", "20"},
                                   {"holder", "12"},
                                   {"name", "putVal"},
                                   {"return", "11"},
                                   {"arguments", "10 11 11 13"},
                                   {"bytes", "300"}}));
  symbols.DefineMethod(Attributes({{"id", "21"}, {"holder", "11"}, {"name", "<init>"}}));
  // An unknown argument type is named so; runs of blanks do not make empty parameters.
  symbols.DefineMethod(
      Attributes({{"id", "22"}, {"holder", "99"}, {"name", "m"}, {"arguments", " 10  98 "}}));
  EXPECT_EQ(symbols.MethodName("20"),
            "java.util.HashMap.putVal(int, Object, Object, HashMap$Node[])");
  EXPECT_EQ(symbols.MethodName("21"), "java.lang.Object.<init>()");
  EXPECT_EQ(symbols.MethodName("22"), "<unknown type>.m(int, <unknown type>)");
  EXPECT_EQ(symbols.MethodName("23"), "<unknown method>");
  EXPECT_EQ(symbols.MethodName("23"), TaskSymbols::UnknownMethod());

  const TaskSymbols::Method* put = symbols.FindMethod("20");
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->name, symbols.MethodName("20"));
  EXPECT_EQ(put->bytes, 300);
  ASSERT_NE(symbols.FindMethod("21"), nullptr);
  EXPECT_EQ(symbols.FindMethod("21")->bytes, -1);  // no bytes: an unloaded method
  EXPECT_EQ(symbols.FindMethod("23"), nullptr);
}

TEST(TaskSymbolsTest, BytesThatAreNoSizeAreUnknown) {
  TaskSymbols symbols;
  const std::vector<std::pair<std::string, int32_t>> cases = {{"0", 0},
                                                              {"2147483647", INT32_MAX},
                                                              {"2147483648", -1},
                                                              {"-1", -1},
                                                              {"", -1},
                                                              {"12x", -1},
                                                              {" 12", -1},
                                                              {"x", -1},
                                                              {"99999999999999999999", -1}};
  for (const auto& [bytes, expected] : cases) {
    symbols.DefineMethod(
        Attributes({{"id", "1"}, {"holder", "2"}, {"name", "m"}, {"bytes", bytes}}));
    ASSERT_NE(symbols.FindMethod("1"), nullptr);
    EXPECT_EQ(symbols.FindMethod("1")->bytes, expected) << "bytes='" << bytes << "'";
  }
}

TEST(TaskSymbolsTest, InternedNamesFollowRedefinitions) {
  TaskSymbols symbols;
  symbols.DefineType("1", "a.A", false);
  symbols.DefineMethod(Attributes({{"id", "5"}, {"holder", "1"}, {"name", "f"}}));
  const InternedName first = symbols.MethodInterned("5");
  EXPECT_EQ(first, "a.A.f()");
  EXPECT_EQ(first, InternedName("a.A.f()"));
  EXPECT_EQ(symbols.MethodInterned("5"), first);
  // The same id defined again (a later <method> of the task) names the new method.
  symbols.DefineMethod(Attributes({{"id", "5"}, {"holder", "1"}, {"name", "g"}}));
  EXPECT_EQ(symbols.MethodInterned("5"), "a.A.g()");
  EXPECT_EQ(symbols.MethodName("5"), "a.A.g()");
  EXPECT_EQ(symbols.MethodInterned("6"), "<unknown method>");
}

TEST(TaskSymbolsTest, ClearForgetsEveryDefinition) {
  TaskSymbols symbols;
  symbols.DefineType("1", "java/lang/Object", true);
  symbols.DefineMethod(Attributes({{"id", "2"}, {"holder", "1"}, {"name", "m"}, {"bytes", "4"}}));
  symbols.Clear();
  EXPECT_EQ(symbols.TypeName("1"), "<unknown type>");
  EXPECT_EQ(symbols.FindMethod("2"), nullptr);
  EXPECT_EQ(symbols.MethodName("2"), "<unknown method>");
  // And reads the next task's definitions as a fresh table would.
  symbols.DefineType("1", "int", false);
  symbols.DefineMethod(Attributes({{"id", "2"}, {"holder", "1"}, {"name", "n"}}));
  EXPECT_EQ(symbols.MethodName("2"), "int.n()");
}

// What the arena keeps stays as it was while more is kept (across chunks, and longer than one),
// until Clear(); after it the chunks are written again.
TEST(TaskTextArenaTest, KeptTextStaysUntilCleared) {
  TaskTextArena arena;
  for (int task = 0; task < 3; ++task) {
    std::vector<std::string> texts;
    std::vector<std::string_view> kept;
    for (int i = 0; i < 2000; ++i) {
      texts.push_back(std::string(static_cast<size_t>(1 + (i * 37 + task) % 90),
                                  static_cast<char>('a' + (i + task) % 26)));
      if (i == 1000) texts.back() = std::string(50000, 'x');  // more than a chunk
      kept.push_back(arena.Keep(texts.back()));
    }
    EXPECT_EQ(arena.Keep(""), "");
    for (size_t i = 0; i < texts.size(); ++i) ASSERT_EQ(kept[i], texts[i]) << task << " " << i;
    arena.Clear();
  }
}

}  // namespace
}  // namespace profdiff
