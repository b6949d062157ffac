// A program whose time is known: in each 10 ms slice it spends 7 ms in hot() and 3 ms in cold()
// (tests/jfr_oracle.py runs it with hot and cold kept out of their caller by
// -XX:CompileCommand=dontinline, so each is the code that runs, not an inlined frame).
// Usage: java GroundTruth SECONDS
public class GroundTruth {
  static long sink;

  static long hot(long until) {
    long x = 17;
    while (System.nanoTime() < until) {
      for (int i = 0; i < 200; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    }
    return x;
  }

  static long cold(long until) {
    long x = 31;
    while (System.nanoTime() < until) {
      for (int i = 0; i < 200; i++) {
        x = x * 2862933555777941757L + 3037000493L;
      }
    }
    return x;
  }

  public static void main(String[] args) {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 3;
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    while (System.nanoTime() < end) {
      long start = System.nanoTime();
      sink += hot(start + 7_000_000L);
      sink += cold(start + 10_000_000L);
    }
    System.out.println(sink != 42 ? "done" : "");
  }
}
