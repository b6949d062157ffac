#include "load/hotspot/log_scan.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "load/hotspot/java_names.h"
#include "load/hotspot/task_optimizations.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The level of a task whose `level` attribute is not a tier: C2 tasks of a tiered VM have none
// (level 4), nor have the tasks of a VM with one compiler (C1: 1).
int8_t DefaultTaskLevel(std::string_view compiler) { return compiler == "C1" ? 1 : 4; }

// Seconds with a fraction ("0.177", a `stamp`) as nanoseconds; nullopt when not a number.
std::optional<int64_t> StampNanos(const char* text) {
  if (text == nullptr) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double seconds = std::strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !(seconds >= 0) || seconds > 1e9) {
    return std::nullopt;
  }
  return std::llround(seconds * 1e9);
}

int64_t ByteIndex(XML_Parser parser) {
  return static_cast<int64_t>(XML_GetCurrentByteIndex(parser));
}

void XMLCALL ScanText(void* data, const char* text, int length) {
  LogScan& scan = *static_cast<LogScan*>(data);
  if (scan.in_release) scan.release.append(text, static_cast<size_t>(length));
}

// Split reading of the tty: where its character data ends (LogScan::tty_text_end).
void XMLCALL ScanTtyText(void* data, const char*, int) {
  LogScan& scan = *static_cast<LogScan*>(data);
  scan.tty_text_end = static_cast<int64_t>(XML_GetCurrentByteIndex(scan.parser)) +
                      XML_GetCurrentByteCount(scan.parser);
}
void XMLCALL ScanCdataStart(void* data) { static_cast<LogScan*>(data)->in_cdata = true; }
void XMLCALL ScanCdataEnd(void* data) { static_cast<LogScan*>(data)->in_cdata = false; }

void XMLCALL ScanStart(void* data, const char* element, const char** attributes) {
  LogScan& scan = *static_cast<LogScan*>(data);
  ++scan.depth;
  const std::string_view name = element;
  if (scan.depth == 1) {
    scan.root_seen = true;
    if (name == "hotspot_log") scan.installs.Root(attributes);
    return;
  }
  if (scan.in_task) {
    const char* success = FindAttribute(attributes, "success");
    if (name == "task_done" && success != nullptr && std::string_view(success) == "0") {
      scan.task.failed = true;
    }
    return;
  }
  if (!scan.in_compilation_log && (name == "nmethod" || name == "make_not_entrant")) {
    const bool installed = name == "nmethod";
    if (scan.split) {
      scan.deferred_installs.emplace_back(scan.batches_submitted,
                                          InstallRecord::Of(installed, attributes));
    } else if (installed) {
      scan.installs.Installed(attributes);
    } else {
      scan.installs.NotEntrant(attributes);
    }
  } else if (scan.depth == 2 && name == "tty") {
    scan.in_tty = true;
    if (scan.split) {
      XML_SetCharacterDataHandler(scan.parser, ScanTtyText);
      XML_SetCdataSectionHandler(scan.parser, ScanCdataStart, ScanCdataEnd);
    }
  } else if (name == "vm_version") {
    scan.in_vm_version = true;
  } else if (name == "release" && scan.in_vm_version) {
    scan.in_release = true;
    // Text is read only here: elsewhere expat need not call back for every line break.
    XML_SetCharacterDataHandler(scan.parser, ScanText);
  } else if (name == "compilation_log") {
    scan.in_compilation_log = true;
    scan.compiler.clear();
  } else if (name == "start_compile_thread" && scan.in_compilation_log) {
    const char* thread_name = FindAttribute(attributes, "name");
    std::string_view thread = thread_name == nullptr ? "" : thread_name;
    if (thread.starts_with("C1")) scan.compiler = "C1";
    if (thread.starts_with("C2")) scan.compiler = "C2";
  } else if (name == "task" && scan.in_compilation_log) {
    scan.in_task = true;
    scan.task_depth = scan.depth;
    scan.task = UnitRecord();
    if (scan.split) {
      if (ByteIndex(scan.parser) != scan.start_tag_index) scan.confused = true;
      scan.task.offset = scan.task_offset;
      scan.task_started = true;
    } else {
      scan.task.offset = static_cast<uint64_t>(XML_GetCurrentByteIndex(scan.parser));
    }
    scan.task_line = ScanLine(scan);
    scan.task_stand_in = scan.split && scan.stand_in;
    if (scan.task_stand_in) {  // the workers read its attributes
      scan.task.level = DefaultTaskLevel(scan.compiler);
      return;
    }
    scan.task_head = TaskHead::Of(
        FindAttribute(attributes, "compile_id"), FindAttribute(attributes, "compile_kind"),
        FindAttribute(attributes, "level"), FindAttribute(attributes, "method"));
    const int8_t level = scan.task_head.level;
    scan.task.level = level >= 0 ? level : DefaultTaskLevel(scan.compiler);
  }
}

