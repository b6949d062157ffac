#include "profdiff/load/proftool/profile.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "load/paths.h"
#include "test_paths.h"

namespace profdiff {
namespace {

namespace fs = std::filesystem;

// Each test gets a fresh directory, removed afterwards.
class ProfileTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "profdiff_profile_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // Writes `text` to <dir>/<name> and returns the path.
  std::string Write(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  absl::StatusOr<Profile> Load(const std::string& text) {
    return LoadProfile(Write("prof.json", text), 1);
  }

  // The message of a failed load of `text`.
  std::string Error(const std::string& text) {
    absl::StatusOr<Profile> profile = Load(text);
    EXPECT_FALSE(profile.ok());
    return profile.ok() ? "" : std::string(profile.status().message());
  }

  // The prefix of every parse error for <dir>/prof.json in experiment 1.
  std::string Prefix() const { return "Failed to parse experiment 1 in " + dir_ + "/prof.json"; }

  std::string dir_;
};

// Runs a test body with the working directory switched to `dir`.
class ScopedChdir {
 public:
  explicit ScopedChdir(const std::string& dir) : old_(fs::current_path()) { fs::current_path(dir); }
  ~ScopedChdir() { fs::current_path(old_); }

 private:
  fs::path old_;
};

TEST_F(ProfileTest, MinimalJitProfile) {
  absl::StatusOr<Profile> profile = Load(R"({"totalPeriod": 10, "code": []})");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->kind, ExperimentKind::kJit);
  EXPECT_FALSE(profile->execution_id.has_value());
  EXPECT_EQ(profile->total_period, 10);
  EXPECT_TRUE(profile->code.empty());
}

TEST_F(ProfileTest, CompilationKinds) {
  auto kind_of = [&](const std::string& kind_member) {
    absl::StatusOr<Profile> profile = Load("{" + kind_member + R"("totalPeriod": 1, "code": []})");
    EXPECT_TRUE(profile.ok()) << profile.status();
    return profile.ok() ? profile->kind : ExperimentKind::kUnknown;
  };
  EXPECT_EQ(kind_of(""), ExperimentKind::kJit);
  EXPECT_EQ(kind_of(R"("compilationKind": null,)"), ExperimentKind::kJit);
  EXPECT_EQ(kind_of(R"("compilationKind": "JIT",)"), ExperimentKind::kJit);
  EXPECT_EQ(kind_of(R"("compilationKind": "AOT",)"), ExperimentKind::kAot);
}

TEST_F(ProfileTest, UnexpectedCompilationKind) {
  EXPECT_EQ(Error(R"({"compilationKind": "aot", "totalPeriod": 1, "code": []})"),
            Prefix() + ": unexpected compilation kind: aot");
  // The kind is checked before the other fields.
  EXPECT_EQ(Error(R"({"compilationKind": "X", "code": 5})"),
            Prefix() + ": unexpected compilation kind: X");
  EXPECT_EQ(Error(R"({"compilationKind": 1, "totalPeriod": 1, "code": []})"),
            Prefix() + ":1:21: expected \"compilationKind\" to be a string or null");
}

TEST_F(ProfileTest, KindCheck) {
  Profile aot;
  aot.kind = ExperimentKind::kAot;
  Profile jit;
  jit.kind = ExperimentKind::kJit;
  std::string path = dir_ + "//sub/prof.json";
  absl::Status mismatch = CheckProfileKind(aot, ExperimentKind::kJit, path, 2);
  EXPECT_EQ(std::string(mismatch.message()),
            "Failed to parse experiment 2 in " + dir_ +
                "/sub/prof.json: mismatched experiment kind: expected JIT, "
                "got AOT");
  EXPECT_EQ(std::string(CheckProfileKind(jit, ExperimentKind::kAot, path, 0).message()),
            "Failed to parse experiment 0 in " + dir_ +
                "/sub/prof.json: mismatched experiment kind: expected AOT, got JIT");
  EXPECT_TRUE(CheckProfileKind(aot, ExperimentKind::kAot, path, 1).ok());
  EXPECT_TRUE(CheckProfileKind(jit, ExperimentKind::kJit, path, 1).ok());
  EXPECT_TRUE(CheckProfileKind(aot, ExperimentKind::kUnknown, path, 1).ok());
}

TEST_F(ProfileTest, KindCheckNamesRelativePathsAbsolutely) {
  ScopedChdir chdir(dir_);
  Profile aot;
  aot.kind = ExperimentKind::kAot;
  EXPECT_EQ(
      std::string(CheckProfileKind(aot, ExperimentKind::kJit, "./p//prof.json/", 1).message()),
      "Failed to parse experiment 1 in " + fs::current_path().string() +
          "/./p/prof.json: mismatched experiment kind: expected JIT, got AOT");
}

TEST_F(ProfileTest, EntriesAndDerivedValues) {
  absl::StatusOr<Profile> profile = Load(R"({
    "executionId": "run-7",
    "totalPeriod": 1000,
    "code": [
      {"compileId": "202%", "name": "202%: a.B.m(): x: y", "level": 4, "period": 5},
      {"compileId": "7%%", "name": "no separator:here", "level": null, "period": 6},
      {"compileId": null, "name": "Interpreter", "period": 7},
      {"name": ": leading", "period": 8, "level": 1},
      {"compileId": "", "name": "", "period": 0}
    ]})");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->execution_id, "run-7");
  ASSERT_EQ(profile->code.size(), 5u);
  const std::vector<ProfileEntry>& code = profile->code;
  EXPECT_EQ(code[0].compile_id, "202");
  EXPECT_EQ(code[0].name, "a.B.m(): x: y");
  EXPECT_EQ(code[0].level, 4);
  EXPECT_EQ(code[0].period, 5);
  EXPECT_EQ(code[1].compile_id, "7%");  // only one '%' is the OSR marker
  EXPECT_EQ(code[1].name, "no separator:here");
  EXPECT_FALSE(code[1].level.has_value());
  EXPECT_FALSE(code[2].compile_id.has_value());
  EXPECT_EQ(code[2].name, "Interpreter");
  EXPECT_FALSE(code[2].level.has_value());
  EXPECT_EQ(code[3].name, "leading");
  EXPECT_EQ(code[3].level, 1);
  EXPECT_EQ(code[4].compile_id, "");
  EXPECT_EQ(code[4].name, "");
}

