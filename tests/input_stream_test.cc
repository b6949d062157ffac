#include "load/input_stream.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "compression.h"

namespace profdiff {
namespace {

namespace fs = std::filesystem;
using testing::GzipCompress;
using testing::ZstdCompress;

// Lines of varied length, with bytes of every value: about `size` bytes.
std::string SampleText(size_t size) {
  std::string text;
  uint32_t state = 12345;
  while (text.size() < size) {
    state = state * 1103515245u + 12345u;
    const size_t length = (state >> 16) % 300;
    for (size_t i = 0; i < length; ++i) {
      state = state * 1103515245u + 12345u;
      text.push_back(static_cast<char>(i % 7 == 0 ? (state >> 24) : 'a' + (state >> 24) % 26));
    }
    text.push_back('\n');
  }
  return text;
}

class InputStreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "profdiff_stream_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string Write(const std::string& bytes) {
    std::string path = dir_ + "/file";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    return path;
  }
  // Everything the stream of `bytes` (as a file) reads, `chunk` bytes at a time.
  std::string ReadAll(const std::string& bytes, size_t chunk, InputStream* out = nullptr) {
    absl::StatusOr<InputStream> stream = InputStream::Open(Write(bytes));
    EXPECT_TRUE(stream.ok()) << stream.status();
    std::string content;
    std::vector<char> buffer(chunk);
    while (size_t n = stream->Read(buffer.data(), buffer.size())) content.append(buffer.data(), n);
    EXPECT_EQ(stream->Read(buffer.data(), buffer.size()), 0u);  // stays at the end
    if (out != nullptr) *out = std::move(*stream);
    return content;
  }

  std::string dir_;
};

TEST(CompressionTest, DetectedByMagicBytes) {
  EXPECT_EQ(DetectCompression("\x1f\x8b"), Compression::kGzip);
  EXPECT_EQ(DetectCompression("\x1f\x8b\x08\x00"), Compression::kGzip);
  EXPECT_EQ(DetectCompression("\x28\xb5\x2f\xfd"), Compression::kZstd);
  EXPECT_EQ(DetectCompression("\x50\x2a\x4d\x18"), Compression::kZstd);  // skippable frame
  EXPECT_EQ(DetectCompression("\x5f\x2a\x4d\x18"), Compression::kZstd);
  EXPECT_EQ(DetectCompression("\x60\x2a\x4d\x18"), Compression::kNone);
  EXPECT_EQ(DetectCompression("\x28\xb5\x2f"), Compression::kNone);  // too short
  EXPECT_EQ(DetectCompression("\x1f"), Compression::kNone);
  EXPECT_EQ(DetectCompression(""), Compression::kNone);
  EXPECT_EQ(DetectCompression("{\"methodName\""), Compression::kNone);
  EXPECT_EQ(DetectCompression("<?xml"), Compression::kNone);
  EXPECT_STREQ(CompressionName(Compression::kGzip), "gzip");
  EXPECT_STREQ(CompressionName(Compression::kZstd), "zstd");
  EXPECT_STREQ(CompressionName(Compression::kNone), "plain");
}

TEST_F(InputStreamTest, PlainGzipAndZstdReadTheSameContent) {
  for (size_t size : {size_t{0}, size_t{1}, size_t{100}, size_t{3} << 20}) {
    const std::string text = SampleText(size).substr(0, size);
    for (size_t pieces : {size_t{1}, size_t{4}}) {
      const std::string gzip = GzipCompress(text, pieces);
      const std::string zstd = ZstdCompress(text, pieces);
      for (size_t chunk : {size_t{1}, size_t{7}, size_t{1} << 20}) {
        if (chunk == 1 && size > 1000) continue;  // slow, and covered by the smaller texts
        InputStream stream(-1, "");
        EXPECT_EQ(ReadAll(text, chunk, &stream), text) << size << " " << chunk;
        EXPECT_EQ(stream.compression(),
                  text.size() >= 2 && text[0] == '\x1f' ? Compression::kGzip : Compression::kNone);
        EXPECT_EQ(ReadAll(gzip, chunk, &stream), text) << size << " " << pieces << " " << chunk;
        EXPECT_EQ(stream.compression(), Compression::kGzip);
        EXPECT_TRUE(stream.damage().empty()) << stream.damage();
        EXPECT_EQ(stream.file_bytes_read(), gzip.size());
        EXPECT_EQ(stream.content_bytes_read(), text.size());
        EXPECT_EQ(ReadAll(zstd, chunk, &stream), text) << size << " " << pieces << " " << chunk;
        EXPECT_EQ(stream.compression(), Compression::kZstd);
        EXPECT_TRUE(stream.damage().empty()) << stream.damage();
        EXPECT_EQ(stream.file_bytes_read(), zstd.size());
      }
    }
  }
}

TEST_F(InputStreamTest, SkippableZstdFramesAreSkipped) {
  const std::string text = SampleText(5000);
  // A skippable frame: magic 0x184D2A53, a 4-byte little-endian size, that many bytes.
  const std::string skippable = std::string("\x53\x2a\x4d\x18\x03\x00\x00\x00xyz", 11);
  InputStream stream(-1, "");
  EXPECT_EQ(ReadAll(skippable + ZstdCompress(text) + skippable, 4096, &stream), text);
  EXPECT_TRUE(stream.damage().empty()) << stream.damage();
}

