#ifndef PROFDIFF_OUTPUT_HTML_RENDERER_H_
#define PROFDIFF_OUTPUT_HTML_RENDERER_H_

// --format=html: one self-contained page (docs/html-report.md). The page's script, style and
// an empty frame come first; the records follow as they arrive, as JSON in
// <script type="application/json"> elements: strings and tree labels in tables (each stored
// once, written in chunks as new ones appear), records in chunks, and each compilation's or
// pair's tree nodes in an element of their own that the page parses only when it shows them.
// What is held in memory is the tables' index (one entry per distinct string and label) and
// at most a chunk of each kind, not the output.

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/output/line_writer.h"
#include "profdiff/output/method_differences.h"
#include "profdiff/output/output_records.h"

namespace profdiff {

namespace html_internal {
class HtmlPieceRenderer;
}

// How big a page may grow (docs/html-report.md "Big outputs").
struct HtmlPageBudget {
  // Past this size, a warning says that browsers will be slow to open the page.
  uint64_t warn_bytes = uint64_t{256} << 20;
  // Past this size, the nodes of further trees are left out of the page (their pairs and
  // compilations stay listed, with their counts), so that it still opens.
  uint64_t tree_bytes = uint64_t{1} << 30;
};

class HtmlRenderer : public Renderer {
 public:
  // Warnings about the page (its size budget) go to `warnings` (may be null).
  HtmlRenderer(std::FILE* file, std::FILE* warnings, HtmlPageBudget budget = {});
  HtmlRenderer(std::string* target, std::FILE* warnings, HtmlPageBudget budget = {});
  ~HtmlRenderer() override;

  void Header(const HeaderRecord& record) override;
  void Warning(const WarningRecord& record) override;
  void Experiment(const ExperimentRecord& record) override;
  void Method(const MethodRecord& record) override;
  void Compilation(const CompilationTreesRecord& record) override;
  void Pair(const PairRecord& record) override;
  void Statistics(const StatisticsRecord& record) override;
  void StatisticsChange(const StatisticsChangeRecord& record) override;
  void RunsMethod(const RunsMethodRecord& record) override;
  void Summary(const SummaryRecord& record) override;
  void Decisions(const DecisionsRecord& record) override;
  void Loops(const LoopsRecord& record) override;
  void End(const EndRecord& record) override;
  void Error(const ErrorRecord& record) override;
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override;
  void WritePiece(std::string_view rendered) override;
  // Writes the chunks begun so far: what has been written is a page that opens (the page says
  // when its stream was cut short).
  void Flush() override;

  // Chunks are closed once they hold this many bytes.
  static constexpr size_t kChunkBytes = size_t{1} << 16;

 private:
  template <typename EncodeRecord>
  void Encode(EncodeRecord encode_record);
  // `piece_template` with its references replaced by the page's numbers.
  void Resolve(std::string_view piece_template, std::string* out) const;
  void AppendToChunk(std::string* chunk, std::string_view item, std::string_view kind);
  void CloseChunk(std::string* chunk);
  void Write(std::string_view text);
  // The page's frame and the options' defaults, before the first record.
  void WritePrologue();
  void Warn(std::string_view message);

  // Writes which compared pairs count as each method's differences (the gate's and summary's
  // rule, compilation_pairing.h), for the method table.
  void WriteCountedPairs();

  LineWriter out_;
  // Sees the header, method and pair records (pieces included), to tell which pairs count.
  mutable MethodDifferenceTally counted_;
  std::FILE* warnings_ = nullptr;
  HtmlPageBudget budget_;
  uint64_t written_ = 0;  // bytes of the page so far
  bool warned_size_ = false;
  bool leaving_out_ = false;  // past budget_.tree_bytes
  bool prologue_written_ = false;
  std::unique_ptr<html_internal::HtmlPieceRenderer> encoder_;
  std::string encoded_;  // a record encoded by encoder_
  // The page's tables: a string (JSON literal) or label (JSON, page numbers) -> its number.
  absl::flat_hash_map<std::string, uint32_t> strings_;
  absl::flat_hash_map<std::string, uint32_t> labels_;
  // The piece being written: its table numbers -> the page's.
  std::vector<uint32_t> piece_strings_;
  std::vector<uint32_t> piece_labels_;
  std::string resolved_;
  // Open chunks (JSON arrays without their closing bracket), empty when none is open.
  std::string string_chunk_;
  std::string label_chunk_;
  std::string record_chunk_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_HTML_RENDERER_H_
