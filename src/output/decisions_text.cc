// The text of --decisions (docs/decisions-view.md).

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "output/text_emphasis.h"
#include "profdiff/model/java_format.h"
#include "profdiff/output/runs_text.h"
#include "profdiff/output/text_renderer.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The call sites that the text lists in full of each kind (the JSON record has them all).
constexpr size_t kListedCallSites = 20;

std::string PercentText(double share) { return JavaFixed(share * 100) + "%"; }

std::string ShareText(const std::optional<double>& share) {
  return share ? PercentText(*share) : "-";
}

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return absl::StrCat(n, " ", AbslView(n == 1 ? one : many));
}

std::string SideText(std::string_view kind, std::string_view reason) {
  if (kind.empty()) return "absent";
  if (reason.empty()) return std::string(kind);
  return absl::StrCat(AbslView(kind), " (", AbslView(reason), ")");
}

std::string NameText(const std::optional<std::string_view>& name) {
  return name ? std::string(*name) : std::string("(unknown)");
}

std::string RateText(int64_t part, int64_t whole) {
  return whole > 0 ? PercentText(static_cast<double>(part) / static_cast<double>(whole)) : "n/a";
}

std::string WeightedRateText(double part, double whole) {
  return whole > 0 ? PercentText(part / whole) : "n/a";
}

std::string ChangeText(double before, double after, bool known) {
  if (!known) return "n/a";
  const double change = (after - before) * 100;
  return absl::StrCat(change >= 0 ? "+" : "", JavaFixed(change));
}

// The callee's bytecode size (docs/decisions-view.md): nothing when no side has it, one size
// when the sides agree or one side is absent, both when they differ ("?" for one unknown).
std::string BytecodeSizeText(const DecisionSiteRecord& site) {
  const std::optional<int32_t> before = site.present[0] ? site.bytecode_size[0] : std::nullopt;
  const std::optional<int32_t> after = site.present[1] ? site.bytecode_size[1] : std::nullopt;
  if (!before && !after) return "";
  if (!site.present[0] || !site.present[1] || before == after) {
    return absl::StrCat(" (bytecode ", Plural(before ? *before : *after, "byte", "bytes"), ")");
  }
  auto size = [](const std::optional<int32_t>& s) { return s ? absl::StrCat(*s) : "?"; };
  return absl::StrCat(" (bytecode ", size(before), " → ", size(after), " bytes)");
}

// A call site that moved with the code (issue 36) and changed: where it is in experiment 2.
std::string MovedSiteText(const DecisionSiteRecord& site) {
  if (!site.present[0] || !site.present[1] || site.side_bci[1] == -1 ||
      site.side_bci[1] == site.bci) {
    return "";
  }
  return absl::StrCat(" → ", site.side_bci[1]);
}

// The cost and threshold of an LLVM inline remark, from its last reason ("TooCostly (cost=52,
// threshold=45)", docs/decisions-view.md "LLVM remarks"); empty when it has none.
struct InlineCost {
  std::string cost;
  std::string threshold;
};

InlineCost InlineCostOf(std::string_view reason) {
  InlineCost found;
  const size_t at = reason.rfind("(cost=");
  if (at == std::string_view::npos) return found;
  std::string_view rest = reason.substr(at + 6);
  const size_t end = rest.find_first_of(",)");
  if (end == std::string_view::npos) return found;
  found.cost = std::string(rest.substr(0, end));
  rest.remove_prefix(end);
  constexpr std::string_view kThreshold = ", threshold=";
  if (rest.starts_with(kThreshold)) {
    rest.remove_prefix(kThreshold.size());
    found.threshold = std::string(rest.substr(0, rest.find(')')));
  }
  return found;
}

