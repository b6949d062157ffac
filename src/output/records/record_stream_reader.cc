#include "profdiff/output/record_stream_reader.h"

#include <cstdio>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "load/json/json_support.h"
#include "load/json/record_tape.h"
#include "load/json/record_values.h"
#include "output/records/decisions_records.h"
#include "output/records/line_decoder.h"
#include "output/records/loops_records.h"
#include "output/records/runs_records.h"
#include "output/records/stream_schema.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

using record_internal::kNoToken;
using record_internal::LineDecoder;
using record_internal::RecordTape;
using record_internal::TokenKind;

Options DecodeOptions(LineDecoder& d, uint32_t object) {
  Options options;
  if (object == kNoToken) return options;
  auto flag = [&](std::string_view name, bool* value) {
    if (d.Find(object, name) != kNoToken) *value = d.Bool(object, name);
  };
  if (d.Find(object, "hot-min-limit") != kNoToken) {
    options.hot_min_limit =
        static_cast<int32_t>(d.Int(object, "hot-min-limit", INT32_MIN, INT32_MAX));
  }
  if (d.Find(object, "hot-max-limit") != kNoToken) {
    options.hot_max_limit =
        static_cast<int32_t>(d.Int(object, "hot-max-limit", INT32_MIN, INT32_MAX));
  }
  // Checked here too: RapidJSON 1.1's validator lets an integer such as 5 pass "maximum": 1,
  // and the JSON written from the options again would then be refused.
  auto fraction = [&](std::string_view name, double* value) {
    if (d.Find(object, name) == kNoToken) return;
    const double read = d.Double(object, name);
    if (!(read >= 0 && read <= 1)) {
      d.Fail(absl::StrCat("expected a number from 0 to 1 for \"", AbslView(name), "\""));
      return;
    }
    *value = read;
  };
  fraction("hot-percentile", &options.hot_percentile);
  flag("optimization-context-tree", &options.optimization_context_tree);
  flag("diff-compilations", &options.diff_compilations);
  flag("long-bci", &options.long_bci);
  flag("sort-inlining-tree", &options.sort_inlining_tree);
  flag("sort-unordered-phases", &options.sort_unordered_phases);
  flag("remove-detailed-phases", &options.remove_detailed_phases);
  flag("prune-identities", &options.prune_identities);
  flag("create-fragments", &options.create_fragments);
  flag("inliner-reasoning", &options.inliner_reasoning);
  std::optional<std::string_view> format = d.OptStr(object, "format");
  if (format) options.format = EnumFromName<OutputFormat>(*format).value_or(OutputFormat::kText);
  flag("explanation", &options.explanation);
  flag("summary", &options.summary);
  flag("decisions", &options.decisions);
  flag("show-moved", &options.show_moved);
  std::optional<std::string_view> fail_on = d.OptStr(object, "fail-on");
  if (fail_on) options.fail_on = EnumFromName<FailOn>(*fail_on).value_or(FailOn::kNone);
  fraction("fail-min-share", &options.fail_min_share);
  std::optional<std::string_view> color = d.OptStr(object, "color");
  if (color) options.color = EnumFromName<WhenMode>(*color).value_or(WhenMode::kAuto);
  std::optional<std::string_view> progress = d.OptStr(object, "progress");
  if (progress) options.progress = EnumFromName<WhenMode>(*progress).value_or(WhenMode::kAuto);
  std::optional<std::string_view> method = d.OptStr(object, "method");
  if (method) options.method = std::string(*method);
  std::optional<std::string_view> tiers = d.OptStr(object, "tiers");
  if (tiers) options.tiers = TierSelection::Parse(*tiers, nullptr).value_or(TierSelection());
  return options;
}

// Reads the stream line by line: next(&line) gives the next line without its '\n' and tells
// whether the line ended with one.
class StreamReader {
 public:
  StreamReader(const std::string& display_path, RecordSink& out,
               const std::function<void(std::string_view)>& warn)
      : path_(display_path), out_(out), warn_(warn) {}

