// Test helper: compresses a file as gzip or zstd, in place, in one or more members or frames
// (tests/run_compressed_conformance.py compresses the conformance logs with it; Python has no
// zstd module).
//
// usage: profdiff_compress gzip|zstd PIECES FILE...

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "compression.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: profdiff_compress gzip|zstd PIECES FILE...\n");
    return 2;
  }
  const std::string format = argv[1];
  if (format != "gzip" && format != "zstd") {
    std::fprintf(stderr, "profdiff_compress: unknown format %s\n", argv[1]);
    return 2;
  }
  const size_t pieces = std::strtoul(argv[2], nullptr, 10);
  for (int i = 3; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "profdiff_compress: cannot read %s\n", argv[i]);
      return 1;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    const std::string packed = format == "gzip" ? profdiff::testing::GzipCompress(text, pieces)
                                                : profdiff::testing::ZstdCompress(text, pieces);
    std::ofstream out(argv[i], std::ios::binary | std::ios::trunc);
    out.write(packed.data(), static_cast<std::streamsize>(packed.size()));
    if (!out) {
      std::fprintf(stderr, "profdiff_compress: cannot write %s\n", argv[i]);
      return 1;
    }
  }
  return 0;
}
