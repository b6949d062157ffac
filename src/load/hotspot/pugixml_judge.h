#ifndef PROFDIFF_LOAD_HOTSPOT_PUGIXML_JUDGE_H_
#define PROFDIFF_LOAD_HOTSPOT_PUGIXML_JUDGE_H_

// When pugixml, which checks less than expat, may judge a batch of a HotSpot log's tasks
// (task_batches.h, docs/hotspot.md "Reading"), and what its parse must be checked for besides.

#include <cstddef>
#include <string_view>

#include "load/hotspot/block_width.h"

namespace profdiff {

// Whether pugixml's parse of `text` can stand for expat's: pugixml does not check what expat
// checks in UTF-8, control characters, non-ASCII names, entity and character references,
// comments, processing instructions, CDATA sections and a stray "]]>", so a batch holding any
// of those (a byte >= 0x80, a control character but tab and line breaks, a '&' that starts
// none of the five predefined entities, "<!", "<?", "]]>") is left to expat. HotSpot writes
// none of them inside tasks, so in practice every batch of ASCII method names goes to pugixml.
// `counts`, when given, gets the markup of `text` it counts as it passes (NoLessThanInValues).
struct MarkupCounts {
  size_t less_than = 0;   // '<'
  size_t end_tags = 0;    // "</"
  size_t empty_ends = 0;  // "/>"
};
bool PugixmlCanJudge(std::string_view text, MarkupCounts* counts = nullptr);
// The same with blocks of the given width (block_width.h).
bool PugixmlCanJudge(std::string_view text, MarkupCounts* counts, BlockWidth blocks);

// Whether a document pugixml parsed (with no comment, PI, CDATA or DOCTYPE in it: see
// PugixmlCanJudge) from a text of `counts` into `elements` element nodes holds no '<' in an
// attribute value, which expat rejects and pugixml accepts. Every '<' of such a text starts a
// start tag (one an element), starts an end tag or is in an attribute value; every element ends
// with "/>" or an end tag. With S elements ended by "/>" and T by an end tag (S + T = elements),
// V '<' in values of which V2 start a "</", and X "/>" in values and text:
//   less_than = S + 2T + V,  end_tags = T + V2,  empty_ends = S + X.
// So less_than - end_tags == elements means V == V2, and end_tags + empty_ends == elements
// means V2 + X == 0: together, V == 0. When they do not hold, the values must be searched.
bool NoLessThanInValues(const MarkupCounts& counts, size_t elements);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_PUGIXML_JUDGE_H_
