#include "load/hotspot/pugixml_judge.h"

#include <cstddef>
#include <string_view>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "load/hotspot/block_width.h"
#ifdef PROFDIFF_HAVE_AVX2_LOOPS
#include <immintrin.h>
#endif

namespace profdiff {

namespace {

// Whether the byte at `at` of `text`, one of the bytes PugixmlCanJudge looks at closer ('&',
// '!', '?', ']'), starts something only expat judges.
bool OnlyExpatJudges(std::string_view text, size_t at) {
  switch (text[at]) {
    case '&': {
      const std::string_view rest = text.substr(at + 1);
      return !rest.starts_with("lt;") && !rest.starts_with("gt;") && !rest.starts_with("amp;") &&
             !rest.starts_with("apos;") && !rest.starts_with("quot;");
    }
    case '!':
    case '?':
      return at > 0 && text[at - 1] == '<';
    case ']':
      return text.substr(at).starts_with("]]>");
    default:
      return false;
  }
}

bool PlainByte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x80 && (byte >= 0x20 || c == '\t' || c == '\n' || c == '\r');
}

#ifdef PROFDIFF_HAVE_AVX2_LOOPS
// The loop of PugixmlCanJudge below, 32 bytes a block, on processors with AVX2 (nearly every
// x86-64 made since 2013): half its instructions per byte, and the judge reads every byte of a
// log. Every member is compiled for AVX2 (a lambda would not be).
class Avx2Judge {
 public:
  PROFDIFF_AVX2 explicit Avx2Judge(std::string_view text) : text_(text) {}

  // Judges the blocks of text[*at...] while two and a byte are left, adding their markup to
  // `found` and advancing *at past them; false when one ends the judging.
  PROFDIFF_AVX2 bool Judge(size_t* at, MarkupCounts* found) {
    size_t i = *at;
    bool judged = true;
    int lane_rounds = 0;
    for (; i + 65 <= text_.size(); i += 64) {
      __m256i bad[2];
      __m256i closer[2];
      Block(i, &bad[0], &closer[0]);
      Block(i + 32, &bad[1], &closer[1]);
      const __m256i any_bad = _mm256_or_si256(bad[0], bad[1]);
      const __m256i any = _mm256_or_si256(any_bad, _mm256_or_si256(closer[0], closer[1]));
      if (!_mm256_testz_si256(any, any)) {
        if (!_mm256_testz_si256(any_bad, any_bad) || OnlyExpatJudgesIn(i, closer[0]) ||
            OnlyExpatJudgesIn(i + 32, closer[1])) {
          judged = false;
          break;
        }
      }
      // A lane counts at most one a block: added up before it can overflow.
      if ((lane_rounds += 2) >= 254) {
        AddUp(found);
        lane_rounds = 0;
      }
    }
    AddUp(found);
    *at = i;
    return judged;
  }

 private:
  // The block at `from`: its bytes that end the judging (`bad`) and those to look at closer
  // (`closer`), its markup added to the lanes (as in the SSE2 loop).
  PROFDIFF_AVX2 void Block(size_t from, __m256i* bad, __m256i* closer) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text_.data() + from));
    const __m256i next =
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text_.data() + from + 1));
    const __m256i low = _mm256_cmpgt_epi8(Byte(0x20), x);  // signed: bytes >= 0x80 too
    const __m256i allowed =
        _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_and_si256(x, Byte(~0x04)), Byte('\t')),
                        _mm256_cmpeq_epi8(x, Byte('\n')));
    *bad = _mm256_andnot_si256(allowed, low);
    *closer = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(x, Byte('&')), _mm256_cmpeq_epi8(x, Byte('!'))),
        _mm256_or_si256(_mm256_cmpeq_epi8(x, Byte('?')), _mm256_cmpeq_epi8(x, Byte(']'))));
    const __m256i is_less = _mm256_cmpeq_epi8(x, Byte('<'));
    less_lanes_ = _mm256_sub_epi8(less_lanes_, is_less);
    end_lanes_ =
        _mm256_sub_epi8(end_lanes_, _mm256_and_si256(is_less, _mm256_cmpeq_epi8(next, Byte('/'))));
    empty_lanes_ = _mm256_sub_epi8(
        empty_lanes_,
        _mm256_and_si256(_mm256_cmpeq_epi8(x, Byte('/')), _mm256_cmpeq_epi8(next, Byte('>'))));
  }

  PROFDIFF_AVX2 bool OnlyExpatJudgesIn(size_t from, __m256i closer) const {
    for (auto mask = static_cast<unsigned>(_mm256_movemask_epi8(closer)); mask != 0;
         mask &= mask - 1) {
      if (OnlyExpatJudges(text_, from + static_cast<size_t>(__builtin_ctz(mask)))) return true;
    }
    return false;
  }

  PROFDIFF_AVX2 void AddUp(MarkupCounts* found) {
    found->less_than += Sum(less_lanes_);
    found->end_tags += Sum(end_lanes_);
    found->empty_ends += Sum(empty_lanes_);
    less_lanes_ = end_lanes_ = empty_lanes_ = _mm256_setzero_si256();
  }

  PROFDIFF_AVX2 static size_t Sum(__m256i lanes) {
    const __m256i sums = _mm256_sad_epu8(lanes, _mm256_setzero_si256());
    const __m128i halves =
        _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    return static_cast<size_t>(_mm_cvtsi128_si64(halves)) +
           static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
  }

  PROFDIFF_AVX2 static __m256i Byte(int c) { return _mm256_set1_epi8(static_cast<char>(c)); }

  const std::string_view text_;
  __m256i less_lanes_ = _mm256_setzero_si256();
  __m256i end_lanes_ = _mm256_setzero_si256();
  __m256i empty_lanes_ = _mm256_setzero_si256();
};

