#ifndef PROFDIFF_OUTPUT_HTML_PIECE_H_
#define PROFDIFF_OUTPUT_HTML_PIECE_H_

// The first half of --format=html (docs/html-report.md): records encoded as the page's data,
// with their strings and tree labels numbered in tables of the piece's own. Pieces are encoded
// on worker threads; the page (HtmlRenderer) then renumbers each piece's tables into the page's
// tables in output order, so that the page is the same however many threads rendered it.
//
// A piece is a sequence of sections: a tag byte, a 4-byte little-endian length and the bytes.
//   'S' a string of the piece's table, as a JSON string literal that is safe in a <script>
//       element (every '<' written \u003c, U+2028 and U+2029 escaped);
//   'L' a label of the piece's table: a JSON array in which strings are references;
//   'R' a record: a JSON object (the record of --format=json, trees without their nodes);
//   'T' the nodes of the trees of the last record: their number (4 bytes, little-endian),
//       then a JSON object in which labels are references. A jit-vs-jit-runs method record's
//       differences are its "trees": their number, then {"stable": [...], "noise": [...]}.
// A reference is kStringRef or kLabelRef and the 4-byte little-endian index of the string or
// label in the piece's table (JSON text never holds these bytes: control characters in
// strings are escaped).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "profdiff/output/output_records.h"

namespace profdiff::html_internal {

inline constexpr char kStringSection = 'S';
inline constexpr char kLabelSection = 'L';
inline constexpr char kRecordSection = 'R';
inline constexpr char kTreeSection = 'T';
inline constexpr char kStringRef = '\x01';
inline constexpr char kLabelRef = '\x02';

// Node operations as the page stores them (docs/html-report.md "Data").
enum PageOp : int {
  kIdentitySameLabel = 0,  // identity whose two sides have the same label: one label
  kIdentity = 1,           // identity, left and right labels
  kInsert = 2,             // the right label
  kDelete = 3,             // the left label
  kRelabel = 4,            // left and right labels
};

// Appends `text` as a JSON string literal that may stand inside a <script> element.
void AppendScriptSafeJsonString(std::string_view text, std::string* out);
// Rewrites every '<' in `json` (JSON text: '<' occurs only inside strings) as \u003c.
void EscapeLessThan(std::string* json);

uint32_t ReadU32(const char* bytes);
void AppendU32(uint32_t value, std::string* out);

// Encodes records into a piece (appended to `target`).
class HtmlPieceRenderer : public Renderer {
 public:
  // show_noise: jit-vs-jit-runs --show-noise (a piece has no header of its own).
  explicit HtmlPieceRenderer(std::string* target, bool show_noise = false)
      : out_(target), show_noise_(show_noise) {}

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
  std::unique_ptr<Renderer> NewPiece(std::string* target) const override {
    return std::make_unique<HtmlPieceRenderer>(target, show_noise_);
  }
  void WritePiece(std::string_view rendered) override { out_->append(rendered); }
  void Flush() override {}

  // Forgets the piece's tables, so that the next record starts a piece of its own.
  void Reset();
  bool show_noise() const { return show_noise_; }

 private:
  // Appends a section of `tag` holding what `write` appends.
  template <typename Write>
  void Section(char tag, Write write);
  // Writes `json` (a record of the JSON renderer, with its '\n') as an 'R' section.
  void RecordSection(std::string* json);
  void StringRef(std::string_view text, std::string* out);
  uint32_t LabelIndex(const TreeRecord& tree, const NodeLabel& label);
  void AppendNodes(const TreeRecord& tree, std::string* out);
  void TreeSection(const TreeRecord* inlining, const TreeRecord* optimization,
                   const TreeRecord* context);
  void AppendDifferences(const RunsMethodRecord& record,
                         const std::vector<DifferenceRecord>& differences, std::string* out);

  std::string* out_;
  bool show_noise_ = false;
  absl::flat_hash_map<std::string, uint32_t> strings_;
  absl::flat_hash_map<std::string, uint32_t> labels_;
  std::string scratch_;  // a label being encoded
  std::string json_;     // a record of the JSON renderer
  std::string nodes_;    // a tree section being encoded
  TreeRecord heads_[3];  // trees without their nodes, for the record's JSON
};

}  // namespace profdiff::html_internal

#endif  // PROFDIFF_OUTPUT_HTML_PIECE_H_
