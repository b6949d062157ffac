#ifndef PROFDIFF_TESTS_ELEMENT_EVENTS_H_
#define PROFDIFF_TESTS_ELEMENT_EVENTS_H_

// The elements two readers of a task hand over, written down as text so that they can be
// compared (tests/task_scanner_test.cc, fuzz/hotspot_fuzzer.cc): the scanner of task_scanner.h
// against pugixml's reading (task_parser.h), which is the reference.

#include <string>
#include <string_view>

#include "load/hotspot/element_handler.h"
#include "load/hotspot/task_parser.h"
#include "load/hotspot/task_scanner.h"

namespace profdiff {
namespace test {

// Every start and end, names and values with their lengths (so that nothing is ambiguous).
class ElementEvents : public ElementHandler {
 public:
  void Start(std::string_view element, ElementAttributes attributes) override {
    Append("<", element);
    for (const XmlAttribute& attribute : attributes) {
      Append(" ", attribute.name);
      Append("=", attribute.value);
    }
    text_ += ">\n";
  }
  void End(std::string_view element) override {
    Append("</", element);
    text_ += ">\n";
  }
  const std::string& text() const { return text_; }

 private:
  void Append(std::string_view before, std::string_view part) {
    text_ += before;
    text_ += std::to_string(part.size());
    text_ += ':';
    text_ += part;
  }
  std::string text_;
};

// What the scanner and pugixml read of `input`.
struct ScannerComparison {
  bool scanned = false;          // the scanner read it
  bool unchanged = false;        // when it did not, it left the text as it was
  bool pugixml_read = false;     // pugixml read it without an error
  std::string scanner, pugixml;  // the elements each handed over
};

inline ScannerComparison CompareScannerWithPugixml(std::string_view input) {
  ScannerComparison result;
  std::string text(input);
  ElementEvents scanned;
  result.scanned = ScanTaskElements(text.data(), text.size(), scanned);
  result.unchanged = result.scanned || text == input;
  result.scanner = scanned.text();
  text = std::string(input);
  ElementEvents read;
  result.pugixml_read = ReadTaskWithPugixml(text.data(), text.size(), read).ok();
  result.pugixml = read.text();
  return result;
}

}  // namespace test
}  // namespace profdiff

#endif  // PROFDIFF_TESTS_ELEMENT_EVENTS_H_
