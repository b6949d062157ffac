#include "profdiff/output/html_renderer.h"

#include <charconv>

#include "absl/strings/str_cat.h"
#include "output/html_page.h"
#include "output/html_piece.h"
#include "profdiff/output/json_renderer.h"
#include "profdiff/output/observed_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

using html_internal::HtmlPieceRenderer;

namespace {

void AppendUint(uint32_t value, std::string* out) {
  char digits[16];
  auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out->append(digits, result.ptr);
}

}  // namespace

HtmlRenderer::HtmlRenderer(std::FILE* file, std::FILE* warnings, HtmlPageBudget budget)
    : out_(file),
      warnings_(warnings),
      budget_(budget),
      encoder_(std::make_unique<HtmlPieceRenderer>(&encoded_)) {}

HtmlRenderer::HtmlRenderer(std::string* target, std::FILE* warnings, HtmlPageBudget budget)
    : out_(target),
      warnings_(warnings),
      budget_(budget),
      encoder_(std::make_unique<HtmlPieceRenderer>(&encoded_)) {}

HtmlRenderer::~HtmlRenderer() { Flush(); }

std::unique_ptr<Renderer> HtmlRenderer::NewPiece(std::string* target) const {
  // The encoder has seen the header: pieces list noise differences as it does.
  return ObservedRenderer::Owning(
      std::make_unique<HtmlPieceRenderer>(target, encoder_->show_noise()), counted_);
}

// Records given to the page itself (not through a piece) are a piece each.
template <typename EncodeRecord>
void HtmlRenderer::Encode(EncodeRecord encode_record) {
  encoded_.clear();
  encoder_->Reset();
  encode_record(*encoder_);
  WritePiece(encoded_);
}

void HtmlRenderer::WritePrologue() {
  if (prologue_written_) return;
  prologue_written_ = true;
  Write(html_internal::PagePrologue());
  // The defaults, so that the page can show which options a run changed.
  std::string defaults = "<script type=\"application/json\" data-pd=\"defaults\">";
  const RunsOptions runs_defaults;
  defaults += OptionsJson(Options{}, &runs_defaults);
  defaults += "</script>\n";
  Write(defaults);
}

void HtmlRenderer::Header(const HeaderRecord& record) {
  counted_.Header(record);
  Encode([&](Renderer& r) { r.Header(record); });
}

void HtmlRenderer::Warning(const WarningRecord& record) {
  Encode([&](Renderer& r) { r.Warning(record); });
}

void HtmlRenderer::Experiment(const ExperimentRecord& record) {
  Encode([&](Renderer& r) { r.Experiment(record); });
}

void HtmlRenderer::Method(const MethodRecord& record) {
  counted_.Method(record);
  Encode([&](Renderer& r) { r.Method(record); });
}

void HtmlRenderer::Compilation(const CompilationTreesRecord& record) {
  Encode([&](Renderer& r) { r.Compilation(record); });
}

void HtmlRenderer::Pair(const PairRecord& record) {
  counted_.Pair(record);
  Encode([&](Renderer& r) { r.Pair(record); });
}

void HtmlRenderer::Statistics(const StatisticsRecord& record) {
  Encode([&](Renderer& r) { r.Statistics(record); });
}

void HtmlRenderer::StatisticsChange(const StatisticsChangeRecord& record) {
  Encode([&](Renderer& r) { r.StatisticsChange(record); });
}

void HtmlRenderer::RunsMethod(const RunsMethodRecord& record) {
  Encode([&](Renderer& r) { r.RunsMethod(record); });
}

void HtmlRenderer::Summary(const SummaryRecord& record) {
  Encode([&](Renderer& r) { r.Summary(record); });
}

void HtmlRenderer::Decisions(const DecisionsRecord& record) {
  Encode([&](Renderer& r) { r.Decisions(record); });
}

void HtmlRenderer::Loops(const LoopsRecord& record) {
  Encode([&](Renderer& r) { r.Loops(record); });
}

void HtmlRenderer::End(const EndRecord& record) {
  WriteCountedPairs();
  Encode([&](Renderer& r) { r.End(record); });
  Flush();
}

void HtmlRenderer::Error(const ErrorRecord& record) {
  // A run that fails before it wrote anything (a path error, render of a file that is not a
  // stream) writes nothing, as in JSON: the message is on stderr (README "Exit status").
  if (!prologue_written_) return;
  Encode([&](Renderer& r) { r.Error(record); });
  Flush();
}

void HtmlRenderer::WriteCountedPairs() {
  // Items [method, [[id 1, id 2], ...]], in chunks like the records: the page counts a method's
  // differences over these pairs.
  WritePrologue();
  std::string chunk;
  std::string item;
  for (const auto& [method, ids] : counted_.CountedPairIds()) {
    item.assign("[");
    html_internal::AppendScriptSafeJsonString(method, &item);
    item.append(",[");
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i > 0) item.push_back(',');
      item.push_back('[');
      html_internal::AppendScriptSafeJsonString(ids[i].first, &item);
      item.push_back(',');
      html_internal::AppendScriptSafeJsonString(ids[i].second, &item);
      item.push_back(']');
    }
    item.append("]]");
    AppendToChunk(&chunk, item, "c");
  }
  CloseChunk(&chunk);
}

