// Fuzz target for the decompressing input stream (src/load/input_stream.h) and the line reader
// on top of it: whatever the file holds, reading never crashes, hangs or over-reads, and what it
// returns adds up.
//
// The first byte chooses what the file is: 0 the rest of the input as it is (so seeds and
// mutations of real gzip and zstd files reach the decoders' error paths); 1 and 2 the rest gzip-
// or zstd-compressed here, in 1-4 members or frames (the second byte), then possibly cut short or
// with one byte flipped (the third and fourth bytes). For a compressed file left whole, the
// content read must be the rest exactly, without damage; for one cut short, a prefix of it. The
// second byte also picks the read size.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "compression.h"
#include "load/graal/log_line_reader.h"
#include "load/input_stream.h"

namespace profdiff {
namespace {

void Check(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "input_stream_fuzzer: %s\n", what);
    std::abort();
  }
}

// A file holding `bytes`, positioned at its start.
int MemoryFile(std::string_view bytes) {
  const int fd = memfd_create("input", MFD_CLOEXEC);
  Check(fd >= 0, "memfd_create failed");
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    Check(n > 0, "write failed");
    done += static_cast<size_t>(n);
  }
  Check(lseek(fd, 0, SEEK_SET) == 0, "lseek failed");
  return fd;
}

}  // namespace
}  // namespace profdiff

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace profdiff;
  if (size < 4) return 0;
  const int mode = data[0] % 3;
  const size_t pieces = (data[1] & 3) + 1;
  const size_t chunk = size_t{1} << ((data[1] >> 2) % 17);  // 1 byte to 64 KB
  const std::string_view rest(reinterpret_cast<const char*>(data) + 4, size - 4);
  std::string file(rest);
  bool cut = false;
  bool flipped = false;
  if (mode != 0) {
    file = mode == 1 ? testing::GzipCompress(rest, pieces) : testing::ZstdCompress(rest, pieces);
    const size_t at = (size_t{data[2]} << 8 | data[3]) % (file.size() + 1);
    if (data[2] & 0x80) {
      cut = at < file.size();
      file.resize(at);
    } else if ((data[3] & 1) && at < file.size()) {
      file[at] = static_cast<char>(file[at] ^ (data[2] | 1));
      flipped = true;
    }
  }

  const int fd = MemoryFile(file);
  {
    InputStream stream(fd, "fuzz");
    std::string content;
    std::string buffer(chunk, '\0');
    while (size_t n = stream.Read(buffer.data(), buffer.size())) {
      Check(n <= buffer.size(), "Read returned more than asked");
      content.append(buffer.data(), n);
    }
    Check(stream.content_bytes_read() == content.size(), "content bytes miscounted");
    Check(stream.file_bytes_read() <= file.size(), "read more than the file");
    Check(stream.error() == 0, "a read error from a memory file");
    if (stream.compression() == Compression::kNone) {
      Check(content == file, "a plain file read differently");
      Check(stream.damage().empty(), "damage in a plain file");
    }
    if (mode != 0 && !cut && !flipped) {
      Check(content == rest, "compressed content read differently");
      Check(stream.damage().empty(), "damage reported in an intact file");
    }
    if (mode != 0 && cut && stream.compression() != Compression::kNone) {
      Check(rest.substr(0, content.size()) == content, "a cut file read other content");
    }
    if (!stream.damage().empty()) {
      Check(stream.damage().find(" at byte offset ") != std::string::npos, "damage without offset");
    }
  }
  // The line reader over the same file: the lines and their terminators are the content.
  Check(lseek(fd, 0, SEEK_SET) == 0, "lseek failed");
  {
    InputStream stream(fd, "fuzz");
    LogLineReader reader(stream, chunk, 64);
    std::string_view line;
    uint64_t offset = 0;
    uint64_t last_end = 0;
    while (reader.Next(&line, &offset) == LogLineReader::Result::kLine) {
      Check(offset >= last_end, "line offsets go backwards");
      last_end = offset + line.size();
    }
    Check(last_end <= stream.content_bytes_read(), "a line beyond the content");
  }
  close(fd);
  return 0;
}
