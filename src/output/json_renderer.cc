#include "profdiff/output/json_renderer.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "output/decisions_json.h"
#include "output/json_labels.h"
#include "output/json_out.h"
#include "output/loops_json.h"
#include "output/runs_json.h"

namespace profdiff {

namespace {

void WriteShareMember(JsonOut& json, std::string_view key, bool known, double share) {
  json.Key(key);
  if (known) {
    json.Double(share);
  } else {
    json.Null();
  }
}

// A value of each experiment, null where unknown.
template <class T>
void WriteExperimentPair(JsonOut& json, std::string_view key, const std::optional<T> (&values)[2]) {
  json.Key(key);
  json.BeginArray();
  for (const std::optional<T>& value : values) {
    if (!value) {
      json.Null();
    } else if constexpr (std::is_integral_v<T>) {
      json.Int(*value);
    } else {
      json.Double(*value);
    }
  }
  json.EndArray();
}

void WriteCompilation(JsonOut& json, const CompilationRecord& c) {
  json.BeginObject();
  json.IntMember("experiment", c.experiment);
  json.Member("id", c.id);
  json.Key("fragment");
  json.Bool(c.fragment);
  json.Key("multi_method_key");
  if (c.multi_method_key) {
    json.String(*c.multi_method_key);
  } else {
    json.Null();
  }
  json.Key("period");
  if (c.profiled) {
    json.Int(c.period);
  } else {
    json.Null();
  }
  WriteShareMember(json, "graal_share", c.profiled, c.graal_share);
  WriteShareMember(json, "total_share", c.profiled, c.total_share);
  WriteSamplesMember(json, "samples", c.samples);
  json.Key("hot");
  if (c.profiled) {
    json.Bool(c.hot);
  } else {
    json.Null();
  }
  if (c.fragment) {
    json.Member("fragment_of", c.fragment_of);
    json.Key("inlining_path");
    json.BeginArray();
    for (const PathElementRecord& element : c.inlining_path) {
      json.BeginObject();
      json.Key("method");
      if (element.method) {
        json.String(*element.method);
      } else {
        json.Null();
      }
      WriteBci(json, element.bci);
      json.EndObject();
    }
    json.EndArray();
  }
  json.EndObject();
}

std::string_view KindName(ExperimentKind kind) {
  switch (kind) {
    case ExperimentKind::kJit:
      return "jit";
    case ExperimentKind::kAot:
      return "aot";
    case ExperimentKind::kUnknown:
      return "";
  }
  return "";
}

}  // namespace

std::string_view FormatName(OutputFormat format) { return NameOf(format); }

std::string OptionsJson(const Options& options) { return OptionsJson(options, nullptr); }

std::string OptionsJson(const Options& options, const RunsOptions* runs) {
  std::string text;
  JsonOut json(&text);
  json.BeginObject();
  json.IntMember("hot-min-limit", options.hot_min_limit);
  json.IntMember("hot-max-limit", options.hot_max_limit);
  json.Key("hot-percentile");
  json.Double(options.hot_percentile);
  auto flag = [&](std::string_view name, bool value) {
    json.Key(name);
    json.Bool(value);
  };
  flag("optimization-context-tree", options.optimization_context_tree);
  flag("diff-compilations", options.diff_compilations);
  flag("long-bci", options.long_bci);
  flag("sort-inlining-tree", options.sort_inlining_tree);
  flag("sort-unordered-phases", options.sort_unordered_phases);
  flag("remove-detailed-phases", options.remove_detailed_phases);
  flag("prune-identities", options.prune_identities);
  flag("create-fragments", options.create_fragments);
  flag("inliner-reasoning", options.inliner_reasoning);
  json.Member("format", FormatName(options.format));
  flag("explanation", options.explanation);
  flag("summary", options.summary);
  // Only when on, so that the header of every other run stays as it was.
  if (options.decisions) flag("decisions", true);
  if (options.show_moved) flag("show-moved", true);
  json.Member("fail-on", NameOf(options.fail_on));
  json.Key("fail-min-share");
  json.Double(options.fail_min_share);
  if (!options.require.empty()) json.Member("require", options.require);
  json.Member("color", NameOf(options.color));
  json.Member("progress", NameOf(options.progress));
  json.Member("method", options.method);
  json.Member("tiers", options.tiers.Name());
  if (runs != nullptr) {
    json.Key("stable-share");
    json.Double(runs->stable_share);
    json.Key("noise-share");
    json.Double(runs->noise_share);
    flag("show-noise", runs->show_noise);
  }
  json.EndObject();
  return text;
}

void JsonRenderer::WriteLine() {
  out_.buffer()->push_back('\n');
  out_.Committed();
}

void JsonRenderer::Header(const HeaderRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "header");
  json.Member("format", "profdiff");
  json.IntMember("version", kOutputSchemaVersion);
  json.Member("command", record.command);
  json.Key("arguments");
  json.BeginArray();
  for (const std::string& argument : record.arguments) json.String(argument);
  json.EndArray();
  json.Key("options");
  json.Raw(OptionsJson(record.options, record.runs.has_value() ? &*record.runs : nullptr));
  if (record.runs.has_value()) WriteRunsInputs(json, *record.runs);
  json.EndObject();
  WriteLine();
  header_written_ = true;
}