TEST_F(ProfileTest, Levels) {
  auto level_of = [&](const std::string& level) {
    absl::StatusOr<Profile> profile = Load(R"({"totalPeriod": 1, "code": [{"name": "n",)"
                                           R"( "period": 1, "level": )" +
                                           level + "}]}");
    EXPECT_TRUE(profile.ok()) << level << ": " << profile.status();
    return profile.ok() ? profile->code[0].level : std::nullopt;
  };
  EXPECT_EQ(level_of("4"), 4);
  EXPECT_EQ(level_of("4.0"), 4);  // exactly integral (README "Decisions")
  EXPECT_EQ(level_of("4e0"), 4);
  EXPECT_EQ(level_of("40E-1"), 4);
  EXPECT_EQ(level_of("-2147483648"), INT32_MIN);
  EXPECT_EQ(level_of("null"), std::nullopt);

  const std::string head = R"({"totalPeriod": 1, "code": [{"name": "n", "period": 1, "level": )";
  const std::string column = std::to_string(head.size() + 1);
  for (const char* bad : {"4.5", "2147483648", "1e10", "\"4\"", "true", "[4]", "{}"}) {
    EXPECT_EQ(Error(head + bad + "}]}"),
              Prefix() + ":1:" + column + ": expected \"level\" to be a 32-bit integer or null")
        << bad;
  }
}

TEST_F(ProfileTest, Periods) {
  auto periods = [&](const std::string& total, const std::string& period) {
    absl::StatusOr<Profile> profile = Load(
        R"({"totalPeriod": )" + total + R"(, "code": [{"name": "n", "period": )" + period + "}]}");
    EXPECT_TRUE(profile.ok()) << profile.status();
    return profile.ok() ? std::make_pair(profile->total_period, profile->code[0].period)
                        : std::make_pair(int64_t{-42}, int64_t{-42});
  };
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(periods("2.5E11", "1234.0"), std::make_pair(int64_t{250000000000}, int64_t{1234}));
  EXPECT_EQ(periods("1.7", "-1.7"), std::make_pair(int64_t{1}, int64_t{-1}));
  EXPECT_EQ(periods("1e5", "12E+2"), std::make_pair(int64_t{100000}, int64_t{1200}));
  EXPECT_EQ(periods("9223372036854775807", "-9223372036854775808"), std::make_pair(kMax, kMin));
  // Beyond int64 the value is a double, and Java's conversion saturates.
  EXPECT_EQ(periods("99999999999999999999", "-1e30"), std::make_pair(kMax, kMin));
  EXPECT_EQ(periods("1.0E300", "0.999"), std::make_pair(kMax, int64_t{0}));
  EXPECT_EQ(periods("-0", "0.0"), std::make_pair(int64_t{0}, int64_t{0}));
}

