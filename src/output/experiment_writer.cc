#include "profdiff/experiment_writer.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "profdiff/java_format.h"

namespace profdiff {

namespace {

double Percent(int64_t part, int64_t whole) {
  return static_cast<double>(part) / static_cast<double>(whole) * 100;
}

std::string KindSuffix(ExperimentKind kind) {
  switch (kind) {
    case ExperimentKind::kJit:
      return " (JIT)";
    case ExperimentKind::kAot:
      return " (AOT)";
    case ExperimentKind::kUnknown:
      return "";
  }
  return "";
}

}  // namespace

void WriteExperimentSummary(LineWriter& out, const Experiment& experiment) {
  std::string title = absl::StrCat("Experiment ", experiment.id());
  const std::optional<Profile>& profile = experiment.profile();
  if (profile && profile->execution_id) {
    absl::StrAppend(&title, " with execution ID ", *profile->execution_id);
  }
  absl::StrAppend(&title, KindSuffix(experiment.kind()));
  out.Line(title);
  out.Line(absl::StrCat("Collected optimization logs for ", experiment.log().units.size(),
                        " compilation units"),
           1);
  if (!profile) return;
  int64_t graal_period = 0, hot_period = 0, hot_units = 0;
  for (const Compilation& c : experiment.compilations()) {
    if (c.is_fragment) continue;
    graal_period += c.period;
    if (c.hot) {
      hot_period += c.period;
      ++hot_units;
    }
  }
  const int64_t total = profile->total_period;
  out.Line(absl::StrCat("Collected proftool data for ", profile->code.size(), " compilation units"),
           1);
  out.Line(absl::StrCat("Graal-compiled methods account for ",
                        JavaFixed(Percent(graal_period, total)), "% of execution"),
           1);
  out.Line(absl::StrCat(hot_units, " hot compilation units account for ",
                        JavaFixed(Percent(hot_period, total)), "% of execution"),
           1);
  out.Line(absl::StrCat(JavaFixed(static_cast<double>(total) / 1e9), " billion cycles total"), 1);
  out.Line("Top methods", 1);
  out.Line("Execution     Cycles  Level      ID  Method", 2);
  std::vector<const ProfileEntry*> entries;
  entries.reserve(profile->code.size());
  for (const ProfileEntry& entry : profile->code) entries.push_back(&entry);
  std::stable_sort(
      entries.begin(), entries.end(),
      [](const ProfileEntry* a, const ProfileEntry* b) { return a->period > b->period; });
  if (entries.size() > 10) entries.resize(10);
  for (const ProfileEntry* entry : entries) {
    std::string level = entry->level ? absl::StrCat(*entry->level) : "";
    out.Line(absl::StrCat(PadLeft(JavaFixed(Percent(entry->period, total)), 8), "% ",
                          PadLeft(JavaFixed(static_cast<double>(entry->period) / 1e9), 10), " ",
                          PadLeft(level, 6), " ", PadLeft(entry->compile_id.value_or(""), 7), "  ",
                          entry->name),
             2);
  }
}

std::string ExecutionSummary(const Experiment& experiment, const Compilation& compilation) {
  return absl::StrCat(PadLeft(JavaFixed(Percent(compilation.period, experiment.GraalPeriod())), 5),
                      "% of Graal execution, ",
                      PadLeft(JavaFixed(Percent(compilation.period, experiment.total_period())), 5),
                      "% of total");
}

std::string CompilationHeader(const Experiment& experiment, CompilationIndex index) {
  const Compilation& c = experiment.compilation(index);
  std::string header =
      absl::StrCat("Compilation ", c.is_fragment ? "fragment " : "unit ", PadLeft(c.id, 5));
  if (c.multi_method_key) absl::StrAppend(&header, " of multi-method ", *c.multi_method_key);
  if (experiment.has_profile()) {
    absl::StrAppend(&header, " consumed ", ExecutionSummary(experiment, c));
  }
  absl::StrAppend(&header, " in experiment ", experiment.id());
  return header;
}

void WriteCompilationList(LineWriter& out, const Experiment& experiment, MethodIndex method) {
  out.Line(absl::StrCat("In experiment ", experiment.id()));
  std::vector<CompilationIndex> list = experiment.method(method).compilations;
  if (list.empty()) {
    out.Line("No compilations", 1);
    return;
  }
  const bool profiled = experiment.has_profile();
  std::string count = absl::StrCat(list.size(), " compilations");
  if (profiled) {
    size_t hot = std::count_if(list.begin(), list.end(),
                               [&](CompilationIndex c) { return experiment.compilation(c).hot; });
    absl::StrAppend(&count, " (", hot, " of which are hot)");
  }
  out.Line(count, 1);
  out.Line("Compilations", 1);
  std::stable_sort(list.begin(), list.end(), [&](CompilationIndex a, CompilationIndex b) {
    return experiment.compilation(a).period > experiment.compilation(b).period;
  });
  for (CompilationIndex index : list) {
    const Compilation& c = experiment.compilation(index);
    std::string row = PadLeft(c.id, 5);
    if (c.multi_method_key) absl::StrAppend(&row, " of multi-method ", *c.multi_method_key);
    if (profiled) {
      absl::StrAppend(&row, " consumed ", ExecutionSummary(experiment, c));
      if (c.hot) row += " *hot*";
    }
    out.Line(row, 2);
    if (!c.is_fragment) continue;
    for (size_t i = 0; i < c.inlining_path.size(); ++i) {
      const PathElement& element = c.inlining_path[i];
      std::string line = i == 0 ? "  |_ a fragment of " : std::string(19, ' ');
      line += element.name.value_or("null");
      if (element.bci != -1) absl::StrAppend(&line, " at bci ", element.bci);
      out.Line(line, 2);
    }
  }
}

}  // namespace profdiff
