// The candidate readers of LLVM remarks, measured for docs/llvm-parser-choice.md: each reads a
// whole file into std::vector<Remark> (the struct of src/load/llvm/remark_parser.h) on one thread
// and prints the number of remarks and arguments. With KEEP=0 in the environment the remarks are
// counted and dropped every 1,000 (1 MB pieces for the hand-written reader), as a loader that
// turns them into its model at once would: what is measured is then the parser, not the vector.
// Built by hand, one binary per candidate (the commands are in docs/llvm-parser-choice.md):
//   -DCANDIDATE_LIBYAML   libyaml's event API (libyaml-dev)
//   -DCANDIDATE_LIBFYAML  libfyaml's event API (libfyaml-dev)
//   -DCANDIDATE_LLVM      LLVM's own parser through llvm-c/Remarks.h (llvm-N-dev)
//   -DCANDIDATE_HANDWRITTEN  src/load/llvm/remark_parser.cc (THREADS=N in the environment)
// Usage: parser_candidates FILE
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "load/llvm/remark_parser.h"

using profdiff::llvm_remarks::DebugLoc;
using profdiff::llvm_remarks::Remark;
using profdiff::llvm_remarks::RemarkArg;
using profdiff::llvm_remarks::RemarkKind;

namespace {

bool Keep() {
  static const bool keep =
      std::getenv("KEEP") == nullptr || std::string(std::getenv("KEEP")) != "0";
  return keep;
}

// Counts the remarks' arguments and bytes into the totals, then forgets them.
size_t total_remarks = 0, total_args = 0, total_bytes = 0;
void Drop(std::vector<Remark>& remarks, size_t& dropped) {
  for (const Remark& remark : remarks) {
    total_args += remark.args.size();
    total_bytes += remark.function.size();
    for (const RemarkArg& arg : remark.args) total_bytes += arg.value.size();
  }
  dropped += remarks.size();
  total_remarks += remarks.size();
  remarks.clear();
}

[[maybe_unused]] RemarkKind KindOfTag(std::string_view tag) {
  if (tag.ends_with("!Passed")) return RemarkKind::kPassed;
  if (tag.ends_with("!Missed")) return RemarkKind::kMissed;
  if (tag.ends_with("!AnalysisFPCommute")) return RemarkKind::kAnalysisFPCommute;
  if (tag.ends_with("!AnalysisAliasing")) return RemarkKind::kAnalysisAliasing;
  if (tag.ends_with("!Failure")) return RemarkKind::kFailure;
  return RemarkKind::kAnalysis;
}

// Turns the events of a YAML parser into remarks (the schema's fixed depth: remark mapping,
// DebugLoc mapping, Args sequence, argument mapping, argument DebugLoc mapping).
class EventBuilder {
 public:
  std::vector<Remark> remarks;
  size_t dropped = 0;

  void MappingStart(std::string_view tag) {
    if (frames_.empty()) {
      if (!Keep() && remarks.size() == 1000) {
        Drop(remarks, dropped);
      }
      remarks.emplace_back().kind = KindOfTag(tag);
      loc_ = nullptr;
      arg_ = nullptr;
    } else if (frames_.back().sequence) {
      arg_ = &remarks.back().args.emplace_back();
    } else if (frames_.back().key == "DebugLoc") {
      loc_ = arg_ != nullptr && frames_.size() > 1 ? &arg_->loc.emplace()
                                                   : &remarks.back().loc.emplace();
    }
    frames_.push_back({false, true, {}});
  }
  void SequenceStart() { frames_.push_back({true, false, {}}); }
  void End() {
    frames_.pop_back();
    if (!frames_.empty() && !frames_.back().sequence) frames_.back().want_key = true;
    if (frames_.size() <= 1) arg_ = nullptr;
  }
  void Scalar(std::string_view text) {
    Frame& top = frames_.back();
    if (top.sequence) return;
    if (top.want_key) {
      top.key.assign(text);
      top.want_key = false;
      return;
    }
    top.want_key = true;
    Remark& remark = remarks.back();
    if (frames_.size() == 1) {
      if (top.key == "Pass")
        remark.pass.assign(text);
      else if (top.key == "Name")
        remark.name.assign(text);
      else if (top.key == "Function")
        remark.function.assign(text);
      else if (top.key == "Hotness")
        remark.hotness = std::strtoll(std::string(text).c_str(), nullptr, 10);
    } else if (frames_.size() == 3) {
      arg_->key = top.key;
      arg_->value.assign(text);
    } else {
      if (top.key == "File")
        loc_->file.assign(text);
      else if (top.key == "Line")
        loc_->line = static_cast<uint32_t>(std::atoi(std::string(text).c_str()));
      else if (top.key == "Column")
        loc_->column = static_cast<uint32_t>(std::atoi(std::string(text).c_str()));
    }
  }