TEST_F(ProfileTest, MissingRequiredKeys) {
  EXPECT_EQ(Error(R"({"code": []})"),
            Prefix() + R"(:1:1: missing required key "totalPeriod" (a number))");
  EXPECT_EQ(Error("\n  {\"totalPeriod\": 1}"),
            Prefix() + R"(:2:3: missing required key "code" (an array))");
  EXPECT_EQ(Error("{\"totalPeriod\": 1, \"code\": [\n  {\"period\": 1},\n  {\"name\": 1}]}"),
            Prefix() + R"(:2:3: missing required key "name" (a string))");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"name": "n", "period": 1}, {"name": "m"}]})"),
            Prefix() + R"(:1:57: missing required key "period" (a number))");
}

TEST_F(ProfileTest, WrongTypes) {
  EXPECT_EQ(Error("[1, 2]"), Prefix() + ":1:1: expected the profile to be a JSON object");
  EXPECT_EQ(Error("  \"text\""), Prefix() + ":1:3: expected the profile to be a JSON object");
  EXPECT_EQ(Error(R"({"executionId": 5, "totalPeriod": 1, "code": []})"),
            Prefix() + R"(:1:17: expected "executionId" to be a string or null)");
  EXPECT_EQ(Error(R"({"totalPeriod": "1", "code": []})"),
            Prefix() + R"(:1:17: expected "totalPeriod" to be a number)");
  EXPECT_EQ(Error(R"({"totalPeriod": null, "code": []})"),
            Prefix() + R"(:1:17: expected "totalPeriod" to be a number)");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": {"name": "n"}})"),
            Prefix() + R"(:1:28: expected "code" to be an array)");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"name": "n", "period": 1}, [], 5]})"),
            Prefix() + R"(:1:57: expected each element of "code" to be an object)");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"name": 5, "period": 1}]})"),
            Prefix() + R"(:1:38: expected "name" to be a string)");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"name": "a", "period": "1"}]})"),
            Prefix() + R"(:1:53: expected "period" to be a number)");
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"compileId": 5, "name": "a", "period": 1}]})"),
            Prefix() + R"(:1:43: expected "compileId" to be a string or null)");
}

TEST_F(ProfileTest, ChecksFollowTheReferenceOrder) {
  // totalPeriod is checked before code, whatever the textual order.
  EXPECT_EQ(Error(R"({"code": 5, "totalPeriod": "x"})"),
            Prefix() + R"(:1:28: expected "totalPeriod" to be a number)");
  // Within an item: compileId, name, period, level.
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"level": 4.5, "period": "p", "name": 1}]})"),
            Prefix() + R"(:1:67: expected "name" to be a string)");
  // The first failing item wins.
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [{"name": "a", "period": 1, "level": "x"}, 7]})"),
            Prefix() + R"(:1:65: expected "level" to be a 32-bit integer or null)");
  // A syntax error anywhere wins over type errors (the document is parsed first).
  EXPECT_EQ(Error(R"({"totalPeriod": "x", "code": [1,]})"),
            Prefix() + ":1:33: expected a JSON value");
}

TEST_F(ProfileTest, SyntaxErrors) {
  EXPECT_EQ(Error("{\n  \"totalPeriod\": 1,\n  \"code\": [\n    {\"name\" \"a\"}\n  ]\n}\n"),
            Prefix() + ":4:13: expected ':' after the key");
  EXPECT_EQ(Error("{\"totalPeriod\": 1, \"code\": []"),
            Prefix() + ":1:30: expected ',' or '}' after an object member");
  EXPECT_EQ(Error("{\"totalPeriod\": 1, \"code\": []}\r\n{}"),
            Prefix() + ":2:1: expected the end of the file after the JSON value");
  EXPECT_EQ(Error("{\"totalPeriod\": 01, \"code\": []}"),
            Prefix() + ":1:18: expected ',' or '}' after an object member");
  EXPECT_EQ(Error("{\"totalPeriod\": 1.e5, \"code\": []}"),
            Prefix() + ":1:19: expected a digit after the decimal point");
  EXPECT_EQ(Error("{\"totalPeriod\": \"a\tb\"}"),
            Prefix() + ":1:19: expected no raw control character inside a string");
}

