#ifndef PROFDIFF_OUTPUT_TEXT_STYLE_H_
#define PROFDIFF_OUTPUT_TEXT_STYLE_H_

// Colour in the text output (--color): SGR escape sequences of the 16 base colours and bold, so
// that terminal themes can remap them. Colour only adds emphasis: the `. + - *` marks stay, and
// without colour not a byte changes.

#include <string_view>

namespace profdiff {

enum class Emphasis { kInsert, kDelete, kRelabel, kStrong };

struct TextStyle {
  bool color = false;

  std::string_view Begin(Emphasis emphasis) const {
    if (!color) return {};
    switch (emphasis) {
      case Emphasis::kInsert:
        return "\x1b[32m";  // green
      case Emphasis::kDelete:
        return "\x1b[31m";  // red
      case Emphasis::kRelabel:
        return "\x1b[33m";  // yellow
      case Emphasis::kStrong:
        return "\x1b[1m";  // bold
    }
    return {};
  }
  std::string_view End() const { return color ? "\x1b[m" : ""; }
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_TEXT_STYLE_H_
