// The facts about pugixml's names that the walks of a task rely on (pugixml_names.h): with the
// options tasks are parsed with, a node is an element exactly when it has a name, and an
// element's attribute list ends exactly at the first attribute without one.

#include "load/hotspot/pugixml_names.h"

#include <gtest/gtest.h>

#include <pugixml.hpp>
#include <string>
#include <vector>

namespace profdiff {
namespace {

// Text, CDATA, elements with no attribute, one and many, empty values, entities and white
// space in values, nested and empty elements: what a task (or a tty piece) can hold once the
// judge let pugixml parse it (no comments, PIs or DOCTYPE reach pugixml).
constexpr char kDocument[] =
    "<r>text<task id='1' method='a &lt;init&gt; ()V' empty=''>\n"
    "  <a/><b x='1'>more text<![CDATA[<c>]]></b>"
    "<c one='1' two=\"2\" three='\t3\n' four='&amp;'><d/></c>\n"
    "</task>tail<e/></r>";

struct Seen {
  std::vector<std::string> elements;
  std::vector<std::vector<std::string>> attributes;
};

// What pugixml's own accessors say.
class ByType : public pugi::xml_tree_walker {
 public:
  bool for_each(pugi::xml_node& node) override {
    if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata) ++text_nodes;
    if (node.type() != pugi::node_element) return true;
    seen.elements.emplace_back(node.name());
    seen.attributes.emplace_back();
    for (pugi::xml_attribute a = node.first_attribute(); a; a = a.next_attribute()) {
      seen.attributes.back().emplace_back(std::string(a.name()) + "=" + a.value());
    }
    return true;
  }
  Seen seen;
  size_t text_nodes = 0;
};

// The same told by names, as the walks tell it.
class ByName : public pugi::xml_tree_walker {
 public:
  bool for_each(pugi::xml_node& node) override {
    const char* name = node.name();
    if (!IsElementName(name)) return true;
    seen.elements.emplace_back(name);
    seen.attributes.emplace_back();
    for (pugi::xml_attribute a = node.first_attribute();; a = a.next_attribute()) {
      const char* attribute = a.name();
      if (IsEnd(attribute)) break;
      seen.attributes.back().emplace_back(std::string(attribute) + "=" + a.value());
    }
    return true;
  }
  Seen seen;
};

class PugixmlNamesTest : public ::testing::TestWithParam<unsigned> {};

TEST_P(PugixmlNamesTest, NamesTellElementsAndTheEndOfAttributes) {
  std::string text = kDocument;
  pugi::xml_document document;
  ASSERT_TRUE(document.load_buffer_inplace(text.data(), text.size(), GetParam()));
  ByType by_type;
  ByName by_name;
  document.traverse(by_type);
  document.traverse(by_name);
  EXPECT_EQ(by_name.seen.elements, by_type.seen.elements);
  EXPECT_EQ(by_name.seen.attributes, by_type.seen.attributes);
  // The document holds what the test is about: text nodes and attribute lists of every length.
  EXPECT_EQ(by_type.seen.elements,
            (std::vector<std::string>{"r", "task", "a", "b", "c", "d", "e"}));
  EXPECT_EQ(by_type.seen.attributes[1].size(), 3u);
  EXPECT_EQ(by_type.seen.attributes[2].size(), 0u);
  EXPECT_EQ(by_type.seen.attributes[4].size(), 4u);
  EXPECT_GE(by_type.text_nodes, 3u);  // "text", "more text", "tail" (and the CDATA's, if kept)
}

TEST(PugixmlNullNamesTest, NullAttributesAndTextNodesHaveNoName) {
  EXPECT_TRUE(IsEnd(pugi::xml_attribute().name()));
  EXPECT_FALSE(IsElementName(pugi::xml_node().name()));
  std::string text = "<r>text<![CDATA[data]]></r>";
  pugi::xml_document document;
  ASSERT_TRUE(document.load_buffer_inplace(text.data(), text.size(), pugi::parse_default));
  const pugi::xml_node r = document.first_child();
  ASSERT_EQ(r.first_child().type(), pugi::node_pcdata);
  EXPECT_FALSE(IsElementName(r.first_child().name()));
  ASSERT_EQ(r.last_child().type(), pugi::node_cdata);
  EXPECT_FALSE(IsElementName(r.last_child().name()));
  EXPECT_TRUE(IsElementName(r.name()));
}

INSTANTIATE_TEST_SUITE_P(ParseOptions, PugixmlNamesTest,
                         ::testing::Values(pugi::parse_minimal, pugi::parse_default));

}  // namespace
}  // namespace profdiff