TEST_F(ProfileTest, NotJson) {
  EXPECT_EQ(Error("hello"), Prefix() + ":1:1: expected a JSON value");
  EXPECT_EQ(Error(""), Prefix() + ":1:1: expected a JSON value, found an empty file");
  EXPECT_EQ(Error("\n\n  "), Prefix() + ":3:3: expected a JSON value, found an empty file");
  // RapidJSON stops at a NUL byte; what follows must not be ignored.
  EXPECT_EQ(Error(std::string("{\"totalPeriod\": 1, \"code\": []}\n\0x", 34)),
            Prefix() + ":2:1: expected the end of the file after the JSON value");
}

TEST_F(ProfileTest, MissingFile) {
  ScopedChdir chdir(dir_);
  absl::StatusOr<Profile> profile = LoadProfile("nonexist.json", 1);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()),
            "Could not read the files of the experiment 1: nonexist.json (No such file or "
            "directory)");
  profile = LoadProfile("a//b///nonexist.json/", 2);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()),
            "Could not read the files of the experiment 2: a/b/nonexist.json (No such file or "
            "directory)");
}

TEST_F(ProfileTest, Directory) {
  ScopedChdir chdir(dir_);
  fs::create_directory("jit1");
  absl::StatusOr<Profile> profile = LoadProfile("jit1/", 1);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()),
            "Could not read the files of the experiment 1: jit1 (Is a directory)");
}

TEST_F(ProfileTest, RelativePathsAreReportedAbsolutely) {
  ScopedChdir chdir(dir_);
  fs::create_directory("p");
  Write("p/prof.json", "{}");
  absl::StatusOr<Profile> profile = LoadProfile(".//p/prof.json", 1);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()), "Failed to parse experiment 1 in " +
                                                         fs::current_path().string() +
                                                         "/./p/prof.json:1:1: missing required key "
                                                         "\"totalPeriod\" (a number)");
}

TEST_F(ProfileTest, UnreadableFile) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  std::string path = Write("secret.json", "{}");
  ASSERT_EQ(chmod(path.c_str(), 0), 0);
  absl::StatusOr<Profile> profile = LoadProfile(path, 1);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()),
            "Could not read the files of the experiment 1: " + path + " (Permission denied)");
}

TEST_F(ProfileTest, DuplicateKeysKeepTheLaterValue) {
  absl::StatusOr<Profile> profile = Load(R"({
    "compilationKind": "AOT", "compilationKind": "JIT",
    "totalPeriod": "wrong", "totalPeriod": 20,
    "code": [{"name": "lost", "period": "bad"}],
    "code": [{"name": "a", "name": "b", "period": 1, "period": 2, "level": 1, "level": null}],
    "executionId": 1, "executionId": "e"})");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->kind, ExperimentKind::kJit);
  EXPECT_EQ(profile->total_period, 20);
  EXPECT_EQ(profile->execution_id, "e");
  ASSERT_EQ(profile->code.size(), 1u);
  EXPECT_EQ(profile->code[0].name, "b");
  EXPECT_EQ(profile->code[0].period, 2);
  EXPECT_FALSE(profile->code[0].level.has_value());

  // A later "code" that is not an array replaces a good one.
  EXPECT_EQ(Error(R"({"totalPeriod": 1, "code": [], "code": null})"),
            Prefix() + R"(:1:40: expected "code" to be an array)");
}

TEST_F(ProfileTest, UnknownKeysAreIgnored) {
  absl::StatusOr<Profile> profile = Load(R"({
    "extra": {"code": 5, "totalPeriod": "x", "nested": [[{"name": 1}]]},
    "totalPeriod": 3,
    "more": [1, 2.5, "s", true, false, null, {}, []],
    "code": [{"name": "n", "period": 1, "extra": [1, 2], "deep": {"level": "x"}}],
    "tail": 1e400000})");
  // RapidJSON rejects 1e400000 (beyond a double) as a syntax error; without it all is fine.
  EXPECT_FALSE(profile.ok());
  profile = Load(R"({
    "extra": {"code": 5, "totalPeriod": "x", "nested": [[{"name": 1}]]},
    "totalPeriod": 3,
    "more": [1, 2.5, "s", true, false, null, {}, []],
    "code": [{"name": "n", "period": 1, "extra": [1, 2], "deep": {"level": "x"}}],
    "tail": 123456789012345678901234567890})");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->total_period, 3);
  ASSERT_EQ(profile->code.size(), 1u);
  EXPECT_EQ(profile->code[0].name, "n");
}

