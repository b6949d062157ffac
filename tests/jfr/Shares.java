// Shares that differ for real and shares that differ by chance (issue 32, part 4): main spends
// the given milliseconds calling each of three methods in short calls (so each is compiled
// normally and is the first frame of its samples): big, other and tiny.
// tests/jfr_sampling_noise.py runs it twice: big takes three quarters of the time in one run and
// a fortieth in the other (a real change), tiny 10 ms in each (a sample or two, none at all on a
// busy machine: whatever difference they show is chance).
// Usage: java Shares BIG_MS OTHER_MS TINY_MS
public class Shares {
  static long sink;

  static long big(long x) {
    for (int i = 0; i < 1000; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    return x;
  }

  static long other(long x) {
    for (int i = 0; i < 1000; i++) {
      x = x * 2862933555777941757L + 3037000493L;
      x ^= x >>> 31;
    }
    return x;
  }

  static long tiny(long x) {
    for (int i = 0; i < 1000; i++) {
      x = x * 3202034522624059733L + 1L;
      x ^= x >>> 27;
    }
    return x;
  }

  interface Step {
    long apply(long x);
  }

  static long spend(long millis, Step step, long x) {
    long end = System.nanoTime() + millis * 1_000_000L;
    while (System.nanoTime() < end) {
      for (int n = 0; n < 100; n++) x = step.apply(x);
    }
    return x;
  }

  public static void main(String[] args) {
    long x = 17;
    // Compiled before the recording's samples count: a few thousand calls of each.
    for (int n = 0; n < 2_000; n++) x = big(x) ^ other(x) ^ tiny(x);
    x = spend(Long.parseLong(args[2]), Shares::tiny, x);
    x = spend(Long.parseLong(args[0]), Shares::big, x);
    x = spend(Long.parseLong(args[1]), Shares::other, x);
    sink = x;
    System.out.println(sink != 42 ? "done" : "");
  }
}