void JsonRenderer::Warning(const WarningRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "warning");
  json.Member("message", record.message);
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Error(const ErrorRecord& record) {
  // A run that fails before its header (a path error) writes nothing: a stream starts with a
  // header.
  if (!header_written_) return;
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "error");
  json.Member("message", record.message);
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Experiment(const ExperimentRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "experiment");
  json.IntMember("experiment", record.id);
  json.Key("kind");
  if (record.kind == ExperimentKind::kUnknown) {
    json.Null();
  } else {
    json.String(KindName(record.kind));
  }
  json.IntMember("units", record.units);
  if (record.hotspot.has_value()) {
    json.Key("hotspot");
    json.BeginObject();
    json.Member("vm_version", record.hotspot->vm_version);
    json.IntMember("tasks", record.hotspot->tasks);
    json.IntMember("failed_tasks", record.hotspot->failed_tasks);
    json.IntMember("kept_units", record.hotspot->units);
    json.Member("tiers", record.hotspot->tiers);
    json.Member("kept", record.hotspot->kept);
    json.Key("without_profile");
    if (record.hotspot->without_profile.empty()) {
      json.Null();
    } else {
      json.String(record.hotspot->without_profile);
    }
    json.EndObject();
  }
  if (record.llvm.has_value()) {
    json.Key("llvm");
    json.BeginObject();
    json.IntMember("files", record.llvm->files);
    json.IntMember("remarks", record.llvm->remarks);
    json.Key("hotness");
    json.Bool(record.llvm->hotness);
    json.Key("without_profile");
    if (record.llvm->without_profile.empty()) {
      json.Null();
    } else {
      json.String(record.llvm->without_profile);
    }
    json.EndObject();
  }
  json.Key("profile");
  if (!record.profiled) {
    json.Null();
  } else {
    json.BeginObject();
    json.Key("execution_id");
    if (record.execution_id) {
      json.String(*record.execution_id);
    } else {
      json.Null();
    }
    json.IntMember("code_units", record.profiled_code);
    if (record.llvm.has_value()) {
      json.Key("source");
      json.String("llvm-hotness");
    }
    if (record.jfr_samples) {
      json.Key("source");
      json.String("jfr");
      json.IntMember("samples", *record.jfr_samples);
    }
    json.IntMember("total_period", record.total_period);
    json.IntMember("graal_period", record.graal_period);
    json.Key("graal_share");
    json.Double(record.graal_share);
    WriteSamplesMember(json, "graal_samples", record.graal_samples);
    if (record.left_out_period != 0) {  // HotSpot logs with compilations --tiers left out
      json.IntMember("left_out_period", record.left_out_period);
      json.Key("left_out_share");
      json.Double(record.left_out_share);
      WriteSamplesMember(json, "left_out_samples", record.left_out_samples);
    }
    json.IntMember("hot_units", record.hot_units);
    json.IntMember("hot_period", record.hot_period);
    json.Key("hot_share");
    json.Double(record.hot_share);
    WriteSamplesMember(json, "hot_samples", record.hot_samples);
    json.Key("top_methods");
    json.BeginArray();
    for (const TopMethodRecord& top : record.top_methods) {
      json.BeginObject();
      json.IntMember("period", top.period);
      json.Key("share");
      json.Double(top.share);
      WriteSamplesMember(json, "samples", top.samples);
      json.Key("level");
      if (top.level) {
        json.Int(*top.level);
      } else {
        json.Null();
      }
      json.Key("compile_id");
      if (top.compile_id) {
        json.String(*top.compile_id);
      } else {
        json.Null();
      }
      json.Member("name", top.name);
      json.EndObject();
    }
    json.EndArray();
    json.EndObject();
  }
  if (record.run.index > 0) WriteRunIdentity(json, record.run);
  json.EndObject();
  WriteLine();
}

