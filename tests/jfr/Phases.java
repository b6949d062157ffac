import java.util.function.LongUnaryOperator;

// The other shapes of a method's compilations (issue 32, parts 1 and 3), one phase after another,
// each a known share of the run:
//   - work(long, int): its first call runs a long loop (OSR-compiled by C1, then C2); the calls
//     after it are short and run its normal compilations, C1's and later C2's;
//   - measure(Shape, long): compiled by C2 for the one Shape it has seen, then deoptimized when a
//     second Shape appears (made not entrant) and compiled again;
//   - three lambdas called at one megamorphic site: hidden classes, which JDK 17's JFR and its
//     HotSpot log name differently.
// tests/jfr_attribution.py runs it with work and measure kept out of main by
// -XX:CompileCommand=dontinline, so each is the code that runs, not an inlined frame.
// Usage: java Phases SECONDS
public class Phases {
  interface Shape {
    long area(long x);
  }

  static final class Square implements Shape {
    public long area(long x) {
      for (int i = 0; i < 1_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
      return x;
    }
  }

  static final class Circle implements Shape {
    public long area(long x) {
      for (int i = 0; i < 1_000; i++) x = x * 6364136223846793005L + 3037000493L;
      return x;
    }
  }

  static long sink;

  static long work(long x, int n) {
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 31;
    }
    return x;
  }

  static long measure(Shape s, long x) {
    return s.area(x) ^ (x >>> 7);
  }


  public static void main(String[] args) {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 4;
    long phase = seconds * 1_000_000_000L / 4;
    long x = 17;
    // work: one long call (its loop OSR-compiled), then many short ones.
    long end = System.nanoTime() + phase;
    x = work(x, 300_000_000);
    // When the long call returned (the epoch's nanoseconds, JFR's clock): until then work ran its
    // OSR code, after it only calls of its normal code.
    java.time.Instant returned = java.time.Instant.now();
    System.out.println(
        "work-returned " + (returned.getEpochSecond() * 1_000_000_000L + returned.getNano()));
    while (System.nanoTime() < end) x = work(x, 20_000);
    // measure: one Shape, then a second one (a deoptimization), then both.
    Shape square = new Square();
    Shape circle = new Circle();
    end = System.nanoTime() + phase / 2;
    while (System.nanoTime() < end) x = measure(square, x);
    end = System.nanoTime() + phase / 2;
    long i = 0;
    while (System.nanoTime() < end) x = measure(++i % 2 == 0 ? square : circle, x);
    // Three lambdas at one call site: none is inlined into main.
    LongUnaryOperator[] ops = {
      y -> {
        for (int k = 0; k < 2_000; k++) y = y * 6364136223846793005L + 1;
        return y;
      },
      y -> {
        for (int k = 0; k < 2_000; k++) y = y * 6364136223846793005L + 3;
        return y;
      },
      y -> {
        for (int k = 0; k < 2_000; k++) y = y * 6364136223846793005L + 5;
        return y;
      },
    };
    end = System.nanoTime() + 2 * phase;
    int k = 0;
    while (System.nanoTime() < end) {
      x = ops[k].applyAsLong(x);
      k = k == 2 ? 0 : k + 1;
    }
    sink = x;
    System.out.println(sink != 42 ? "done" : "");
  }
}
