// Version 1 of the program of tests/run_moved_calls.py (issue 36). Do not reformat: the bcis of
// work()'s calls are the test's ground truth, through the edits listed there.
public class MovedCalls {
  static int small(int x) { return x + 1; }
  static int gone(int x) { return x << 1; }
  static int added(int x) { return x | 4; }
  static int alpha(int x) { return x ^ 5; }
  static int beta(int x) { return x - 7; }
  static int other(int x) { return x * 3; }
  static int grows(int x) { return x + 2; }

  static int work(int i) {
    int a = small(i);
    a += gone(a);
    a += alpha(a);
    a += beta(a);
    a += other(a);
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
