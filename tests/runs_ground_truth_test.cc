// jit-vs-jit-runs against the generator's ground truth (bench/generate/runs.cc, docs/runs.md):
// on 3 + 3 and 5 + 5 generated runs, the stable differences are exactly the planted ones, noise
// is never stable, the compared methods are those hot in at least half the runs of each
// experiment, and the planted share shifts are flagged.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "rapidjson/document.h"
#include "test_util.h"

namespace profdiff {
namespace {

using test::ReadFile;
using test::RunProfdiff;
using test::RunResult;
using test::TempDir;

// Runs the generator; true when it succeeded.
bool Generate(const std::vector<std::string>& args) {
  pid_t pid = fork();
  if (pid == 0) {
    test::ExecBinary(test::GeneratorBinary(), args);
  }
  int status = 0;
  return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
         WEXITSTATUS(status) == 0;
}

// A JSON value with object members in key order, so that equal values compare equal as text.
std::string Canonical(const rapidjson::Value& v) {
  if (v.IsObject()) {
    std::map<std::string, std::string> members;
    for (const auto& m : v.GetObject()) {
      members[std::string(m.name.GetString(), m.name.GetStringLength())] = Canonical(m.value);
    }
    std::string text = "{";
    for (const auto& [key, value] : members) text += "\"" + key + "\":" + value + ",";
    return text + "}";
  }
  if (v.IsArray()) {
    std::string text = "[";
    for (const rapidjson::Value& e : v.GetArray()) text += Canonical(e) + ",";
    return text + "]";
  }
  if (v.IsString()) return "\"" + std::string(v.GetString(), v.GetStringLength()) + "\"";
  if (v.IsNull()) return "null";
  if (v.IsBool()) return v.GetBool() ? "true" : "false";
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  return std::to_string(v.GetDouble());
}

// What identifies a difference, from profdiff's JSON or the ground truth's.
std::string Identity(const rapidjson::Value& d) {
  std::string id =
      std::string(d["tree"].GetString()) + " " + d["op"].GetString() + " " + Canonical(d["path"]);
  for (const char* side : {"left", "right"}) {
    if (!d.HasMember(side)) continue;
    const rapidjson::Value& label = d[side];
    id += std::string(" ") + side + ":";
    if (label.HasMember("callsite")) {
      id += Canonical(label["callsite"]) + Canonical(label["method"]) + Canonical(label["bci"]);
    } else {
      id += Canonical(label["name"]) + Canonical(label["event"]) + Canonical(label["position"]) +
            Canonical(label["properties"]);
    }
  }
  return id;
}

std::set<std::string> Identities(const rapidjson::Value& differences) {
  std::set<std::string> ids;
  for (const rapidjson::Value& d : differences.GetArray()) ids.insert(Identity(d));
  return ids;
}

void CheckAgainstGroundTruth(int runs, int seed) {
  SCOPED_TRACE("runs " + std::to_string(runs) + ", seed " + std::to_string(seed));
  TempDir dir;
  const std::string data = dir.Path("data");
  ASSERT_TRUE(Generate({"--kind=jit", "--size-mb=4", "--seed=" + std::to_string(seed),
                        "--runs=" + std::to_string(runs), "--out=" + data, "--quiet",
                        "--planted-flip-rate=0.03", "--planted-opt-rate=0.01",
                        "--noise-flip-rate=0.03", "--noise-opt-rate=0.01"}));
  std::vector<std::string> args = {"jit-vs-jit-runs"};
  for (int side = 1; side <= 2; ++side) {
    args.push_back("--exp" + std::to_string(side));
    for (int run = 1; run <= runs; ++run) {
      const std::string run_dir =
          data + "/exp" + std::to_string(side) + "/run-" + std::to_string(run);
      args.push_back(run_dir + "/log");
      args.push_back(run_dir + "/prof.json");
    }
  }
  RunResult text = RunProfdiff(args);  // also checks that its JSON renders back to it
  ASSERT_EQ(text.exit_code, 0) << text.err;
  args.push_back("--format=json");
  RunResult json = RunProfdiff(args);
  ASSERT_EQ(json.exit_code, 0) << json.err;

  const std::string truth_text = ReadFile(data + "/ground-truth.json");
  rapidjson::Document truth;
  truth.Parse(truth_text.data(), truth_text.size());
  ASSERT_FALSE(truth.HasParseError());
  std::map<std::string, const rapidjson::Value*> truth_methods;
  for (const rapidjson::Value& m : truth["methods"].GetArray()) {
    truth_methods[m["method"].GetString()] = &m;
  }

  size_t planted = 0, noise = 0, compared = 0, shifted = 0;
  std::set<std::string> compared_names;
  for (const std::string& line : test::SplitLines(json.out)) {
    rapidjson::Document record;
    record.Parse(line.data(), line.size());
    ASSERT_FALSE(record.HasParseError());
    if (std::string_view(record["type"].GetString()) != "method") continue;
    const std::string name = record["method"].GetString();
    SCOPED_TRACE(name);
    auto it = truth_methods.find(name);
    ASSERT_NE(it, truth_methods.end()) << "hot in some run, but not by the ground truth";
    const rapidjson::Value& t = *it->second;
    EXPECT_EQ(record["hotness"][0]["hot_runs"].GetInt(), t["hot_runs"][0].GetInt());
    EXPECT_EQ(record["hotness"][1]["hot_runs"].GetInt(), t["hot_runs"][1].GetInt());
    EXPECT_EQ(record["compared"].GetBool(), t["compared"].GetBool());
    if (t["share_shift"].GetDouble() != 1.0) {
      ++shifted;
      EXPECT_TRUE(record["share_change"]["beyond_noise"].GetBool()) << "a planted share shift";
    }
    if (!record["compared"].GetBool()) continue;
    ++compared;
    compared_names.insert(name);
    ASSERT_TRUE(t["consistent"].GetBool()) << "the runs' hottest units differ";
    const std::set<std::string> stable = Identities(record["stable_differences"]);
    const std::set<std::string> expected = Identities(t["stable_differences"]);
    std::vector<std::string> missed, extra;
    std::set_difference(expected.begin(), expected.end(), stable.begin(), stable.end(),
                        std::back_inserter(missed));
    std::set_difference(stable.begin(), stable.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    EXPECT_TRUE(missed.empty()) << missed.size() << " planted differences missed, first: "
                                << (missed.empty() ? "" : missed.front());
    EXPECT_TRUE(extra.empty()) << extra.size() << " differences stable but not planted, first: "
                               << (extra.empty() ? "" : extra.front());
    // Noise is never stable: no noise difference is a planted one either.
    for (const std::string& id : Identities(record["noise_differences"])) {
      EXPECT_EQ(expected.count(id), 0u) << "a planted difference classified as noise: " << id;
    }
    planted += expected.size();
    noise += record["noise_differences"].Size();
  }
  for (const auto& [name, t] : truth_methods) {
    if ((*t)["compared"].GetBool()) {
      EXPECT_EQ(compared_names.count(name), 1u) << name << " should have been compared";
    }
  }
  // The data is not trivial: several methods, many planted and many noise differences, both
  // planted share shifts.
  EXPECT_GE(compared, 5u);
  EXPECT_GE(planted, 100u);
  EXPECT_GE(noise, 100u);
  EXPECT_EQ(shifted, 2u);
}

TEST(RunsGroundTruthTest, ThreeRunsEach) { CheckAgainstGroundTruth(3, 1); }

TEST(RunsGroundTruthTest, FiveRunsEach) { CheckAgainstGroundTruth(5, 2); }

}  // namespace
}  // namespace profdiff
