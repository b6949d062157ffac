#include "profdiff/analysis/compilation_pairing.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "profdiff/support/absl_compat.h"

namespace profdiff {

namespace {

// The cost of an assignment, compared lexicographically: pairs that were not compared (never
// chosen when anything else is possible), units left unpaired, pairs with a fragment (a unit
// pairs with a unit when it can), pairs of unknown cost, then the summed edit cost. Exact
// integer arithmetic in each part: no big constants that could overflow, and the Hungarian
// algorithm only adds, subtracts and compares.
struct Cost {
  int64_t not_compared = 0;
  int64_t unpaired_units = 0;
  int64_t fragment_pairs = 0;
  int64_t unknown = 0;
  int64_t edit = 0;

  friend Cost operator+(Cost a, const Cost& b) {
    a.not_compared += b.not_compared;
    a.unpaired_units += b.unpaired_units;
    a.fragment_pairs += b.fragment_pairs;
    a.unknown += b.unknown;
    a.edit += b.edit;
    return a;
  }
  friend Cost operator-(Cost a, const Cost& b) {
    a.not_compared -= b.not_compared;
    a.unpaired_units -= b.unpaired_units;
    a.fragment_pairs -= b.fragment_pairs;
    a.unknown -= b.unknown;
    a.edit -= b.edit;
    return a;
  }
  friend bool operator<(const Cost& a, const Cost& b) {
    return std::tie(a.not_compared, a.unpaired_units, a.fragment_pairs, a.unknown, a.edit) <
           std::tie(b.not_compared, b.unpaired_units, b.fragment_pairs, b.unknown, b.edit);
  }
};

const Cost kInfinite{std::numeric_limits<int64_t>::max() / 4, 0, 0, 0, 0};

Cost PairCost(const ComparedPair& pair) {
  const int64_t fragment = pair.left_fragment || pair.right_fragment ? 1 : 0;
  return pair.cost_known ? Cost{0, 0, fragment, 0, pair.cost} : Cost{0, 0, fragment, 1, 0};
}

// Minimum-cost perfect matching of a square matrix (the Hungarian algorithm with potentials,
// O(n^3)): row i is matched with column result[i].
std::vector<size_t> MinimumCostMatching(const std::vector<std::vector<Cost>>& a) {
  const size_t n = a.size();
  // 1-based, as in the classic formulation: row/column 0 is the virtual start.
  std::vector<Cost> u(n + 1), v(n + 1);
  std::vector<size_t> p(n + 1, 0), way(n + 1, 0);
  for (size_t i = 1; i <= n; ++i) {
    p[0] = i;
    size_t j0 = 0;
    std::vector<Cost> minv(n + 1, kInfinite);
    std::vector<char> used(n + 1, 0);
    do {
      used[j0] = 1;
      const size_t i0 = p[j0];
      Cost delta = kInfinite;
      size_t j1 = 0;
      for (size_t j = 1; j <= n; ++j) {
        if (used[j]) continue;
        const Cost current = a[i0 - 1][j - 1] - u[i0] - v[j];
        if (current < minv[j]) {
          minv[j] = current;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (size_t j = 0; j <= n; ++j) {
        if (used[j]) {
          u[p[j]] = u[p[j]] + delta;
          v[j] = v[j] - delta;
        } else {
          minv[j] = minv[j] - delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<size_t> result(n, 0);
  for (size_t j = 1; j <= n; ++j) result[p[j] - 1] = j - 1;
  return result;
}

// Past this many compilations on both sides together, the O(n^3) matching would take seconds:
// units are then paired greedily, cheapest pair first (docs/ci.md says so).
constexpr size_t kMaxMatchedCompilations = 600;

}  // namespace

std::vector<size_t> CountedPairs(const std::vector<ComparedPair>& pairs) {
  // The compilations of each side, numbered in sorted order of their IDs, and the pairs in a
  // canonical order: the answer must not depend on the order the pairs were rendered in
  // (worker threads) or read back.
  std::vector<size_t> order(pairs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    const ComparedPair& a = pairs[x];
    const ComparedPair& b = pairs[y];
    return std::tie(a.left, a.right, a.cost_known, a.cost, x) <
           std::tie(b.left, b.right, b.cost_known, b.cost, y);
  });
  absl::flat_hash_map<absl::string_view, size_t> left_index, right_index;
  std::vector<bool> left_unit, right_unit;
  std::vector<std::string_view> right_ids;
  for (size_t k : order) {
    if (left_index.try_emplace(AbslView(pairs[k].left), left_unit.size()).second) {
      left_unit.push_back(!pairs[k].left_fragment);
    }
  }
  for (const ComparedPair& pair : pairs) right_ids.push_back(pair.right);
  std::sort(right_ids.begin(), right_ids.end());
  right_ids.erase(std::unique(right_ids.begin(), right_ids.end()), right_ids.end());
  for (std::string_view id : right_ids) right_index.emplace(AbslView(id), right_index.size());
  right_unit.assign(right_ids.size(), false);
  for (const ComparedPair& pair : pairs) {
    right_unit[right_index.at(AbslView(pair.right))] = !pair.right_fragment;
  }
  const size_t left_count = left_unit.size();
  const size_t right_count = right_unit.size();

  // The cheapest pair of each (left, right) cell (IDs may repeat in a log: the first pair of
  // the least cost stands for them).
  constexpr size_t kNone = SIZE_MAX;
  std::vector<size_t> cell(left_count * right_count, kNone);
  std::vector<size_t> left_of(pairs.size()), right_of(pairs.size());
  for (size_t k : order) {
    const size_t i = left_index.at(AbslView(pairs[k].left));
    const size_t j = right_index.at(AbslView(pairs[k].right));
    left_of[k] = i;
    right_of[k] = j;
    size_t& best = cell[i * right_count + j];
    if (best == kNone || PairCost(pairs[k]) < PairCost(pairs[best])) best = k;
  }

  std::vector<size_t> counted;
  std::vector<char> left_paired(left_count, 0), right_paired(right_count, 0);
  if (left_count + right_count <= kMaxMatchedCompilations) {
    // Rows: the left compilations, then one "unpaired" row per right compilation; columns: the
    // right compilations, then one "unpaired" column per left compilation. Leaving a unit
    // unpaired costs one unpaired unit, a fragment nothing.
    const size_t n = left_count + right_count;
    std::vector<std::vector<Cost>> a(n, std::vector<Cost>(n, Cost{1, 0, 0, 0, 0}));
    for (size_t i = 0; i < left_count; ++i) {
      for (size_t j = 0; j < right_count; ++j) {
        const size_t k = cell[i * right_count + j];
        if (k != kNone) a[i][j] = PairCost(pairs[k]);
      }
      a[i][right_count + i] = Cost{0, left_unit[i] ? 1 : 0, 0, 0, 0};
    }
    for (size_t j = 0; j < right_count; ++j) {
      a[left_count + j][j] = Cost{0, right_unit[j] ? 1 : 0, 0, 0, 0};
      for (size_t i = 0; i < left_count; ++i) a[left_count + j][right_count + i] = Cost{};
    }
    const std::vector<size_t> match = MinimumCostMatching(a);
    for (size_t i = 0; i < left_count; ++i) {
      const size_t j = match[i];
      if (j >= right_count) continue;
      const size_t k = cell[i * right_count + j];
      if (k == kNone) continue;
      counted.push_back(k);
      left_paired[i] = right_paired[j] = 1;
    }
  } else {
    // Greedy: units with units first, then a unit with a fragment; cheapest pair first.
    std::vector<size_t> by_cost;
    for (size_t k : cell) {
      if (k != kNone) by_cost.push_back(k);
    }
    auto units = [&](size_t k) {
      return (left_unit[left_of[k]] ? 1 : 0) + (right_unit[right_of[k]] ? 1 : 0);
    };
    std::stable_sort(by_cost.begin(), by_cost.end(), [&](size_t x, size_t y) {
      if (units(x) != units(y)) return units(x) > units(y);
      return PairCost(pairs[x]) < PairCost(pairs[y]);
    });
    for (size_t k : by_cost) {
      if (units(k) == 0 || left_paired[left_of[k]] || right_paired[right_of[k]]) continue;
      counted.push_back(k);
      left_paired[left_of[k]] = right_paired[right_of[k]] = 1;
    }
  }

  // Units left over count their pair with their best partner.
  std::vector<size_t> left_best(left_count, kNone), right_best(right_count, kNone);
  for (size_t k : order) {
    size_t& l = left_best[left_of[k]];
    if (l == kNone || PairCost(pairs[k]) < PairCost(pairs[l])) l = k;
    size_t& r = right_best[right_of[k]];
    if (r == kNone || PairCost(pairs[k]) < PairCost(pairs[r])) r = k;
  }
  for (size_t i = 0; i < left_count; ++i) {
    if (left_unit[i] && !left_paired[i] && left_best[i] != kNone) counted.push_back(left_best[i]);
  }
  for (size_t j = 0; j < right_count; ++j) {
    if (right_unit[j] && !right_paired[j] && right_best[j] != kNone) {
      counted.push_back(right_best[j]);
    }
  }
  std::sort(counted.begin(), counted.end());
  counted.erase(std::unique(counted.begin(), counted.end()), counted.end());
  return counted;
}

}  // namespace profdiff