  // One line; `complete`: it ended with '\n'.
  absl::Status Line(std::string_view line, bool complete) {
    ++line_number_;
    if (ended_) return Problem("a record after the end of the stream");
    if (!tape_.Parse(line)) {
      if (!complete) {
        return Problem(absl::StrCat("the last record is cut short (", tape_.syntax_error_message(),
                                    "); the run that wrote it stopped in the middle of a line"));
      }
      return Problem(absl::StrCat("not JSON: ", tape_.syntax_error_message(), " at column ",
                                  tape_.syntax_error_offset() + 1));
    }
    std::string schema_problem = ValidateStreamRecord(line, runs_stream_);
    if (!schema_problem.empty()) return Problem(schema_problem);
    LineDecoder d(tape_);
    if (tape_.size() == 0 || tape_[0].kind != TokenKind::kObject) {
      return Problem("expected a record (a JSON object)");
    }
    std::string_view type = d.Str(0, "type");
    if (!d.error().empty()) return Problem(d.error());
    if (line_number_ == 1) {
      if (type != "header") return Problem("expected the header record of a --format=json run");
      if (d.Str(0, "format") != "profdiff" || !d.error().empty()) {
        return Problem("expected \"format\": \"profdiff\" in the header");
      }
      int64_t version = d.Int(0, "version");
      if (!d.error().empty()) return Problem(d.error());
      if (version != kOutputSchemaVersion) {
        return Problem(absl::StrCat("schema version ", version, " is not the version ",
                                    kOutputSchemaVersion, " that this profdiff reads"));
      }
      HeaderRecord header;
      header.command = std::string(d.Str(0, "command"));
      d.ForEach(d.Array(0, "arguments"),
                [&](uint32_t e) { header.arguments.emplace_back(d.Text(e, "arguments")); });
      header.options = DecodeOptions(d, d.Object(0, "options"));
      if (header.command == "jit-vs-jit-runs") {
        runs_stream_ = true;
        header.runs = record_internal::DecodeRunsOptions(d, d.Object(0, "options"));
      }
      if (!d.error().empty()) return Problem(d.error());
      out_.Header(header);
      return absl::OkStatus();
    }
    if (type == "header") return Problem("a second header record");
    if (type == "warning") {
      std::string_view message = d.Str(0, "message");
      if (!d.error().empty()) return Problem(d.error());
      out_.Warning(WarningRecord{message});
    } else if (type == "error") {
      std::string_view message = d.Str(0, "message");
      if (!d.error().empty()) return Problem(d.error());
      ended_ = true;  // the caller writes the error record on
      error_ = std::string(message);
    } else if (type == "experiment") {
      return Experiment(d);
    } else if (type == "method") {
      return runs_stream_ ? RunsMethod(d) : Method(d);
    } else if (type == "compilation") {
      CompilationTreesRecord record;
      record.method = d.Str(0, "method");
      record.compilation = d.Compilation(d.Object(0, "compilation"));
      d.Trees(0, false, &first_, &second_, &record.inlining, &record.optimization, &record.context);
      if (!d.error().empty()) return Problem(d.error());
      out_.Compilation(record);
    } else if (type == "pair") {
      PairRecord record;
      record.method = d.Str(0, "method");
      uint32_t compilations = d.Array(0, "compilations");
      std::vector<CompilationRecord> sides;
      d.ForEach(compilations, [&](uint32_t e) { sides.push_back(d.Compilation(e)); });
      if (d.error().empty() && sides.size() != 2) d.Fail("expected two compilations in a pair");
      record.sampling_noise = d.SamplingNoise(0);
      d.Trees(0, true, &first_, &second_, &record.inlining, &record.optimization, &record.context);
      if (!d.error().empty()) return Problem(d.error());
      record.first = std::move(sides[0]);
      record.second = std::move(sides[1]);
      out_.Pair(record);
    } else if (type == "statistics") {
      StatisticsRecord record;
      record.experiment = static_cast<int>(d.Int(0, "experiment", 1, 2));
      record.scope = d.Scope(d.Find(0, "scope"));
      d.Figures(&record.figures);
      if (!d.error().empty()) return Problem(d.error());
      out_.Statistics(record);
    } else if (type == "statistics-change") {
      StatisticsChangeRecord record;
      record.scope = d.Scope(d.Find(0, "scope"));
      if (!d.IsNull(d.Find(0, "hot_only_in"))) {
        record.hot_only_in = static_cast<int>(d.Int(0, "hot_only_in", 1, 2));
      }
      d.ForEach(d.Array(0, "rows"), [&](uint32_t e) { record.rows.push_back(d.ChangeRow(e)); });
      if (!d.error().empty()) return Problem(d.error());
      out_.StatisticsChange(record);
    } else if (type == "summary") {
      return Summary(d);
    } else if (type == "call-sites") {
      CallSitesRecord record;
      record_internal::DecodeCallSites(d, &record);
      if (!d.error().empty()) return Problem(d.error());
      out_.CallSites(record);
    } else if (type == "decisions") {
      DecisionsRecord record;
      record_internal::DecodeDecisions(d, &record);
      if (!d.error().empty()) return Problem(d.error());
      out_.Decisions(record);
    } else if (type == "loops") {
      LoopsRecord record;
      record_internal::DecodeLoops(d, &record);
      if (!d.error().empty()) return Problem(d.error());
      out_.Loops(record);
    } else if (type == "end") {
      EndRecord end;
      end.methods = d.Int(0, "methods", 0);
      end.compilations = d.Int(0, "compilations", 0);
      end.pairs = d.Int(0, "pairs", 0);
      end.too_big = d.Int(0, "too_big", 0);
      uint32_t differences = d.Object(0, "differences");
      auto counts = [&](std::string_view key, OpCounts* out) {
        uint32_t object = d.Object(differences, key);
        out->insert = d.Int(object, "insert", 0);
        out->remove = d.Int(object, "delete", 0);
        out->relabel = d.Int(object, "relabel", 0);
      };
      counts("inlining", &end.inlining);
      counts("optimization", &end.optimization);
      counts("optimization_context", &end.context);
      if (d.Find(0, "moved_call_sites") != kNoToken) {
        end.moved_call_sites = d.Int(0, "moved_call_sites", 0);
      }
      uint32_t runs = d.Find(0, "runs");
      if (runs != kNoToken) {
        runs = d.Object(0, "runs");
        end.runs.emplace();
        end.runs->compared = d.Int(runs, "compared", 0);
        end.runs->stable = d.Int(runs, "stable", 0);
        end.runs->noise = d.Int(runs, "noise", 0);
        end.runs->share_changes = d.Int(runs, "share_changes", 0);
      }
      if (!d.error().empty()) return Problem(d.error());
      out_.End(end);
      ended_ = true;
    }
    // Other types are newer records of the same schema version: skipped.
    return absl::OkStatus();
  }

