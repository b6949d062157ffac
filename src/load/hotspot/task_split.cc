#include "load/hotspot/task_split.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "load/hotspot/byte_scan.h"
#include "load/hotspot/task_batches.h"
#include "load/hotspot/task_cuts.h"
#include "profdiff/support/ordered_parallel.h"

namespace profdiff {

namespace {

std::atomic<int64_t> tty_pieces{0};

constexpr size_t kChunk = size_t{1} << 20;       // bytes read at a time
constexpr size_t kBatchBytes = size_t{1} << 20;  // task text parsed by a worker at a time
// A task is held in memory until its end tag is found: one longer than this (or a <task> whose
// end never comes) is read as a whole instead, which holds nothing.
constexpr size_t kLongestSplitTask = size_t{64} << 20;

// Reports the bytes read and units found to `progress` (when given).
class ProgressReport {
 public:
  ProgressReport(ProgressSink* progress, const InputStream& stream, const OptimizationLog& log)
      : progress_(progress), stream_(stream), log_(log) {}

  void Advance(bool final) {
    if (progress_ == nullptr) return;
    progress_->Advance(final ? 1 : 0, static_cast<int64_t>(stream_.file_bytes_read() - bytes_),
                       static_cast<int64_t>(log_.units.size() - units_));
    units_ = log_.units.size();
    bytes_ = stream_.file_bytes_read();
  }

 private:
  ProgressSink* progress_;
  const InputStream& stream_;
  const OptimizationLog& log_;
  size_t units_ = 0;
  uint64_t bytes_ = 0;
};

// Feeds `size` bytes (not the end) to `parser`; false on malformed XML.
bool Feed(XML_Parser parser, const char* data, size_t size) {
  while (size > 0) {
    const size_t n = std::min<size_t>(size, size_t{1} << 30);
    if (XML_Parse(parser, data, static_cast<int>(n), 0) == XML_STATUS_ERROR) return false;
    data += n;
    size -= n;
  }
  return true;
}

// Content read and not yet done with: a buffer that grows without being filled. A std::string
// was resized (filled with zeros) before each read, and the reading thread spent as long
// zeroing it as reading into it.
class PendingText {
 public:
  operator std::string_view() const { return std::string_view(data_.get(), size_); }
  const char* data() const { return data_.get(); }
  size_t size() const { return size_; }
  char operator[](size_t i) const { return data_[i]; }

  // Drops the first `n` bytes.
  void Drop(size_t n) {
    if (n == 0) return;  // nothing read yet: no buffer
    std::memmove(data_.get(), data_.get() + n, size_ - n);
    size_ -= n;
  }
  // Room for `n` more bytes, written by the caller and then counted by Added.
  char* Room(size_t n) {
    if (capacity_ - size_ < n) {
      const size_t capacity = std::max(size_ + n, 2 * capacity_);
      std::unique_ptr<char[]> grown(new char[capacity]);
      if (size_ > 0) std::memcpy(grown.get(), data_.get(), size_);
      data_ = std::move(grown);
      capacity_ = capacity;
    }
    return data_.get() + size_;
  }
  void Added(size_t n) { size_ += n; }

