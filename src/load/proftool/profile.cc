#include "profdiff/load/proftool/profile.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "load/json/json_support.h"
#include "load/paths.h"
#include "rapidjson/memorystream.h"
#include "rapidjson/reader.h"

namespace profdiff {

namespace {

// A value seen in the profile, reduced to what the checks of formats.md §5.1 need.
struct Field {
  enum class Type { kAbsent, kNull, kBool, kNumber, kString, kObject, kArray };
  Type type = Type::kAbsent;
  std::string text;   // kString: the decoded string; kNumber: the literal
  size_t offset = 0;  // byte offset of the value's first character
};

// A problem found while walking the document, located by byte offset.
struct Problem {
  size_t offset = 0;
  std::string message;
};

// Collects the fields the profile checks look at. The whole document is walked first (as the
// reference parses it completely before checking anything, a syntax error anywhere wins over a
// type error), and the checks are applied afterwards in the reference's order.
class ProfileHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, ProfileHandler> {
 public:
  ProfileHandler(std::string_view text, const rapidjson::MemoryStream& stream)
      : text_(text), stream_(stream) {}

  // Root value
  Field root;
  // Top-level keys (a repeated key: the later value wins, formats.md §6.2).
  Field compilation_kind, execution_id, total_period, code;
  // Entries of the last "code" array and the first problem among them.
  std::vector<ProfileEntry> entries;
  std::optional<Problem> entry_problem;

  bool Null() { return Scalar(Field::Type::kNull, {}); }
  bool Bool(bool) { return Scalar(Field::Type::kBool, {}); }
  bool RawNumber(const char* str, rapidjson::SizeType length, bool) {
    return Scalar(Field::Type::kNumber, std::string_view(str, length));
  }
  bool String(const char* str, rapidjson::SizeType length, bool) {
    return Scalar(Field::Type::kString, std::string_view(str, length));
  }

  bool StartObject() { return StartContainer(Field::Type::kObject); }
  bool StartArray() { return StartContainer(Field::Type::kArray); }

  bool Key(const char* str, rapidjson::SizeType length, bool) {
    last_end_ = stream_.Tell();
    if (skip_depth_ > 0) return true;
    std::string_view key(str, length);
    if (level_ == Level::kTop) {
      current_ = nullptr;
      if (key == "compilationKind") current_ = &compilation_kind;
      if (key == "executionId") current_ = &execution_id;
      if (key == "totalPeriod") current_ = &total_period;
      if (key == "code") current_ = &code;
    } else if (level_ == Level::kItem) {
      current_ = nullptr;
      if (key == "compileId") current_ = &item_compile_id_;
      if (key == "name") current_ = &item_name_;
      if (key == "period") current_ = &item_period_;
      if (key == "level") current_ = &item_level_;
    }
    return true;
  }

  bool EndObject(rapidjson::SizeType) { return EndContainer(); }
  bool EndArray(rapidjson::SizeType) { return EndContainer(); }

 private:
  // Where the handler is: the level of the container whose members/elements come next.
  enum class Level { kRoot, kTop, kCode, kItem };

  // The offset of the value that starts after the last event: RapidJSON reports values after
  // consuming them, so skip the separators that follow the previous token instead.
  size_t ValueStart() const {
    size_t i = last_end_;
    while (i < text_.size()) {
      char c = text_[i];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ':' && c != ',') break;
      ++i;
    }
    return i;
  }

  // Records a value at the current level; returns the slot it went to (or nullptr).
  Field* Record(Field::Type type, std::string_view text, size_t offset) {
    Field* slot = nullptr;
    switch (level_) {
      case Level::kRoot:
        slot = &root;
        break;
      case Level::kTop:
      case Level::kItem:
        slot = current_;
        current_ = nullptr;
        break;
      case Level::kCode:
        if (type != Field::Type::kObject && !entry_problem) {
          entry_problem = Problem{offset, "expected each element of \"code\" to be an object"};
        }
        break;
    }
    if (slot != nullptr) {
      slot->type = type;
      slot->text.assign(text);
      slot->offset = offset;
    }
    return slot;
  }

  bool Scalar(Field::Type type, std::string_view text) {
    size_t offset = ValueStart();
    last_end_ = stream_.Tell();
    if (skip_depth_ == 0) Record(type, text, offset);
    return true;
  }

  // Containers are reported before or after their bracket is consumed depending on the parse
  // mode, so positions around them come from the text, not from the stream.
  bool StartContainer(Field::Type type) {
    size_t offset = ValueStart();
    last_end_ = offset + 1;
    if (skip_depth_ > 0) {
      ++skip_depth_;
      return true;
    }
    Level level = level_;
    Field* slot = Record(type, {}, offset);
    if (level == Level::kRoot && type == Field::Type::kObject) {
      level_ = Level::kTop;
    } else if (level == Level::kTop && slot == &code && type == Field::Type::kArray) {
      // A repeated "code" key replaces the earlier array with everything found in it.
      entries.clear();
      entry_problem.reset();
      level_ = Level::kCode;
    } else if (level == Level::kCode && type == Field::Type::kObject) {
      item_compile_id_ = item_name_ = item_period_ = item_level_ = Field();
      item_offset_ = offset;
      level_ = Level::kItem;
    } else {
      skip_depth_ = 1;
    }
    return true;
  }

