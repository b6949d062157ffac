#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/jfr/chunk_reader.h"
#include "load/paths.h"
#include "profdiff/jfr_recording.h"
#include "profdiff/ordered_parallel.h"

namespace profdiff {

namespace {

// Appends a chunk's contents to the recording, mapping its chunk-local indexes.
class Merger {
 public:
  explicit Merger(JfrRecording* out) : out_(out) {}

  void Finish() {
    out_->methods.reserve(methods_.size());
    for (JfrMethod& m : methods_) out_->methods.push_back(std::move(m));
    methods_.clear();
  }

  void Add(jfr::ChunkContents& chunk) {
    JfrRecording& in = chunk.data;
    std::vector<uint32_t> methods(chunk.methods.size());
    for (size_t i = 0; i < chunk.methods.size(); ++i) {
      const jfr::MethodView& m = chunk.methods[i];
      Key key{m.class_name, m.name, m.descriptor};
      auto it = method_index_.find(key);
      if (it == method_index_.end()) {
        // Kept in a deque, so that the index's views of its texts stay valid.
        const JfrMethod& kept = methods_.emplace_back(JfrMethod{
            std::string(m.class_name), std::string(m.name), std::string(m.descriptor), m.hidden});
        it = method_index_
                 .emplace(Key{kept.class_name, kept.name, kept.descriptor},
                          static_cast<uint32_t>(methods_.size() - 1))
                 .first;
      }
      methods[i] = it->second;
    }
    auto method = [&](uint32_t m) { return m == JfrRecording::kNoMethod ? m : methods[m]; };
    std::vector<uint32_t> type_names(in.frame_type_names.size());
    for (size_t i = 0; i < in.frame_type_names.size(); ++i) {
      auto [it, added] = type_name_index_.try_emplace(
          in.frame_type_names[i], static_cast<uint32_t>(out_->frame_type_names.size()));
      if (added) out_->frame_type_names.push_back(in.frame_type_names[i]);
      type_names[i] = it->second;
    }
    const uint32_t frame_base = static_cast<uint32_t>(out_->frames.size());
    for (JfrFrame frame : in.frames) {
      frame.method = method(frame.method);
      frame.type_name = type_names[frame.type_name];
      out_->frames.push_back(frame);
    }
    const uint32_t trace_base = static_cast<uint32_t>(out_->stack_traces.size());
    for (JfrStackTrace trace : in.stack_traces) {
      trace.first_frame += frame_base;
      out_->stack_traces.push_back(trace);
    }
    for (JfrSample sample : in.samples) {
      if (sample.stack_trace != JfrRecording::kNoStackTrace) sample.stack_trace += trace_base;
      out_->samples.push_back(sample);
    }
    for (JfrCompilation compilation : in.compilations) {
      compilation.method = method(compilation.method);
      out_->compilations.push_back(compilation);
    }
    for (JfrActiveSetting& setting : in.settings) out_->settings.push_back(std::move(setting));
    out_->declares_samples |= in.declares_samples;
    if (!out_->pid.has_value()) out_->pid = in.pid;
    out_->declares_compilations |= in.declares_compilations;
    out_->lost_bytes += static_cast<int64_t>(chunk.lost_bytes);
    out_->lost_events += static_cast<int64_t>(chunk.lost_events);
    if (chunk.has_metadata) ++out_->chunks;
  }

