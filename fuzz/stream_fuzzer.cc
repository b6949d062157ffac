// Fuzz target for `render`'s reader of --format=json streams: ReadRecordStreamText on arbitrary
// text. It must never crash or recurse on depth, and a stream it accepts must survive a round
// trip: written again as JSON and read back, it renders to the same text. Rendered as an HTML
// page, none of its text may end or escape a data element of the page.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "profdiff/output/html_renderer.h"
#include "profdiff/output/json_renderer.h"
#include "profdiff/output/record_stream_reader.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace {

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "stream_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// After the page's frame, every '<' opens or closes one of the page's data elements, and no
// U+2028 or U+2029 stands unescaped (docs/html-report.md "Untrusted text").
void CheckPageData(const std::string& page) {
  constexpr std::string_view kOpen = "<script type=\"application/json\" data-pd=\"";
  constexpr std::string_view kClose = "</script>";
  size_t at = page.find(kOpen);
  if (at == std::string::npos) Die("a page without data");
  for (; at < page.size(); ++at) {
    const std::string_view rest = std::string_view(page).substr(at);
    if (rest.starts_with("\xe2\x80\xa8") || rest.starts_with("\xe2\x80\xa9")) {
      Die("U+2028 or U+2029 unescaped in the page's data");
    }
    if (page[at] != '<') continue;
    if (rest.starts_with(kClose)) continue;
    if (!rest.starts_with(kOpen)) Die("a '<' in the page's data:", rest.substr(0, 80));
    at = page.find('>', at);  // the element's own attributes
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string path = "/fuzz/stream.jsonl";
  std::string rendered, json;
  absl::Status status;
  {
    profdiff::TextRenderer text_out(&rendered);
    status = profdiff::ReadRecordStreamText(text, path, text_out, [](std::string_view) {});
  }
  if (!status.ok()) {
    const std::string message(status.message());
    // Problems name the file and line; an error record's message is passed on as it is.
    if (message.rfind(path + ":", 0) != 0 && text.find("\"error\"") == std::string_view::npos) {
      Die("an error that names no line:", message);
    }
    return 0;
  }
  {
    profdiff::JsonRenderer json_out(&json);
    if (!profdiff::ReadRecordStreamText(text, path, json_out, [](std::string_view) {}).ok()) {
      Die("a stream read once but not twice");
    }
  }
  std::string page;
  {
    profdiff::HtmlRenderer html_out(&page, nullptr);
    if (!profdiff::ReadRecordStreamText(text, path, html_out, [](std::string_view) {}).ok()) {
      Die("a stream read as text but not as a page");
    }
  }
  CheckPageData(page);
  std::string again;
  {
    profdiff::TextRenderer text_out(&again);
    absl::Status reread =
        profdiff::ReadRecordStreamText(json, path, text_out, [](std::string_view) {});
    if (!reread.ok())
      Die("the JSON written from an accepted stream is refused:",
          profdiff::StdView(reread.message()));
  }
  if (again != rendered) Die("the round trip through JSON changed the text");
  return 0;
}