TEST_F(ProfileTest, MalformedUtf8IsRepaired) {
  absl::StatusOr<Profile> profile = Load(
      "{\"totalPeriod\": 1, \"code\": [{\"name\": \"1: a\xff"
      "b\xc3\", \"period\": 1}]}");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->code[0].name,
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD");
}

TEST_F(ProfileTest, EscapesAreDecoded) {
  absl::StatusOr<Profile> profile =
      Load(R"({"totalPeriod": 1, "code": [{"name": "1:\u0020a\"b\u00e9", "period": 1}]})");
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->code[0].name, "a\"b\xC3\xA9");
}

TEST_F(ProfileTest, ParseProfileUsesTheDisplayPath) {
  absl::StatusOr<Profile> profile = ParseProfile("{", "/x/y.json", 0);
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(std::string(profile.status().message()),
            "Failed to parse experiment 0 in /x/y.json:1:2: expected a quoted key");
  // Not NUL-terminated input is read within its bounds.
  std::string text = R"({"totalPeriod": 5, "code": []}garbage)";
  profile = ParseProfile(std::string_view(text).substr(0, 30), "p", 1);
  ASSERT_TRUE(profile.ok()) << profile.status();
  EXPECT_EQ(profile->total_period, 5);
}

TEST_F(ProfileTest, DeepNestingDoesNotRecurse) {
  std::string deep(200000, '[');
  deep += std::string(200000, ']');
  absl::StatusOr<Profile> profile =
      Load(R"({"ignored": )" + deep + R"(, "totalPeriod": 1, "code": []})");
  ASSERT_TRUE(profile.ok()) << profile.status();
}

// The sample profiles of the conformance corpus.
std::string ConformanceData() {
  const char* env = std::getenv("PROFDIFF_CONFORMANCE_DIR");
  return env != nullptr ? std::string(env) + "/data"
                        : test::SourceDir() + "/../shared/conformance/data";
}

TEST(ProfileConformanceTest, EdgeProfileFormats) {
  std::string dir = ConformanceData() + "/edge/profile-formats";
  if (!fs::exists(dir)) GTEST_SKIP() << "conformance corpus not found";
  absl::StatusOr<Profile> jit = LoadProfile(dir + "/jit-prof.json", 1);
  ASSERT_TRUE(jit.ok()) << jit.status();
  EXPECT_EQ(jit->kind, ExperimentKind::kJit);
  EXPECT_EQ(jit->total_period, 250000000000);
  ASSERT_EQ(jit->code.size(), 6u);
  EXPECT_EQ(jit->code[0].compile_id, "60");
  EXPECT_EQ(jit->code[0].name, "\"Truffle::tick\": com.example.util.StripedVisitor.updateSlot()");
  EXPECT_EQ(jit->code[0].period, 1234);
  EXPECT_EQ(jit->code[0].level, 4);
  EXPECT_EQ(jit->code[1].name, "org.renaissance.core.ConcurrentCodec.flushInt()");
  EXPECT_EQ(jit->code[3].period, 66666);
  EXPECT_FALSE(jit->code[4].compile_id.has_value());
  EXPECT_FALSE(jit->code[4].level.has_value());

  absl::StatusOr<Profile> aot = LoadProfile(dir + "/aot-prof.json", 2);
  ASSERT_TRUE(aot.ok()) << aot.status();
  EXPECT_EQ(aot->kind, ExperimentKind::kAot);
  EXPECT_EQ(aot->total_period, 1000000);
  ASSERT_EQ(aot->code.size(), 4u);
  EXPECT_EQ(aot->code[1].period, 7000);
  EXPECT_FALSE(aot->code[2].compile_id.has_value());
  EXPECT_EQ(aot->code[3].name, "libc_start_main");
}

TEST(ProfileConformanceTest, EveryCorpusProfileLoads) {
  std::string root = ConformanceData();
  if (!fs::exists(root)) GTEST_SKIP() << "conformance corpus not found";
  int loaded = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    absl::StatusOr<Profile> profile = LoadProfile(entry.path().string(), 1);
    EXPECT_TRUE(profile.ok()) << entry.path() << ": " << profile.status();
    ++loaded;
  }
  EXPECT_GT(loaded, 10);
}

}  // namespace
}  // namespace profdiff
