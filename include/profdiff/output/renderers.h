#ifndef PROFDIFF_OUTPUT_RENDERERS_H_
#define PROFDIFF_OUTPUT_RENDERERS_H_

#include <cstdio>
#include <memory>

#include "profdiff/options.h"
#include "profdiff/output/output_records.h"
#include "profdiff/output/text_style.h"

namespace profdiff {

// The renderer of `format` writing to `out`; warnings that the format cannot hold go to `err`.
// `style` dresses the text format (only text: JSON and CSV are data, never coloured).
std::unique_ptr<Renderer> NewRenderer(OutputFormat format, std::FILE* out, std::FILE* err,
                                      TextStyle style = {});

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_RENDERERS_H_
