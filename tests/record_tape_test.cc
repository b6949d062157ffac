// RecordTape's two paths: ScanPlain (the fast tokenizer of plain records) must build exactly the
// tape that ParseGeneral (RapidJSON) builds whenever it accepts a line, must accept every plain
// record, and must give up on everything else.

#include "load/json/record_tape.h"

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"

namespace profdiff::record_internal {
namespace {

// Compares two tapes token by token (kinds, keys, positions, container extents and counts,
// decoded texts) and their header scan.
void ExpectSameTape(const RecordTape& fast, const RecordTape& general, std::string_view line) {
  ASSERT_EQ(fast.size(), general.size()) << line;
  for (uint32_t i = 0; i < fast.size(); ++i) {
    const Token& f = fast[i];
    const Token& g = general[i];
    ASSERT_EQ(static_cast<int>(f.kind), static_cast<int>(g.kind)) << "token " << i << ": " << line;
    ASSERT_EQ(f.pos, g.pos) << "token " << i << ": " << line;
    switch (f.kind) {
      case TokenKind::kKey:
        ASSERT_EQ(static_cast<int>(f.key), static_cast<int>(g.key)) << line;
        [[fallthrough]];
      case TokenKind::kString:
      case TokenKind::kNumber:
        ASSERT_EQ(fast.Text(f), general.Text(g)) << "token " << i << ": " << line;
        ASSERT_EQ(f.a, g.a) << "token " << i << ": " << line;
        ASSERT_EQ(f.b, g.b) << "token " << i << ": " << line;
        break;
      case TokenKind::kObject:
      case TokenKind::kArray:
        ASSERT_EQ(f.a, g.a) << "token " << i << ": " << line;
        ASSERT_EQ(f.b, g.b) << "token " << i << ": " << line;
        break;
      default:
        break;
    }
  }
  EXPECT_EQ(fast.header_complete(), general.header_complete()) << line;
  EXPECT_EQ(fast.header_stop_offset(), general.header_stop_offset()) << line;
  EXPECT_EQ(fast.header_method_name(), general.header_method_name()) << line;
  EXPECT_EQ(fast.header_compilation_id(), general.header_compilation_id()) << line;
}

// Random records: compact or spaced JSON with the schema's keys and others, nested values,
// strings with and without escapes, numbers of every form. With `plain_only`, nothing that
// ScanPlain leaves to the general path.
class RecordGenerator {
 public:
  RecordGenerator(uint32_t seed, bool plain_only) : rng_(seed), plain_only_(plain_only) {}

  std::string Record() {
    out_.clear();
    Space();
    out_ += '{';
    const int members = Uniform(0, 6);
    // The header keys, in any order, sometimes repeated or missing, sometimes not strings.
    for (int k = 0; k < members; ++k) {
      if (k > 0) Comma();
      Space();
      String(Chance(0.5) ? (Chance(0.5) ? "methodName" : "compilationId") : Key());
      Space();
      out_ += ':';
      Value(3);
    }
    Space();
    out_ += '}';
    Space();
    return out_;
  }

