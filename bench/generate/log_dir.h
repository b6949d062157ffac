#ifndef PROFDIFF_BENCH_GENERATE_LOG_DIR_H_
#define PROFDIFF_BENCH_GENERATE_LOG_DIR_H_

// Optimization-log directories: units spread over many files.

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "generate/random.h"

namespace profdiff_bench {

// ------------------------------------------------------------------------------------------------
// Log directories: units are spread over groups of "compiler thread" files that are written at
// the same time, so compile IDs interleave between the files of a group. File names are numbers
// of equal width (10000 and up), so name order and numeric order agree.

class LogDirWriter {
 public:
  static constexpr int kGroup = 8;

  LogDirWriter(std::filesystem::path dir, double file_bytes, uint64_t seed)
      : dir_(std::move(dir)), file_bytes_(file_bytes), rng_(seed), next_name_(10000) {
    std::filesystem::create_directories(dir_);
  }
  ~LogDirWriter() { CloseGroup(); }

  void Append(const std::string& line) {
    if (files_.empty()) OpenGroup();
    File& f = files_[rng_.Below(files_.size())];
    f.buffer.append(line);
    f.bytes += line.size();
    group_bytes_ += line.size();
    total_bytes_ += line.size();
    if (f.buffer.size() >= (1u << 20)) Flush(f);
    if (group_bytes_ >= file_bytes_ * kGroup) CloseGroup();
  }

  uint64_t total_bytes() const { return total_bytes_; }
  int file_count() const { return file_count_; }

 private:
  struct File {
    std::FILE* fp = nullptr;
    std::string buffer;
    uint64_t bytes = 0;
  };

  void OpenGroup() {
    for (int i = 0; i < kGroup; ++i) {
      next_name_ += 1 + static_cast<int>(rng_.Below(12));
      File f;
      std::filesystem::path p = dir_ / std::to_string(next_name_);
      f.fp = std::fopen(p.c_str(), "wb");
      if (f.fp == nullptr) {
        std::fprintf(stderr, "cannot create %s: %s\n", p.c_str(), std::strerror(errno));
        std::exit(1);
      }
      files_.push_back(std::move(f));
      ++file_count_;
    }
    group_bytes_ = 0;
  }

  void Flush(File& f) {
    if (!f.buffer.empty() &&
        std::fwrite(f.buffer.data(), 1, f.buffer.size(), f.fp) != f.buffer.size()) {
      std::fprintf(stderr, "write failed: %s\n", std::strerror(errno));
      std::exit(1);
    }
    f.buffer.clear();
  }

  void CloseGroup() {
    for (File& f : files_) {
      Flush(f);
      if (std::fclose(f.fp) != 0) {
        std::fprintf(stderr, "close failed: %s\n", std::strerror(errno));
        std::exit(1);
      }
    }
    files_.clear();
  }

  std::filesystem::path dir_;
  double file_bytes_;
  Rng rng_;
  int next_name_;
  std::vector<File> files_;
  uint64_t group_bytes_ = 0;
  uint64_t total_bytes_ = 0;
  int file_count_ = 0;
};

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_LOG_DIR_H_
