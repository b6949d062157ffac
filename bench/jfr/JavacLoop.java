import javax.tools.*;
import java.nio.file.*;
import java.util.*;

/**
 * A busy, varied Java workload for a realistic JFR recording (bench/jfr/run): compiles the Java
 * sources given with javac, over and over, for the seconds given, on -Dthreads=N threads (1).
 * Usage: java JavacLoop SECONDS SOURCE.java...
 */
public class JavacLoop {
    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        List<String> sources = new ArrayList<>();
        for (int i = 1; i < args.length; i++) sources.add(args[i]);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Runnable work = () -> {
            try {
                Path out = Files.createTempDirectory("javacloop");
                JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
                while (System.nanoTime() < end) {
                    List<String> a = new ArrayList<>(List.of("-d", out.toString(), "-g"));
                    a.addAll(sources);
                    javac.run(null, null, null, a.toArray(new String[0]));
                }
            } catch (Exception e) { throw new RuntimeException(e); }
        };
        int n = Integer.getInteger("threads", 1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) threads.add(new Thread(work));
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }
}
