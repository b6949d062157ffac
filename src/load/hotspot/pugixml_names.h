#ifndef PROFDIFF_LOAD_HOTSPOT_PUGIXML_NAMES_H_
#define PROFDIFF_LOAD_HOTSPOT_PUGIXML_NAMES_H_

// Telling pugixml's nodes and attributes apart by their names, which a walk of a task reads
// anyway, instead of a call into the library per node (xml_node::type) or per attribute (the
// conversion to bool): the walks of every task make hundreds of thousands of each.
//
// With the options profdiff parses tasks with (parse_minimal, parse_default: no comment,
// processing instruction, declaration or DOCTYPE nodes are made), the only nodes a walk meets
// without a name are text (PCDATA and CDATA): an element always has one, since a start tag
// begins with a name. pugixml names a null attribute (the end of an element's list) "", and
// never a parsed attribute, which also begins with a name. tests/pugixml_names_test.cc checks
// both against pugixml's own answers.

namespace profdiff {

// Whether a node named `name` (xml_node::name) is an element.
inline bool IsElementName(const char* name) { return *name != 0; }

// Whether an attribute named `name` (xml_attribute::name) is the end of its element's list.
inline bool IsEnd(const char* name) { return *name == 0; }

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_PUGIXML_NAMES_H_
