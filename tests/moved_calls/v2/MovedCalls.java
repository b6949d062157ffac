// Version 2 of the program of tests/run_moved_calls.py (issue 36). Do not reformat: the bcis of
// work()'s calls are the test's ground truth, through the edits listed there.
public class MovedCalls {
  static int small(int x) { return x + 1; }
  static int gone(int x) { return x << 1; }
  static int added(int x) { return x | 4; }
  static int alpha(int x) { return x ^ 5; }
  static int beta(int x) { return x - 7; }
  static int other(int x) { return x * 3; }
  static int grows(int x) {
    x = x * 31 + (x >>> 1);
    x = x * 32 + (x >>> 2);
    x = x * 33 + (x >>> 3);
    x = x * 34 + (x >>> 4);
    x = x * 35 + (x >>> 5);
    x = x * 36 + (x >>> 6);
    x = x * 37 + (x >>> 7);
    x = x * 38 + (x >>> 1);
    x = x * 39 + (x >>> 2);
    x = x * 40 + (x >>> 3);
    x = x * 41 + (x >>> 4);
    x = x * 42 + (x >>> 5);
    x = x * 43 + (x >>> 6);
    x = x * 44 + (x >>> 7);
    x = x * 45 + (x >>> 1);
    x = x * 46 + (x >>> 2);
    x = x * 47 + (x >>> 3);
    x = x * 48 + (x >>> 4);
    x = x * 49 + (x >>> 5);
    x = x * 50 + (x >>> 6);
    x = x * 51 + (x >>> 7);
    x = x * 52 + (x >>> 1);
    x = x * 53 + (x >>> 2);
    x = x * 54 + (x >>> 3);
    x = x * 55 + (x >>> 4);
    x = x * 56 + (x >>> 5);
    x = x * 57 + (x >>> 6);
    x = x * 58 + (x >>> 7);
    x = x * 59 + (x >>> 1);
    x = x * 60 + (x >>> 2);
    x = x * 61 + (x >>> 3);
    x = x * 62 + (x >>> 4);
    x = x * 63 + (x >>> 5);
    x = x * 64 + (x >>> 6);
    x = x * 65 + (x >>> 7);
    x = x * 66 + (x >>> 1);
    x = x * 67 + (x >>> 2);
    x = x * 68 + (x >>> 3);
    x = x * 69 + (x >>> 4);
    x = x * 70 + (x >>> 5);
    x = x * 71 + (x >>> 6);
    x = x * 72 + (x >>> 7);
    x = x * 73 + (x >>> 1);
    x = x * 74 + (x >>> 2);
    x = x * 75 + (x >>> 3);
    x = x * 76 + (x >>> 4);
    x = x * 77 + (x >>> 5);
    x = x * 78 + (x >>> 6);
    x = x * 79 + (x >>> 7);
    x = x * 80 + (x >>> 1);
    x = x * 81 + (x >>> 2);
    x = x * 82 + (x >>> 3);
    x = x * 83 + (x >>> 4);
    x = x * 84 + (x >>> 5);
    x = x * 85 + (x >>> 6);
    x = x * 86 + (x >>> 7);
    x = x * 87 + (x >>> 1);
    x = x * 88 + (x >>> 2);
    x = x * 89 + (x >>> 3);
    x = x * 90 + (x >>> 4);
    return x;
  }

  static int work(int i) {
    int a = small(i);
    a += added(a);
    a += beta(a);
    a += alpha(a);
    if (i >= 0) {
      a += other(a);
    }
    a += grows(a);
    a += small(a);
    return a;
  }

  public static void main(String[] args) {
    int sum = 0;
    for (int round = 0; round < 200_000; ++round) sum += work(round);
    System.out.println(sum);
  }
}