 private:
  int Uniform(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  void Space() {
    if (!Chance(0.15)) return;
    static constexpr char kSpaces[] = {' ', '\t', '\n', '\r'};
    for (int n = Uniform(1, 3); n > 0; --n) out_ += kSpaces[Uniform(0, 3)];
  }
  void Comma() {
    Space();
    out_ += ',';
  }

  std::string Key() {
    // Every key the schema knows, and a few it does not.
    static const std::vector<std::string> kKeys = [] {
      std::vector<std::string> keys = {"java.util.HashMap.get(Object)", "", "x"};
      for (size_t k = 1; k < static_cast<size_t>(KeyId::kCount); ++k) {
        keys.emplace_back(KeyName(static_cast<KeyId>(k)));
      }
      return keys;
    }();
    if (Chance(0.8)) return kKeys[Uniform(0, static_cast<int>(kKeys.size()) - 1)];
    return Text();
  }

  // String content as it appears in the JSON text (escapes not decoded).
  std::string Text() {
    std::string text;
    const int length = Uniform(0, 40);
    for (int i = 0; i < length; ++i) {
      const int kind = Uniform(0, 19);
      if (kind < 12) {
        text += static_cast<char>(Uniform('a', 'z'));
      } else if (kind < 14) {
        static constexpr std::string_view kPunctuation = " .,()[]{}:$<>;/";
        text += kPunctuation[Uniform(0, static_cast<int>(kPunctuation.size()) - 1)];
      } else if (kind < 16) {
        static constexpr std::string_view kEscapes[] = {"\\\"", "\\\\", "\\/", "\\b",
                                                        "\\f",  "\\n",  "\\r", "\\t"};
        text += kEscapes[Uniform(0, 7)];
      } else if (kind < 18) {
        text += "\xc3\xa9";  // é in UTF-8
      } else if (!plain_only_) {
        static constexpr std::string_view kUnusual[] = {
            "\\u0041", "\\ud83d\\ude00", "\\u00e9", "\x01", "\\x", "\x7f"};
        text += kUnusual[Uniform(0, 5)];
      }
    }
    return text;
  }

  void String(const std::string& text) {
    out_ += '"';
    out_ += text;
    out_ += '"';
  }

  std::string Number() {
    std::string n;
    if (Chance(0.3)) n += '-';
    if (Chance(0.2)) {
      n += '0';
    } else {
      n += static_cast<char>(Uniform('1', '9'));
      for (int d = Uniform(0, plain_only_ ? 12 : 40); d > 0; --d) {
        n += static_cast<char>(Uniform('0', '9'));
      }
    }
    if (Chance(0.3)) {
      n += '.';
      for (int d = Uniform(1, 8); d > 0; --d) n += static_cast<char>(Uniform('0', '9'));
    }
    if (Chance(0.2)) {
      n += Chance(0.5) ? 'e' : 'E';
      if (Chance(0.5)) n += Chance(0.5) ? '+' : '-';
      for (int d = Uniform(1, plain_only_ ? 2 : 4); d > 0; --d) {
        n += static_cast<char>(Uniform('0', '9'));
      }
    }
    return n;
  }

  void Value(int depth) {
    Space();
    const int kind = Uniform(0, depth > 0 ? 7 : 5);
    switch (kind) {
      case 0:
      case 1:
        String(Text());
        break;
      case 2:
        out_ += Number();
        break;
      case 3:
        out_ += Chance(0.5) ? "true" : "false";
        break;
      case 4:
        out_ += "null";
        break;
      case 5:
        out_ += Chance(0.5) ? "{}" : "[]";
        break;
      case 6: {
        out_ += '{';
        const int members = Uniform(0, 4);
        for (int k = 0; k < members; ++k) {
          if (k > 0) Comma();
          Space();
          String(Key());
          Space();
          out_ += ':';
          Value(depth - 1);
        }
        Space();
        out_ += '}';
        break;
      }
      default: {
        out_ += '[';
        const int elements = Uniform(0, 4);
        for (int k = 0; k < elements; ++k) {
          if (k > 0) Comma();
          Value(depth - 1);
        }
        Space();
        out_ += ']';
        break;
      }
    }
    Space();
  }

  std::mt19937 rng_;
  bool plain_only_;
  std::string out_;
};

// Breaks a record the way bad input does: a byte removed, replaced or inserted, the line cut.
std::string Mutate(std::string line, std::mt19937& rng) {
  using std::string_view_literals::operator""sv;
  static constexpr std::string_view kBytes = "{}[]\":,\\ -+.0123456789eEtfnu\x00\x01\x7f\xff"sv;
  auto uniform = [&rng](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  const size_t edits = 1 + uniform(3);
  for (size_t e = 0; e < edits; ++e) {
    const char byte = kBytes[uniform(kBytes.size())];
    switch (uniform(4)) {
      case 0:
        if (!line.empty()) line.erase(uniform(line.size()), 1);
        break;
      case 1:
        if (!line.empty()) line[uniform(line.size())] = byte;
        break;
      case 2:
        line.insert(line.begin() + static_cast<std::ptrdiff_t>(uniform(line.size() + 1)), byte);
        break;
      default:
        line.resize(uniform(line.size() + 1));
        break;
    }
  }
  return line;
}

// Checks one line both ways: when ScanPlain accepts it, RapidJSON must accept it too with the
// same tape; Parse must always agree with ParseGeneral. Returns whether ScanPlain accepted.
bool CheckLine(std::string_view line) {
  RecordTape fast;
  RecordTape general;
  const bool general_ok = general.ParseGeneral(line);
  const bool fast_ok = fast.ScanPlain(line);
  if (fast_ok) {
    EXPECT_TRUE(general_ok) << "ScanPlain accepted a line RapidJSON rejects: " << line;
    if (general_ok) ExpectSameTape(fast, general, line);
  }
  RecordTape either;
  const bool either_ok = either.Parse(line);
  EXPECT_EQ(either_ok, general_ok) << line;
  if (either_ok && general_ok) {
    ExpectSameTape(either, general, line);
  } else if (!either_ok && !general_ok) {
    EXPECT_EQ(either.syntax_error_offset(), general.syntax_error_offset()) << line;
    EXPECT_EQ(either.syntax_error_message(), general.syntax_error_message()) << line;
    EXPECT_EQ(either.header_complete(), general.header_complete()) << line;
    EXPECT_EQ(either.header_stop_offset(), general.header_stop_offset()) << line;
  }
  return fast_ok;
}

TEST(RecordTapeTest, ScanPlainAcceptsEveryPlainRecordWithTheGeneralTape) {
  RecordGenerator generator(1, /*plain_only=*/true);
  for (int i = 0; i < 5000; ++i) {
    const std::string line = generator.Record();
    EXPECT_TRUE(CheckLine(line)) << "not taken as plain: " << line;
    if (HasFailure()) return;
  }
}

TEST(RecordTapeTest, ScanPlainAgreesWithRapidJsonOnAnyRecord) {
  RecordGenerator generator(2, /*plain_only=*/false);
  int accepted = 0;
  for (int i = 0; i < 5000; ++i) {
    accepted += CheckLine(generator.Record()) ? 1 : 0;
    if (HasFailure()) return;
  }
  // Unusual strings and numbers are common here, but not in every record.
  EXPECT_GT(accepted, 500);
  EXPECT_LT(accepted, 5000);
}

TEST(RecordTapeTest, ScanPlainAgreesWithRapidJsonOnBrokenRecords) {
  std::mt19937 rng(3);
  for (bool plain : {true, false}) {
    RecordGenerator generator(plain ? 4 : 5, plain);
    for (int i = 0; i < 20000; ++i) {
      CheckLine(Mutate(generator.Record(), rng));
      if (HasFailure()) return;
    }
  }
}

TEST(RecordTapeTest, ScanPlainGivesUpOnWhatOnlyTheGeneralPathDecides) {
  const std::string_view kLines[] = {
      R"({"a":"\u0041"})",                           // \u escape
      "{\"a\":\"x\x01y\"}",                          // control character in a string
      R"({"a":1e400})",                              // 3-digit exponent (beyond the double range)
      R"({"a":1.5e100})",                            // 3-digit exponent
      R"({"a":123456789012345678901234567890123})",  // long number
      R"({"a":1} x)",                                // trailing garbage
      R"({"a":1,})",                                 // trailing comma
      R"([1,2])",                                    // not an object
      R"({"a":tru})",                                // bad literal
      R"({"a":"\q"})",                               // invalid escape
      R"({"a":01})",                                 // leading zero
      R"({"a":1.})",                                 // missing fraction
      R"({"a" 1})",                                  // missing colon
      "",                                            // empty
  };
  for (std::string_view line : kLines) {
    RecordTape tape;
    EXPECT_FALSE(tape.ScanPlain(line)) << line;
    CheckLine(line);
  }
  std::string with_nul = R"({"a":1})";
  with_nul += '\0';
  RecordTape tape;
  EXPECT_FALSE(tape.ScanPlain(with_nul));
  CheckLine(with_nul);
}

TEST(RecordTapeTest, ScanPlainDecodesSimpleEscapesInPlace) {
  RecordTape tape;
  const std::string_view line = R"({"methodName":"a\"b\\c\/d\n","compilationId":"7"})";
  ASSERT_TRUE(tape.ScanPlain(line));
  EXPECT_EQ(tape.Text(tape[tape.header_method_name()]), "a\"b\\c/d\n");
  EXPECT_EQ(tape.Text(tape[tape.header_compilation_id()]), "7");
  EXPECT_TRUE(tape.header_complete());
  CheckLine(line);
}

}  // namespace
}  // namespace profdiff::record_internal
