#ifndef PROFDIFF_TESTS_COMPRESSION_H_
#define PROFDIFF_TESTS_COMPRESSION_H_

// Compresses test data as gzip and zstd with the libraries profdiff decompresses with: `pieces`
// members or frames, one after another (as `cat a.gz b.gz` or pigz and pzstd write them).

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace profdiff::testing {

// `text` cut into `pieces` parts of about equal size (an empty text stays one empty part).
inline std::vector<std::string_view> Pieces(std::string_view text, size_t pieces) {
  std::vector<std::string_view> parts;
  if (pieces == 0) pieces = 1;
  const size_t size = (text.size() + pieces - 1) / pieces;
  for (size_t i = 0; i < pieces; ++i) {
    const size_t begin = std::min(text.size(), i * size);
    parts.push_back(text.substr(begin, std::min(size, text.size() - begin)));
  }
  return parts;
}

inline std::string GzipCompress(std::string_view text, size_t members = 1) {
  std::string out;
  for (std::string_view part : Pieces(text, members)) {
    z_stream stream;
    std::memset(&stream, 0, sizeof(stream));
    if (deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::runtime_error("deflateInit2");
    }
    std::vector<char> buffer(deflateBound(&stream, part.size()) + 64);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(part.data()));
    stream.avail_in = static_cast<uInt>(part.size());
    stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
    stream.avail_out = static_cast<uInt>(buffer.size());
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
    out.append(buffer.data(), buffer.size() - stream.avail_out);
    deflateEnd(&stream);
  }
  return out;
}

// With the content checksum, as the zstd command writes it.
inline std::string ZstdCompress(std::string_view text, size_t frames = 1) {
  std::string out;
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 3);
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
  for (std::string_view part : Pieces(text, frames)) {
    std::vector<char> buffer(ZSTD_compressBound(part.size()));
    const size_t n =
        ZSTD_compress2(context, buffer.data(), buffer.size(), part.data(), part.size());
    if (ZSTD_isError(n)) {
      ZSTD_freeCCtx(context);
      throw std::runtime_error(ZSTD_getErrorName(n));
    }
    out.append(buffer.data(), n);
  }
  ZSTD_freeCCtx(context);
  return out;
}

}  // namespace profdiff::testing

#endif  // PROFDIFF_TESTS_COMPRESSION_H_