  // After the last line.
  absl::Status Finish() {
    if (line_number_ == 0) return absl::InvalidArgumentError(absl::StrCat(path_, ": empty file"));
    if (!error_.empty()) return absl::UnknownError(error_);
    if (!ended_) {
      warn_(absl::StrCat("Warning: ", path_, " ends without an end record after line ",
                         line_number_, ": the run that wrote it was cut short"));
    }
    return absl::OkStatus();
  }

 private:
  absl::Status Problem(std::string_view message) {
    return absl::InvalidArgumentError(
        absl::StrCat(path_, ":", line_number_, ": ", AbslView(message)));
  }

  absl::Status Experiment(LineDecoder& d) {
    ExperimentRecord record;
    record.id = static_cast<int>(d.Int(0, "experiment", 0, 2));
    std::optional<std::string_view> kind = d.OptStr(0, "kind");
    if (kind == "jit") record.kind = ExperimentKind::kJit;
    if (kind == "aot") record.kind = ExperimentKind::kAot;
    record.units = d.Int(0, "units", 0);
    if (uint32_t hotspot = d.Find(0, "hotspot"); hotspot != kNoToken) {
      hotspot = d.Object(0, "hotspot");
      HotSpotLogRecord info;
      info.vm_version = d.Str(hotspot, "vm_version");
      info.tasks = d.Int(hotspot, "tasks", 0);
      info.failed_tasks = d.Int(hotspot, "failed_tasks", 0);
      // Streams written before --tiers kept each method's top-tier compilations and called
      // their number top_tier_units.
      if (d.Find(hotspot, "kept_units") != kNoToken) {
        info.units = d.Int(hotspot, "kept_units", 0);
        info.tiers = d.Str(hotspot, "tiers");
        info.kept = d.Str(hotspot, "kept");
      } else {
        info.units = d.Int(hotspot, "top_tier_units", 0);
        info.tiers = "top";
        info.kept = "each method's top-tier compilations";
      }
      info.without_profile = d.OptStr(hotspot, "without_profile").value_or(std::string_view());
      record.hotspot = info;
    }
    if (uint32_t llvm = d.Find(0, "llvm"); llvm != kNoToken) {
      llvm = d.Object(0, "llvm");
      LlvmRemarksRecord info;
      info.files = d.Int(llvm, "files", 0);
      info.remarks = d.Int(llvm, "remarks", 0);
      info.hotness = d.Bool(llvm, "hotness");
      info.without_profile = d.OptStr(llvm, "without_profile").value_or(std::string_view());
      record.llvm = info;
    }
    uint32_t profile = d.Find(0, "profile");
    if (!d.IsNull(profile)) {
      profile = d.Object(0, "profile");
      record.profiled = true;
      record.execution_id = d.OptStr(profile, "execution_id");
      record.profiled_code = d.Int(profile, "code_units", 0);
      if (d.OptStr(profile, "source") == "jfr") record.jfr_samples = d.Int(profile, "samples", 0);
      record.total_period = d.Int(profile, "total_period");
      record.graal_period = d.Int(profile, "graal_period");
      record.graal_share = d.Double(profile, "graal_share");
      record.graal_samples = d.OptInt(profile, "graal_samples");
      if (d.Find(profile, "left_out_period") != kNoToken) {
        record.left_out_period = d.Int(profile, "left_out_period", 0);
        record.left_out_share = d.Double(profile, "left_out_share");
        record.left_out_samples = d.OptInt(profile, "left_out_samples");
      }
      record.hot_units = d.Int(profile, "hot_units", 0);
      record.hot_period = d.Int(profile, "hot_period");
      record.hot_share = d.Double(profile, "hot_share");
      record.hot_samples = d.OptInt(profile, "hot_samples");
      d.ForEach(d.Array(profile, "top_methods"), [&](uint32_t e) {
        TopMethodRecord top;
        top.period = d.Int(e, "period");
        top.share = d.Double(e, "share");
        top.samples = d.OptInt(e, "samples");
        if (!d.IsNull(d.Find(e, "level"))) {
          top.level = static_cast<int32_t>(d.Int(e, "level", INT32_MIN, INT32_MAX));
        }
        top.compile_id = d.OptStr(e, "compile_id");
        top.name = d.Str(e, "name");
        record.top_methods.push_back(top);
      });
    }
    uint32_t run = d.Find(0, "run");
    if (run != kNoToken) {
      run = d.Object(0, "run");
      record.run.index = static_cast<int>(d.Int(run, "index", 1, INT32_MAX));
      record.run.count = static_cast<int>(d.Int(run, "count", 1, INT32_MAX));
      record.run.log = d.Str(run, "log");
      record.run.profile = d.Str(run, "profile");
    }
    if (!d.error().empty()) return Problem(d.error());
    out_.Experiment(record);
    return absl::OkStatus();
  }

