#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "load/jfr/chunk_header.h"
#include "load/jfr/chunk_reader.h"
#include "load/jfr/method_table.h"
#include "load/jfr/schema.h"
#include "load/paths.h"
#include "profdiff/load/jfr/jfr_recording.h"
#include "profdiff/support/ordered_parallel.h"
#include "profdiff/support/parallel_for.h"

namespace profdiff {

namespace {

// Where a chunk's contents go in the recording.
struct Placement {
  size_t frames = 0, stack_traces = 0, samples = 0, compilations = 0;
  std::vector<uint32_t> type_names;  // by chunk-local frame type name: the recording's
};

// Puts the chunks' contents one after the other into `out`, mapping their chunk-local indexes;
// its methods are already there (MethodTable::Finish). The copying runs on `threads` threads.
void Assemble(std::vector<jfr::ChunkContents>& chunks, const jfr::MethodTable& methods,
              unsigned threads, JfrRecording* out) {
  std::vector<Placement> places(chunks.size());
  absl::flat_hash_map<std::string, uint32_t> type_name_index;
  Placement end;
  for (size_t i = 0; i < chunks.size(); ++i) {
    jfr::ChunkContents& chunk = chunks[i];
    JfrRecording& in = chunk.data;
    Placement& place = places[i];
    place.frames = end.frames;
    place.stack_traces = end.stack_traces;
    place.samples = end.samples;
    place.compilations = end.compilations;
    end.frames += in.frames.size();
    end.stack_traces += in.stack_traces.size();
    end.samples += in.samples.size();
    end.compilations += in.compilations.size();
    for (const std::string& name : in.frame_type_names) {
      auto [it, added] =
          type_name_index.try_emplace(name, static_cast<uint32_t>(out->frame_type_names.size()));
      if (added) out->frame_type_names.push_back(name);
      place.type_names.push_back(it->second);
    }
    for (JfrActiveSetting& setting : in.settings) out->settings.push_back(std::move(setting));
    out->declares_samples |= in.declares_samples;
    if (!out->pid.has_value()) out->pid = in.pid;
    out->declares_compilations |= in.declares_compilations;
    out->lost_bytes += static_cast<int64_t>(chunk.lost_bytes);
    out->lost_events += static_cast<int64_t>(chunk.lost_events);
    if (chunk.has_metadata) ++out->chunks;
  }
  out->frames.resize(end.frames);
  out->stack_traces.resize(end.stack_traces);
  out->samples.resize(end.samples);
  out->compilations.resize(end.compilations);
  ParallelFor(chunks.size(), threads, [&](size_t i) {
    JfrRecording in = std::move(chunks[i].data);
    const Placement& place = places[i];
    std::vector<uint32_t> method_index(chunks[i].method_ids.size());
    for (size_t m = 0; m < method_index.size(); ++m) {
      method_index[m] = methods.Index(chunks[i].method_ids[m]);
    }
    auto method = [&](uint32_t m) { return m == JfrRecording::kNoMethod ? m : method_index[m]; };
    JfrFrame* frames = out->frames.data() + place.frames;
    for (JfrFrame frame : in.frames) {
      frame.method = method(frame.method);
      frame.type_name = place.type_names[frame.type_name];
      *frames++ = frame;
    }
    JfrStackTrace* traces = out->stack_traces.data() + place.stack_traces;
    for (JfrStackTrace trace : in.stack_traces) {
      trace.first_frame += static_cast<uint32_t>(place.frames);
      *traces++ = trace;
    }
    JfrSample* samples = out->samples.data() + place.samples;
    for (JfrSample sample : in.samples) {
      if (sample.stack_trace != JfrRecording::kNoStackTrace) {
        sample.stack_trace += static_cast<uint32_t>(place.stack_traces);
      }
      *samples++ = sample;
    }
    JfrCompilation* compilations = out->compilations.data() + place.compilations;
    for (JfrCompilation compilation : in.compilations) {
      compilation.method = method(compilation.method);
      *compilations++ = compilation;
    }
  });
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

absl::StatusOr<JfrRecording> ParseJfrRecording(std::string_view bytes,
                                               const std::string& display_path,
                                               const JfrReadOptions& options) {
  absl::StatusOr<std::vector<jfr::ChunkBounds>> bounds = jfr::FindChunks(bytes, display_path);
  if (!bounds.ok()) return bounds.status();
  const size_t count = bounds->size();
  jfr::MetadataCache metadata;
  jfr::MethodTable methods;
  jfr::ChunkReadContext context{bytes, display_path, options, metadata, methods};
  std::vector<absl::StatusOr<jfr::ChunkContents>> read(count);
  // The first chunk that fails decides the error, as if they were read in order: chunks after a
  // failed one are not read.
  std::atomic<size_t> first_failure{count};
  ParallelFor(count, WorkerThreads(), [&](size_t i) {
    if (i > first_failure.load()) return;
    read[i] = jfr::ReadChunk(context, (*bounds)[i], static_cast<uint32_t>(i));
    if (read[i].ok()) return;
    size_t failure = first_failure.load();
    while (i < failure && !first_failure.compare_exchange_weak(failure, i)) {
    }
  });
  if (first_failure.load() < count) return read[first_failure.load()].status();
  std::vector<jfr::ChunkContents> chunks;
  chunks.reserve(count);
  for (absl::StatusOr<jfr::ChunkContents>& chunk : read) chunks.push_back(std::move(*chunk));
  read.clear();
  JfrRecording recording;
  recording.methods = methods.Finish();
  Assemble(chunks, methods, WorkerThreads(), &recording);
  if (recording.chunks == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(display_path, ": the recording is cut off: ", bytes.size(),
                     " bytes hold no complete metadata event, so nothing in them can be read"));
  }
  return recording;
}

absl::StatusOr<JfrRecording> ReadJfrRecording(const std::string& path,
                                              const std::string& display_path,
                                              const JfrReadOptions& options) {
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
      absl::StatusOr<JfrRecording> result = ParseJfrRecording(
          std::string_view(static_cast<const char*>(mapped), size), display_path, options);
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
  return ParseJfrRecording(bytes, display_path, options);
}

}  // namespace profdiff