#endif

}  // namespace

bool PugixmlCanJudge(std::string_view text, MarkupCounts* counts) {
  return PugixmlCanJudge(text, counts, BlockWidth::kWidest);
}

bool PugixmlCanJudge(std::string_view text, MarkupCounts* counts, BlockWidth blocks) {
  size_t i = 0;
  MarkupCounts found;
#ifdef PROFDIFF_HAVE_AVX2_LOOPS
  if (blocks == BlockWidth::kWidest && ProcessorHasAvx2() && !Avx2Judge(text).Judge(&i, &found)) {
    return false;
  }
#else
  (void)blocks;
#endif
#ifdef __SSE2__
  // 16 bytes at a time: any byte >= 0x80 or a control character but tab and line breaks ends
  // it; '&', '!', '?' and ']' are looked at closer. The block one byte on finds the pairs.
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i not_bit_2 = _mm_set1_epi8(static_cast<char>(~0x04));
  const __m128i tab = _mm_set1_epi8('\t');
  const __m128i line_feed = _mm_set1_epi8('\n');
  const __m128i ampersand = _mm_set1_epi8('&');
  const __m128i exclamation = _mm_set1_epi8('!');
  const __m128i question = _mm_set1_epi8('?');
  const __m128i bracket = _mm_set1_epi8(']');
  const __m128i less = _mm_set1_epi8('<');
  const __m128i slash = _mm_set1_epi8('/');
  const __m128i greater = _mm_set1_epi8('>');
  // The counts in byte lanes (a match is -1), added up before a lane can overflow: a call to
  // count a mask's bits costs more than the rest of the loop where popcnt is no instruction.
  __m128i less_lanes = _mm_setzero_si128();
  __m128i end_lanes = _mm_setzero_si128();
  __m128i empty_lanes = _mm_setzero_si128();
  int lane_rounds = 0;
  const auto add_up = [&] {
    const auto sum = [](__m128i lanes) {
      const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
      return static_cast<size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    };
    found.less_than += sum(less_lanes);
    found.end_tags += sum(end_lanes);
    found.empty_ends += sum(empty_lanes);
    less_lanes = end_lanes = empty_lanes = _mm_setzero_si128();
    lane_rounds = 0;
  };
  // The block at `at`: its bytes that end the judging (`bad`) and those to look at closer
  // (`closer`), its markup added to the lanes.
  const auto block = [&](size_t at, __m128i* bad, __m128i* closer) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at));
    const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at + 1));
    // Signed: bytes >= 0x80 are below 0x20 too. Tab (9) and carriage return (13) are the
    // bytes that are 9 without their bit 2.
    const __m128i low = _mm_cmplt_epi8(x, space);
    const __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(_mm_and_si128(x, not_bit_2), tab),
                                         _mm_cmpeq_epi8(x, line_feed));
    *bad = _mm_andnot_si128(allowed, low);
    *closer =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, ampersand), _mm_cmpeq_epi8(x, exclamation)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, question), _mm_cmpeq_epi8(x, bracket)));
    const __m128i is_less = _mm_cmpeq_epi8(x, less);
    less_lanes = _mm_sub_epi8(less_lanes, is_less);
    end_lanes = _mm_sub_epi8(end_lanes, _mm_and_si128(is_less, _mm_cmpeq_epi8(next, slash)));
    empty_lanes = _mm_sub_epi8(
        empty_lanes, _mm_and_si128(_mm_cmpeq_epi8(x, slash), _mm_cmpeq_epi8(next, greater)));
  };
  // Whether a closer look at the block at `at` ends the judging.
  const auto only_expat_judges = [&](size_t at, __m128i closer) {
    for (unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(closer)); mask != 0;
         mask &= mask - 1) {
      if (OnlyExpatJudges(text, at + static_cast<size_t>(__builtin_ctz(mask)))) return true;
    }
    return false;
  };
  // Two blocks a round, their bytes tested at once: the tests were a third of the loop.
  __m128i bad[2];
  __m128i closer[2];
  for (; i + 33 <= text.size(); i += 32) {
    block(i, &bad[0], &closer[0]);
    block(i + 16, &bad[1], &closer[1]);
    const __m128i any_bad = _mm_or_si128(bad[0], bad[1]);
    if (_mm_movemask_epi8(_mm_or_si128(any_bad, _mm_or_si128(closer[0], closer[1]))) != 0) {
      if (_mm_movemask_epi8(any_bad) != 0 || only_expat_judges(i, closer[0]) ||
          only_expat_judges(i + 16, closer[1])) {
        return false;
      }
    }
    if ((lane_rounds += 2) >= 254) add_up();
  }
  for (; i + 17 <= text.size(); i += 16) {
    block(i, &bad[0], &closer[0]);
    if (_mm_movemask_epi8(bad[0]) != 0 || only_expat_judges(i, closer[0])) return false;
    if (++lane_rounds == 255) add_up();
  }
  add_up();
#endif
  for (; i < text.size(); ++i) {
    if (!PlainByte(text[i]) || OnlyExpatJudges(text, i)) return false;
    const char next = i + 1 < text.size() ? text[i + 1] : 0;
    found.less_than += text[i] == '<' ? 1 : 0;
    found.end_tags += text[i] == '<' && next == '/' ? 1 : 0;
    found.empty_ends += text[i] == '/' && next == '>' ? 1 : 0;
  }
  if (counts != nullptr) *counts = found;
  return true;
}

bool NoLessThanInValues(const MarkupCounts& counts, size_t elements) {
  return counts.less_than - counts.end_tags == elements &&
         counts.end_tags + counts.empty_ends == elements;
}

}  // namespace profdiff