  absl::Status RunsMethod(LineDecoder& d) {
    record_internal::DecodeRunsMethod(d, &runs_method_);
    if (!d.error().empty()) return Problem(d.error());
    out_.RunsMethod(runs_method_);
    return absl::OkStatus();
  }

  absl::Status Summary(LineDecoder& d) {
    SummaryRecord record;
    d.ForEach(d.Array(0, "methods"), [&](uint32_t e) {
      SummaryRowRecord row;
      row.rank = d.Int(e, "rank", 1);
      row.index = d.Int(e, "index", 0);
      row.method = d.Str(e, "method");
      uint32_t shares = d.Array(e, "shares");
      size_t i = 0;
      d.ForEach(shares, [&](uint32_t share) {
        if (i < 2 && !d.IsNull(share)) row.share[i] = d.Number(share, "shares");
        ++i;
      });
      if (d.error().empty() && i != 2) d.Fail("expected two shares in a summary row");
      if (uint32_t samples = d.Find(e, "samples"); samples != kNoToken) {
        i = 0;
        d.ForEach(d.Array(e, "samples"), [&](uint32_t count) {
          if (i < 2 && !d.IsNull(count)) {
            row.samples[i] = d.IntValue(count, "samples", 0, std::numeric_limits<int64_t>::max());
          }
          ++i;
        });
        if (d.error().empty() && i != 2) d.Fail("expected two sample counts in a summary row");
      }
      row.sampling_noise = d.SamplingNoise(e);
      row.pairs = d.Int(e, "pairs", 0);
      row.counted_pairs =
          d.Find(e, "counted_pairs") != kNoToken ? d.Int(e, "counted_pairs", 0) : row.pairs;
      auto kind = [&](std::string_view key, OpCounts* counts, int64_t* too_big) {
        uint32_t object = d.Object(e, key);
        counts->insert = d.Int(object, "insert", 0);
        counts->remove = d.Int(object, "delete", 0);
        counts->relabel = d.Int(object, "relabel", 0);
        *too_big = d.Int(object, "too_big", 0);
      };
      kind("inlining", &row.inlining, &row.inlining_too_big);
      kind("optimization", &row.optimization, &row.optimization_too_big);
      if (d.Find(e, "moved_call_sites") != kNoToken) {
        row.moved_call_sites = d.Int(e, "moved_call_sites", 0);
      }
      record.methods.push_back(row);
    });
    if (!d.error().empty()) return Problem(d.error());
    out_.Summary(record);
    return absl::OkStatus();
  }