  bool EndContainer() {
    last_end_ = ValueStart() + 1;
    if (skip_depth_ > 0) {
      --skip_depth_;
      return true;
    }
    switch (level_) {
      case Level::kTop:
        level_ = Level::kRoot;
        break;
      case Level::kCode:
        level_ = Level::kTop;
        break;
      case Level::kItem:
        FinishItem();
        level_ = Level::kCode;
        break;
      case Level::kRoot:
        break;
    }
    return true;
  }

  // Checks a "code" item in the reference's order: compileId, name, period, level.
  void FinishItem() {
    if (entry_problem) return;  // only the first failing item is reported
    ProfileEntry entry;
    std::optional<Problem> problem = CheckItem(&entry);
    if (problem) {
      entry_problem = std::move(problem);
      return;
    }
    entries.push_back(std::move(entry));
  }

  std::optional<Problem> CheckItem(ProfileEntry* entry) const {
    using Type = Field::Type;
    const Field& compile_id = item_compile_id_;
    if (compile_id.type == Type::kString) {
      std::string id = compile_id.text;
      // A trailing '%' marks an OSR compilation; the ID itself is the same.
      if (!id.empty() && id.back() == '%') id.pop_back();
      entry->compile_id = std::move(id);
    } else if (compile_id.type != Type::kAbsent && compile_id.type != Type::kNull) {
      return Problem{compile_id.offset, "expected \"compileId\" to be a string or null"};
    }

    if (item_name_.type == Type::kAbsent) {
      return Problem{item_offset_, "missing required key \"name\" (a string)"};
    }
    if (item_name_.type != Type::kString) {
      return Problem{item_name_.offset, "expected \"name\" to be a string"};
    }
    // proftool prefixes names with "<compile id>: "; only the first separator is part of it.
    std::string_view name = item_name_.text;
    size_t separator = name.find(": ");
    if (separator != std::string_view::npos) name.remove_prefix(separator + 2);
    entry->name.assign(name);

    if (item_period_.type == Type::kAbsent) {
      return Problem{item_offset_, "missing required key \"period\" (a number)"};
    }
    if (item_period_.type != Type::kNumber) {
      return Problem{item_period_.offset, "expected \"period\" to be a number"};
    }
    entry->period = JsonNumberToLongTruncating(ParseJsonNumber(item_period_.text));

    const Field& level = item_level_;
    if (level.type == Type::kNumber) {
      int64_t value = 0;
      if (!ParseJsonNumber(level.text).ExactInteger(INT32_MIN, INT32_MAX, &value)) {
        return Problem{level.offset, "expected \"level\" to be a 32-bit integer or null"};
      }
      entry->level = static_cast<int32_t>(value);
    } else if (level.type != Type::kAbsent && level.type != Type::kNull) {
      return Problem{level.offset, "expected \"level\" to be a 32-bit integer or null"};
    }
    return std::nullopt;
  }

  std::string_view text_;
  const rapidjson::MemoryStream& stream_;
  size_t last_end_ = 0;     // offset just after the last token reported
  int64_t skip_depth_ = 0;  // > 0 inside a value nobody looks at
  Level level_ = Level::kRoot;
  Field* current_ = nullptr;  // where the value of the last key goes (nullptr: ignored)
  Field item_compile_id_, item_name_, item_period_, item_level_;
  size_t item_offset_ = 0;
};

class ProfileParser {
 public:
  ProfileParser(std::string_view text, const std::string& display_path, int experiment_id)
      : text_(text), display_path_(display_path), experiment_id_(experiment_id) {}

  absl::StatusOr<Profile> Parse() {
    rapidjson::MemoryStream stream(text_.data(), text_.size());
    ProfileHandler handler(text_, stream);
    rapidjson::Reader reader;
    rapidjson::ParseResult result = reader.Parse<kJsonParseFlags>(stream, handler);
    if (result.IsError()) return SyntaxError(result.Offset(), result.Code());
    // RapidJSON takes a NUL byte for the end of the input: anything from there on is unread.
    if (stream.Tell() < text_.size()) {
      return SyntaxError(stream.Tell(), rapidjson::kParseErrorDocumentRootNotSingular);
    }
    return Check(handler);
  }

