#include "cli/command_line.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "cli/command_table.h"
#include "cli/option_table.h"
#include "test_util.h"

namespace profdiff {
namespace {

using Action = CommandLineResult::Action;
using Args = std::vector<std::string>;

constexpr double kInf = std::numeric_limits<double>::infinity();

// Parses `args`, expecting a command to run.
CommandLine ParseToRun(const Args& args) {
  CommandLineResult result = ParseCommandLine(args);
  EXPECT_EQ(result.action, Action::kRun) << result.err;
  return result.command_line;
}

// Parses `args`, expecting a command-line error; returns its message (stderr's first line).
std::string ErrorOf(const Args& args) {
  CommandLineResult result = ParseCommandLine(args);
  EXPECT_EQ(result.action, Action::kPrint);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("Error: ")) << result.err;
  return result.err.substr(0, result.err.find('\n'));
}

// ---------------------------------------------------------------------------------------------
// Value syntaxes.

TEST(ParseBoolValueTest, TrueAndFalseInAnyCase) {
  EXPECT_EQ(ParseBoolValue("true"), true);
  EXPECT_EQ(ParseBoolValue("TRUE"), true);
  EXPECT_EQ(ParseBoolValue("tRuE"), true);
  EXPECT_EQ(ParseBoolValue("false"), false);
  EXPECT_EQ(ParseBoolValue("falsE"), false);
  EXPECT_EQ(ParseBoolValue("FALSE"), false);
}

TEST(ParseBoolValueTest, NothingElse) {
  for (const char* text : {"", "yes", "no", "1", "0", "t", "f", "true ", " true", "truee", "on"}) {
    EXPECT_EQ(ParseBoolValue(text), std::nullopt) << text;
  }
}

TEST(ParseInt32ValueTest, Decimal) {
  EXPECT_EQ(ParseInt32Value("0"), 0);
  EXPECT_EQ(ParseInt32Value("42"), 42);
  EXPECT_EQ(ParseInt32Value("+42"), 42);
  EXPECT_EQ(ParseInt32Value("-42"), -42);
  EXPECT_EQ(ParseInt32Value("-0"), 0);
  EXPECT_EQ(ParseInt32Value("010"), 10);  // Not octal.
  EXPECT_EQ(ParseInt32Value("0000000000000000000007"), 7);
  EXPECT_EQ(ParseInt32Value("2147483647"), 2147483647);
  EXPECT_EQ(ParseInt32Value("-2147483648"), std::numeric_limits<int32_t>::min());
}

TEST(ParseInt32ValueTest, Rejected) {
  for (const char* text :
       {"", "+", "-", "2147483648", "-2147483649", "99999999999999999999", "0x10", "0X10", "1e1",
        "4.0", " 1", "1 ", "++1", "+-1", "1_000", "x", "\xD9\xA1" /* Arabic-Indic one */}) {
    EXPECT_EQ(ParseInt32Value(text), std::nullopt) << text;
  }
}

TEST(ParseDoubleValueTest, DecimalForms) {
  EXPECT_EQ(ParseDoubleValue("0.9"), 0.9);
  EXPECT_EQ(ParseDoubleValue("1"), 1.0);
  EXPECT_EQ(ParseDoubleValue("1."), 1.0);
  EXPECT_EQ(ParseDoubleValue(".5"), 0.5);
  EXPECT_EQ(ParseDoubleValue("00.5"), 0.5);
  EXPECT_EQ(ParseDoubleValue("1e-1"), 0.1);
  EXPECT_EQ(ParseDoubleValue("1E+5"), 1e5);
  EXPECT_EQ(ParseDoubleValue("1.5E-3"), 1.5e-3);
  EXPECT_EQ(ParseDoubleValue("+.5e-1"), 0.05);
  EXPECT_EQ(ParseDoubleValue("-2.5"), -2.5);
  EXPECT_EQ(ParseDoubleValue("0.1"), 0.1);
  EXPECT_EQ(ParseDoubleValue("123456789012345678901234567890"), 1.2345678901234568e29);
}

TEST(ParseDoubleValueTest, TypeSuffixes) {
  EXPECT_EQ(ParseDoubleValue("0.5d"), 0.5);
  EXPECT_EQ(ParseDoubleValue("0.5D"), 0.5);
  EXPECT_EQ(ParseDoubleValue("1.1f"), 1.1);  // Still the double nearest to 1.1.
  EXPECT_EQ(ParseDoubleValue("1F"), 1.0);
  EXPECT_EQ(ParseDoubleValue("1e-5f"), 1e-5);
}

TEST(ParseDoubleValueTest, HexFloats) {
  EXPECT_EQ(ParseDoubleValue("0x1p-1"), 0.5);
  EXPECT_EQ(ParseDoubleValue("0x1p3"), 8.0);
  EXPECT_EQ(ParseDoubleValue("0X1P3f"), 8.0);
  EXPECT_EQ(ParseDoubleValue("0x1.8P-1"), 0.75);
  EXPECT_EQ(ParseDoubleValue("0x.8p1"), 1.0);
  EXPECT_EQ(ParseDoubleValue("0x1.p1"), 2.0);
  EXPECT_EQ(ParseDoubleValue("0x1.8p+1"), 3.0);
  EXPECT_EQ(ParseDoubleValue("-0x1p0d"), -1.0);
  EXPECT_EQ(ParseDoubleValue("0x0.0000000000001p-1022"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(ParseDoubleValue("0x1.fffffffffffff7p1023"), std::numeric_limits<double>::max());
  EXPECT_EQ(ParseDoubleValue("0x1.fffffffffffff8p1023"), kInf);
}

TEST(ParseDoubleValueTest, SpecialValuesAndSigns) {
  EXPECT_TRUE(std::isnan(*ParseDoubleValue("NaN")));
  EXPECT_TRUE(std::isnan(*ParseDoubleValue("-NaN")));
  EXPECT_TRUE(std::isnan(*ParseDoubleValue("+NaN")));
  EXPECT_EQ(ParseDoubleValue("Infinity"), kInf);
  EXPECT_EQ(ParseDoubleValue("+Infinity"), kInf);
  EXPECT_EQ(ParseDoubleValue("-Infinity"), -kInf);
  std::optional<double> negative_zero = ParseDoubleValue("-0");
  ASSERT_TRUE(negative_zero);
  EXPECT_TRUE(std::signbit(*negative_zero));
}

TEST(ParseDoubleValueTest, OverflowAndUnderflowLikeJava) {
  EXPECT_EQ(ParseDoubleValue("1e400"), kInf);
  EXPECT_EQ(ParseDoubleValue("-1e400"), -kInf);
  EXPECT_EQ(ParseDoubleValue("1.7976931348623159e308"), kInf);
  EXPECT_EQ(ParseDoubleValue("1.7976931348623158e308"), std::numeric_limits<double>::max());
  EXPECT_EQ(ParseDoubleValue("1e99999999999999999999"), kInf);
  EXPECT_EQ(ParseDoubleValue("0x1p99999999999999999"), kInf);
  EXPECT_EQ(ParseDoubleValue("1e-400"), 0.0);
  std::optional<double> tiny = ParseDoubleValue("-1e-400");
  ASSERT_TRUE(tiny);
  EXPECT_EQ(*tiny, 0.0);
  EXPECT_TRUE(std::signbit(*tiny));
  EXPECT_EQ(ParseDoubleValue("1e-99999999999999999999"), 0.0);
  EXPECT_EQ(ParseDoubleValue("0x1p-99999999999999999"), 0.0);
  EXPECT_EQ(ParseDoubleValue("5e-324"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(ParseDoubleValue("2.4703282292062328e-324"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(ParseDoubleValue("2.4703282292062327e-324"), 0.0);
  // Digits and exponent compensate each other.
  EXPECT_EQ(ParseDoubleValue("0." + std::string(400, '0') + "1e400"), 0.1);
}

TEST(ParseDoubleValueTest, TrimsControlCharactersAndSpaces) {
  EXPECT_EQ(ParseDoubleValue(" 0.5\t"), 0.5);
  EXPECT_EQ(ParseDoubleValue(std::string("\0\x01\n 0.25\x1f\r", 9)), 0.25);
}

TEST(ParseDoubleValueTest, Rejected) {
  for (const char* text : {"",
                           "   ",
                           "x",
                           ".",
                           "1e",
                           "e5",
                           "1e5.5",
                           "1.5.5",
                           "0x1",
                           "0x.p1",
                           "0xp1",
                           "0x1p",
                           "0x1pd",
                           "0xg1p1",
                           "++1",
                           "+-1",
                           "1 2",
                           "1_0",
                           "d",
                           "f",
                           "NaNd",
                           "Infinityd",
                           "infinity",
                           "nan",
                           "inf",
                           "Inf",
                           "1.0ff",
                           "1e5e5",
                           "0x1p1.5",
                           "\xC2\xA0"
                           "1"}) {
    EXPECT_EQ(ParseDoubleValue(text), std::nullopt) << text;
  }
}

// ---------------------------------------------------------------------------------------------
// Commands and positionals.

TEST(CommandLineTest, Defaults) {
  CommandLine line = ParseToRun({"report", "logs"});
  const Options defaults;
  EXPECT_EQ(line.options.hot_min_limit, 1);
  EXPECT_EQ(line.options.hot_max_limit, 10);
  EXPECT_EQ(line.options.hot_percentile, 0.9);
  EXPECT_FALSE(line.options.optimization_context_tree);
  EXPECT_TRUE(line.options.diff_compilations);
  EXPECT_FALSE(line.options.long_bci);
  EXPECT_TRUE(line.options.sort_inlining_tree);
  EXPECT_TRUE(line.options.sort_unordered_phases);
  EXPECT_TRUE(line.options.remove_detailed_phases);
  EXPECT_TRUE(line.options.prune_identities);
  EXPECT_TRUE(line.options.create_fragments);
  EXPECT_FALSE(line.options.inliner_reasoning);
  EXPECT_EQ(line.options.hot_percentile, defaults.hot_percentile);
}

TEST(CommandLineTest, EveryCommandWithAllPositionals) {
  for (const Args& args : {
           Args{"report", "l"},
           Args{"report", "l", "p"},
           Args{"jit-vs-jit", "l1", "p1", "l2", "p2"},
           Args{"jit-vs-aot", "l1", "p1", "l2"},
           Args{"jit-vs-aot", "l1", "p1", "l2", "p2"},
           Args{"aot-vs-aot", "l1", "p1", "l2", "p2"},
           Args{"aot-vs-aot-jit-profile", "l0", "p0", "l1", "l2"},
       }) {
    CommandLine line = ParseToRun(args);
    EXPECT_EQ(line.command, args[0]);
    EXPECT_EQ(line.positionals, Args(args.begin() + 1, args.end()));
  }
}

TEST(CommandLineTest, PositionalsAreTakenVerbatim) {
  // Words that look like short options, CLI11 markers or command names are still positionals.
  CommandLine line = ParseToRun({"report", "-x", "++"});
  EXPECT_EQ(line.positionals, (Args{"-x", "++"}));
  line = ParseToRun({"report", "help", "report"});
  EXPECT_EQ(line.positionals, (Args{"help", "report"}));
  line = ParseToRun({"jit-vs-aot", "-", "@p", "", "jit-vs-jit"});
  EXPECT_EQ(line.positionals, (Args{"-", "@p", "", "jit-vs-jit"}));
  line = ParseToRun({"report", "-5"});
  EXPECT_EQ(line.positionals, (Args{"-5"}));
}

TEST(CommandLineTest, MissingPositionals) {
  EXPECT_EQ(ErrorOf({"report"}), "Error: report: missing argument optimization_log");
  EXPECT_EQ(ErrorOf({"jit-vs-jit", "a", "b", "c"}),
            "Error: jit-vs-jit: missing argument proftool_output_2");
  EXPECT_EQ(ErrorOf({"jit-vs-aot", "a", "b"}),
            "Error: jit-vs-aot: missing argument aot_optimization_log");
  EXPECT_EQ(ErrorOf({"aot-vs-aot", "a"}), "Error: aot-vs-aot: missing argument proftool_output_1");
  EXPECT_EQ(ErrorOf({"aot-vs-aot-jit-profile", "a", "b", "c"}),
            "Error: aot-vs-aot-jit-profile: missing argument aot_optimization_log_2");
}

TEST(CommandLineTest, SurplusPositionals) {
  EXPECT_EQ(ErrorOf({"report", "a", "b", "c"}), "Error: report: unexpected argument \"c\"");
  EXPECT_EQ(ErrorOf({"report", "a", "b", "-x", "d"}), "Error: report: unexpected argument \"-x\"");
  EXPECT_EQ(ErrorOf({"jit-vs-jit", "a", "b", "c", "d", "report"}),
            "Error: jit-vs-jit: unexpected argument \"report\"");
  EXPECT_EQ(ErrorOf({"help", "a", "b"}), "Error: help: unexpected argument \"b\"");
}

TEST(CommandLineTest, CommandErrors) {
  EXPECT_EQ(ErrorOf({}), "Error: no command given");
  EXPECT_EQ(ErrorOf({"--long-bci", "true"}), "Error: no command given");
  EXPECT_EQ(ErrorOf({"bogus"}), "Error: unknown command \"bogus\"");
  EXPECT_EQ(ErrorOf({"REPORT", "a"}), "Error: unknown command \"REPORT\"");
  EXPECT_EQ(ErrorOf({"-x", "a"}), "Error: unknown command \"-x\"");
}

TEST(CommandLineTest, ErrorsPointToHelp) {
  CommandLineResult result = ParseCommandLine({"bogus"});
  EXPECT_EQ(result.err, "Error: unknown command \"bogus\"\nRun 'profdiff help' for usage.\n");
  result = ParseCommandLine({"report"});
  EXPECT_EQ(result.err,
            "Error: report: missing argument optimization_log\n"
            "Run 'profdiff help report' for usage.\n");
}

TEST(CommandLineTest, StatsArgumentsAreToldApartByWhatTheyAre) {
  test::TempDir dir;
  const std::string a = dir.MakeDir("a"), b = dir.MakeDir("b");
  const std::string pa = dir.Write("a.json", "{}"), pb = dir.Write("b.json", "{}");
  for (const Args& positionals : {Args{a}, Args{a, pa}, Args{a, b}, Args{a, pa, b, pb}}) {
    Args args{"stats"};
    args.insert(args.end(), positionals.begin(), positionals.end());
    CommandLine line = ParseToRun(args);
    EXPECT_EQ(line.command, "stats");
    EXPECT_EQ(line.positionals, positionals);
  }
  EXPECT_EQ(ErrorOf({"stats", pa}),
            "Error: stats: \"" + pa +
                "\" is a file, but the first argument must be an "
                "optimization log (a directory, a HotSpot compilation log or an LLVM remarks "
                "file)");
  EXPECT_EQ(ErrorOf({"stats", a, pa, b}),
            "Error: stats: experiment 1 has a profile and experiment 2 has none; compare two "
            "experiments with a profile each, or two without");
  EXPECT_EQ(
      ErrorOf({"stats", a, b, a}),
      "Error: stats: \"" + a + "\" would be a third optimization log; stats takes one or two");
  EXPECT_EQ(ErrorOf({"stats", a, pa, pb}),
            "Error: stats: \"" + pb + "\" is a file after the profile \"" + pa +
                "\"; a profile follows the optimization log it is of");
  EXPECT_EQ(ErrorOf({"stats", a, b, pa, pb, pb}),
            "Error: stats: unexpected argument \"" + pb + "\"");
  CommandLineResult result = ParseCommandLine({"stats", dir.Path("missing")});
  EXPECT_EQ(result.err,
            "Error: stats: cannot use \"" + dir.Path("missing") +
                "\": No such file or directory\nRun 'profdiff help stats' for usage.\n");
  // Help and option errors come first, as for every command.
  EXPECT_EQ(ParseCommandLine({"stats", dir.Path("missing"), "--help"}).exit_code, 0);
  EXPECT_EQ(ErrorOf({"stats", dir.Path("missing"), "--long-bci=x"}),
            "Error: --long-bci: expected true or false, got \"x\"");
}

// ---------------------------------------------------------------------------------------------
// Options.

struct OptionCase {
  const char* name;
  const char* value;
  // Checks the parsed options.
  bool (*check)(const Options&);
};

const OptionCase kOptionCases[] = {
    {"--hot-min-limit", "3", [](const Options& o) { return o.hot_min_limit == 3; }},
    {"--hot-max-limit", "7", [](const Options& o) { return o.hot_max_limit == 7; }},
    {"--hot-percentile", "0.25", [](const Options& o) { return o.hot_percentile == 0.25; }},
    {"--optimization-context-tree", "true",
     [](const Options& o) { return o.optimization_context_tree; }},
    {"--diff-compilations", "false", [](const Options& o) { return !o.diff_compilations; }},
    {"--long-bci", "true", [](const Options& o) { return o.long_bci; }},
    {"--sort-inlining-tree", "false", [](const Options& o) { return !o.sort_inlining_tree; }},
    {"--sort-unordered-phases", "false", [](const Options& o) { return !o.sort_unordered_phases; }},
    {"--remove-detailed-phases", "false",
     [](const Options& o) { return !o.remove_detailed_phases; }},
    {"--prune-identities", "false", [](const Options& o) { return !o.prune_identities; }},
    {"--create-fragments", "false", [](const Options& o) { return !o.create_fragments; }},
    {"--inliner-reasoning", "true", [](const Options& o) { return o.inliner_reasoning; }},
};

TEST(CommandLineTest, EveryOptionInBothSyntaxesBeforeAndAfterTheCommand) {
  for (const OptionCase& c : kOptionCases) {
    const std::string joined = std::string(c.name) + "=" + c.value;
    for (const Args& args : {
             Args{joined, "report", "l"},
             Args{c.name, c.value, "report", "l"},
             Args{"report", joined, "l"},
             Args{"report", "l", c.name, c.value},
             Args{"jit-vs-aot", "a", c.name, c.value, "b", "c"},
         }) {
      CommandLine line = ParseToRun(args);
      EXPECT_TRUE(c.check(line.options)) << args[0] << " " << args[1] << " " << args[2];
      EXPECT_EQ(line.positionals.front(), args[0] == "jit-vs-aot" ? "a" : "l");
    }
  }
}

TEST(CommandLineTest, EveryOptionRejectsABadValue) {
  for (const OptionCase& c : kOptionCases) {
    std::string message = ErrorOf({std::string(c.name) + "=bad", "report", "l"});
    EXPECT_TRUE(message.starts_with("Error: " + std::string(c.name) + ": expected ")) << message;
    EXPECT_TRUE(message.ends_with(", got \"bad\"")) << message;
  }
}

TEST(CommandLineTest, EveryOptionNeedsAValue) {
  for (const OptionCase& c : kOptionCases) {
    EXPECT_EQ(ErrorOf({"report", "l", c.name}),
              "Error: " + std::string(c.name) + ": missing value");
  }
}

TEST(CommandLineTest, ValueMessages) {
  EXPECT_EQ(ErrorOf({"--hot-min-limit=x", "report", "l"}),
            "Error: --hot-min-limit: expected a whole number from -2147483648 to 2147483647, got "
            "\"x\"");
  EXPECT_EQ(ErrorOf({"--hot-percentile", "abc", "report", "l"}),
            "Error: --hot-percentile: expected a number, got \"abc\"");
  EXPECT_EQ(ErrorOf({"--long-bci", "yes", "report", "l"}),
            "Error: --long-bci: expected true or false, got \"yes\"");
  // An empty value after '=' is a value, not an invitation to take the next argument.
  EXPECT_EQ(ErrorOf({"--hot-max-limit=", "report", "l"}),
            "Error: --hot-max-limit: expected a whole number from -2147483648 to 2147483647, got "
            "\"\"");
}

TEST(CommandLineTest, IntegerSyntax) {
  EXPECT_EQ(ParseToRun({"--hot-max-limit", "010", "report", "l"}).options.hot_max_limit, 10);
  EXPECT_EQ(ParseToRun({"--hot-max-limit=+20", "report", "l"}).options.hot_max_limit, 20);
  EXPECT_EQ(ParseToRun({"--hot-min-limit=0", "report", "l"}).options.hot_min_limit, 0);
  EXPECT_EQ(ParseToRun({"--hot-max-limit=2147483647", "report", "l"}).options.hot_max_limit,
            2147483647);
  EXPECT_NE(ErrorOf({"--hot-max-limit=0x10", "report", "l"}), "");
  EXPECT_NE(ErrorOf({"--hot-max-limit=2147483648", "report", "l"}), "");
  EXPECT_NE(ErrorOf({"--hot-max-limit= 5", "report", "l"}), "");
  EXPECT_NE(ErrorOf({"--hot-max-limit=1e1", "report", "l"}), "");
}

TEST(CommandLineTest, BoolSyntax) {
  EXPECT_TRUE(ParseToRun({"--long-bci", "TRUE", "report", "l"}).options.long_bci);
  EXPECT_FALSE(ParseToRun({"--diff-compilations=fAlSe", "report", "l"}).options.diff_compilations);
  EXPECT_NE(ErrorOf({"--long-bci", "1", "report", "l"}), "");
  // Booleans are never flags: the next argument is the value.
  EXPECT_EQ(ErrorOf({"--long-bci", "report", "l"}),
            "Error: --long-bci: expected true or false, got \"report\"");
}

TEST(CommandLineTest, DoubleSyntax) {
  for (const auto& [text, value] : std::vector<std::pair<std::string, double>>{
           {"1e-1", 0.1},
           {".5", 0.5},
           {"1.", 1.0},
           {"0.5d", 0.5},
           {"0x1p-1", 0.5},
           {" 0.75 ", 0.75},
           {"0", 0.0},
           {"1", 1.0},
       }) {
    EXPECT_EQ(ParseToRun({"--hot-percentile", text, "report", "l"}).options.hot_percentile, value)
        << text;
  }
  EXPECT_TRUE(
      std::signbit(ParseToRun({"--hot-percentile=-0.0", "report", "l"}).options.hot_percentile));
}

TEST(CommandLineTest, ValuesAreTakenVerbatimEvenWithDashes) {
  // The reference takes the next argument as the value whatever it looks like.
  EXPECT_EQ(ErrorOf({"--hot-min-limit", "--long-bci", "report", "l"}),
            "Error: --hot-min-limit: expected a whole number from -2147483648 to 2147483647, got "
            "\"--long-bci\"");
  EXPECT_EQ(ParseToRun({"--hot-percentile", "-0", "report", "l"}).options.hot_percentile, 0.0);
  EXPECT_EQ(ErrorOf({"--hot-min-limit", "-1", "report", "l"}),
            "Error: --hot-min-limit must not be negative, got -1");
  // A value equal to --help is a value, not a request for help.
  EXPECT_EQ(ErrorOf({"--long-bci", "--help", "report", "l"}),
            "Error: --long-bci: expected true or false, got \"--help\"");
  // Values containing '=' keep everything after the first one.
  EXPECT_EQ(ErrorOf({"--long-bci=a=b", "report", "l"}),
            "Error: --long-bci: expected true or false, got \"a=b\"");
}

TEST(CommandLineTest, LastOccurrenceWins) {
  CommandLine line = ParseToRun({"--hot-max-limit=5", "--long-bci", "true", "report", "l",
                                 "--hot-max-limit", "7", "--long-bci=false", "--hot-max-limit=8"});
  EXPECT_EQ(line.options.hot_max_limit, 8);
  EXPECT_FALSE(line.options.long_bci);
  // Validation uses the final values only.
  line = ParseToRun({"--hot-min-limit=20", "--hot-min-limit=2", "report", "l"});
  EXPECT_EQ(line.options.hot_min_limit, 2);
}

TEST(CommandLineTest, EveryOccurrenceMustParse) {
  EXPECT_EQ(ErrorOf({"--hot-max-limit=x", "--hot-max-limit=5", "report", "l"}),
            "Error: --hot-max-limit: expected a whole number from -2147483648 to 2147483647, got "
            "\"x\"");
}

TEST(CommandLineTest, UnknownOptions) {
  EXPECT_EQ(ErrorOf({"--bogus", "report", "l"}), "Error: unknown option \"--bogus\"");
  EXPECT_EQ(ErrorOf({"--bogus=1", "report", "l"}), "Error: unknown option \"--bogus=1\"");
  EXPECT_EQ(ErrorOf({"report", "l", "--bogus"}), "Error: unknown option \"--bogus\"");
  EXPECT_EQ(ErrorOf({"--", "report", "l"}), "Error: unknown option \"--\"");
  EXPECT_EQ(ErrorOf({"report", "--", "l"}), "Error: unknown option \"--\"");
  EXPECT_EQ(ErrorOf({"---long-bci=true", "report", "l"}),
            "Error: unknown option \"---long-bci=true\"");
  EXPECT_EQ(ErrorOf({"--Long-Bci=true", "report", "l"}),
            "Error: unknown option \"--Long-Bci=true\"");
  EXPECT_EQ(ErrorOf({"--long", "true", "report", "l"}), "Error: unknown option \"--long\"");
  EXPECT_EQ(ErrorOf({"--help=1", "report", "l"}), "Error: --help does not take a value");
  EXPECT_EQ(ErrorOf({"--version=", "report", "l"}), "Error: --version does not take a value");
}

TEST(CommandLineTest, FirstErrorInArgumentOrderWins) {
  EXPECT_EQ(ErrorOf({"--bogus", "--long-bci=x", "report"}), "Error: unknown option \"--bogus\"");
  EXPECT_EQ(ErrorOf({"--long-bci=x", "--bogus", "report"}),
            "Error: --long-bci: expected true or false, got \"x\"");
  EXPECT_EQ(ErrorOf({"nope", "--bogus"}), "Error: unknown command \"nope\"");
}

// ---------------------------------------------------------------------------------------------
// Validation.

TEST(CommandLineTest, HotPercentileRange) {
  EXPECT_EQ(ParseToRun({"--hot-percentile=0", "report", "l"}).options.hot_percentile, 0.0);
  EXPECT_EQ(ParseToRun({"--hot-percentile=1", "report", "l"}).options.hot_percentile, 1.0);
  EXPECT_EQ(ErrorOf({"--hot-percentile=1.5", "report", "l"}),
            "Error: --hot-percentile must be between 0 and 1, got \"1.5\"");
  EXPECT_EQ(ErrorOf({"--hot-percentile=-0.1", "report", "l"}),
            "Error: --hot-percentile must be between 0 and 1, got \"-0.1\"");
  EXPECT_EQ(ErrorOf({"--hot-percentile=NaN", "report", "l"}),
            "Error: --hot-percentile must be between 0 and 1, got \"NaN\"");
  EXPECT_EQ(ErrorOf({"--hot-percentile=Infinity", "report", "l"}),
            "Error: --hot-percentile must be between 0 and 1, got \"Infinity\"");
  EXPECT_EQ(ErrorOf({"report", "l", "--hot-percentile", "1.0000000000000002"}),
            "Error: --hot-percentile must be between 0 and 1, got \"1.0000000000000002\"");
}

TEST(CommandLineTest, HotLimits) {
  CommandLine line = ParseToRun({"--hot-min-limit=0", "--hot-max-limit=0", "report", "l"});
  EXPECT_EQ(line.options.hot_min_limit, 0);
  EXPECT_EQ(line.options.hot_max_limit, 0);
  line = ParseToRun({"--hot-min-limit=10", "report", "l"});
  EXPECT_EQ(line.options.hot_min_limit, 10);
  EXPECT_EQ(ErrorOf({"--hot-min-limit=-1", "report", "l"}),
            "Error: --hot-min-limit must not be negative, got -1");
  EXPECT_EQ(ErrorOf({"--hot-min-limit=11", "report", "l"}),
            "Error: --hot-min-limit (11) must not exceed --hot-max-limit (10)");
  EXPECT_EQ(ErrorOf({"--hot-max-limit=-5", "report", "l"}),
            "Error: --hot-min-limit (1) must not exceed --hot-max-limit (-5)");
  // Percentile is checked first.
  EXPECT_EQ(ErrorOf({"--hot-min-limit=-1", "--hot-percentile=2", "report", "l"}),
            "Error: --hot-percentile must be between 0 and 1, got \"2\"");
}

TEST(CommandLineTest, ParseErrorsComeBeforeValidationAndPositionals) {
  EXPECT_EQ(ErrorOf({"--hot-percentile=2", "report"}),
            "Error: report: missing argument optimization_log");
  EXPECT_EQ(ErrorOf({"--hot-percentile=2", "report", "a", "b", "c"}),
            "Error: report: unexpected argument \"c\"");
  EXPECT_EQ(ErrorOf({"report", "a", "b", "c", "--long-bci=x"}),
            "Error: --long-bci: expected true or false, got \"x\"");
}

// ---------------------------------------------------------------------------------------------
// Help and version.

CommandLineResult PrintOf(const Args& args) {
  CommandLineResult result = ParseCommandLine(args);
  EXPECT_EQ(result.action, Action::kPrint);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.err, "");
  return result;
}

void ExpectProgramHelp(const std::string& out) {
  EXPECT_NE(out.find("Usage: profdiff [OPTIONS] COMMAND"), std::string::npos) << out;
  for (const OptionCase& c : kOptionCases) {
    EXPECT_NE(out.find(c.name), std::string::npos) << c.name;
  }
  EXPECT_NE(out.find("--hot-min-limit INT=1 "), std::string::npos) << out;
  EXPECT_NE(out.find("--hot-max-limit INT=10 "), std::string::npos) << out;
  EXPECT_NE(out.find("--hot-percentile NUMBER=0.9 "), std::string::npos) << out;
  EXPECT_NE(out.find("--optimization-context-tree BOOL=false "), std::string::npos) << out;
  EXPECT_NE(out.find("--diff-compilations BOOL=true "), std::string::npos) << out;
  for (const char* command : {"\n  report ", "\n  jit-vs-jit ", "\n  jit-vs-aot ",
                              "\n  aot-vs-aot ", "\n  aot-vs-aot-jit-profile ", "\n  help "}) {
    EXPECT_NE(out.find(command), std::string::npos) << command;
  }
  EXPECT_TRUE(out.ends_with("\n"));
  // Our own wording: nothing of the reference's help text.
  EXPECT_EQ(out.find("mx profdiff"), std::string::npos);
  EXPECT_EQ(out.find("the minimum number of compilation units to mark as hot"), std::string::npos);
  EXPECT_EQ(out.find("dump the optimization log of an experiment"), std::string::npos);
}

TEST(HelpTest, ProgramHelp) {
  const std::string help = PrintOf({"help"}).out;
  ExpectProgramHelp(help);
  EXPECT_EQ(PrintOf({"--help"}).out, help);
  EXPECT_EQ(PrintOf({"-h"}).out, help);
  EXPECT_EQ(PrintOf({"--long-bci=true", "help"}).out, help);
  EXPECT_EQ(PrintOf({"help", "--long-bci", "true"}).out, help);
  // --help before the command: program help; it beats every error.
  EXPECT_EQ(PrintOf({"--help", "report"}).out, help);
  EXPECT_EQ(PrintOf({"--bogus", "-h"}).out, help);
  EXPECT_EQ(PrintOf({"--long-bci=maybe", "--help", "report", "a", "b", "c"}).out, help);
  EXPECT_EQ(PrintOf({"nope", "--help"}).out, help);
}

// The help is made of the option and command tables: every option with its description, every
// command's arguments with theirs, so that the help cannot drift from the tables (issue 35).
TEST(HelpTest, EveryOptionAndArgumentAsInTheTables) {
  const std::string help = PrintOf({"--help"}).out;
  for (const OptionSpec& spec : OptionSpecs()) {
    const size_t at = help.find("\n  " + std::string(spec.name) + " ");
    ASSERT_NE(at, std::string::npos) << spec.name;
    const size_t end = help.find('\n', at + 1);
    EXPECT_NE(help.substr(at, end - at).find(spec.description), std::string::npos)
        << spec.name << ": " << help.substr(at, end - at);
  }
  for (const CommandSpec& command : CommandSpecs()) {
    const std::string text = PrintOf({"help", std::string(command.name)}).out;
    for (const PositionalSpec& positional : command.positionals) {
      const std::string line = "\n  " + std::string(positional.name) + " " +
                               std::string(positional.type_name) +
                               (positional.required ? " REQUIRED" : "");
      const size_t at = text.find(line);
      ASSERT_NE(at, std::string::npos) << command.name << ": " << line << "\n" << text;
      const size_t end = text.find('\n', at + 1);
      EXPECT_NE(text.substr(at, end - at).find(positional.description), std::string::npos)
          << command.name << " " << positional.name;
    }
  }
  // What the help said wrongly before: hotness is a share of the JIT-compiled time, the logs may
  // be HotSpot files, profiles JFR recordings, and --require exits with 2 too.
  EXPECT_EQ(help.find("total execution period"), std::string::npos);
  EXPECT_NE(help.find("2 differences found (--fail-on) or a rule broken (--require)"),
            std::string::npos);
  for (const char* command : {"report", "stats", "jit-vs-aot"}) {
    const std::string text = PrintOf({"help", command}).out;
    EXPECT_NE(text.find("DIR|FILE REQUIRED"), std::string::npos) << command;
    EXPECT_NE(text.find("JFR recording"), std::string::npos) << command;
  }
  EXPECT_NE(PrintOf({"help", "jit-vs-jit-runs"}).out.find("Required: a run of experiment 1"),
            std::string::npos);
}

TEST(HelpTest, CommandHelp) {
  const std::string report = PrintOf({"help", "report"}).out;
  EXPECT_NE(report.find("Usage: profdiff report [OPTIONS] optimization_log [proftool_output]"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("\n  optimization_log DIR|FILE REQUIRED "), std::string::npos) << report;
  EXPECT_NE(report.find("\n  proftool_output FILE "), std::string::npos) << report;
  EXPECT_EQ(report.find("directory with optimization logs"), std::string::npos);
  EXPECT_EQ(PrintOf({"report", "--help"}).out, report);
  EXPECT_EQ(PrintOf({"report", "-h"}).out, report);
  EXPECT_EQ(PrintOf({"report", "a", "b", "c", "--bogus", "--help"}).out, report);
  EXPECT_EQ(PrintOf({"--long-bci", "true", "help", "report"}).out, report);

  EXPECT_NE(PrintOf({"help", "jit-vs-aot"})
                .out.find("Usage: profdiff jit-vs-aot [OPTIONS] jit_optimization_log "
                          "jit_proftool_output aot_optimization_log [aot_proftool_output]"),
            std::string::npos);
  EXPECT_NE(PrintOf({"help", "aot-vs-aot-jit-profile"})
                .out.find("aot-vs-aot-jit-profile [OPTIONS] jit_optimization_log proftool_output "
                          "aot_optimization_log_1 aot_optimization_log_2"),
            std::string::npos);
  EXPECT_NE(PrintOf({"help", "jit-vs-jit"})
                .out.find("jit-vs-jit [OPTIONS] optimization_log_1 [proftool_output_1] "
                          "[optimization_log_2] [proftool_output_2]"),
            std::string::npos);
  EXPECT_NE(PrintOf({"help", "aot-vs-aot"})
                .out.find("aot-vs-aot [OPTIONS] optimization_log_1 [proftool_output_1] "
                          "[optimization_log_2] [proftool_output_2]"),
            std::string::npos);
  const std::string help = PrintOf({"help", "help"}).out;
  EXPECT_NE(help.find("Usage: profdiff help [OPTIONS] [command]"), std::string::npos) << help;
  EXPECT_EQ(PrintOf({"help", "--help"}).out, help);
}

TEST(HelpTest, HelpForAnUnknownCommandFails) {
  CommandLineResult result = ParseCommandLine({"help", "bogus"});
  EXPECT_EQ(result.action, Action::kPrint);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("Error: unknown command \"bogus\"\n")) << result.err;
  for (const char* command : {"\n  report ", "\n  jit-vs-jit ", "\n  jit-vs-aot ",
                              "\n  aot-vs-aot ", "\n  aot-vs-aot-jit-profile ", "\n  help "}) {
    EXPECT_NE(result.err.find(command), std::string::npos) << command;
  }
  // Words that look like options or commands of CLI11 are just names here.
  EXPECT_TRUE(ParseCommandLine({"help", "-x"}).err.starts_with("Error: unknown command \"-x\""));
}

TEST(HelpTest, Version) {
  CommandLineResult result = PrintOf({"--version"});
  EXPECT_EQ(result.out, std::string("profdiff ") + PROFDIFF_VERSION + "\n");
  EXPECT_EQ(PrintOf({"report", "--version"}).out, result.out);
  EXPECT_EQ(PrintOf({"--bogus", "--version"}).out, result.out);
  // The first request wins.
  EXPECT_EQ(PrintOf({"--version", "--help"}).out, result.out);
  EXPECT_NE(PrintOf({"--help", "--version"}).out, result.out);
}

}  // namespace
}  // namespace profdiff
