#ifndef PROFDIFF_OUTPUT_LINE_WRITER_H_
#define PROFDIFF_OUTPUT_LINE_WRITER_H_

#include <cstdio>
#include <string>
#include <string_view>

namespace profdiff {

// Told before and after output reaches a terminal that something else draws on too: the
// progress line erases itself before, and is kept from drawing during, every write.
class WriteGuard {
 public:
  virtual ~WriteGuard() = default;
  virtual void BeforeWrite() = 0;
  virtual void AfterWrite() = 0;
};

// Writes indented lines (output.md §1): 4 spaces per level, emitted before the first text of a
// line; an empty line carries no spaces. Output is buffered and streamed to a FILE*, or
// appended straight to a string (pieces rendered on worker threads, tests).
class LineWriter {
 public:
  explicit LineWriter(std::FILE* file) : file_(file), buffer_(&own_buffer_) {}
  explicit LineWriter(std::string* target) : buffer_(target) {}
  ~LineWriter() { Flush(); }
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  int level() const { return level_; }
  void set_level(int level) { level_ = level; }
  void Indent() { ++level_; }
  void Outdent() { --level_; }

  // One line at the current level (plus `extra` levels).
  void Line(std::string_view text, int extra = 0) {
    AppendIndent(level_ + extra);
    buffer_->append(text);
    buffer_->push_back('\n');
    MaybeFlush();
  }
  // Starts a line piecewise: Begin(), then Append()..., then End().
  void Begin(int extra = 0) { AppendIndent(level_ + extra); }
  void Append(std::string_view text) { buffer_->append(text); }
  void End() {
    buffer_->push_back('\n');
    MaybeFlush();
  }
  // Text that is already laid out in lines (e.g. rendered by another LineWriter).
  void Raw(std::string_view text);
  // A separator line without indentation.
  void EmptyLine() {
    buffer_->push_back('\n');
    MaybeFlush();
  }
  void Flush();
  // The errno of the first write to the file that failed (EPIPE: the reader went away), or 0.
  // After a failure, output is dropped.
  int write_error() const { return write_error_; }
  // May be null (the default).
  void set_write_guard(WriteGuard* guard) { guard_ = guard; }

  // For writers that lay out whole lines themselves (JSON records): append straight to
  // buffer(), ending with '\n', then call Committed(). No copy of a record is made, however
  // big it is.
  std::string* buffer() { return buffer_; }
  void Committed() { MaybeFlush(); }

 private:
  // Writes `text` to file_ (unless an earlier write failed), telling guard_.
  void Write(std::string_view text);
  void AppendIndent(int level) {
    if (level > 0) buffer_->append(static_cast<size_t>(level) * 4, ' ');
  }
  static constexpr size_t kFlushBytes = size_t{1} << 16;
  void MaybeFlush() {
    if (file_ != nullptr && buffer_->size() >= kFlushBytes) Flush();
  }

  std::FILE* file_ = nullptr;  // nullptr: writing to a string
  std::string own_buffer_;
  std::string* buffer_;  // &own_buffer_ when writing to a file, else the target string
  int level_ = 0;
  int write_error_ = 0;
  WriteGuard* guard_ = nullptr;
};

// Writes "- text" lines at a depth: the bullets of the "How to read" blocks.
class Bullets {
 public:
  explicit Bullets(LineWriter& out) : out_(out) {}
  void operator()(int depth, std::string_view text) {
    out_.Begin(depth);
    out_.Append("- ");
    out_.Append(text);
    out_.End();
  }

 private:
  LineWriter& out_;
};

}  // namespace profdiff

#endif  // PROFDIFF_OUTPUT_LINE_WRITER_H_