// ", cost 35 → 52, threshold 45" for a call site whose sides' last reasons have LLVM's cost and
// threshold (one figure when the sides agree or one is absent); empty for other logs.
std::string InlineCostText(const DecisionsRecord& record, const DecisionSiteRecord& site) {
  InlineCost side[2];
  for (int s = 0; s < 2; ++s) {
    if (site.present[s] && site.reasons[s].end > site.reasons[s].begin) {
      side[s] = InlineCostOf(record.reasons[site.reasons[s].end - 1]);
    }
  }
  auto figure = [](std::string_view name, const std::string& before, const std::string& after) {
    if (before.empty() && after.empty()) return std::string();
    if (before.empty() || after.empty() || before == after) {
      return absl::StrCat(", ", AbslView(name), " ", before.empty() ? after : before);
    }
    return absl::StrCat(", ", AbslView(name), " ", before, " → ", after);
  };
  return figure("cost", side[0].cost, side[1].cost) +
         figure("threshold", side[0].threshold, side[1].threshold);
}

void WriteSites(LineWriter& out, const DecisionsRecord& record,
                const std::vector<DecisionSiteRecord>& sites) {
  const size_t listed = std::min(sites.size(), kListedCallSites);
  for (size_t k = 0; k < listed; ++k) {
    const DecisionSiteRecord& site = sites[k];
    std::string head = PadLeft(ShareText(site.share), 7);
    // JFR profiles: the samples behind the share (docs/decisions-view.md).
    if (site.samples) absl::StrAppend(&head, " (", SamplesText(*site.samples), ")");
    absl::StrAppend(&head, "  ", AbslView(site.method));
    // jit-vs-jit-runs: a stable difference belongs to no one pair of compilations.
    if (!site.compilation[0].empty()) {
      absl::StrAppend(&head, ", compilations ", AbslView(site.compilation[0]), " and ",
                      AbslView(site.compilation[1]));
    }
    if (site.sampling_noise && site.sampling_noise->within_noise) {
      absl::StrAppend(&head, ", share change within sampling noise (p ",
                      PValueText(site.sampling_noise->p), ")");
    }
    out.Line(head, 1);
    out.Line(absl::StrCat(NameText(site.callee), BytecodeSizeText(site), " at bci ", site.bci,
                          MovedSiteText(site), " in ", NameText(site.caller), ": ",
                          AbslView(site.present[0] ? site.kind[0] : "absent"), " → ",
                          AbslView(site.present[1] ? site.kind[1] : "absent"),
                          InlineCostText(record, site)),
             2);
    for (int s = 0; s < 2; ++s) {
      if (!site.present[s] || site.reasons[s].empty()) continue;
      std::string line = absl::StrCat("experiment ", s + 1, ": ");
      for (uint32_t i = site.reasons[s].begin; i < site.reasons[s].end; ++i) {
        if (i > site.reasons[s].begin) line += "; ";
        absl::StrAppend(&line, AbslView(record.reasons[i]));
      }
      out.Line(line, 3);
    }
  }
  if (sites.size() > listed) {
    out.Line(absl::StrCat(sites.size() - listed, " more (--format=json lists them all)"), 1);
  }
}

}  // namespace