 private:
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

// Fills the units of the tasks whose start tags the workers read from their TaskHeads; the
// invalid ones become warnings (LogScan::invalid_tasks) and are left without a method name for
// DropInvalidUnits. Returns how many it filled.
size_t FillUnits(const std::vector<TaskHead>& heads, LogScan& scan) {
  std::vector<UnitRecord>& units = scan.log->units;
  for (const TaskHead& head : heads) {
    UnitRecord& unit = units[static_cast<size_t>(head.unit)];
    if (!head.valid()) {
      scan.invalid_tasks.emplace_back(
          unit.offset,
          InvalidTaskWarning(*scan.path, scan.unit_lines[static_cast<size_t>(head.unit)]));
      unit.method_name.clear();
      continue;
    }
    // Copied, not moved: a worker's strings live in its thread's malloc arena, and the units'
    // names, kept for the whole load, held 15 MB more at the peak of a comparison there.
    unit.compilation_id.assign(head.compilation_id);
    unit.method_name.assign(*head.method);
    if (head.level >= 0) unit.level = head.level;
  }
  return heads.size();
}

// Drops the units FillUnits found invalid and writes the warnings about invalid tasks in log
// order.
void DropInvalidUnits(LogScan& scan) {
  std::vector<UnitRecord>& units = scan.log->units;
  const size_t before = units.size();
  std::erase_if(units, [](const UnitRecord& unit) { return unit.method_name.empty(); });
  scan.log->invalid_records += static_cast<int64_t>(before - units.size());
  std::stable_sort(scan.invalid_tasks.begin(), scan.invalid_tasks.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [offset, warning] : scan.invalid_tasks) (*scan.warn)(warning);
  scan.invalid_tasks.clear();
  std::vector<uint64_t>().swap(scan.unit_lines);
}

}  // namespace

int64_t TtyPiecesHandedOut() { return tty_pieces.load(); }

ScanOutcome ReadWholeLog(InputStream& stream, LogScan& scan, ProgressSink* progress) {
  ProgressReport report(progress, stream, *scan.log);
  std::vector<char> buffer(kChunk);
  while (true) {
    const size_t n = stream.Read(buffer.data(), buffer.size());
    if (n == 0 && stream.error() != 0) return ScanOutcome::kReadError;
    const bool final = n == 0;
    if (XML_Parse(scan.parser, buffer.data(), static_cast<int>(n), final ? 1 : 0) ==
        XML_STATUS_ERROR) {
      return final && EndsCutShort(scan.parser) ? ScanOutcome::kCut : ScanOutcome::kMalformed;
    }
    report.Advance(final);
    if (final) return ScanOutcome::kComplete;
  }
}

ScanOutcome ReadSplitLog(InputStream& stream, LogScan& scan, ProgressSink* progress) {
  ProgressReport report(progress, stream, *scan.log);
  OptimizationLog& log = *scan.log;
  XML_Parser parser = scan.parser;
  scan.split = true;
  BatchWorkers workers(WorkerThreads());
  // Room for a batch's last task too, and the "</r>" the worker adds.
  constexpr size_t kBatchCapacity = kBatchBytes + kBatchBytes / 4;
  Batch batch = workers.NewBatch(kBatchCapacity);
  size_t batches = 0;
  PendingText pending;
  uint64_t base = 0;  // the content offset of pending[0]
  size_t pos = 0;     // pending[pos...] is not fed to the scan yet
  int64_t fed = 0;    // bytes fed to the scan's parser
  bool eof = false;
  bool in_task = false;   // between a unit's start tag and its end tag
  bool stand_in = false;  // in a task whose start tag is not fed yet (feed_stand_in)
  size_t task_begin = 0;
  size_t tag_length = 0;     // of the start tag at task_begin, when stand_in
  size_t batched_units = 0;  // of the tasks handed to the workers, each with a TaskHead
  std::string blank;
  std::string tag_blank;
  ScanOutcome outcome = ScanOutcome::kComplete;
  auto feed = [&](const char* data, size_t size) {
    if (!Feed(parser, data, size)) {
      outcome = ScanOutcome::kMalformed;
      return false;
    }
    fed += static_cast<int64_t>(size);
    if (scan.confused || scan.doctype_seen) {
      outcome = ScanOutcome::kFallBack;
      return false;
    }
    return true;
  };
  size_t filled = 0;  // units filled from the workers' TaskHeads
  auto submit = [&](Batch piece) {
    piece.number = batches++;
    scan.batches_submitted = batches;
    workers.Submit(std::move(piece));
    if (workers.failed()) outcome = ScanOutcome::kFallBack;
    filled += FillUnits(workers.TakeHeads(), scan);
  };
  auto submit_batch = [&] {
    submit(std::move(batch));
    batch = workers.NewBatch(kBatchCapacity);
  };
  // Feeds the task start tag pending[start, tag_end) as it is (and whatever precedes it from
  // `pos`), telling the scan where it is.
  auto feed_start_tag = [&](size_t start, size_t tag_end, bool empty) {
    scan.start_tag_index = fed + static_cast<int64_t>(start - pos);
    // expat reports the end of an empty element at the end of its tag.
    scan.end_tag_index = empty ? fed + static_cast<int64_t>(tag_end - pos) : -1;
    scan.task_offset = base + start;
    scan.task_end = base + tag_end;
    scan.task_started = false;
    const bool fed_tag = feed(pending.data() + pos, tag_end - pos);
    scan.start_tag_index = -1;
    scan.end_tag_index = -1;
    if (fed_tag) pos = tag_end;
    return fed_tag;
  };
  // Feeds a stand-in for the start tag at pos == task_begin of a task whose end tag starts at
  // `end_tag`: "<task>" when the body's stand-in (BlankBody) starts a line, so that the columns
  // after the tag do not matter, else the tag with its attributes blanked out. The workers read
  // the attributes (TaskHead): expat parsed every start tag again on this thread, a tenth of
  // the time of reading a log.
  auto feed_stand_in = [&](size_t end_tag) {
    const std::string_view text = pending;
    const size_t tag_end = task_begin + tag_length;
    // Where the body's first line break is, usually right after the tag.
    const bool body_breaks =
        text.substr(tag_end, end_tag - tag_end).find_first_of("\r\n") != std::string_view::npos;
    const std::string_view attributes = text.substr(task_begin + 5, tag_length - 6);
    uint64_t tag_left_out = 0;
    if (body_breaks) {
      tag_blank.assign("<task>");
      tag_left_out = LineBreaks(attributes);
    } else {
      tag_left_out = BlankBody(attributes, &tag_blank);
      tag_blank.insert(0, "<task");
      tag_blank.push_back('>');
    }
    scan.start_tag_index = fed;
    scan.task_offset = base + task_begin;
    scan.task_end = base + tag_end;
    scan.task_started = false;
    scan.stand_in = true;
    const bool fed_tag = feed(tag_blank.data(), tag_blank.size());
    scan.stand_in = false;
    scan.start_tag_index = -1;
    if (!fed_tag) return false;
    if (!scan.task_started) {  // in a comment, CDATA, ...: the scan must see the tag
      outcome = ScanOutcome::kFallBack;
      return false;
    }
    scan.line_shift += tag_left_out;
    pos = tag_end;
    return true;
  };
  // The tty's content from `pos` on, before `until`: fed to the scan up to where a piece can
  // start (where the scan is in the tty's content, LogScan::tty_text_end), then handed to the
  // workers in pieces, each stood in for by BlankBody; what follows the last piece is the scan's.
  auto cut_tty = [&](size_t until) {
    const std::string_view text = pending;
    const size_t limit = std::min(until, FindText(text.substr(0, until), pos, "</tty"));
    size_t search = pos;
    while (outcome == ScanOutcome::kComplete && scan.in_tty) {
      const size_t from = NextTtyCut(text, search, limit);
      if (from == kNotFound) return;
      if (from > pos && !feed(pending.data() + pos, from - pos)) return;
      pos = from;
      search = from + 1;
      if (!scan.in_tty || scan.depth != 2 || scan.in_cdata || scan.in_vm_version ||
          scan.tty_text_end != fed) {
        continue;
      }
      const size_t to = LastTtyCut(text, from, limit);
      if (to == kNotFound) return;
      if (!batch.ends.empty()) submit_batch();
      Batch piece = workers.NewBatch(to - from + 4);
      piece.tty = true;
      ++tty_pieces;
      piece.text.append(text.substr(from, to - from));
      submit(std::move(piece));
      const uint64_t left_out = BlankBody(text.substr(from, to - from), &blank);
      if (!feed(blank.data(), blank.size())) return;
      scan.line_shift += left_out;
      pos = to;
      search = to;
    }
  };
  bool look_for_tty = true;
  bool done = false;
  while (!done && outcome == ScanOutcome::kComplete) {
    // Feed and cut what is pending, until more content is needed.
    bool need_more = false;
    while (!need_more && !done && outcome == ScanOutcome::kComplete) {
      if (!in_task) {
        size_t safe = 0;
        const size_t start = FindTaskStart(pending, pos, eof, &safe);
        const size_t until = start == kNotFound ? safe : start;
        if (look_for_tty && !scan.in_tty) {
          // Feed the scan the tty's start tag, so that its content can be cut.
          // Only up to `until` (the next task): searching the rest of what is read for every
          // task made a log without a tty quadratic.
          constexpr std::string_view kTty = "<tty>";
          const size_t tty =
              FindText(static_cast<std::string_view>(pending).substr(0, until), pos, kTty);
          if (tty != kNotFound && tty + kTty.size() <= until) {
            if (!feed(pending.data() + pos, tty + kTty.size() - pos)) continue;
            pos = tty + kTty.size();
          }
        }
        if (scan.in_tty) {
          look_for_tty = false;  // HotSpot writes one tty section
          cut_tty(until);
          if (outcome != ScanOutcome::kComplete) continue;
        }
        if (start == kNotFound) {
          if (feed(pending.data() + pos, safe - pos)) pos = safe;
          need_more = !eof;
          done = eof;
          continue;
        }
        const size_t tag_end = StartTagEnd(pending, start);
        if (tag_end == kNotFound) {
          const size_t until = eof ? pending.size() : start;
          if (feed(pending.data() + pos, until - pos)) pos = until;
          need_more = !eof;
          done = eof;
          continue;
        }
        if (tag_end == 0) {  // no tag: the scan sees it as it is
          if (feed(pending.data() + pos, start + 1 - pos)) pos = start + 1;
          continue;
        }
        const bool empty = pending[tag_end - 2] == '/';
        if (!empty) {
          // What comes before the tag first: the scan's state then tells whether the tag starts
          // a unit's task, whose start tag the workers read (the scan gets a stand-in, fed with
          // the body's once its end is found).
          if (start > pos) {
            if (!feed(pending.data() + pos, start - pos)) continue;
            pos = start;
          }
          if (scan.in_compilation_log && !scan.in_task) {
            in_task = true;
            stand_in = true;
            task_begin = start;
            tag_length = tag_end - start;
            continue;
          }
        }
        if (!feed_start_tag(start, tag_end, empty)) continue;
        // Not a unit's task (in CDATA, a comment, outside a <compilation_log>), or an empty
        // one: the scan has seen all of it.
        if (!scan.task_started || empty) continue;
        in_task = true;
        task_begin = start;
        continue;
      }
      size_t end = 0;
      // Not in the start tag, which is not fed yet (a "</task>" in its values is malformed).
      const size_t end_tag = FindTaskEnd(pending, stand_in ? task_begin + tag_length : pos, &end);
      if (end_tag == kNotFound) {
        if (eof) {
          // Cut short inside the task: the scan reads its start tag and body as they are and
          // finds the end.
          if (stand_in) {
            stand_in = false;
            if (!feed_start_tag(task_begin, task_begin + tag_length, false)) continue;
          }
          if (feed(pending.data() + pos, pending.size() - pos)) pos = pending.size();
          done = true;
        }
        need_more = true;
        continue;
      }
      if (stand_in) {
        stand_in = false;
        if (!feed_stand_in(end_tag)) continue;
      }
      const uint64_t left_out =
          BlankBody(static_cast<std::string_view>(pending).substr(pos, end_tag - pos), &blank);
      if (!feed(blank.data(), blank.size())) continue;
      scan.line_shift += left_out;
      const size_t units_before = log.units.size();
      scan.end_tag_index = fed;
      scan.task_end = base + end;
      const bool fed_tag = feed(pending.data() + end_tag, end - end_tag);
      scan.end_tag_index = -1;
      if (!fed_tag) continue;
      if (scan.in_task) {
        outcome = ScanOutcome::kFallBack;
        continue;
      }
      pos = end;
      in_task = false;
      batch.text.append(pending.data() + task_begin, end - task_begin);
      batch.ends.push_back(batch.text.size());
      const bool unit = log.units.size() > units_before;
      batch.units.push_back(unit ? static_cast<int64_t>(log.units.size() - 1) : int64_t{-1});
      if (unit) ++batched_units;
      if (batch.text.size() >= kBatchBytes) submit_batch();
    }
    if (done || outcome != ScanOutcome::kComplete) break;
    if (in_task && pending.size() - task_begin > kLongestSplitTask) {
      outcome = ScanOutcome::kFallBack;
      break;
    }
    // Drop what is done with and read on.
    const size_t keep_from = in_task ? task_begin : pos;
    pending.Drop(keep_from);
    base += keep_from;
    pos -= keep_from;
    task_begin -= in_task ? keep_from : task_begin;
    const size_t n = stream.Read(pending.Room(kChunk), kChunk);
    pending.Added(n);
    if (n == 0 && stream.error() != 0) {
      outcome = ScanOutcome::kReadError;
      break;
    }
    eof = n == 0;
    report.Advance(false);
  }
  if (outcome == ScanOutcome::kComplete) {
    if (XML_Parse(parser, pending.data(), 0, 1) == XML_STATUS_ERROR) {
      outcome = EndsCutShort(parser) ? ScanOutcome::kCut : ScanOutcome::kMalformed;
    } else {
      report.Advance(true);
    }
    if (scan.confused || scan.doctype_seen) outcome = ScanOutcome::kFallBack;
  }
  if (!batch.ends.empty() && outcome != ScanOutcome::kFallBack) {
    batch.number = batches++;
    workers.Submit(std::move(batch));
  }
  BatchFindings findings;
  if (!workers.Finish(&findings)) return ScanOutcome::kFallBack;
  if (outcome == ScanOutcome::kFallBack) return outcome;
  filled += FillUnits(findings.heads, scan);
  // Every batched unit has a head (the units the scan read too: the same attributes).
  if ((outcome == ScanOutcome::kComplete || outcome == ScanOutcome::kCut) &&
      filled != batched_units) {
    return ScanOutcome::kFallBack;
  }
  for (int64_t unit : findings.failed) log.units[static_cast<size_t>(unit)].failed = true;
  DropInvalidUnits(scan);
  // The install records in log order: each the scan read before the batches that followed it.
  size_t next = 0;
  for (size_t b = 0; b <= findings.installs.size(); ++b) {
    for (; next < scan.deferred_installs.size() && scan.deferred_installs[next].first <= b;
         ++next) {
      scan.installs.Add(scan.deferred_installs[next].second);
    }
    if (b == findings.installs.size()) break;
    for (const InstallRecord& record : findings.installs[b]) scan.installs.Add(record);
  }
  return outcome;
}

}  // namespace profdiff