 private:
  struct Frame {
    bool sequence;
    bool want_key;
    std::string key;
  };
  std::vector<Frame> frames_;
  DebugLoc* loc_ = nullptr;
  RemarkArg* arg_ = nullptr;
};

}  // namespace

#if defined(CANDIDATE_LIBYAML)
#include <yaml.h>
std::vector<Remark> Read(const std::string& content) {
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(content.data()),
                               content.size());
  EventBuilder builder;
  for (bool done = false; !done;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      std::fprintf(stderr, "%zu:%zu: %s\n", parser.problem_mark.line + 1,
                   parser.problem_mark.column + 1, parser.problem);
      std::exit(1);
    }
    switch (event.type) {
      case YAML_MAPPING_START_EVENT: {
        const char* tag = reinterpret_cast<const char*>(event.data.mapping_start.tag);
        builder.MappingStart(tag == nullptr ? "" : tag);
        break;
      }
      case YAML_SEQUENCE_START_EVENT:
        builder.SequenceStart();
        break;
      case YAML_MAPPING_END_EVENT:
      case YAML_SEQUENCE_END_EVENT:
        builder.End();
        break;
      case YAML_SCALAR_EVENT:
        builder.Scalar(
            {reinterpret_cast<const char*>(event.data.scalar.value), event.data.scalar.length});
        break;
      case YAML_STREAM_END_EVENT:
        done = true;
        break;
      default:
        break;
    }
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  if (!Keep()) Drop(builder.remarks, builder.dropped);
  return std::move(builder.remarks);
}
#elif defined(CANDIDATE_LIBFYAML)
#include <libfyaml.h>
std::vector<Remark> Read(const std::string& content) {
  fy_parse_cfg cfg{};
  cfg.flags = FYPCF_QUIET;
  fy_parser* parser = fy_parser_create(&cfg);
  fy_parser_set_string(parser, content.data(), content.size());
  EventBuilder builder;
  while (fy_event* event = fy_parser_parse(parser)) {
    size_t length = 0;
    switch (event->type) {
      case FYET_MAPPING_START: {
        const char* tag = event->mapping_start.tag != nullptr
                              ? fy_token_get_text(event->mapping_start.tag, &length)
                              : "";
        builder.MappingStart({tag, length});
        break;
      }
      case FYET_SEQUENCE_START:
        builder.SequenceStart();
        break;
      case FYET_MAPPING_END:
      case FYET_SEQUENCE_END:
        builder.End();
        break;
      case FYET_SCALAR: {
        const char* text = fy_token_get_text(event->scalar.value, &length);
        builder.Scalar({text, length});
        break;
      }
      default:
        break;
    }
    fy_parser_event_free(parser, event);
  }
  if (fy_parser_get_stream_error(parser)) {
    std::fprintf(stderr, "libfyaml: parse error\n");
    std::exit(1);
  }
  fy_parser_destroy(parser);
  if (!Keep()) Drop(builder.remarks, builder.dropped);
  return std::move(builder.remarks);
}
#elif defined(CANDIDATE_LLVM)
#include <llvm-c/Remarks.h>
namespace {
std::string Str(LLVMRemarkStringRef s) {
  return s == nullptr ? std::string()
                      : std::string(LLVMRemarkStringGetData(s), LLVMRemarkStringGetLen(s));
}
std::optional<DebugLoc> Loc(LLVMRemarkDebugLocRef dl) {
  if (dl == nullptr) return std::nullopt;
  return DebugLoc{Str(LLVMRemarkDebugLocGetSourceFilePath(dl)), LLVMRemarkDebugLocGetSourceLine(dl),
                  LLVMRemarkDebugLocGetSourceColumn(dl)};
}
}  // namespace
std::vector<Remark> Read(const std::string& content) {
  LLVMRemarkParserRef parser = LLVMRemarkParserCreateYAML(content.data(), content.size());
  std::vector<Remark> remarks;
  size_t dropped = 0;
  while (LLVMRemarkEntryRef entry = LLVMRemarkParserGetNext(parser)) {
    Remark& remark = remarks.emplace_back();
    remark.kind = static_cast<RemarkKind>(LLVMRemarkEntryGetType(entry) - 1);
    remark.pass = Str(LLVMRemarkEntryGetPassName(entry));
    remark.name = Str(LLVMRemarkEntryGetRemarkName(entry));
    remark.function = Str(LLVMRemarkEntryGetFunctionName(entry));
    remark.loc = Loc(LLVMRemarkEntryGetDebugLoc(entry));
    if (uint64_t hotness = LLVMRemarkEntryGetHotness(entry))
      remark.hotness = static_cast<int64_t>(hotness);
    for (LLVMRemarkArgRef arg = LLVMRemarkEntryGetFirstArg(entry); arg != nullptr;
         arg = LLVMRemarkEntryGetNextArg(arg, entry)) {
      remark.args.push_back({Str(LLVMRemarkArgGetKey(arg)), Str(LLVMRemarkArgGetValue(arg)),
                             Loc(LLVMRemarkArgGetDebugLoc(arg))});
    }
    LLVMRemarkEntryDispose(entry);
    if (!Keep() && remarks.size() == 1000) Drop(remarks, dropped);
  }
  if (!Keep()) Drop(remarks, dropped);
  if (LLVMRemarkParserHasError(parser)) {
    std::fprintf(stderr, "%s\n", LLVMRemarkParserGetErrorMessage(parser));
    std::exit(1);
  }
  LLVMRemarkParserDispose(parser);
  return remarks;
}
#elif defined(CANDIDATE_HANDWRITTEN)
std::vector<Remark> Read(const std::string& content) {
  const char* threads = std::getenv("THREADS");
  if (!Keep()) {  // 1 MB pieces, each parsed and dropped
    size_t dropped = 0;
    for (auto [begin, end] :
         profdiff::llvm_remarks::SplitDocuments(content, content.size() >> 20)) {
      auto part = profdiff::llvm_remarks::ParseDocuments(content, begin, end, "input");
      if (!part.ok()) {
        std::fprintf(stderr, "%s\n", std::string(part.status().message()).c_str());
        std::exit(1);
      }
      Drop(part->remarks, dropped);
    }
    return {};
  }
  auto file = profdiff::llvm_remarks::ParseRemarkFile(
      content, "input", threads ? std::strtoul(threads, nullptr, 10) : 1);
  if (!file.ok()) {
    std::fprintf(stderr, "%s\n", std::string(file.status().message()).c_str());
    std::exit(1);
  }
  return std::move(file->remarks);
}
#else
#error "define one CANDIDATE_*"
#endif

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::FILE* in = std::fopen(argv[1], "rb");
  if (in == nullptr) return 1;
  std::fseek(in, 0, SEEK_END);
  std::string content(static_cast<size_t>(std::ftell(in)), '\0');
  std::fseek(in, 0, SEEK_SET);
  if (std::fread(content.data(), 1, content.size(), in) != content.size()) return 1;
  std::fclose(in);
  std::vector<Remark> remarks = Read(content);
  size_t dropped = 0;
  Drop(remarks, dropped);
  std::printf("%zu remarks, %zu args, %zu bytes of function names and values\n", total_remarks,
              total_args, total_bytes);
  return 0;
}
