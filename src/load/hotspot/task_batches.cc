#include "load/hotspot/task_batches.h"

#include <expat.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>
#include <pugixml.hpp>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "load/hotspot/log_scan.h"
#include "load/hotspot/pugixml_names.h"
#include "load/hotspot/task_optimizations.h"

namespace profdiff {

namespace {

// A worker's parse of a batch: each element of the wrapper must be a <task> exactly where the
// splitter cut it.
struct BatchCheck {
  XML_Parser parser = nullptr;
  const Batch* batch = nullptr;
  size_t next = 0;
  size_t current = 0;
  int depth = 0;
  bool ok = true;
  std::vector<int64_t> failed;  // units whose <task_done> says success='0'
  std::vector<TaskHead> heads;

  void Fail() {
    ok = false;
    XML_StopParser(parser, XML_FALSE);
  }
};

void XMLCALL CheckStart(void* data, const char* element, const char** attributes) {
  BatchCheck& check = *static_cast<BatchCheck*>(data);
  ++check.depth;
  if (check.depth == 2) {
    const size_t start = check.next == 0 ? 3 : check.batch->ends[check.next - 1];
    if (check.next >= check.batch->ends.size() || std::strcmp(element, "task") != 0 ||
        XML_GetCurrentByteIndex(check.parser) != static_cast<XML_Index>(start)) {
      check.Fail();
      return;
    }
    check.current = check.next++;
    const int64_t unit = check.batch->units[check.current];
    if (unit >= 0) {
      check.heads.push_back(TaskHead::Of(
          FindAttribute(attributes, "compile_id"), FindAttribute(attributes, "compile_kind"),
          FindAttribute(attributes, "level"), FindAttribute(attributes, "method")));
      check.heads.back().unit = unit;
    }
  } else if (check.depth > 2 && std::strcmp(element, "task_done") == 0) {
    const char* success = FindAttribute(attributes, "success");
    const int64_t unit = check.batch->units[check.current];
    if (success != nullptr && std::strcmp(success, "0") == 0 && unit >= 0 &&
        (check.failed.empty() || check.failed.back() != unit)) {
      check.failed.push_back(unit);
    }
  }
}

void XMLCALL CheckEnd(void* data, const char*) {
  BatchCheck& check = *static_cast<BatchCheck*>(data);
  if (check.depth == 2 && check.ok) {
    const XML_Index end = XML_GetCurrentByteIndex(check.parser) +
                          static_cast<XML_Index>(XML_GetCurrentByteCount(check.parser));
    if (end != static_cast<XML_Index>(check.batch->ends[check.current])) check.Fail();
  }
  --check.depth;
}

// The check of a batch with expat (BatchCheck).
bool CheckWithExpat(XML_Parser parser, const Batch& batch, std::vector<int64_t>* failed,
                    std::vector<TaskHead>* heads) {
  BatchCheck check;
  check.parser = parser;
  check.batch = &batch;
  XML_ParserReset(parser, "UTF-8");
  XML_SetUserData(parser, &check);
  XML_SetElementHandler(parser, CheckStart, CheckEnd);
  const bool parsed =
      batch.text.size() <= static_cast<size_t>(INT_MAX) &&
      XML_Parse(parser, batch.text.data(), static_cast<int>(batch.text.size()), 1) == XML_STATUS_OK;
  if (!parsed || !check.ok || check.next != batch.ends.size()) return false;
  *failed = std::move(check.failed);
  *heads = std::move(check.heads);
  return true;
}

// Elements of the tty's content that the scan reads for more than install records: a piece
// holding one is left to the scan (the load is read again as a whole).
bool ScanReadsInTty(std::string_view name) {
  return name == "vm_version" || name == "compilation_log" || name == "tty";
}

// A worker's parse of a piece of the tty's content: its install records, in order.
struct TtyCheck {
  XML_Parser parser = nullptr;
  int depth = 0;
  bool ok = true;
  std::vector<InstallRecord>* installs = nullptr;
};

void XMLCALL TtyStart(void* data, const char* element, const char** attributes) {
  TtyCheck& check = *static_cast<TtyCheck*>(data);
  if (++check.depth == 1) return;  // the wrapper
  const std::string_view name = element;
  if (ScanReadsInTty(name)) {
    check.ok = false;
    XML_StopParser(check.parser, XML_FALSE);
  } else if (name == "nmethod" || name == "make_not_entrant") {
    check.installs->push_back(InstallRecord::Of(name == "nmethod", attributes));
  }
}

void XMLCALL TtyEnd(void* data, const char*) { --static_cast<TtyCheck*>(data)->depth; }

bool CheckTtyWithExpat(XML_Parser parser, const Batch& batch,
                       std::vector<InstallRecord>* installs) {
  TtyCheck check;
  check.parser = parser;
  check.installs = installs;
  XML_ParserReset(parser, "UTF-8");
  XML_SetUserData(parser, &check);
  XML_SetElementHandler(parser, TtyStart, TtyEnd);
  return batch.text.size() <= static_cast<size_t>(INT_MAX) &&
         XML_Parse(parser, batch.text.data(), static_cast<int>(batch.text.size()), 1) ==
             XML_STATUS_OK &&
         check.ok;
}

// Whether the attributes of `element` are unique and, with kValues, hold no '<' (which expat
// rejects and pugixml accepts; without, NoLessThanInValues or ValuesCheck must tell).
template <bool kValues>
bool AttributesValid(pugi::xml_node element) {
  // Up to kMost names are kept and compared at the end; each one after them is compared with
  // the kept ones and with those after it (an <nmethod> record has about twenty).
  constexpr size_t kMost = 32;
  const char* names[kMost];
  size_t count = 0;
  // The end is told by the name, which the loop reads anyway (IsEnd), not by a call of the
  // attribute's conversion to bool.
  for (pugi::xml_attribute a = element.first_attribute();; a = a.next_attribute()) {
    const char* name = a.name();
    if (IsEnd(name)) break;
    if constexpr (kValues) {
      for (const char* v = a.value(); *v != 0; ++v) {
        if (*v == '<') return false;
      }
    }
    if (count < kMost) {
      names[count++] = name;
      continue;
    }
    for (size_t i = 0; i < kMost; ++i) {
      if (std::strcmp(name, names[i]) == 0) return false;
    }
    for (pugi::xml_attribute b = a.next_attribute(); b; b = b.next_attribute()) {
      if (std::strcmp(name, b.name()) == 0) return false;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    for (size_t j = i + 1; j < count; ++j) {
      if (names[i][0] == names[j][0] && std::strcmp(names[i], names[j]) == 0) return false;
    }
  }
  return true;
}

// Whether no attribute value of the elements below a node holds '<' (AttributesValid<true>),
// for when NoLessThanInValues cannot tell.
class ValuesCheck : public pugi::xml_tree_walker {
 public:
  bool for_each(pugi::xml_node& node) override {
    valid = node.type() != pugi::node_element || AttributesValid<true>(node);
    return valid;
  }

  bool valid = true;
};

// Checks the descendants of a <task> (AttributesValid; the values are left to
// NoLessThanInValues) and notes a failed unit. pugixml's traverse walks them without recursion,
// one virtual call per node: walking the DOM through its accessors took twice the time.
class TaskCheck : public pugi::xml_tree_walker {
 public:
  TaskCheck(int64_t unit, std::vector<int64_t>* failed) : unit_(unit), failed_(failed) {}

  bool for_each(pugi::xml_node& node) override {
    const char* name = node.name();
    if (!IsElementName(name)) return true;
    ++elements;
    if (!AttributesValid<false>(node)) {
      valid = false;
      return false;
    }
    if (name[0] == 't' && std::strcmp(name, "task_done") == 0 && unit_ >= 0 &&
        std::strcmp(node.attribute("success").value(), "0") == 0 &&
        (failed_->empty() || failed_->back() != unit_)) {
      failed_->push_back(unit_);
    }
    return true;
  }

  bool valid = true;
  size_t elements = 0;

 private:
  const int64_t unit_;
  std::vector<int64_t>* const failed_;
};

// The elements of a piece of the tty's content: checked (AttributesValid, ScanReadsInTty; the
// values are left to NoLessThanInValues).
class TtyElementCheck : public pugi::xml_tree_walker {
 public:
  bool for_each(pugi::xml_node& node) override {
    if (node.type() != pugi::node_element) return true;
    ++elements;
    valid = AttributesValid<false>(node) && !ScanReadsInTty(node.name());
    return valid;
  }

  bool valid = true;
  size_t elements = 0;
};

// Whether the values of a document's elements hold no '<': told by the counts when they can,
// else searched.
bool ValuesValid(const MarkupCounts& counts, size_t elements, pugi::xml_node wrapper) {
  if (NoLessThanInValues(counts, elements)) return true;
  ValuesCheck check;
  return wrapper.traverse(check) && check.valid;
}

// The install records of a piece of the tty's content, their attribute values decoded.
class TtyInstalls : public pugi::xml_tree_walker {
 public:
  explicit TtyInstalls(std::vector<InstallRecord>* installs) : installs_(installs) {}

  bool for_each(pugi::xml_node& node) override {
    if (node.type() != pugi::node_element) return true;
    const std::string_view name = node.name();
    if (name == "nmethod" || name == "make_not_entrant") {
      InstallRecord record;
      record.installed = name == "nmethod";
      for (pugi::xml_attribute a = node.first_attribute(); a; a = a.next_attribute()) {
        record.attributes.emplace_back(a.name());
        record.attributes.emplace_back(a.value());
      }
      installs_->push_back(std::move(record));
    }
    return true;
  }

 private:
  std::vector<InstallRecord>* const installs_;
};

// CheckTtyWithExpat with pugixml: a parse that keeps the text as it is checks it (a '<' in an
// attribute value is not told from a decoded "&lt;" afterwards), a second one decodes the
// attribute values (the five entities, white space as expat normalises it) of the install
// records. The tty is a small part of a log; the second parse costs little.
bool CheckTtyWithPugixml(Batch& batch, const MarkupCounts& counts,
                         std::vector<InstallRecord>* installs) {
  std::string copy = batch.text;
  {
    pugi::xml_document document;
    if (!document.load_buffer_inplace(batch.text.data(), batch.text.size(), pugi::parse_minimal,
                                      pugi::encoding_utf8)) {
      return false;
    }
    // The piece must not close the wrapper: one element at the top.
    pugi::xml_node wrapper = document.first_child();
    TtyElementCheck check;
    if (wrapper.next_sibling() || !wrapper.traverse(check) || !check.valid ||
        !ValuesValid(counts, 1 + check.elements, wrapper)) {
      return false;
    }
  }
  pugi::xml_document document;
  if (!document.load_buffer_inplace(
          copy.data(), copy.size(),
          pugi::parse_escapes | pugi::parse_wconv_attribute | pugi::parse_eol,
          pugi::encoding_utf8)) {
    return false;
  }
  TtyInstalls collect(installs);
  return document.first_child().traverse(collect);
}

// A value of an attribute as pugixml's parse_minimal left it, decoded as expat decodes values
// (the five entities replaced, tab and line breaks made blanks): by pugixml, in a document of
// one element with the value in the quotes it cannot hold. nullopt when it is not one.
std::optional<std::string> DecodedValue(const char* raw) {
  const char quote = std::strchr(raw, '\'') == nullptr ? '\'' : '"';
  std::string text =
      absl::StrCat("<v a=", absl::string_view(&quote, 1), raw, absl::string_view(&quote, 1), "/>");
  pugi::xml_document document;
  if (!document.load_buffer_inplace(
          text.data(), text.size(),
          pugi::parse_escapes | pugi::parse_wconv_attribute | pugi::parse_eol,
          pugi::encoding_utf8)) {
    return std::nullopt;
  }
  return std::string(document.first_child().first_attribute().value());
}

// What the start tag of `task` says of `unit` (TaskHead), the values decoded where they need
// it; nullopt when one cannot be.
std::optional<TaskHead> ReadTaskHead(pugi::xml_node task, int64_t unit) {
  const char* values[4] = {nullptr, nullptr, nullptr, nullptr};  // TaskHead::Of's order
  for (pugi::xml_attribute a = task.first_attribute(); a; a = a.next_attribute()) {
    const char* name = a.name();
    int which = -1;
    if (name[0] == 'c') {
      if (std::strcmp(name, "compile_id") == 0) which = 0;
      if (std::strcmp(name, "compile_kind") == 0) which = 1;
    } else if (name[0] == 'l' && std::strcmp(name, "level") == 0) {
      which = 2;
    } else if (name[0] == 'm' && std::strcmp(name, "method") == 0) {
      which = 3;
    }
    if (which >= 0) values[which] = a.value();
  }
  std::optional<std::string> decoded[4];
  for (int i = 0; i < 4; ++i) {
    if (values[i] == nullptr || std::strpbrk(values[i], "&\t\n\r") == nullptr) continue;
    decoded[i] = DecodedValue(values[i]);
    if (!decoded[i].has_value()) return std::nullopt;
    values[i] = decoded[i]->c_str();
  }
  TaskHead head = TaskHead::Of(values[0], values[1], values[2], values[3]);
  head.unit = unit;
  return head;
}

// The check BatchCheck makes, with pugixml: false when the batch is not as the splitter cut it
// (or malformed). `failed` gets the units whose <task_done> says success='0', `heads` what the
// start tags say of the units.
bool CheckWithPugixml(Batch& batch, const MarkupCounts& counts, std::vector<int64_t>* failed,
                      std::vector<TaskHead>* heads) {
  char* const text = batch.text.data();
  pugi::xml_document document;
  if (!document.load_buffer_inplace(text, batch.text.size(), pugi::parse_minimal,
                                    pugi::encoding_utf8)) {
    return false;
  }
  const pugi::xml_node wrapper = document.first_child();
  size_t next = 0;
  size_t elements = 1;  // the wrapper
  for (pugi::xml_node task = wrapper.first_child(); task; task = task.next_sibling()) {
    const size_t start = next == 0 ? 3 : batch.ends[next - 1];
    if (next >= batch.ends.size() || task.type() != pugi::node_element ||
        std::strcmp(task.name(), "task") != 0 ||
        task.name() - text != static_cast<ptrdiff_t>(start + 1) || !AttributesValid<false>(task)) {
      return false;
    }
    const int64_t unit = batch.units[next++];
    if (unit >= 0) {
      std::optional<TaskHead> head = ReadTaskHead(task, unit);
      if (!head.has_value()) return false;
      heads->push_back(*std::move(head));
    }
    TaskCheck check(unit, failed);
    if (!task.traverse(check) || !check.valid) return false;
    elements += 1 + check.elements;
  }
  return next == batch.ends.size() && ValuesValid(counts, elements, wrapper);
}

}  // namespace

BatchWorkers::BatchWorkers(unsigned threads) : threads_(threads) {
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

BatchWorkers::~BatchWorkers() { Close(); }

Batch BatchWorkers::NewBatch(size_t capacity) {
  Batch batch;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!spare_texts_.empty()) {
      batch.text = std::move(spare_texts_.back());
      spare_texts_.pop_back();
    }
  }
  batch.text.reserve(capacity);
  batch.text.assign("<r>");
  return batch;
}

void BatchWorkers::Submit(Batch batch) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < threads_ || failed_; });
  if (failed_) return;
  if (failed_units_.size() <= batch.number) {
    failed_units_.resize(batch.number + 1);
    installs_.resize(batch.number + 1);
  }
  queue_.push_back(std::move(batch));
  changed_.notify_all();
}
bool BatchWorkers::failed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return failed_;
}
std::vector<TaskHead> BatchWorkers::TakeHeads() {
  std::vector<TaskHead> heads;
  std::lock_guard<std::mutex> lock(mutex_);
  heads.swap(heads_);
  return heads;
}
bool BatchWorkers::Finish(BatchFindings* findings) {
  Close();
  for (const std::vector<int64_t>& units : failed_units_) {
    findings->failed.insert(findings->failed.end(), units.begin(), units.end());
  }
  findings->heads = TakeHeads();
  findings->installs = std::move(installs_);
  return !failed_;
}
void BatchWorkers::Close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
}
void BatchWorkers::Work() {
  Parser parser = NewParser();
  while (true) {
    Batch batch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return !queue_.empty() || closing_ || failed_; });
      if (queue_.empty() || failed_) return;
      batch = std::move(queue_.front());
      queue_.pop_front();
    }
    changed_.notify_all();
    batch.text += "</r>";
    std::vector<int64_t> failed;
    std::vector<TaskHead> heads;
    std::vector<InstallRecord> installs;
    MarkupCounts counts;
    const bool judged = PugixmlCanJudge(batch.text, &counts);
    bool parsed = false;
    if (batch.tty) {
      parsed = judged ? CheckTtyWithPugixml(batch, counts, &installs)
                      : CheckTtyWithExpat(parser.get(), batch, &installs);
    } else {
      parsed = judged ? CheckWithPugixml(batch, counts, &failed, &heads)
                      : CheckWithExpat(parser.get(), batch, &failed, &heads);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!parsed) {
        failed_ = true;
      } else {
        failed_units_[batch.number] = std::move(failed);
        if (heads_.empty()) {
          heads_ = std::move(heads);
        } else {
          heads_.insert(heads_.end(), std::make_move_iterator(heads.begin()),
                        std::make_move_iterator(heads.end()));
        }
        installs_[batch.number] = std::move(installs);
      }
      // As many buffers as can be in use at once: the queue's, the workers' and the one filled.
      if (spare_texts_.size() < 2 * threads_ + 1) spare_texts_.push_back(std::move(batch.text));
    }
    changed_.notify_all();
  }
}
}  // namespace profdiff