void HtmlRenderer::Resolve(std::string_view piece_template, std::string* out) const {
  size_t plain = 0;
  for (size_t i = 0; i < piece_template.size(); ++i) {
    const char c = piece_template[i];
    if (c != html_internal::kStringRef && c != html_internal::kLabelRef) continue;
    out->append(piece_template.data() + plain, i - plain);
    const uint32_t index = html_internal::ReadU32(piece_template.data() + i + 1);
    AppendUint(c == html_internal::kStringRef ? piece_strings_[index] : piece_labels_[index], out);
    i += 4;
    plain = i + 1;
  }
  out->append(piece_template.data() + plain, piece_template.size() - plain);
}

void HtmlRenderer::AppendToChunk(std::string* chunk, std::string_view item, std::string_view kind) {
  if (chunk->empty()) {
    chunk->append("<script type=\"application/json\" data-pd=\"");
    chunk->append(kind);
    chunk->append("\">[");
  } else {
    chunk->push_back(',');
  }
  chunk->append(item);
  if (chunk->size() >= kChunkBytes) CloseChunk(chunk);
}

void HtmlRenderer::CloseChunk(std::string* chunk) {
  if (chunk->empty()) return;
  chunk->append("]</script>\n");
  Write(*chunk);
  chunk->clear();
}

void HtmlRenderer::Write(std::string_view text) {
  out_.Raw(text);
  written_ += text.size();
  if (!warned_size_ && written_ > budget_.warn_bytes) {
    warned_size_ = true;
    Warn(absl::StrCat("the HTML page is over ", budget_.warn_bytes >> 20,
                      " MiB: browsers take seconds, and more memory than its size, to open it "
                      "(docs/html-report.md)"));
  }
}

void HtmlRenderer::Warn(std::string_view message) {
  if (warnings_ == nullptr) return;
  out_.Flush();
  std::string line = absl::StrCat("Warning: ", AbslView(message), "\n");
  std::fwrite(line.data(), 1, line.size(), warnings_);
  std::fflush(warnings_);
}

void HtmlRenderer::WritePiece(std::string_view piece) {
  // Every record goes into a page, even one before the header (a stream without one).
  WritePrologue();
  piece_strings_.clear();
  piece_labels_.clear();
  size_t at = 0;
  while (at + 5 <= piece.size()) {
    const char tag = piece[at];
    const uint32_t length = html_internal::ReadU32(piece.data() + at + 1);
    std::string_view body = piece.substr(at + 5, length);
    at += 5 + length;
    // Past the budget, trees are left out: their strings and labels are not kept either, so
    // that the tables stop growing too.
    if (leaving_out_ &&
        (tag == html_internal::kStringSection || tag == html_internal::kLabelSection)) {
      (tag == html_internal::kStringSection ? piece_strings_ : piece_labels_).push_back(0);
      continue;
    }
    switch (tag) {
      case html_internal::kStringSection: {
        auto [it, inserted] = strings_.try_emplace(std::string(body), strings_.size());
        if (inserted) AppendToChunk(&string_chunk_, body, "s");
        piece_strings_.push_back(it->second);
        break;
      }
      case html_internal::kLabelSection: {
        resolved_.clear();
        Resolve(body, &resolved_);
        auto [it, inserted] = labels_.try_emplace(resolved_, labels_.size());
        if (inserted) AppendToChunk(&label_chunk_, resolved_, "l");
        piece_labels_.push_back(it->second);
        break;
      }
      case html_internal::kRecordSection:
        AppendToChunk(&record_chunk_, body, "r");
        break;
      case html_internal::kTreeSection: {
        // The page pairs the n-th tree element with the n-th record that has trees. Its
        // number of nodes lets the page plan without parsing it.
        const uint32_t nodes = html_internal::ReadU32(body.data());
        body.remove_prefix(4);
        if (!leaving_out_ && written_ + body.size() > budget_.tree_bytes) {
          leaving_out_ = true;
          Warn(absl::StrCat("the HTML page reached its size budget of ", budget_.tree_bytes >> 20,
                            " MiB: the trees of the pairs and compilations that follow are left "
                            "out of it (they stay listed, with their counts); --format=text and "
                            "--format=json hold everything (docs/html-report.md)"));
        }
        if (leaving_out_) {
          resolved_.assign("<script type=\"application/json\" data-pd=\"t\" data-omitted=\"");
          AppendUint(nodes, &resolved_);
          resolved_.append("\">{\"omitted\":true}");
        } else {
          resolved_.assign("<script type=\"application/json\" data-pd=\"t\" data-nodes=\"");
          AppendUint(nodes, &resolved_);
          resolved_.append("\">");
          Resolve(body, &resolved_);
        }
        resolved_.append("</script>\n");
        Write(resolved_);
        break;
      }
      default:
        break;
    }
  }
}

void HtmlRenderer::Flush() {
  CloseChunk(&string_chunk_);
  CloseChunk(&label_chunk_);
  CloseChunk(&record_chunk_);
  out_.Flush();
}

}  // namespace profdiff