void JsonRenderer::RunsMethod(const RunsMethodRecord& record) {
  JsonOut json(out_.buffer());
  WriteRunsMethodJson(json, record);
  WriteLine();
}

void JsonRenderer::Method(const MethodRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "method");
  json.IntMember("index", record.index);
  json.Member("method", record.name);
  json.Key("hot_only_in");
  if (record.hot_only_in == 0) {
    json.Null();
  } else {
    json.Int(record.hot_only_in);
  }
  WriteSamplingNoise(json, record.sampling_noise);
  json.Key("experiments");
  json.BeginArray();
  for (const CompilationListRecord& list : record.experiments) {
    json.BeginObject();
    json.IntMember("experiment", list.experiment);
    json.Key("profiled");
    json.Bool(list.profiled);
    if (!list.name_in_log.empty()) json.Member("name_in_log", list.name_in_log);
    if (list.left_out_period != 0) {  // the method's time in compilations --tiers left out
      json.IntMember("left_out_period", list.left_out_period);
      json.Key("left_out_share");
      json.Double(list.left_out_share);
      WriteSamplesMember(json, "left_out_samples", list.left_out_samples);
    }
    json.Key("compilations");
    json.BeginArray();
    for (const CompilationRecord& c : list.compilations) WriteCompilation(json, c);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Compilation(const CompilationTreesRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "compilation");
  json.Member("method", record.method);
  json.Key("compilation");
  WriteCompilation(json, record.compilation);
  WriteTrees(json, record.inlining, record.optimization, record.context);
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Pair(const PairRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "pair");
  json.Member("method", record.method);
  json.Key("compilations");
  json.BeginArray();
  WriteCompilation(json, record.first);
  WriteCompilation(json, record.second);
  json.EndArray();
  WriteSamplingNoise(json, record.sampling_noise);
  WriteTrees(json, record.inlining, record.optimization, record.context);
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Summary(const SummaryRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "summary");
  json.Key("methods");
  json.BeginArray();
  for (const SummaryRowRecord& row : record.methods) {
    json.BeginObject();
    json.IntMember("rank", row.rank);
    json.IntMember("index", row.index);
    json.Member("method", row.method);
    WriteExperimentPair(json, "shares", row.share);
    if (row.samples[0] || row.samples[1]) WriteExperimentPair(json, "samples", row.samples);
    WriteSamplingNoise(json, row.sampling_noise);
    json.IntMember("pairs", row.pairs);
    json.IntMember("counted_pairs", row.counted_pairs);
    auto kind = [&](std::string_view key, const OpCounts& counts, int64_t too_big) {
      json.Key(key);
      json.BeginObject();
      json.IntMember("insert", counts.insert);
      json.IntMember("delete", counts.remove);
      json.IntMember("relabel", counts.relabel);
      json.IntMember("too_big", too_big);
      json.EndObject();
    };
    kind("inlining", row.inlining, row.inlining_too_big);
    kind("optimization", row.optimization, row.optimization_too_big);
    // Only when some moved (issue 36), so that comparisons of the same code write what they did.
    if (row.moved_call_sites > 0) json.IntMember("moved_call_sites", row.moved_call_sites);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  WriteLine();
}

void JsonRenderer::Decisions(const DecisionsRecord& record) {
  JsonOut json(out_.buffer());
  WriteDecisionsJson(json, record);
  WriteLine();
}

void JsonRenderer::Loops(const LoopsRecord& record) {
  JsonOut json(out_.buffer());
  WriteLoopsJson(json, record);
  WriteLine();
}

void JsonRenderer::CallSites(const CallSitesRecord& record) {
  JsonOut json(out_.buffer());
  WriteCallSitesJson(json, record);
  WriteLine();
}

void JsonRenderer::End(const EndRecord& record) {
  JsonOut json(out_.buffer());
  json.BeginObject();
  json.Member("type", "end");
  json.IntMember("methods", record.methods);
  json.IntMember("compilations", record.compilations);
  json.IntMember("pairs", record.pairs);
  json.IntMember("too_big", record.too_big);
  json.Key("differences");
  json.BeginObject();
  json.Key("inlining");
  WriteCounts(json, record.inlining, /*with_identity=*/false);
  json.Key("optimization");
  WriteCounts(json, record.optimization, /*with_identity=*/false);
  json.Key("optimization_context");
  WriteCounts(json, record.context, /*with_identity=*/false);
  json.EndObject();
  if (record.moved_call_sites > 0) json.IntMember("moved_call_sites", record.moved_call_sites);
  if (record.runs.has_value()) WriteRunsTotals(json, *record.runs);
  json.EndObject();
  WriteLine();
}

}  // namespace profdiff
