// A program whose time is known: in each round it does 7 units of work in hot() and 3 in cold(),
// the same loop, so hot() takes 70 % of the time whatever the machine's speed or load
// (tests/jfr_oracle.py runs it with hot and cold kept out of their caller by
// -XX:CompileCommand=dontinline, so each is the code that runs, not an inlined frame).
// Usage: java GroundTruth SECONDS
public class GroundTruth {
  static final int UNIT = 400_000;
  static long sink;

  static long hot(long x) {
    for (int i = 0; i < 7 * UNIT; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }

  static long cold(long x) {
    for (int i = 0; i < 3 * UNIT; i++) {
      x = x * 6364136223846793005L + 3037000493L;
    }
    return x;
  }

  public static void main(String[] args) {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 3;
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long x = 17;
    while (System.nanoTime() < end) {
      x = hot(x);
      x = cold(x);
    }
    sink = x;
    System.out.println(sink != 42 ? "done" : "");
  }
}
