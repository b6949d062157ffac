#ifndef PROFDIFF_OUTPUT_HTML_PAGE_H_
#define PROFDIFF_OUTPUT_HTML_PAGE_H_

#include <string_view>

namespace profdiff::html_internal {

// The start of every page: the document head with the page's style and script, and the body's
// empty frame; the data elements follow it (generated from src/output/html/).
std::string_view PagePrologue();

}  // namespace profdiff::html_internal

#endif  // PROFDIFF_OUTPUT_HTML_PAGE_H_
