#ifndef PROFDIFF_OUTPUT_RECORDS_LOOPS_RECORDS_H_
#define PROFDIFF_OUTPUT_RECORDS_LOOPS_RECORDS_H_

// The loops record of a JSON stream read back (docs/output-formats.md "loops").

#include "output/records/line_decoder.h"
#include "profdiff/output/output_records.h"

namespace profdiff::record_internal {

// Decodes the record at the root of `d` into *out, whose views point into the decoder's line.
void DecodeLoops(LineDecoder& d, LoopsRecord* out);

}  // namespace profdiff::record_internal

#endif  // PROFDIFF_OUTPUT_RECORDS_LOOPS_RECORDS_H_
