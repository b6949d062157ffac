/* Loops that vectorize (independent element-wise work), loops that do not (a loop-carried
   dependence, a call of unknown effect, possible aliasing), and a function inlined into another
   that is itself inlined (leaf -> middle -> outer -> main). */
#include <stdio.h>
#include <stdlib.h>

void add_arrays(float *restrict out, const float *restrict a, const float *restrict b, int n) {
  for (int i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

void maybe_aliased(float *out, const float *in, int n) {
  for (int i = 0; i < n; ++i) out[i] = in[i] * 2.0f + out[i];
}

void prefix_sum(int *values, int n) {
  for (int i = 1; i < n; ++i) values[i] += values[i - 1];
}

int opaque_calls(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += rand() % 7;
  return total;
}

float reduce(const float *values, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += values[i];
  return sum;
}

static inline int leaf(int x) { return x * 3 + 1; }
static int middle(int x) { return leaf(x) + leaf(x + 1); }
static int outer(int x) { return middle(x) * 2 + middle(x - 1); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n), *c = malloc(sizeof(float) * n);
  int *p = malloc(sizeof(int) * n);
  for (int i = 0; i < n; ++i) {
    a[i] = (float)i;
    b[i] = (float)(n - i);
    p[i] = i & 3;
  }
  add_arrays(c, a, b, n);
  maybe_aliased(c, a, n);
  prefix_sum(p, n);
  int nested = 0;
  for (int i = 0; i < n; ++i) nested += outer(i);
  printf("%f %d %d %d\n", reduce(c, n), p[n - 1], opaque_calls(n), nested);
  free(a);
  free(b);
  free(c);
  free(p);
  return 0;
}
