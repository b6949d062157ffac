// A method whose time is in its C1 code (issue 32, part 2): run with C2's thresholds raised
// (tests/jfr_left_out.py gives -XX:Tier4InvocationThreshold and the others), work(long) runs at
// level 3 for most of its calls; C2 compiles it only near the end, so its level-4 compilation
// exists but holds few samples, and --tiers=top leaves out the compilation that ran.
// Usage: java LateC2 CALLS
public class LateC2 {
  static long sink;

  static long work(long x) {
    for (int i = 0; i < 8; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    return x;
  }

  public static void main(String[] args) {
    long calls = args.length > 0 ? Long.parseLong(args[0]) : 20_000_000L;
    long x = 17;
    for (long n = 0; n < calls; n++) x = work(x);
    sink = x;
    System.out.println(sink != 42 ? "done" : "");
  }
}