// A compressed file cut off at any byte reads a prefix of its content and says where it ends;
// one cut between members or frames is a shorter valid file.
TEST_F(InputStreamTest, CutAtEveryByte) {
  const std::string text = SampleText(3000);
  for (bool gzip : {true, false}) {
    const std::string first =
        gzip ? GzipCompress(text.substr(0, 1000)) : ZstdCompress(text.substr(0, 1000));
    const std::string whole =
        first + (gzip ? GzipCompress(text.substr(1000)) : ZstdCompress(text.substr(1000)));
    for (size_t cut = 0; cut < whole.size(); ++cut) {
      InputStream stream(-1, "");
      const std::string content = ReadAll(whole.substr(0, cut), 4096, &stream);
      if (cut < (gzip ? 2u : 4u)) {  // too short for the magic bytes: read as it is
        EXPECT_EQ(stream.compression(), Compression::kNone);
        EXPECT_EQ(content, whole.substr(0, cut));
        continue;
      }
      ASSERT_EQ(text.compare(0, content.size(), content), 0) << "cut " << cut;
      if (cut == first.size()) {
        EXPECT_TRUE(stream.damage().empty()) << stream.damage();
        EXPECT_EQ(content, text.substr(0, 1000));
        continue;
      }
      const std::string expected = dir_ + "/file: " + (gzip ? "gzip" : "zstd") +
                                   " data ends early at byte offset " + std::to_string(cut) +
                                   ": the file is cut short";
      EXPECT_EQ(stream.damage(), expected) << "cut " << cut;
    }
  }
}

TEST_F(InputStreamTest, DataAfterTheLastMemberOrFrame) {
  const std::string text = SampleText(2000);
  const std::string gzip = GzipCompress(text);
  InputStream stream(-1, "");
  EXPECT_EQ(ReadAll(gzip + "garbage\n", 100, &stream), text);
  EXPECT_EQ(stream.damage(), dir_ + "/file: unexpected data at byte offset " +
                                 std::to_string(gzip.size()) +
                                 ", after the last complete gzip member");
  const std::string zstd = ZstdCompress(text);
  EXPECT_EQ(ReadAll(zstd + "garbage\n", 100, &stream), text);
  EXPECT_EQ(stream.damage(), dir_ + "/file: unexpected data at byte offset " +
                                 std::to_string(zstd.size()) +
                                 ", after the last complete zstd frame");
}

// Corrupt data anywhere never crashes; gzip's CRC or zstd's checks catch what decoding does not
// at the latest at the end of the member or frame.
TEST_F(InputStreamTest, CorruptDataIsReportedWithItsOffset) {
  const std::string text = SampleText(20000);
  for (bool gzip : {true, false}) {
    const std::string packed = gzip ? GzipCompress(text) : ZstdCompress(text);
    int reported = 0;
    for (size_t at = 4; at < packed.size(); at += 97) {
      std::string broken = packed;
      broken[at] = static_cast<char>(broken[at] ^ 0x5a);
      InputStream stream(-1, "");
      const std::string content = ReadAll(broken, 4096, &stream);
      if (content == text && stream.damage().empty()) continue;  // e.g. an unused header bit
      if (content != text) {
        EXPECT_FALSE(stream.damage().empty()) << (gzip ? "gzip" : "zstd") << " at " << at;
      }
      if (!stream.damage().empty()) {
        ++reported;
        EXPECT_NE(stream.damage().find(" at byte offset "), std::string::npos) << stream.damage();
        EXPECT_EQ(stream.damage().rfind(dir_ + "/file: ", 0), 0u) << stream.damage();
      }
    }
    EXPECT_GT(reported, 0);
  }
}

TEST_F(InputStreamTest, SkipAndReadErrors) {
  const std::string text = SampleText(100000);
  absl::StatusOr<InputStream> stream = InputStream::Open(Write(ZstdCompress(text, 3)));
  ASSERT_TRUE(stream.ok());
  ASSERT_TRUE(stream->Skip(54321));
  std::string part(100, '\0');
  ASSERT_EQ(stream->Read(part.data(), part.size()), part.size());
  EXPECT_EQ(part, text.substr(54321, 100));
  EXPECT_FALSE(stream->Skip(text.size()));

  absl::StatusOr<InputStream> missing = InputStream::Open(dir_ + "/missing");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "Could not open " + dir_ + "/missing (No such file or directory)");

  absl::StatusOr<InputStream> directory = InputStream::Open(dir_);
  ASSERT_TRUE(directory.ok());
  char byte;
  EXPECT_EQ(directory->Read(&byte, 1), 0u);
  EXPECT_EQ(directory->error(), EISDIR);
}

// A pipe delivers the magic bytes one at a time: they are still recognised.
TEST_F(InputStreamTest, ShortReadsOfAPipe) {
  const std::string text = SampleText(10000);
  const std::string packed = GzipCompress(text, 2);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(fds[0]);
    for (size_t i = 0; i < packed.size(); ++i) {
      if (write(fds[1], &packed[i], 1) != 1) _exit(1);
      if (i < 8) usleep(2000);
    }
    _exit(0);
  }
  close(fds[1]);
  InputStream stream(fds[0], "pipe");
  std::string content;
  char buffer[512];
  while (size_t n = stream.Read(buffer, sizeof(buffer))) content.append(buffer, n);
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_EQ(stream.compression(), Compression::kGzip);
  EXPECT_EQ(content, text);
  EXPECT_TRUE(stream.damage().empty()) << stream.damage();
}

}  // namespace
}  // namespace profdiff
