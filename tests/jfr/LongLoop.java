// A program whose main runs one long loop, as benchmarks and batch jobs do (issue 32, part 1):
// main is entered once, so its loop runs in the interpreter, then in OSR compilations (C1's, then
// C2's); the normal compilation of main that the JIT also makes is never entered. Nearly every
// sample is in main. tests/jfr_attribution.py runs it with every JDK.
// Usage: java LongLoop SECONDS
public class LongLoop {
  static long sink;

  public static void main(String[] args) {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 3;
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long x = 17;
    long rounds = 0;
    while (true) {
      for (int i = 0; i < 100_000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
        x ^= x >>> 29;
      }
      if (++rounds % 16 == 0 && System.nanoTime() >= end) break;
    }
    sink = x;
    System.out.println(sink != 42 ? "done" : "");
  }
}