void WriteDecisionsText(LineWriter& out, const DecisionsRecord& record, const TextStyle& style,
                        std::string_view compared, bool hotness) {
  // LLVM remarks' shares are of a profile's counts, not of execution time (docs/llvm.md).
  const std::string_view share_of = hotness ? "hotness" : "execution";
  out.Line(Emphasized(style, Emphasis::kStrong,
                      "Decisions: the call sites whose inlining decision changed, the most "
                      "executed first"));
  out.Indent();
  std::string counted =
      absl::StrCat(Plural(record.pairs, "compared pair", "compared pairs"), " of ",
                   Plural(record.methods, absl::StrCat(AbslView(compared), " method"),
                          absl::StrCat(AbslView(compared), " methods")));
  if (record.too_big > 0) absl::StrAppend(&counted, " (", record.too_big, " too big to compare)");
  out.Line(counted);

  out.Line(absl::StrCat("Inlining rate of the ", compared == "hot" ? "hot" : "compared",
                        " code (inlined call sites / all call sites)"));
  out.Line("Experiment 1  Experiment 2    Change", 1);
  const DecisionRateRecord& a = record.rate[0];
  const DecisionRateRecord& b = record.rate[1];
  const bool plain = a.call_sites > 0 && b.call_sites > 0;
  const bool weighted = a.weighted_call_sites > 0 && b.weighted_call_sites > 0;
  auto rate = [](double part, double whole) { return whole > 0 ? part / whole : 0.0; };
  out.Line(absl::StrCat(
               PadLeft(RateText(a.inlined, a.call_sites), 12),
               PadLeft(RateText(b.inlined, b.call_sites), 14),
               PadLeft(ChangeText(
                           rate(static_cast<double>(a.inlined), static_cast<double>(a.call_sites)),
                           rate(static_cast<double>(b.inlined), static_cast<double>(b.call_sites)),
                           plain),
                       10),
               "  call sites (", a.inlined, " of ", a.call_sites, ", ", b.inlined, " of ",
               b.call_sites, ")"),
           1);
  out.Line(
      absl::StrCat(PadLeft(WeightedRateText(a.weighted_inlined, a.weighted_call_sites), 12),
                   PadLeft(WeightedRateText(b.weighted_inlined, b.weighted_call_sites), 14),
                   PadLeft(ChangeText(rate(a.weighted_inlined, a.weighted_call_sites),
                                      rate(b.weighted_inlined, b.weighted_call_sites), weighted),
                           10),
                   "  weighted by ", AbslView(share_of), " share"),
      1);
  if (record.runs_rate) {
    // jit-vs-jit-runs: whether each change is beyond the runs' own variation.
    const RunsRateRecord& runs = *record.runs_rate;
    auto varies = [](const std::vector<double>& rates) {
      return std::any_of(rates.begin(), rates.end(), [&](double r) { return r != rates[0]; });
    };
    for (int weighted = 0; weighted < 2; ++weighted) {
      const std::vector<double>* rates = weighted ? runs.weighted_rates : runs.rates;
      const bool no_variation = !varies(rates[0]) && !varies(rates[1]);
      out.Line(absl::StrCat(weighted ? "Weighted change" : "Change", " over ",
                            Plural(static_cast<int64_t>(rates[0].size()), "run", "runs"), " and ",
                            Plural(static_cast<int64_t>(rates[1].size()), "run", "runs"), ": ",
                            ShareChangeVerdict(runs.change[weighted], no_variation)),
               1);
    }
  }

  out.Line(
      absl::StrCat("Transitions: ",
                   Plural(static_cast<int64_t>(record.changes.size()), "call site", "call sites"),
                   " changed kind"));
  for (const DecisionTransitionRecord& row : record.transitions) {
    out.Line(absl::StrCat(
                 SideText(row.kind[0], row.reason[0]), " → ", SideText(row.kind[1], row.reason[1]),
                 ": ", Plural(row.call_sites, "call site", "call sites"), " in ",
                 Plural(row.methods, "method", "methods"), ", ",
                 row.share ? absl::StrCat(PercentText(*row.share),
                                          hotness ? " of the hotness" : " of execution")
                           : absl::StrCat(AbslView(share_of), " share unknown"),
                 row.samples ? absl::StrCat(" (", SamplesText(*row.samples), ")") : std::string()),
             1);
  }
  if (!record.changes.empty()) {
    out.Line("Call sites, the most executed method first");
    WriteSites(out, record, record.changes);
  }
  out.Line(absl::StrCat(
      "Reasons changed, the kind the same: ",
      Plural(static_cast<int64_t>(record.reason_changes.size()), "call site", "call sites")));
  WriteSites(out, record, record.reason_changes);
  if (!record.moves.empty()) {  // --show-moved
    out.Line(
        absl::StrCat("Moved with the code, the decision the same (no change): ",
                     Plural(static_cast<int64_t>(record.moves.size()), "call site", "call sites")));
    WriteSites(out, record, record.moves);
  }
  out.Outdent();
}

}  // namespace profdiff
