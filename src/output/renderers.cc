#include "profdiff/output/renderers.h"

#include "profdiff/output/csv_renderer.h"
#include "profdiff/output/html_renderer.h"
#include "profdiff/output/json_renderer.h"
#include "profdiff/output/text_renderer.h"

namespace profdiff {

std::unique_ptr<Renderer> NewRenderer(OutputFormat format, std::FILE* out, std::FILE* err,
                                      TextStyle style) {
  switch (format) {
    case OutputFormat::kJson:
      return std::make_unique<JsonRenderer>(out);
    case OutputFormat::kCsv:
      return std::make_unique<CsvRenderer>(out, err);
    case OutputFormat::kHtml:
      return std::make_unique<HtmlRenderer>(out, err);
    case OutputFormat::kText:
      break;
  }
  return std::make_unique<TextRenderer>(out, style);
}

}  // namespace profdiff
