#ifndef PROFDIFF_MODEL_JSON_TEXT_H_
#define PROFDIFF_MODEL_JSON_TEXT_H_

#include <string>
#include <string_view>

namespace profdiff {

// Appends `text` (valid UTF-8) as a JSON string literal, quotes included. Control characters
// and U+2028/U+2029 are escaped, so that the literal is also safe inside JavaScript source.
void AppendJsonString(std::string_view text, std::string* out);

}  // namespace profdiff

#endif  // PROFDIFF_MODEL_JSON_TEXT_H_
