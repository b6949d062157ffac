// The command line of jit-vs-jit-runs (docs/runs.md).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/command_line.h"

namespace profdiff {
namespace {

using Action = CommandLineResult::Action;
using Args = std::vector<std::string>;

CommandLine ParseToRun(const Args& args) {
  CommandLineResult result = ParseCommandLine(args);
  EXPECT_EQ(result.action, Action::kRun) << result.err;
  return result.command_line;
}

std::string ErrorOf(const Args& args) {
  CommandLineResult result = ParseCommandLine(args);
  EXPECT_EQ(result.action, Action::kPrint);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("Error: ")) << result.err;
  return result.err.substr(0, result.err.find('\n'));
}

void ExpectRuns(const std::vector<RunInput>& runs, const std::vector<std::string>& flat) {
  ASSERT_EQ(runs.size() * 2, flat.size());
  for (size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs[i].log, flat[2 * i]);
    EXPECT_EQ(runs[i].profile, flat[2 * i + 1]);
  }
}

TEST(RunsCommandLineTest, RunsInTheOrderGiven) {
  CommandLine c = ParseToRun({"jit-vs-jit-runs", "--exp1", "a1", "p1", "--exp2", "b1", "q1",
                              "--exp1", "a2", "p2", "--exp2", "b2", "q2"});
  EXPECT_EQ(c.command, "jit-vs-jit-runs");
  EXPECT_TRUE(c.positionals.empty());
  ExpectRuns(c.runs.runs[0], {"a1", "p1", "a2", "p2"});
  ExpectRuns(c.runs.runs[1], {"b1", "q1", "b2", "q2"});
  EXPECT_EQ(c.runs.stable_share, 0.8);
  EXPECT_EQ(c.runs.noise_share, 0.2);
  EXPECT_FALSE(c.runs.show_noise);
}

TEST(RunsCommandLineTest, SeveralRunsAfterOneOption) {
  CommandLine c = ParseToRun(
      {"jit-vs-jit-runs", "--exp1", "a1", "p1", "a2", "p2", "a3", "p3", "--exp2=b1", "q1"});
  ExpectRuns(c.runs.runs[0], {"a1", "p1", "a2", "p2", "a3", "p3"});
  ExpectRuns(c.runs.runs[1], {"b1", "q1"});
}

TEST(RunsCommandLineTest, OptionsBeforeAndAfterTheCommand) {
  CommandLine c = ParseToRun({"--exp1", "a", "p", "--long-bci=true", "jit-vs-jit-runs",
                              "--stable-share", "0.9", "--exp2", "b", "q", "--noise-share=0.1",
                              "--show-noise", "TRUE", "--format", "json"});
  ExpectRuns(c.runs.runs[0], {"a", "p"});
  ExpectRuns(c.runs.runs[1], {"b", "q"});
  EXPECT_EQ(c.runs.stable_share, 0.9);
  EXPECT_EQ(c.runs.noise_share, 0.1);
  EXPECT_TRUE(c.runs.show_noise);
  EXPECT_TRUE(c.options.long_bci);
  EXPECT_EQ(c.options.format, OutputFormat::kJson);
}

TEST(RunsCommandLineTest, ValuesEndAtTheNextArgumentThatStartsWithADash) {
  // A path that starts with '-' is written ./-x; "-x" itself ends the values and, being no
  // option, is an argument the command does not take.
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp1", "a", "p", "-x", "--exp2", "b", "q"}),
            "Error: jit-vs-jit-runs: unexpected argument \"-x\"");
  CommandLine c = ParseToRun({"jit-vs-jit-runs", "--exp1", "./-a", "p", "--exp2", "b", "q"});
  ExpectRuns(c.runs.runs[0], {"./-a", "p"});
}

TEST(RunsCommandLineTest, WrongNumbersOfValues) {
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp1", "a", "--exp2", "b", "q"}),
            "Error: --exp1 takes an optimization-log directory and a profile per run (LOG PROF "
            "...), got 1 value");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp1", "a", "p", "--exp2", "b", "q", "c"}),
            "Error: --exp2 takes an optimization-log directory and a profile per run (LOG PROF "
            "...), got 3 values");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp2", "b", "q", "--exp1"}),
            "Error: --exp1: missing LOG PROF");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp1", "a", "p"}),
            "Error: jit-vs-jit-runs: missing --exp2 LOG PROF");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "--exp2", "a", "p"}),
            "Error: jit-vs-jit-runs: missing --exp1 LOG PROF");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs"}), "Error: jit-vs-jit-runs: missing --exp1 LOG PROF");
}

TEST(RunsCommandLineTest, BadThresholdsAndFlags) {
  const Args runs = {"jit-vs-jit-runs", "--exp1", "a", "p", "--exp2", "b", "q"};
  auto with = [&](std::string option) {
    Args args = runs;
    args.push_back(option);
    return args;
  };
  EXPECT_EQ(ErrorOf(with("--stable-share=1.5")),
            "Error: --stable-share must be between 0 and 1, got \"1.5\"");
  EXPECT_EQ(ErrorOf(with("--noise-share=NaN")),
            "Error: --noise-share must be between 0 and 1, got \"NaN\"");
  EXPECT_EQ(ErrorOf(with("--noise-share=x")), "Error: --noise-share: expected a number, got \"x\"");
  EXPECT_EQ(ErrorOf(with("--show-noise=yes")),
            "Error: --show-noise: expected true or false, got \"yes\"");
  EXPECT_EQ(ErrorOf(with("--stable-share")), "Error: --stable-share: missing value");
  EXPECT_EQ(ErrorOf(with("--diff-compilations=false")),
            "Error: jit-vs-jit-runs always compares compilations: --diff-compilations=false does "
            "not apply to it");
  EXPECT_EQ(ErrorOf({"jit-vs-jit-runs", "extra", "--exp1", "a", "p", "--exp2", "b", "q"}),
            "Error: jit-vs-jit-runs: unexpected argument \"extra\"");
  // After --exp2 a word is one more value.
  EXPECT_EQ(ErrorOf(with("extra")),
            "Error: --exp2 takes an optimization-log directory and a profile per run (LOG PROF "
            "...), got 3 values");
}

TEST(RunsCommandLineTest, OptionsOfTheCommandOnly) {
  EXPECT_EQ(ErrorOf({"report", "--exp1", "a", "p"}),
            "Error: --exp1 is an option of jit-vs-jit-runs, not of report");
  EXPECT_EQ(ErrorOf({"jit-vs-jit", "a", "b", "c", "d", "--show-noise=true"}),
            "Error: --show-noise is an option of jit-vs-jit-runs, not of jit-vs-jit");
}

TEST(RunsCommandLineTest, HelpListsTheCommandAndItsOptions) {
  CommandLineResult help = ParseCommandLine({"help", "jit-vs-jit-runs"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* text :
       {"Usage: profdiff jit-vs-jit-runs", "--exp1 LOG PROF", "--exp2 LOG PROF",
        "--stable-share NUMBER=0.8", "--noise-share NUMBER=0.2", "--show-noise BOOL=false"}) {
    EXPECT_NE(help.out.find(text), std::string::npos) << text << "\n" << help.out;
  }
  CommandLineResult all = ParseCommandLine({"help"});
  EXPECT_NE(all.out.find("jit-vs-jit-runs"), std::string::npos);
}

}  // namespace
}  // namespace profdiff
