#ifndef PROFDIFF_LOAD_HOTSPOT_LOG_SCAN_H_
#define PROFDIFF_LOAD_HOTSPOT_LOG_SCAN_H_

// The scan of a HotSpot log's structure (docs/hotspot.md "Reading"): expat handlers that read
// the header's VM version, the tty section's install records, the compiler of each
// <compilation_log> and the start tag of each <task> (a unit). The scan either sees the whole
// log (sequential reading) or the log with each task's body blanked out, its byte range given
// by the caller that splits the log at task boundaries (task_split.h).

#include <expat.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/load/optimization_log.h"

namespace profdiff {

// Frees an expat parser on every path out of a scope.
struct ParserDeleter {
  void operator()(XML_ParserStruct* parser) const { XML_ParserFree(parser); }
};
using Parser = std::unique_ptr<XML_ParserStruct, ParserDeleter>;

inline Parser NewParser() { return Parser(XML_ParserCreate("UTF-8")); }

// "<line>:<column>: malformed XML (<expat's message>)" at the parser's current position, its
// line moved down by `line_shift` (LogScan::line_shift).
std::string ExpatError(XML_Parser parser, uint64_t line_shift);

// An install record of the tty section (<nmethod> or <make_not_entrant>) kept to be collected
// later: its attributes as name, value, ... pairs.
struct InstallRecord {
  bool installed = true;  // <nmethod>; false: <make_not_entrant>
  std::vector<std::string> attributes;

  // From expat's (name, value, ..., null) attributes.
  static InstallRecord Of(bool installed, const char** attributes);
};

// Collects the tty section's <nmethod> (installed) and <make_not_entrant> records of the scan
// (docs/jfr.md "A finer source of install times"), apart from the tasks.
class InstallCollector {
 public:
  explicit InstallCollector(HotSpotInstalls* out) : out_(out) {}

  void Root(const char** attributes);
  void Installed(const char** attributes);
  void NotEntrant(const char** attributes);
  void Add(const InstallRecord& record);

 private:
  HotSpotInstalls* out_;
  absl::flat_hash_map<std::string, size_t> by_id_;
  absl::flat_hash_map<std::string, int64_t> not_entrant_;  // seen before their <nmethod>
};

// What a task's start tag says of its unit: the scan reads it from a start tag it is fed, the
// workers of split reading (task_batches.h) from the tags the scan is not fed.
struct TaskHead {
  int64_t unit = -1;                  // the unit it is for (workers)
  std::string compilation_id;         // "%" appended for an OSR compilation, as proftool marks it
  std::optional<std::string> method;  // Graal's spelling; nullopt: absent or not a descriptor
  int8_t level = -1;                  // the `level` attribute; -1: none, or not a tier

  // From the attribute values (decoded; null: absent).
  static TaskHead Of(const char* compile_id, const char* compile_kind, const char* level,
                     const char* method);
  // Whether it makes a unit (else a warning, InvalidTaskWarning).
  bool valid() const {
    return method.has_value() && !compilation_id.empty() && compilation_id != "%";
  }
};

// The warning about a <task> without a valid TaskHead at `line` of `path`.
std::string InvalidTaskWarning(std::string_view path, uint64_t line);

// The state of the scan of a whole log.
struct LogScan {
  LogScan(XML_Parser parser, const std::string* path, const WarningSink* warn,
          OptimizationLog* log);

  InstallCollector installs;
  XML_Parser parser;
  const std::string* path;
  const WarningSink* warn;
  OptimizationLog* log;
  int depth = 0;
  bool root_seen = false;
  bool doctype_seen = false;
  // <vm_version><release>...</release> of the header.
  bool in_vm_version = false;
  bool in_release = false;
  std::string release;
  // The compiler of the <compilation_log> being read ("C1", "C2"; empty when unknown).
  bool in_compilation_log = false;
  std::string compiler;
  // The <task> being read.
  bool in_task = false;
  int task_depth = 0;
  UnitRecord task;
  TaskHead task_head;  // its start tag's attributes (not of a stand-in)
  uint64_t task_line = 0;

  // Split reading (task_split.cc): task bodies are not fed; the splitter says where the start
  // and end tags it feeds are in the parser's input (`*_index`, -1: none expected) and in the
  // log (`task_offset`, `task_end`; an empty <task/> ends after its start tag). A task tag anywhere
  // else sets `confused`.
  bool split = false;
  int64_t start_tag_index = -1;
  int64_t end_tag_index = -1;
  uint64_t task_offset = 0;
  uint64_t task_end = 0;
  bool task_started = false;  // a unit's <task> started since the splitter last cleared it
  bool confused = false;
  // Most tasks' start tags are not fed either: the splitter feeds "<task>" in their place
  // (`stand_in` while it does) and the workers read their attributes. Such a unit is a
  // placeholder until the splitter fills it from the workers' TaskHead; `unit_lines` has the
  // line of each unit's start tag and `invalid_tasks` the warnings about invalid tasks with
  // their tags' offsets, so that the splitter writes them in log order with the workers' ones.
  bool stand_in = false;
  bool task_stand_in = false;  // the <task> being read started as a stand-in
  std::vector<uint64_t> unit_lines;
  std::vector<std::pair<uint64_t, std::string>> invalid_tasks;
  // The line breaks of the task bodies fed so far that the parser did not see (task_split.cc
  // BlankBody): the file's line of the parser's current position is its line plus this.
  uint64_t line_shift = 0;
  // Split reading of the <tty> section: its content is handed to the workers in pieces too, cut
  // where the parser is in the tty's content (not in a tag, comment, CDATA section or child
  // element): after character data that ends where the input fed so far ends.
  bool in_tty = false;        // directly or deeper in the root's <tty> child
  bool in_cdata = false;      // in a CDATA section (split reading of the tty only)
  int64_t tty_text_end = -1;  // where the tty's last character data ended in the parser's input
  // The install records the scan itself read, with how many batches the splitter had handed to
  // the workers before each: split reading collects them in log order with the batches' ones.
  std::vector<std::pair<size_t, InstallRecord>> deferred_installs;
  size_t batches_submitted = 0;
};

// The line in the file of the scan's current position.
uint64_t ScanLine(const LogScan& scan);

// Whether the error the parser stopped at, when told that the input ended, is one of an input
// cut short (no element, an unclosed token, CDATA section or character) rather than malformed
// XML. expat may find an error inside a token that the input leaves unfinished only at the end,
// depending on how the input was divided into calls (it defers parsing a partial token again
// until enough input has come); by the error itself, both readings tell a cut log alike.
bool EndsCutShort(XML_Parser parser);

// Installs the scan's handlers on `parser` (after a reset too).
void StartLogScan(LogScan* scan);

// The text without surrounding whitespace.
std::string Trimmed(std::string_view text);

}  // namespace profdiff

#endif  // PROFDIFF_LOAD_HOTSPOT_LOG_SCAN_H_