 private:
  JfrRecording* out_;
  using Key = std::tuple<std::string_view, std::string_view, std::string_view>;
  std::deque<JfrMethod> methods_;  // moved to the recording by Finish
  absl::flat_hash_map<Key, uint32_t> method_index_;
  absl::flat_hash_map<std::string, uint32_t> type_name_index_;
};

// "java/util/Map$Entry" -> "java.util.Map$Entry". A hidden class keeps the JVM's spelling of its
// suffix, as the logs print it: "java/util/Comparator$$Lambda/0x0000000031..." ->
// "java.util.Comparator$$Lambda/0x0000000031..." (also from the "+0x" of older JDKs).
std::string JavaClassName(std::string_view internal) {
  std::string name(internal);
  size_t suffix = name.find_last_of("/+");
  if (suffix == std::string::npos || name.compare(suffix + 1, 2, "0x") != 0) {
    suffix = name.size();
  }
  for (size_t i = 0; i < suffix; ++i) {
    if (name[i] == '/') name[i] = '.';
  }
  if (suffix < name.size()) name[suffix] = '/';
  return name;
}

// One field type of a descriptor at `*i`, in Java source form; advances `*i`.
std::string DescriptorType(std::string_view d, size_t* i) {
  int dimensions = 0;
  while (*i < d.size() && d[*i] == '[') {
    ++dimensions;
    ++*i;
  }
  std::string type;
  if (*i >= d.size()) return "?";
  char c = d[(*i)++];
  switch (c) {
    case 'B':
      type = "byte";
      break;
    case 'C':
      type = "char";
      break;
    case 'D':
      type = "double";
      break;
    case 'F':
      type = "float";
      break;
    case 'I':
      type = "int";
      break;
    case 'J':
      type = "long";
      break;
    case 'S':
      type = "short";
      break;
    case 'Z':
      type = "boolean";
      break;
    case 'V':
      type = "void";
      break;
    case 'L': {
      size_t end = d.find(';', *i);
      if (end == std::string_view::npos) end = d.size();
      type = JavaClassName(d.substr(*i, end - *i));
      *i = end == d.size() ? end : end + 1;
      break;
    }
    default:
      type = std::string(1, c);
      break;
  }
  for (int k = 0; k < dimensions; ++k) type += "[]";
  return type;
}

}  // namespace

bool HasJfrMagic(std::string_view bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "FLR\0", 4) == 0;
}

bool IsJfrFile(const std::string& path) {
  // Anything but a regular file is not even opened: opening and closing a FIFO would let its
  // writer in and then break its pipe.
  struct stat info;
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char magic[4];
  ssize_t n = 0;
  do {
    n = pread(fd, magic, sizeof magic, 0);
  } while (n < 0 && errno == EINTR);
  close(fd);
  return n == 4 && HasJfrMagic(std::string_view(magic, 4));
}

std::string JfrJavaMethodName(const JfrMethod& method) {
  std::string out = JavaClassName(method.class_name);
  out += '.';
  out += method.name;
  out += '(';
  std::string_view d = method.descriptor;
  size_t i = d.empty() || d[0] != '(' ? 0 : 1;
  bool first = true;
  while (i < d.size() && d[i] != ')') {
    if (!first) out += ", ";
    first = false;
    out += DescriptorType(d, &i);
  }
  out += ')';
  return out;
}

absl::StatusOr<JfrRecording> ParseJfrRecording(std::string_view bytes,
                                               const std::string& display_path) {
  absl::StatusOr<std::vector<jfr::ChunkBounds>> chunks = jfr::FindChunks(bytes, display_path);
  if (!chunks.ok()) return chunks.status();
  JfrRecording recording;
  Merger merger(&recording);
  absl::Status failure;
  ProduceInOrder<absl::StatusOr<jfr::ChunkContents>>(
      chunks->size(), WorkerThreads(),
      [&](size_t i) { return jfr::ReadChunk(bytes, (*chunks)[i], display_path); },
      [&](size_t, absl::StatusOr<jfr::ChunkContents>& chunk) {
        if (!chunk.ok()) {
          failure = chunk.status();
          return false;
        }
        merger.Add(*chunk);
        return true;
      });
  if (!failure.ok()) return failure;
  merger.Finish();
  if (recording.chunks == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(display_path, ": the recording is cut off: ", bytes.size(),
                     " bytes hold no complete metadata event, so nothing in them can be read"));
  }
  return recording;
}

absl::StatusOr<JfrRecording> ReadJfrRecording(const std::string& path,
                                              const std::string& display_path) {
  auto error = [&](int e) {
    return absl::Status(absl::ErrnoToStatusCode(e),
                        absl::StrCat(display_path, ": cannot read the file (", ErrnoText(e), ")"));
  };
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return error(errno);
  struct stat info;
  if (fstat(fd, &info) != 0) {
    int e = errno;
    close(fd);
    return error(e);
  }
  const size_t size = static_cast<size_t>(info.st_size);
  if (S_ISREG(info.st_mode) && size > 0) {
    void* mapped = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped != MAP_FAILED) {
      close(fd);
      absl::StatusOr<JfrRecording> result =
          ParseJfrRecording(std::string_view(static_cast<const char*>(mapped), size), display_path);
      munmap(mapped, size);
      return result;
    }
  }
  std::string bytes;
  char buffer[1 << 16];
  while (true) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      close(fd);
      return error(e);
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  return ParseJfrRecording(bytes, display_path);
}

}  // namespace profdiff