  absl::Status Method(LineDecoder& d) {
    MethodRecord record;
    record.index = d.Int(0, "index", 0);
    record.name = d.Str(0, "method");
    if (!d.IsNull(d.Find(0, "hot_only_in"))) {
      record.hot_only_in = static_cast<int>(d.Int(0, "hot_only_in", 1, 2));
    }
    record.sampling_noise = d.SamplingNoise(0);
    d.ForEach(d.Array(0, "experiments"), [&](uint32_t e) {
      CompilationListRecord list;
      list.experiment = static_cast<int>(d.Int(e, "experiment", 0, 2));
      list.profiled = d.Bool(e, "profiled");
      if (d.Find(e, "name_in_log") != kNoToken) list.name_in_log = d.Str(e, "name_in_log");
      if (d.Find(e, "left_out_period") != kNoToken) {
        list.left_out_period = d.Int(e, "left_out_period", 0);
        list.left_out_share = d.Double(e, "left_out_share");
        list.left_out_samples = d.OptInt(e, "left_out_samples");
      }
      d.ForEach(d.Array(e, "compilations"),
                [&](uint32_t c) { list.compilations.push_back(d.Compilation(c)); });
      record.experiments.push_back(std::move(list));
    });
    if (!d.error().empty()) return Problem(d.error());
    out_.Method(record);
    return absl::OkStatus();
  }

  std::string path_;
  RecordSink& out_;
  const std::function<void(std::string_view)>& warn_;
  RecordTape tape_;
  TreeRecord first_, second_;
  RunsMethodRecord runs_method_;  // reused: keeps its capacity
  bool runs_stream_ = false;      // a jit-vs-jit-runs stream: method records have the runs form
  size_t line_number_ = 0;
  bool ended_ = false;
  std::string error_;  // the message of an error record
};

}  // namespace

absl::Status ReadRecordStreamText(std::string_view text, const std::string& display_path,
                                  RecordSink& out,
                                  const std::function<void(std::string_view)>& warn) {
  StreamReader reader(display_path, out, warn);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    const bool complete = end != std::string_view::npos;
    if (!complete) end = text.size();
    absl::Status status = reader.Line(text.substr(start, end - start), complete);
    if (!status.ok()) return status;
    start = end + 1;
  }
  return reader.Finish();
}

absl::Status ReadRecordStream(const std::string& path, RecordSink& out,
                              const std::function<void(std::string_view)>& warn) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (file == nullptr) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot open the file"));
  }
  StreamReader reader(path, out, warn);
  std::string line;
  std::vector<char> buffer(size_t{1} << 16);
  bool pending = false;  // `line` holds the start of a line
  while (true) {
    size_t n = std::fread(buffer.data(), 1, buffer.size(), file.get());
    if (n == 0) break;
    std::string_view chunk(buffer.data(), n);
    size_t start = 0;
    while (start < chunk.size()) {
      size_t end = chunk.find('\n', start);
      if (end == std::string_view::npos) {
        line.append(chunk.substr(start));
        pending = true;
        break;
      }
      line.append(chunk.substr(start, end - start));
      absl::Status status = reader.Line(line, /*complete=*/true);
      if (!status.ok()) return status;
      line.clear();
      pending = false;
      start = end + 1;
    }
  }
  if (std::ferror(file.get())) {
    return absl::DataLossError(absl::StrCat(path, ": cannot read the file"));
  }
  if (pending && !line.empty()) {
    absl::Status status = reader.Line(line, /*complete=*/false);
    if (!status.ok()) return status;
  }
  return reader.Finish();
}

}  // namespace profdiff
