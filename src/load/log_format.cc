#include "load/log_format.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "load/input_stream.h"
#include "load/llvm/llvm_log.h"
#include "load/llvm/remark_parser.h"
#include "load/paths.h"

namespace profdiff {

namespace {

std::string_view SkipSpace(std::string_view text) {
  while (!text.empty() &&
         (text[0] == ' ' || text[0] == '\t' || text[0] == '\r' || text[0] == '\n')) {
    text.remove_prefix(1);
  }
  return text;
}

// The prefix of a file's content (decompressed when the file is gzip or zstd: docs/hotspot.md
// "Compressed logs"). The file position is back at the start afterwards.
std::string ReadPrefix(int fd) {
  std::string prefix(kHotSpotSniffBytes, '\0');
  size_t done = 0;
  if (lseek(fd, 0, SEEK_SET) == 0) {
    InputStream stream(fd, std::string());
    while (done < prefix.size()) {
      const size_t n = stream.Read(prefix.data() + done, prefix.size() - done);
      if (n == 0) break;
      done += n;
    }
    lseek(fd, 0, SEEK_SET);
  }
  prefix.resize(done);
  return prefix;
}

}  // namespace

bool LooksLikeHotSpotLog(std::string_view prefix) {
  if (prefix.starts_with("\xEF\xBB\xBF")) prefix.remove_prefix(3);
  prefix = SkipSpace(prefix);
  // The declaration, then any comments, before the root element.
  while (true) {
    if (prefix.starts_with("<?")) {
      size_t end = prefix.find("?>");
      if (end == std::string_view::npos) return false;
      prefix = SkipSpace(prefix.substr(end + 2));
    } else if (prefix.starts_with("<!--")) {
      size_t end = prefix.find("-->");
      if (end == std::string_view::npos) return false;
      prefix = SkipSpace(prefix.substr(end + 3));
    } else {
      break;
    }
  }
  constexpr std::string_view kRoot = "<hotspot_log";
  if (!prefix.starts_with(kRoot)) return false;
  if (prefix.size() == kRoot.size()) return true;
  const char next = prefix[kRoot.size()];
  return next == ' ' || next == '>' || next == '\t' || next == '\r' || next == '\n' || next == '/';
}

bool IsHotSpotLogFile(int fd) { return LooksLikeHotSpotLog(ReadPrefix(fd)); }

LogPathKind ClassifyLogPath(const std::string& path, std::string* why) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    *why = ErrnoText(errno);
    return LogPathKind::kOther;
  }
  if (S_ISDIR(info.st_mode)) {
    return FindRemarkFiles(path).empty() ? LogPathKind::kGraalDirectory : LogPathKind::kLlvmRemarks;
  }
  if (!S_ISREG(info.st_mode)) {
    *why = "not a directory or a regular file";
    return LogPathKind::kOther;
  }
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *why = ErrnoText(errno);
    return LogPathKind::kOther;
  }
  const std::string prefix = ReadPrefix(fd);
  close(fd);
  if (LooksLikeHotSpotLog(prefix)) return LogPathKind::kHotSpotFile;
  switch (llvm_remarks::DetectRemarkFileFormat(prefix)) {
    case llvm_remarks::RemarkFileFormat::kYaml:
      return LogPathKind::kLlvmRemarks;
    case llvm_remarks::RemarkFileFormat::kBitstream:
      *why =
          "LLVM bitstream remarks (magic RMRK), which profdiff does not read: write YAML remarks "
          "with clang's -fsave-optimization-record (its default format) or "
          "-fsave-optimization-record=yaml";
      return LogPathKind::kOther;
    case llvm_remarks::RemarkFileFormat::kYamlStrTab:
      *why =
          "LLVM YAML remarks with a string table (magic REMARKS), which profdiff does not read: "
          "write plain YAML remarks with clang's -fsave-optimization-record=yaml";
      return LogPathKind::kOther;
    case llvm_remarks::RemarkFileFormat::kEmpty:
      *why = prefix.empty() ? "an empty file" : "a file of nothing but blanks and comments";
      return LogPathKind::kOther;
    case llvm_remarks::RemarkFileFormat::kUnknown:
      break;
  }
  *why = "a file that is not a HotSpot compilation log nor LLVM optimization remarks";
  return LogPathKind::kOther;
}

absl::Status NotAnOptimizationLog(const std::string& path, int experiment_id,
                                  const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(
      "Could not read the files of the experiment ", experiment_id,
      ": The provided optimization log path is neither a directory (a Graal optimization log) "
      "nor a HotSpot compilation log (a file written by -XX:+LogCompilation, starting with "
      "<?xml ...?> and <hotspot_log ...>) nor LLVM optimization remarks (a YAML file written by "
      "clang -fsave-optimization-record, starting with '--- !Passed', '--- !Missed', ...): ",
      NormalizePath(path), " (", why, ")"));
}

}  // namespace profdiff