 private:
  absl::StatusOr<Profile> Check(ProfileHandler& handler) const {
    using Type = Field::Type;
    if (handler.root.type != Type::kObject) {
      return Malformed(handler.root.offset, "expected the profile to be a JSON object");
    }
    Profile profile;
    const Field& kind = handler.compilation_kind;
    if (kind.type == Type::kString) {
      if (kind.text == "AOT") {
        profile.kind = ExperimentKind::kAot;
      } else if (kind.text != "JIT") {
        return absl::InvalidArgumentError(
            absl::StrCat("Failed to parse experiment ", experiment_id_, " in ", display_path_,
                         ": unexpected compilation kind: ", kind.text));
      }
    } else if (kind.type != Type::kAbsent && kind.type != Type::kNull) {
      return Malformed(kind.offset, "expected \"compilationKind\" to be a string or null");
    }

    const Field& execution_id = handler.execution_id;
    if (execution_id.type == Type::kString) {
      profile.execution_id = execution_id.text;
    } else if (execution_id.type != Type::kAbsent && execution_id.type != Type::kNull) {
      return Malformed(execution_id.offset, "expected \"executionId\" to be a string or null");
    }

    const Field& total_period = handler.total_period;
    if (total_period.type == Type::kAbsent) {
      return Malformed(handler.root.offset, "missing required key \"totalPeriod\" (a number)");
    }
    if (total_period.type != Type::kNumber) {
      return Malformed(total_period.offset, "expected \"totalPeriod\" to be a number");
    }
    profile.total_period = JsonNumberToLongTruncating(ParseJsonNumber(total_period.text));

    const Field& code = handler.code;
    if (code.type == Type::kAbsent) {
      return Malformed(handler.root.offset, "missing required key \"code\" (an array)");
    }
    if (code.type != Type::kArray) {
      return Malformed(code.offset, "expected \"code\" to be an array");
    }
    if (handler.entry_problem) {
      return Malformed(handler.entry_problem->offset, handler.entry_problem->message);
    }
    profile.code = std::move(handler.entries);
    return profile;
  }

  absl::Status SyntaxError(size_t offset, rapidjson::ParseErrorCode code) const {
    // The shared descriptions speak of lines (records); a profile is a whole file.
    switch (code) {
      case rapidjson::kParseErrorDocumentEmpty:
        return Malformed(offset, "expected a JSON value, found an empty file");
      case rapidjson::kParseErrorDocumentRootNotSingular:
        return Malformed(offset, "expected the end of the file after the JSON value");
      case rapidjson::kParseErrorStringEscapeInvalid:
        // RapidJSON also reports a raw control character this way (at the character itself,
        // while a bad escape is reported at its backslash).
        if (offset < text_.size() && static_cast<unsigned char>(text_[offset]) < 0x20) {
          return Malformed(offset, DescribeJsonError(rapidjson::kParseErrorStringInvalidEncoding));
        }
        return Malformed(offset, DescribeJsonError(code));
      default:
        return Malformed(offset, DescribeJsonError(code));
    }
  }

  // "<path>:<line>:<column>: <message>", line and column 1-based, the column in bytes.
  absl::Status Malformed(size_t offset, std::string_view message) const {
    std::string_view before = text_.substr(0, std::min(offset, text_.size()));
    size_t line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < before.size(); ++i) {
      if (before[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    return absl::InvalidArgumentError(
        absl::StrCat("Failed to parse experiment ", experiment_id_, " in ", display_path_, ":",
                     line, ":", offset - line_start + 1, ": ", std::string(message)));
  }

  std::string_view text_;
  const std::string& display_path_;
  int experiment_id_;
};

const char* KindName(ExperimentKind kind) {
  switch (kind) {
    case ExperimentKind::kJit:
      return "JIT";
    case ExperimentKind::kAot:
      return "AOT";
    case ExperimentKind::kUnknown:
      break;
  }
  return "unknown";
}

}  // namespace

absl::StatusOr<Profile> ParseProfile(std::string_view text, const std::string& display_path,
                                     int experiment_id) {
  std::string repaired;
  if (RepairUtf8(text, &repaired)) text = repaired;
  return ProfileParser(text, display_path, experiment_id).Parse();
}

absl::StatusOr<std::string> ReadProfileFile(const std::string& path, int experiment_id) {
  auto read_error = [&](int error) {
    return absl::Status(absl::ErrnoToStatusCode(error),
                        absl::StrCat("Could not read the files of the experiment ", experiment_id,
                                     ": ", NormalizePath(path), " (", ErrnoText(error), ")"));
  };
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return read_error(errno);
  std::string text;
  char buffer[1 << 16];
  while (true) {
    ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int error = errno;  // a directory opens fine and fails here with EISDIR
      close(fd);
      return read_error(error);
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  return text;
}

absl::StatusOr<Profile> LoadProfile(const std::string& path, int experiment_id) {
  absl::StatusOr<std::string> text = ReadProfileFile(path, experiment_id);
  if (!text.ok()) return text.status();
  return ParseProfile(*text, AbsolutePath(path), experiment_id);
}

absl::Status CheckProfileKind(const Profile& profile, ExperimentKind expected,
                              const std::string& path, int experiment_id) {
  if (expected == ExperimentKind::kUnknown || expected == profile.kind) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("Failed to parse experiment ", experiment_id, " in ", AbsolutePath(path),
                   ": mismatched experiment kind: expected ", KindName(expected), ", got ",
                   KindName(profile.kind)));
}

}  // namespace profdiff
