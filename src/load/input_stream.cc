#include "load/input_stream.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "load/content_copy.h"
#include "load/paths.h"

namespace profdiff {

namespace {

// File bytes read at a time for compressed files (and the first read of every file).
constexpr size_t kInputChunk = size_t{256} << 10;

}  // namespace

const char* CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kGzip:
      return "gzip";
    case Compression::kZstd:
      return "zstd";
    case Compression::kNone:
      break;
  }
  return "plain";
}

Compression DetectCompression(std::string_view head) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(head[i]); };
  if (head.size() >= 2 && byte(0) == 0x1f && byte(1) == 0x8b) return Compression::kGzip;
  if (head.size() >= 4 && byte(1) == 0xb5 && byte(2) == 0x2f && byte(3) == 0xfd &&
      byte(0) == 0x28) {
    return Compression::kZstd;
  }
  // A skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian), which pzstd writes first.
  if (head.size() >= 4 && (byte(0) & 0xf0) == 0x50 && byte(1) == 0x2a && byte(2) == 0x4d &&
      byte(3) == 0x18) {
    return Compression::kZstd;
  }
  return Compression::kNone;
}

// Decodes one compressed format, a piece at a time.
class InputStream::Decoder {
 public:
  struct Step {
    size_t consumed = 0;
    size_t produced = 0;
    std::string error;  // non-empty: the data is corrupt (what the library says)
  };
  virtual ~Decoder() = default;
  virtual Step Decode(const char* in, size_t in_size, char* out, size_t out_size) = 0;
  // Whether a member or frame has begun and not ended (so the file must go on).
  virtual bool InsideFrame() const = 0;
  // Whether the last error arose where a new member or frame should have begun.
  virtual bool ErrorBetweenFrames() const { return false; }
};

namespace {

// RFC 1952 members, one after another (`cat a.gz b.gz`, pigz, bgzip).
class GzipDecoder final : public InputStream::Decoder {
 public:
  GzipDecoder() {
    std::memset(&stream_, 0, sizeof(stream_));
    ok_ = inflateInit2(&stream_, 15 + 16) == Z_OK;  // 16: a gzip header and trailer
  }
  ~GzipDecoder() override {
    if (ok_) inflateEnd(&stream_);
  }

  Step Decode(const char* in, size_t in_size, char* out, size_t out_size) override {
    Step step;
    if (!ok_) {
      step.error = "zlib could not be initialised (out of memory)";
      return step;
    }
    between_members_error_ = false;
    if (!inside_) {
      if (in_size == 0) return step;
      inflateReset(&stream_);
      inside_ = true;
    }
    // zlib counts in uInt: hand it at most 1 GB at a time.
    constexpr size_t kMax = size_t{1} << 30;
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
    stream_.avail_in = static_cast<uInt>(std::min(in_size, kMax));
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = static_cast<uInt>(std::min(out_size, kMax));
    const int result = inflate(&stream_, Z_NO_FLUSH);
    step.consumed = std::min(in_size, kMax) - stream_.avail_in;
    step.produced = std::min(out_size, kMax) - stream_.avail_out;
    switch (result) {
      case Z_STREAM_END:
        inside_ = false;
        break;
      case Z_OK:
      case Z_BUF_ERROR:  // no progress possible without more input: not an error here
        break;
      case Z_MEM_ERROR:
        step.error = "out of memory";
        break;
      default:
        // zlib checks the magic bytes first: at most they were taken from a new member.
        between_members_error_ = members_ > 0 && stream_.total_in <= 2;
        step.error = stream_.msg != nullptr ? stream_.msg : "invalid data";
        break;
    }
    if (result == Z_STREAM_END) ++members_;
    return step;
  }
  bool InsideFrame() const override { return inside_; }
  bool ErrorBetweenFrames() const override { return between_members_error_; }

 private:
  z_stream stream_;
  bool ok_ = false;
  bool inside_ = true;  // the file starts with a member (its magic bytes are there)
  bool between_members_error_ = false;
  int members_ = 0;
};

// Zstandard frames, one after another; the library skips skippable frames itself.
class ZstdDecoder final : public InputStream::Decoder {
 public:
  ZstdDecoder() : stream_(ZSTD_createDStream()) {}
  ~ZstdDecoder() override { ZSTD_freeDStream(stream_); }

