import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

// Hot generated classes for tests/run_generated_names.py (issue 36, part 5): two lambdas, a
// method reference and a proxy, each called often enough for C2 to compile its method, so that
// their compilations are in the log under names that change from run to run.
public class HotLambdas {
  interface Scaler {
    int scale(int x);
  }

  static int sink;

  static int twice(int x) {
    return x * 2 + (x >>> 3);
  }

  public static void main(String[] args) {
    int offset = args.length + 3;
    IntUnaryOperator addOffset = x -> x + offset;
    IntBinaryOperator mix = (a, b) -> (a ^ b) + (a >>> 1);
    IntUnaryOperator reference = HotLambdas::twice;
    ToIntFunction<String> length = String::length;
    InvocationHandler handler = (proxy, method, arguments) -> ((Integer) arguments[0]) + 1;
    Scaler scaler =
        (Scaler) Proxy.newProxyInstance(
            HotLambdas.class.getClassLoader(), new Class<?>[] {Scaler.class}, handler);
    String[] words = {"a", "bb", "ccc"};
    int total = 0;
    for (int i = 0; i < 3_000_000; i++) {
      total = addOffset.applyAsInt(total);
      total = mix.applyAsInt(total, i);
      total += reference.applyAsInt(i);
      total += length.applyAsInt(words[i % 3]);
      if ((i & 7) == 0) total += scaler.scale(i);
    }
    sink = total;
    System.out.println(total);
  }
}