void XMLCALL ScanEnd(void* data, const char* element) {
  LogScan& scan = *static_cast<LogScan*>(data);
  const std::string_view name = element;
  if (scan.in_task && scan.depth == scan.task_depth) {
    scan.in_task = false;
    uint64_t end = 0;
    if (scan.split) {
      if (ByteIndex(scan.parser) != scan.end_tag_index) scan.confused = true;
      end = scan.task_end;
    } else {
      end = static_cast<uint64_t>(XML_GetCurrentByteIndex(scan.parser)) +
            static_cast<uint64_t>(XML_GetCurrentByteCount(scan.parser));
    }
    scan.task.length = end - scan.task.offset;
    if (!scan.task_stand_in && !scan.task_head.valid()) {
      std::string warning = InvalidTaskWarning(*scan.path, scan.task_line);
      if (scan.split) {
        scan.invalid_tasks.emplace_back(scan.task.offset, std::move(warning));
      } else {
        (*scan.warn)(warning);
      }
      ++scan.log->invalid_records;
    } else {
      if (!scan.task_stand_in) {
        scan.task.compilation_id = std::move(scan.task_head.compilation_id);
        scan.task.method_name = std::move(*scan.task_head.method);
      }
      if (scan.split) scan.unit_lines.push_back(scan.task_line);
      scan.log->units.push_back(std::move(scan.task));
    }
  } else if (!scan.in_task) {
    if (name == "vm_version") scan.in_vm_version = false;
    if (name == "release") {
      scan.in_release = false;
      XML_SetCharacterDataHandler(scan.parser, nullptr);
    }
    if (name == "compilation_log") scan.in_compilation_log = false;
    if (scan.depth == 2 && name == "tty" && scan.in_tty) {
      scan.in_tty = false;
      scan.in_cdata = false;
      XML_SetCharacterDataHandler(scan.parser, nullptr);
      XML_SetCdataSectionHandler(scan.parser, nullptr, nullptr);
    }
  }
  --scan.depth;
}

void XMLCALL ScanDoctype(void* data, const char*, const char*, const char*, int) {
  static_cast<LogScan*>(data)->doctype_seen = true;
}

}  // namespace

TaskHead TaskHead::Of(const char* compile_id, const char* compile_kind, const char* level,
                      const char* method) {
  TaskHead head;
  head.compilation_id = compile_id == nullptr ? "" : compile_id;
  if (compile_kind != nullptr && std::string_view(compile_kind) == "osr") {
    head.compilation_id += "%";
  }
  if (level != nullptr && level[0] >= '0' && level[0] <= '4' && level[1] == '\0') {
    head.level = static_cast<int8_t>(level[0] - '0');
  }
  if (method != nullptr) head.method = MethodNameFromDescriptor(method);
  return head;
}

std::string InvalidTaskWarning(std::string_view path, uint64_t line) {
  return absl::StrCat("Warning: Invalid compilation task: ", AbslView(path), ":", line,
                      ": expected the attributes compile_id and method ('holder name "
                      "(descriptor)') of a <task>");
}

uint64_t ScanLine(const LogScan& scan) {
  return static_cast<uint64_t>(XML_GetCurrentLineNumber(scan.parser)) + scan.line_shift;
}

std::string ExpatError(XML_Parser parser, uint64_t line_shift) {
  return absl::StrCat(static_cast<uint64_t>(XML_GetCurrentLineNumber(parser)) + line_shift, ":",
                      XML_GetCurrentColumnNumber(parser) + 1, ": malformed XML (",
                      XML_ErrorString(XML_GetErrorCode(parser)), ")");
}

bool EndsCutShort(XML_Parser parser) {
  switch (XML_GetErrorCode(parser)) {
    case XML_ERROR_NO_ELEMENTS:
    case XML_ERROR_UNCLOSED_TOKEN:
    case XML_ERROR_PARTIAL_CHAR:
    case XML_ERROR_UNCLOSED_CDATA_SECTION:
      return true;
    default:
      return false;
  }
}

