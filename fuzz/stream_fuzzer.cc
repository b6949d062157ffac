// Fuzz target for `render`'s reader of --format=json streams: ReadRecordStreamText on arbitrary
// text. It must never crash or recurse on depth, and a stream it accepts must survive a round
// trip: written again as JSON and read back, it renders to the same text.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "profdiff/absl_compat.h"
#include "profdiff/json_renderer.h"
#include "profdiff/record_stream_reader.h"
#include "profdiff/text_renderer.h"

namespace {

[[noreturn]] void Die(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "stream_fuzzer: %s %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
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