  Step Decode(const char* in, size_t in_size, char* out, size_t out_size) override {
    Step step;
    if (stream_ == nullptr) {
      step.error = "libzstd could not be initialised (out of memory)";
      return step;
    }
    between_frames_error_ = false;
    if (!inside_ && in_size == 0) return step;
    ZSTD_inBuffer input{in, in_size, 0};
    ZSTD_outBuffer output{out, out_size, 0};
    const size_t result = ZSTD_decompressStream(stream_, &output, &input);
    step.consumed = input.pos;
    step.produced = output.pos;
    if (ZSTD_isError(result)) {
      between_frames_error_ = frames_ > 0 && ZSTD_getErrorCode(result) == ZSTD_error_prefix_unknown;
      step.error = ZSTD_getErrorName(result);
      return step;
    }
    // 0: a frame is complete and flushed; otherwise one is under way.
    if (result == 0) {
      if (inside_ || step.consumed > 0) ++frames_;
      inside_ = false;
    } else {
      inside_ = true;
    }
    return step;
  }
  bool InsideFrame() const override { return inside_; }
  bool ErrorBetweenFrames() const override { return between_frames_error_; }

 private:
  ZSTD_DStream* stream_;
  bool inside_ = true;  // the file starts with a frame (its magic bytes are there)
  bool between_frames_error_ = false;
  int frames_ = 0;
};

}  // namespace

absl::StatusOr<InputStream> InputStream::Open(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const int error = errno;
    return absl::Status(absl::ErrnoToStatusCode(error),
                        absl::StrCat("Could not open ", path, " (", ErrnoText(error), ")"));
  }
  InputStream stream(fd, path);
  stream.owns_fd_ = true;
  return stream;
}