void InstallCollector::Root(const char** attributes) {
  if (const char* process = FindAttribute(attributes, "process"); process != nullptr) {
    char* end = nullptr;
    const long long pid = std::strtoll(process, &end, 10);
    if (end != process && *end == '\0' && pid > 0) out_->process = pid;
  }
  const char* time_ms = FindAttribute(attributes, "time_ms");
  if (time_ms == nullptr) return;
  char* end = nullptr;
  const long long ms = std::strtoll(time_ms, &end, 10);
  if (end != time_ms && *end == '\0' && ms > 0) out_->vm_start_ms = ms;
}

void InstallCollector::Installed(const char** attributes) {
  const char* id = FindAttribute(attributes, "compile_id");
  const char* kind = FindAttribute(attributes, "compile_kind");
  const char* method = FindAttribute(attributes, "method");
  const std::optional<int64_t> stamp = StampNanos(FindAttribute(attributes, "stamp"));
  // Native wrappers (compile_kind='c2n') have no task; samples in them are native frames.
  const bool osr = kind != nullptr && std::string_view(kind) == "osr";
  if (id == nullptr || method == nullptr || !stamp.has_value() || (kind != nullptr && !osr)) {
    return;
  }
  // "holder name (descriptor)"
  const std::string_view text = method;
  const size_t space = text.find(' ');
  const size_t second = space == std::string_view::npos ? space : text.find(' ', space + 1);
  if (second == std::string_view::npos) return;
  HotSpotInstall code;
  code.compile_id = id;
  code.holder = std::string(text.substr(0, space));
  code.name = std::string(text.substr(space + 1, second - space - 1));
  code.descriptor = std::string(text.substr(second + 1));
  const char* level = FindAttribute(attributes, "level");
  code.level = level != nullptr && level[0] >= '0' && level[0] <= '4' && level[1] == '\0'
                   ? static_cast<int8_t>(level[0] - '0')
                   : 0;
  code.osr = osr;
  code.installed = *stamp;
  if (const char* count = FindAttribute(attributes, "count"); count != nullptr) {
    char* end = nullptr;
    const long long invocations = std::strtoll(count, &end, 10);
    if (end != count && *end == '\0' && invocations >= 0) code.invocations = invocations;
  }
  auto pending = not_entrant_.find(code.compile_id);
  if (pending != not_entrant_.end()) code.not_entrant = pending->second;
  by_id_[code.compile_id] = out_->code.size();
  out_->code.push_back(std::move(code));
}

InstallRecord InstallRecord::Of(bool installed, const char** attributes) {
  InstallRecord record;
  record.installed = installed;
  for (const char** a = attributes; *a != nullptr; ++a) record.attributes.emplace_back(*a);
  return record;
}

void InstallCollector::Add(const InstallRecord& record) {
  std::vector<const char*> attributes;
  attributes.reserve(record.attributes.size() + 1);
  for (const std::string& text : record.attributes) attributes.push_back(text.c_str());
  attributes.push_back(nullptr);
  if (record.installed) {
    Installed(attributes.data());
  } else {
    NotEntrant(attributes.data());
  }
}

void InstallCollector::NotEntrant(const char** attributes) {
  const char* id = FindAttribute(attributes, "compile_id");
  const std::optional<int64_t> stamp = StampNanos(FindAttribute(attributes, "stamp"));
  if (id == nullptr || !stamp.has_value()) return;
  auto it = by_id_.find(id);
  if (it == by_id_.end()) {
    not_entrant_.try_emplace(id, *stamp);
    return;
  }
  std::optional<int64_t>& time = out_->code[it->second].not_entrant;
  if (!time.has_value()) time = *stamp;
}

LogScan::LogScan(XML_Parser parser_in, const std::string* path_in, const WarningSink* warn_in,
                 OptimizationLog* log_in)
    : installs(&log_in->installs), parser(parser_in), path(path_in), warn(warn_in), log(log_in) {}

void StartLogScan(LogScan* scan) {
  XML_SetUserData(scan->parser, scan);
  XML_SetElementHandler(scan->parser, ScanStart, ScanEnd);
  XML_SetCharacterDataHandler(scan->parser, nullptr);
  XML_SetStartDoctypeDeclHandler(scan->parser, ScanDoctype);
}

std::string Trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\n' || text.front() == '\r' ||
                           text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' ||
                           text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return std::string(text);
}

}  // namespace profdiff