InputStream::InputStream(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

InputStream::InputStream(InputStream&& other) noexcept { *this = std::move(other); }

InputStream& InputStream::operator=(InputStream&& other) noexcept {
  if (this == &other) return *this;
  if (owns_fd_ && fd_ >= 0) close(fd_);
  fd_ = std::exchange(other.fd_, -1);
  owns_fd_ = std::exchange(other.owns_fd_, false);
  path_ = std::move(other.path_);
  compression_ = other.compression_;
  started_ = other.started_;
  ended_ = other.ended_;
  error_ = other.error_;
  damage_ = std::move(other.damage_);
  file_bytes_read_ = other.file_bytes_read_;
  content_bytes_read_ = other.content_bytes_read_;
  in_ = std::move(other.in_);
  in_begin_ = other.in_begin_;
  in_end_ = other.in_end_;
  file_ended_ = other.file_ended_;
  decoder_ = std::move(other.decoder_);
  copy_ = std::exchange(other.copy_, nullptr);
  return *this;
}

InputStream::~InputStream() {
  if (owns_fd_ && fd_ >= 0) close(fd_);
}

bool InputStream::FillInput() {
  if (in_begin_ > 0) {
    std::memmove(in_.data(), in_.data() + in_begin_, in_end_ - in_begin_);
    in_end_ -= in_begin_;
    in_begin_ = 0;
  }
  if (in_.size() < in_end_ + kInputChunk) in_.resize(in_end_ + kInputChunk);
  while (true) {
    const ssize_t n = read(fd_, in_.data() + in_end_, in_.size() - in_end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = errno;
      file_ended_ = true;
      return false;
    }
    if (n == 0) {
      file_ended_ = true;
      return false;
    }
    in_end_ += static_cast<size_t>(n);
    file_bytes_read_ += static_cast<uint64_t>(n);
    return true;
  }
}

bool InputStream::Start() {
  started_ = true;
  // Only the magic number's bytes: a plain file is then read straight into the caller's buffer
  // (a first read of a whole chunk would cost a copy and a fresh buffer per file). A short read
  // (a pipe) may bring fewer bytes than the magic number has.
  constexpr size_t kHead = 4;
  in_.resize(kHead);
  while (in_end_ < kHead && !file_ended_) {
    const ssize_t n = read(fd_, in_.data() + in_end_, kHead - in_end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = errno;
      file_ended_ = true;
    } else if (n == 0) {
      file_ended_ = true;
    } else {
      in_end_ += static_cast<size_t>(n);
      file_bytes_read_ += static_cast<uint64_t>(n);
    }
  }
  if (error_ != 0) return false;
  compression_ = DetectCompression(std::string_view(in_.data(), in_end_));
  if (compression_ == Compression::kGzip) decoder_ = std::make_unique<GzipDecoder>();
  if (compression_ == Compression::kZstd) decoder_ = std::make_unique<ZstdDecoder>();
  return true;
}

void InputStream::SetDamage(const std::string& what) { damage_ = absl::StrCat(path_, ": ", what); }

Compression InputStream::Detect() {
  if (!started_ && !Start()) ended_ = true;
  return compression_;
}

size_t InputStream::ReadPlain(char* data, size_t size) {
  // The head that told the compression goes first, then the file straight into `data`.
  size_t done = std::min(size, in_end_ - in_begin_);
  std::memcpy(data, in_.data() + in_begin_, done);
  in_begin_ += done;
  if (done == size || file_ended_) return done;
  while (true) {
    const ssize_t n = read(fd_, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = errno;
      file_ended_ = true;
      return done;
    }
    if (n == 0) file_ended_ = true;
    file_bytes_read_ += static_cast<uint64_t>(n);
    return done + static_cast<size_t>(n);
  }
}

size_t InputStream::Read(char* data, size_t size) {
  const size_t n = ReadContent(data, size);
  if (copy_ != nullptr && n > 0) copy_->Append(std::string_view(data, n));
  return n;
}

size_t InputStream::ReadContent(char* data, size_t size) {
  if (ended_ || size == 0) return 0;
  if (!started_ && !Start()) {
    ended_ = true;
    return 0;
  }
  if (decoder_ == nullptr) {
    const size_t n = ReadPlain(data, size);
    if (n == 0) ended_ = true;
    content_bytes_read_ += n;
    return n;
  }
  const char* name = CompressionName(compression_);
  while (true) {
    if (in_begin_ == in_end_ && !file_ended_) FillInput();
    if (error_ != 0) {
      ended_ = true;
      return 0;
    }
    const bool at_file_end = in_begin_ == in_end_ && file_ended_;
    if (at_file_end && !decoder_->InsideFrame()) {
      ended_ = true;
      return 0;
    }
    const uint64_t step_offset = file_bytes_read_ - (in_end_ - in_begin_);
    Decoder::Step step = decoder_->Decode(in_.data() + in_begin_, in_end_ - in_begin_, data, size);
    in_begin_ += step.consumed;
    content_bytes_read_ += step.produced;
    if (!step.error.empty()) {
      ended_ = true;
      if (decoder_->ErrorBetweenFrames()) {
        SetDamage(absl::StrCat("unexpected data at byte offset ", step_offset,
                               ", after the last complete ", name,
                               compression_ == Compression::kGzip ? " member" : " frame"));
      } else {
        SetDamage(absl::StrCat("corrupt ", name, " data at byte offset ",
                               file_bytes_read_ - (in_end_ - in_begin_), ": ", step.error));
      }
      return step.produced;
    }
    if (step.produced > 0) return step.produced;
    // At the end of the file, or a decoder that takes nothing more of what is left of it: the
    // data stops inside a member or frame.
    if (at_file_end || (file_ended_ && step.consumed == 0)) {
      ended_ = true;
      SetDamage(absl::StrCat(name, " data ends early at byte offset ", file_bytes_read_,
                             ": the file is cut short"));
      return 0;
    }
    // Nothing decoded yet: the decoder took what it had and needs more of the file.
    if (step.consumed == 0 && in_begin_ < in_end_) FillInput();
  }
}

bool InputStream::Skip(uint64_t count) {
  std::vector<char> scratch(std::min<uint64_t>(count, uint64_t{1} << 20));
  while (count > 0) {
    const size_t n = Read(scratch.data(), std::min<uint64_t>(count, scratch.size()));
    if (n == 0) return false;
    count -= n;
  }
  return true;
}

}  // namespace profdiff
