// Synthetic optimization logs and proftool profiles for benchmarking profdiff.
//
// Writes a pair of experiments (exp1, exp2) of one kind (JIT or AOT) whose optimization logs have
// about the requested size, modelled on the realistic data of ../shared/conformance/data:
//
//   OUT/exp1/log/<thread>   one JSON compilation unit per line, many files of a few MB
//   OUT/exp1/prof.json      the proftool profile (mx profjson format)
//   OUT/exp2/...            the second experiment, derived from the first with controlled
//                           differences (flipped inlining decisions, added/removed/changed
//                           optimizations, units compiled in one run only, methods compiled
//                           standalone in one run and inlined into their callers in the other,
//                           reshuffled unordered phases, shifted compile IDs and periods)
//
// Everything derives from --seed through hashing, so the same seed and size give byte-identical
// files, and JIT and AOT data generated with the same seed share one "program": the same method
// universe, call graph and hot methods (needed by jit-vs-aot and aot-vs-aot-jit-profile). The units
// of a smaller log are a prefix of those of a larger one with the same seed.
//
// Usage: generate --kind=jit|aot --size-mb=N --seed=S --out=DIR [options], see Usage().

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace profdiff_bench {
namespace {

// ------------------------------------------------------------------------------------------------
// Hashing and random numbers (own implementations, so the output does not depend on the standard
// library's distributions).

constexpr uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr uint64_t Hash(uint64_t a, uint64_t b) { return Mix(a ^ Mix(b ^ 0x632be59bd9b4e019ULL)); }

constexpr uint64_t Hash(uint64_t a, uint64_t b, uint64_t c) { return Hash(Hash(a, b), c); }

// A uniform double in [0, 1) from a hash value.
inline double Unit(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }

__extension__ using Uint128 = unsigned __int128;

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(Mix(seed)) {}
  uint64_t Next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return Mix(state_);
  }
  // Uniform in [0, n); n > 0.
  uint64_t Below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<Uint128>(Next()) * n) >> 64);
  }
  int Range(int lo, int hi) {
    return lo + static_cast<int>(Below(static_cast<uint64_t>(hi - lo + 1)));
  }
  double Uniform() { return Unit(Next()); }
  bool Chance(double p) { return Uniform() < p; }
  // Number of failures before the first success, success probability p.
  int Geometric(double p, int cap) {
    int n = 0;
    while (n < cap && !Chance(p)) ++n;
    return n;
  }
  double Normal() {
    double u1 = 1.0 - Uniform();
    double u2 = Uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  double LogNormal(double median, double sigma) { return median * std::exp(sigma * Normal()); }
  // Pareto with minimum 1 and tail index alpha.
  double Pareto(double alpha) { return std::pow(1.0 - Uniform(), -1.0 / alpha); }
  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[Below(v.size())];
  }

 private:
  uint64_t state_;
};

// Salts of the hash streams.
enum Salt : uint64_t {
  kSaltUniverse = 1,
  kSaltUnit,
  kSaltDecision,
  kSaltFlip,
  kSaltReasonNumbers,
  kSaltReasonVariant,
  kSaltPriority,
  kSaltOpts,
  kSaltOptChange,
  kSaltOptAdd,
  kSaltOrder,
  kSaltShuffle,
  kSaltProfile,
  kSaltIds,
  kSaltFiles,
  kSaltPeriods,
  kSaltStandalone,
  kSaltReceiver,
};

// ------------------------------------------------------------------------------------------------
// Output helpers.

void AppendInt(std::string* out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}

// A double as Java's Double.toString prints values in [1e-3, 1e7): shortest digits, at least one
// fractional digit.
void AppendJavaDouble(std::string* out, double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string_view s(buf, static_cast<size_t>(r.ptr - buf));
  out->append(s);
  if (s.find_first_of(".eE") == std::string_view::npos) out->append(".0");
}

// Rounds to 6 decimals, like the numbers the inliner prints.
double Round6(double v) { return std::round(v * 1e6) / 1e6; }

void AppendFixed6(std::string* out, double v) {
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%.6f", v);
  out->append(buf, static_cast<size_t>(n));
}

void AppendQuoted(std::string* out, std::string_view s) {
  out->push_back('"');
  out->append(s);  // generated names never need escaping
  out->push_back('"');
}

// ------------------------------------------------------------------------------------------------
// The method universe: a Java-like program with a layered call graph.

constexpr int kLevels = 16;  // call-graph levels; callees are on deeper levels than callers
constexpr int kLeafLevel = kLevels - 1;

enum class Flavor : uint8_t { kNormal, kAccessor, kNative, kInterface };

struct CallSite {
  int32_t bci;
  int32_t target;  // method index (an interface method for virtual calls)
};

struct Method {
  std::string name;    // "pkg.Class.method(Args)"
  std::string holder;  // "pkg.Class", the receiver type of implementations
  int16_t level = 0;
  Flavor flavor = Flavor::kNormal;
  bool jdk = false;
  int32_t code_size = 8;
  std::vector<CallSite> calls;
  std::vector<int32_t> impls;  // interface methods: the implementations
};

constexpr const char* kAppPackages[] = {
    "org.acme.engine",
    "org.acme.engine.plan",
    "org.acme.engine.core",
    "com.example.app",
    "com.example.app.model",
    "com.example.app.service",
    "com.example.util",
    "io.synth.net",
    "io.synth.codec",
    "net.bench.scrabble",
    "net.bench.scrabble.dict",
    "dev.sample.graph",
    "org.renaissance.core",
    "scala.collection.immutable",
    "org.apache.lucene.index",
    "io.netty.buffer",
    "com.fasterxml.jackson.core",
    "org.h2.mvstore",
    "org.apache.spark.util",
    "com.twitter.finagle.http",
};
constexpr const char* kJdkPackages[] = {
    "java.util", "java.util.concurrent", "java.lang",       "java.util.stream", "java.io",
    "java.nio",  "jdk.internal.util",    "java.util.regex", "java.lang.invoke", "java.time",
};
constexpr const char* kAdjectives[] = {
    "Sorted",  "Linked",   "Concurrent", "Pooled",  "Striped", "Immutable", "Mutable", "Default",
    "Shared",  "Fast",     "Cached",     "Compact", "Indexed", "Buffered",  "Simple",  "Direct",
    "Lazy",    "Abstract", "Heap",       "Array",   "Hash",    "Weak",      "Atomic",  "Bounded",
    "Ordered", "Sparse",   "Dense",      "Local",   "Remote",  "Packed",
};
constexpr const char* kNouns[] = {
    "Reader",  "Router",   "Map",     "Heap",      "Session",    "Word",      "Node",
    "Codec",   "Tree",     "Parser",  "Planner",   "Segment",    "Frame",     "Vector",
    "Table",   "Cache",    "Builder", "Visitor",   "Dictionary", "Pipeline",  "Queue",
    "Graph",   "Tile",     "Handler", "Evaluator", "Decoder",    "Encoder",   "Score",
    "Matrix",  "Strategy", "Channel", "Buffer",    "Token",      "Scheduler", "Resolver",
    "Factory", "Registry", "Index",   "Slot",      "Writer",     "Context",   "Store",
};
constexpr const char* kInners[] = {"$Holder", "$Itr",  "$Entry", "$Cursor", "$Builder",
                                   "$Sync",   "$View", "$Node",  "$State",  "$Segment",
                                   "$1",      "$2",    "$Values"};
constexpr const char* kVerbs[] = {
    "decode",  "encode",   "parse",  "hash",    "merge",   "match",     "visit",   "emit",
    "compute", "read",     "scan",   "reduce",  "split",   "check",     "put",     "get",
    "remove",  "accept",   "run",    "advance", "process", "transform", "collect", "set",
    "update",  "contains", "lookup", "fill",    "write",   "find",      "apply",   "append",
    "flush",   "resolve",  "next",   "init",
};
constexpr const char* kObjects[] = {
    "Buffer", "Key",   "Value", "Tree",     "Entry", "Node",   "Block", "Range", "Slow",  "Fast",
    "First",  "Next",  "All",   "Internal", "Score", "State",  "Path",  "Token", "Word",  "Chars",
    "Long",   "Bytes", "Slot",  "Index",    "Field", "Header", "Batch", "Item",  "Chunk", "",
};
constexpr const char* kArgTypes[] = {
    "int",        "int",          "long",         "double",     "float",    "boolean",
    "short",      "char",         "byte",         "Object",     "Object",   "String",
    "String",     "Object[]",     "String[]",     "int[]",      "long[]",   "byte[]",
    "char[]",     "List",         "Map",          "Map$Entry",  "Iterator", "Spliterator",
    "Function",   "Consumer",     "Sink",         "Context",    "Key",      "Node",
    "ByteBuffer", "CharSequence", "HashMap$Node", "Collection", "Set",      "Comparator",
    "Predicate",  "Supplier",
};

template <typename T, size_t N>
constexpr size_t Count(const T (&)[N]) {
  return N;
}

template <typename T, size_t N>
const T& PickFrom(Rng& rng, const T (&a)[N]) {
  return a[rng.Below(N)];
}

struct RealMethod {
  const char* name;
  int level;
  Flavor flavor;
};

// Well-known JDK methods, so that the logs contain the names real logs are full of.
constexpr RealMethod kRealMethods[] = {
    {"java.lang.String.length()", 13, Flavor::kAccessor},
    {"java.lang.String.charAt(int)", 12, Flavor::kNormal},
    {"java.lang.String.isLatin1()", 14, Flavor::kAccessor},
    {"java.lang.String.coder()", 14, Flavor::kAccessor},
    {"java.lang.String.hashCode()", 11, Flavor::kNormal},
    {"java.lang.String.equals(Object)", 11, Flavor::kNormal},
    {"java.lang.StringLatin1.hashCode(byte[])", 13, Flavor::kNormal},
    {"java.lang.StringLatin1.equals(byte[], byte[])", 13, Flavor::kNormal},
    {"java.lang.StringLatin1.charAt(byte[], int)", 13, Flavor::kNormal},
    {"java.lang.StringUTF16.getChar(byte[], int)", 14, Flavor::kNormal},
    {"java.lang.Math.max(int, int)", 15, Flavor::kAccessor},
    {"java.lang.Math.min(int, int)", 15, Flavor::kAccessor},
    {"java.lang.Math.abs(int)", 15, Flavor::kAccessor},
    {"java.lang.Integer.valueOf(int)", 13, Flavor::kNormal},
    {"java.lang.Integer.hashCode()", 14, Flavor::kNormal},
    {"java.lang.Integer.equals(Object)", 13, Flavor::kNormal},
    {"java.lang.Integer.intValue()", 15, Flavor::kAccessor},
    {"java.lang.Long.hashCode()", 14, Flavor::kNormal},
    {"java.lang.Long.valueOf(long)", 13, Flavor::kNormal},
    {"java.lang.Object.<init>()", 15, Flavor::kAccessor},
    {"java.lang.Object.getClass()", 15, Flavor::kNative},
    {"java.lang.System.arraycopy(Object, int, Object, int, int)", 15, Flavor::kNative},
    {"java.lang.System.identityHashCode(Object)", 15, Flavor::kNative},
    {"java.lang.Thread.currentThread()", 15, Flavor::kNative},
    {"jdk.internal.misc.Unsafe.compareAndSetInt(Object, long, int, int)", 15, Flavor::kNative},
    {"java.lang.AbstractStringBuilder.append(String)", 10, Flavor::kNormal},
    {"java.lang.AbstractStringBuilder.ensureCapacityInternal(int)", 12, Flavor::kNormal},
    {"java.lang.StringBuilder.append(String)", 9, Flavor::kNormal},
    {"java.lang.StringBuilder.toString()", 10, Flavor::kNormal},
    {"java.lang.StringConcatHelper.simpleConcat(Object, Object)", 8, Flavor::kNormal},
    {"java.util.ArrayList.get(int)", 11, Flavor::kNormal},
    {"java.util.ArrayList.size()", 14, Flavor::kAccessor},
    {"java.util.ArrayList.add(Object)", 10, Flavor::kNormal},
    {"java.util.ArrayList.grow(int)", 12, Flavor::kNormal},
    {"java.util.Objects.checkIndex(int, int)", 13, Flavor::kNormal},
    {"java.util.Objects.requireNonNull(Object)", 14, Flavor::kAccessor},
    {"java.util.Objects.equals(Object, Object)", 12, Flavor::kNormal},
    {"java.util.Arrays$ArrayList.get(int)", 11, Flavor::kNormal},
    {"java.util.Arrays$ArrayList.size()", 14, Flavor::kAccessor},
    {"java.util.Arrays$ArrayItr.hasNext()", 13, Flavor::kAccessor},
    {"java.util.Arrays.copyOf(Object[], int)", 11, Flavor::kNormal},
    {"java.util.HashMap.get(Object)", 10, Flavor::kNormal},
    {"java.util.HashMap.put(Object, Object)", 9, Flavor::kNormal},
    {"java.util.HashMap.hash(Object)", 12, Flavor::kNormal},
    {"java.util.HashMap.getNode(Object)", 11, Flavor::kNormal},
    {"java.util.HashMap.putVal(int, Object, Object, boolean, boolean)", 10, Flavor::kNormal},
    {"java.util.HashMap.resize()", 11, Flavor::kNormal},
    {"java.util.HashMap.containsKey(Object)", 10, Flavor::kNormal},
    {"java.util.HashMap$ValueIterator.next()", 11, Flavor::kNormal},
    {"java.util.HashMap$HashIterator.nextNode()", 12, Flavor::kNormal},
    {"java.util.TreeMap.getEntry(Object)", 10, Flavor::kNormal},
    {"java.util.TreeMap.get(Object)", 9, Flavor::kNormal},
    {"java.util.PriorityQueue.offer(Object)", 9, Flavor::kNormal},
    {"java.util.PriorityQueue.poll()", 9, Flavor::kNormal},
    {"java.util.PriorityQueue.siftUpComparable(int, Object, Object[])", 8, Flavor::kNormal},
    {"java.util.PriorityQueue.siftDownComparable(int, Object, Object[], int)", 10, Flavor::kNormal},
    {"java.util.ImmutableCollections$ListN.size()", 14, Flavor::kAccessor},
    {"java.util.ImmutableCollections$ListN.get(int)", 12, Flavor::kNormal},
    {"java.util.Collections$UnmodifiableRandomAccessList.get(int)", 11, Flavor::kNormal},
    {"java.util.Collections$UnmodifiableCollection.size()", 12, Flavor::kNormal},
    {"java.util.LinkedHashMap.get(Object)", 10, Flavor::kNormal},
    {"java.util.concurrent.ConcurrentHashMap.get(Object)", 10, Flavor::kNormal},
    {"java.util.concurrent.ConcurrentHashMap.putVal(Object, Object, boolean)", 10, Flavor::kNormal},
    {"java.util.concurrent.ConcurrentHashMap.spread(int)", 15, Flavor::kAccessor},
    {"java.util.regex.Matcher.find()", 8, Flavor::kNormal},
    {"java.util.regex.Matcher.search(int)", 9, Flavor::kNormal},
    {"java.util.regex.Pattern$BmpCharProperty.match(Matcher, int, CharSequence)", 10,
     Flavor::kNormal},
    {"java.util.stream.AbstractPipeline.wrapAndCopyInto(Sink, Spliterator)", 7, Flavor::kNormal},
    {"java.util.stream.AbstractPipeline.copyInto(Sink, Spliterator)", 8, Flavor::kNormal},
    {"java.util.stream.ReferencePipeline$3$1.accept(Object)", 9, Flavor::kNormal},
    {"java.io.ByteArrayInputStream.read()", 12, Flavor::kNormal},
    {"java.nio.HeapByteBuffer.get()", 12, Flavor::kNormal},
    {"java.nio.Buffer.checkIndex(int)", 14, Flavor::kNormal},
    {"jdk.internal.misc.Unsafe.getReferenceAcquire(Object, long)", 15, Flavor::kAccessor},
    {"jdk.internal.util.Preconditions.checkIndex(int, int, BiFunction)", 14, Flavor::kNormal},
    {"java.lang.invoke.VarHandleInts$FieldInstanceReadWrite.get(VarHandle, Object)", 13,
     Flavor::kNormal},
    {"java.lang.StringBuilder.length()", 14, Flavor::kAccessor},
    {"java.nio.HeapCharBuffer.length()", 13, Flavor::kNormal},
    {"java.util.ArrayList$Itr.next()", 11, Flavor::kNormal},
    {"java.util.ArrayList$Itr.hasNext()", 14, Flavor::kAccessor},
    {"java.util.Arrays$ArrayItr.next()", 12, Flavor::kNormal},
    {"java.util.HashMap$HashIterator.hasNext()", 14, Flavor::kAccessor},
};

struct RealInterface {
  const char* name;
  std::vector<const char*> impls;
};

const std::vector<RealInterface>& RealInterfaces() {
  static const auto* v = new std::vector<RealInterface>{
      {"java.util.List.get(int)",
       {"java.util.ArrayList.get(int)", "java.util.Arrays$ArrayList.get(int)",
        "java.util.ImmutableCollections$ListN.get(int)",
        "java.util.Collections$UnmodifiableRandomAccessList.get(int)"}},
      {"java.util.Map.get(Object)",
       {"java.util.HashMap.get(Object)", "java.util.TreeMap.get(Object)",
        "java.util.LinkedHashMap.get(Object)",
        "java.util.concurrent.ConcurrentHashMap.get(Object)"}},
      {"java.lang.CharSequence.length()",
       {"java.lang.String.length()", "java.lang.StringBuilder.length()",
        "java.nio.HeapCharBuffer.length()"}},
      {"java.lang.Object.hashCode()",
       {"java.lang.String.hashCode()", "java.lang.Integer.hashCode()",
        "java.lang.Long.hashCode()"}},
      {"java.lang.Object.equals(Object)",
       {"java.lang.String.equals(Object)", "java.lang.Integer.equals(Object)"}},
      {"java.util.Iterator.next()",
       {"java.util.HashMap$ValueIterator.next()", "java.util.ArrayList$Itr.next()",
        "java.util.Arrays$ArrayItr.next()"}},
      {"java.util.Iterator.hasNext()",
       {"java.util.Arrays$ArrayItr.hasNext()", "java.util.ArrayList$Itr.hasNext()",
        "java.util.HashMap$HashIterator.hasNext()"}},
  };
  return *v;
}

constexpr const char* kFunctionalInterfaces[] = {
    "java.util.function.Function.apply(Object)",
    "java.util.function.Consumer.accept(Object)",
    "java.util.function.Predicate.test(Object)",
    "java.util.function.Supplier.get()",
    "java.lang.Runnable.run()",
    "java.util.Comparator.compare(Object, Object)",
    "java.util.function.BiFunction.apply(Object, Object)",
};

std::string HolderOf(const std::string& name) {
  size_t paren = name.find('(');
  size_t dot = name.rfind('.', paren);
  return name.substr(0, dot);
}

std::string MethodPartOf(const std::string& name) {
  size_t paren = name.find('(');
  size_t dot = name.rfind('.', paren);
  return name.substr(dot + 1);
}

class Universe {
 public:
  static constexpr int kTargetMethods = 60000;
  static constexpr int kHotMethods = 12;

  explicit Universe(uint64_t seed) : rng_(Hash(seed, kSaltUniverse)) {
    AddRealMethods();
    AddSyntheticClasses();
    AddInterfaces();
    IndexLevels();
    ChooseHotMethods();
    for (size_t m = 0; m < methods_.size(); ++m) GenerateBody(static_cast<int32_t>(m));
    AddHotEdges();
    ChooseRootOrder();
  }

  const Method& operator[](int32_t m) const { return methods_[static_cast<size_t>(m)]; }
  size_t size() const { return methods_.size(); }
  const std::vector<int32_t>& hot() const { return hot_; }
  // Concrete compilable methods in compilation order (the hot ones excluded).
  const std::vector<int32_t>& root_order() const { return root_order_; }
  // Forced decisions between hot methods (caller, callee) so that hot methods are inlined into
  // other hot compilations (fragments).
  bool IsHotEdge(int32_t caller, int32_t callee) const {
    for (auto& e : hot_edges_)
      if (e.first == caller && e.second == callee) return true;
    return false;
  }

 private:
  int32_t Add(std::string name, int level, Flavor flavor, bool jdk) {
    auto [it, inserted] = index_.emplace(name, static_cast<int32_t>(methods_.size()));
    if (!inserted) return -1;
    Method m;
    m.holder = HolderOf(name);
    m.name = std::move(name);
    m.level = static_cast<int16_t>(std::clamp(level, 0, kLeafLevel));
    m.flavor = flavor;
    m.jdk = jdk;
    methods_.push_back(std::move(m));
    return it->second;
  }

  int32_t Find(const std::string& name) const {
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
  }

  void AddRealMethods() {
    for (const auto& r : kRealMethods) Add(r.name, r.level, r.flavor, true);
  }

  std::string Args() {
    int n = rng_.Geometric(0.45, 4);
    std::string s = "(";
    for (int i = 0; i < n; ++i) {
      if (i > 0) s += ", ";
      s += PickFrom(rng_, kArgTypes);
    }
    return s + ")";
  }

  std::string ClassName(const char* package) {
    std::string c =
        std::string(package) + "." + PickFrom(rng_, kAdjectives) + PickFrom(rng_, kNouns);
    if (rng_.Chance(0.25)) c += PickFrom(rng_, kInners);
    return c;
  }

  void AddSyntheticClasses() {
    while (methods_.size() < static_cast<size_t>(kTargetMethods) * 9 / 10) {
      bool jdk = rng_.Chance(0.18);
      const char* package = jdk ? PickFrom(rng_, kJdkPackages) : PickFrom(rng_, kAppPackages);
      std::string cls = ClassName(package);
      int base = jdk ? rng_.Range(7, 14) : std::min(rng_.Range(0, 8) + rng_.Range(0, 5), 13);
      int n = rng_.Range(3, 12);
      for (int i = 0; i < n; ++i) {
        int level = base + rng_.Range(-1, 1);
        double r = rng_.Uniform();
        std::string name;
        Flavor flavor = Flavor::kNormal;
        if (r < 0.08) {
          name = cls + ".<init>" + Args();
        } else if (r < 0.26) {
          flavor = Flavor::kAccessor;
          const char* obj = PickFrom(rng_, kObjects);
          if (*obj == '\0') obj = "Size";
          name = cls + (rng_.Chance(0.7) ? ".get" : ".is") + obj + "()";
          level = std::max(level, 12);
        } else if (r < 0.28) {
          name = cls + (rng_.Chance(0.5) ? ".hashCode()" : ".equals(Object)");
        } else {
          name = cls + "." + PickFrom(rng_, kVerbs) + PickFrom(rng_, kObjects) + Args();
        }
        Add(std::move(name), level, flavor, jdk);
      }
    }
  }

  void AddInterfaces() {
    // JDK interfaces with their real implementations.
    for (const auto& ri : RealInterfaces()) {
      std::vector<int32_t> impls;
      for (const char* i : ri.impls) {
        int32_t m = Find(i);
        if (m >= 0) impls.push_back(m);
      }
      int level = kLeafLevel;
      for (int32_t m : impls) level = std::min<int>(level, methods_[m].level);
      int32_t iface = Add(ri.name, level, Flavor::kInterface, true);
      if (iface >= 0) methods_[iface].impls = std::move(impls);
    }
    // Functional interfaces implemented by lambdas of application classes.
    for (const char* fi : kFunctionalInterfaces) {
      int32_t iface = Add(fi, 5, Flavor::kInterface, true);
      if (iface < 0) continue;
      std::string method_part = MethodPartOf(fi);
      int n = rng_.Range(12, 40);
      for (int i = 0; i < n; ++i) {
        std::string lambda = ClassName(PickFrom(rng_, kAppPackages)) + "$$Lambda$";
        for (int k = 0; k < 22; ++k) {
          static constexpr char kAlnum[] =
              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
          lambda.push_back(kAlnum[rng_.Below(sizeof kAlnum - 1)]);
        }
        int32_t m = Add(lambda + "." + method_part, 5, Flavor::kNormal, false);
        if (m >= 0) methods_[iface].impls.push_back(m);
      }
    }
    // Application interfaces ("pkg.Planner.readNext()") with 1-6 implementations
    // ("pkg.DefaultPlanner.readNext()").
    while (methods_.size() < static_cast<size_t>(kTargetMethods)) {
      const char* package = PickFrom(rng_, kAppPackages);
      const char* noun = PickFrom(rng_, kNouns);
      std::string method_part =
          std::string(PickFrom(rng_, kVerbs)) + PickFrom(rng_, kObjects) + Args();
      int level = rng_.Range(2, 12);
      int32_t iface = Add(std::string(package) + "." + noun + "." + method_part, level,
                          Flavor::kInterface, false);
      if (iface < 0) continue;
      int n = 1 + rng_.Geometric(0.45, 5);
      for (int i = 0; i < n; ++i) {
        std::string cls = std::string(package) + "." + PickFrom(rng_, kAdjectives) + noun;
        if (rng_.Chance(0.1)) cls += "$" + std::to_string(rng_.Range(1, 3));
        int32_t m = Add(cls + "." + method_part, level, Flavor::kNormal, false);
        if (m >= 0) methods_[iface].impls.push_back(m);
      }
    }
  }

  void IndexLevels() {
    for (size_t i = 0; i < methods_.size(); ++i) {
      const Method& m = methods_[i];
      auto idx = static_cast<int32_t>(i);
      if (m.flavor == Flavor::kNative) {
        natives_.push_back(idx);
      } else if (m.flavor == Flavor::kInterface) {
        if (!m.impls.empty()) interfaces_[0][m.level].push_back(idx);
      } else {
        concrete_[0][m.level].push_back(idx);
      }
    }
    // Popularity: a Zipf distribution over a seeded order of each level, so that a few methods
    // (String.length(), HashMap.get(Object), ...) are called from everywhere.
    // Pool 1 holds the JDK methods only: JDK code calls application code only through interfaces
    // (lambdas, equals, hashCode).
    for (int l = 0; l < kLevels; ++l) {
      auto& v = concrete_[0][l];
      for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng_.Below(i)]);
      // Real JDK methods first: they are the popular ones.
      std::stable_partition(v.begin(), v.end(), [&](int32_t m) {
        return static_cast<size_t>(m) < Count(kRealMethods);
      });
      for (int32_t m : v)
        if (methods_[static_cast<size_t>(m)].jdk) concrete_[1][l].push_back(m);
      for (int32_t m : interfaces_[0][l])
        if (methods_[static_cast<size_t>(m)].jdk) interfaces_[1][l].push_back(m);
      for (int pool = 0; pool < 2; ++pool) {
        BuildZipf(concrete_[pool][l].size(), 1.05, &concrete_cdf_[pool][l]);
        BuildZipf(interfaces_[pool][l].size(), 0.9, &interface_cdf_[pool][l]);
      }
    }
    BuildZipf(natives_.size(), 1.0, &native_cdf_);
  }

  static void BuildZipf(size_t n, double s, std::vector<double>* cdf) {
    cdf->resize(n);
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
      sum += 1.0 / std::pow(static_cast<double>(i + 1), s);
      (*cdf)[i] = sum;
    }
    for (auto& c : *cdf) c /= sum;
  }

  int32_t SampleZipf(const std::vector<int32_t>& items, const std::vector<double>& cdf) {
    if (items.empty()) return -1;
    double u = rng_.Uniform();
    auto it = std::upper_bound(cdf.begin(), cdf.end(), u);
    size_t i = std::min(static_cast<size_t>(it - cdf.begin()), items.size() - 1);
    return items[i];
  }

  void ChooseHotMethods() {
    // Ten application methods on shallow levels (big inlining trees) and two JDK methods that are
    // also inlined everywhere. Their levels make the forced hot-to-hot edges below acyclic.
    const int levels[] = {1, 1, 3, 3, 2, 2, 2, 2, 4, 5};
    for (int level : levels) {
      int32_t m;
      do {
        m = rng_.Pick(concrete_[0][level]);
      } while (methods_[m].jdk || methods_[m].flavor != Flavor::kNormal ||
               std::find(hot_.begin(), hot_.end(), m) != hot_.end());
      hot_.push_back(m);
    }
    hot_.push_back(Find("java.util.PriorityQueue.siftUpComparable(int, Object, Object[])"));
    hot_.push_back(Find("java.util.HashMap.put(Object, Object)"));
    hot_edges_ = {{hot_[0], hot_[2]},  {hot_[1], hot_[3]},  {hot_[7], hot_[8]},
                  {hot_[0], hot_[10]}, {hot_[4], hot_[11]}, {hot_[5], hot_[9]}};
  }

  int32_t PickTarget(int level, bool jdk) {
    int pool = jdk ? 1 : 0;
    double r = rng_.Uniform();
    if (r < 0.03) return SampleZipf(natives_, native_cdf_);
    int t = std::min(level + 1 + rng_.Geometric(0.7, 6), kLeafLevel);
    if (r < 0.16) {
      for (int l = t; l <= kLeafLevel; ++l) {
        if (!interfaces_[pool][l].empty())
          return SampleZipf(interfaces_[pool][l], interface_cdf_[pool][l]);
      }
    }
    while (concrete_[pool][t].empty() && t < kLeafLevel) ++t;
    return SampleZipf(concrete_[pool][t], concrete_cdf_[pool][t]);
  }

  void GenerateBody(int32_t idx) {
    Method& m = methods_[static_cast<size_t>(idx)];
    bool is_hot = std::find(hot_.begin(), hot_.end(), idx) != hot_.end();
    if (m.flavor == Flavor::kNative || m.flavor == Flavor::kInterface) {
      m.code_size = 0;
      return;
    }
    if (m.flavor == Flavor::kAccessor || m.level == kLeafLevel) {
      m.code_size = rng_.Range(4, 16);
      return;
    }
    int n;
    if (is_hot) {
      n = rng_.Range(18, 36);
    } else if (rng_.Chance(0.12)) {
      n = 0;
    } else {
      n = 1 + rng_.Geometric(0.28, 15);
    }
    int bci = rng_.Range(0, 12);
    for (int i = 0; i < n; ++i) {
      int32_t target = rng_.Chance(0.004) ? idx : PickTarget(m.level, m.jdk);
      if (target < 0) continue;
      m.calls.push_back({bci, target});
      bci += rng_.Range(3, is_hot ? 40 : 28);
    }
    m.code_size = bci + rng_.Range(4, 60);
  }

  void AddHotEdges() {
    for (auto [caller, callee] : hot_edges_) {
      Method& m = methods_[static_cast<size_t>(caller)];
      size_t pos = rng_.Below(m.calls.size() + 1);
      int bci = pos == 0 ? 1 : m.calls[pos - 1].bci + 1;
      m.calls.insert(m.calls.begin() + static_cast<ptrdiff_t>(pos), {bci, callee});
      for (size_t i = pos + 1; i < m.calls.size(); ++i)
        m.calls[i].bci = std::max(m.calls[i].bci, m.calls[i - 1].bci + 3);
      m.code_size = std::max(m.code_size, m.calls.back().bci + 8);
    }
  }

  void ChooseRootOrder() {
    for (int l = 0; l < kLevels; ++l)
      for (int32_t m : concrete_[0][l])
        if (std::find(hot_.begin(), hot_.end(), m) == hot_.end()) root_order_.push_back(m);
    std::sort(root_order_.begin(), root_order_.end());
    for (size_t i = root_order_.size(); i > 1; --i)
      std::swap(root_order_[i - 1], root_order_[rng_.Below(i)]);
  }

  Rng rng_;
  std::vector<Method> methods_;
  std::unordered_map<std::string, int32_t> index_;
  // [pool][level]: pool 0 all methods, pool 1 JDK methods only.
  std::vector<int32_t> concrete_[2][kLevels];
  std::vector<double> concrete_cdf_[2][kLevels];
  std::vector<int32_t> interfaces_[2][kLevels];
  std::vector<double> interface_cdf_[2][kLevels];
  std::vector<int32_t> natives_;
  std::vector<double> native_cdf_;
  std::vector<int32_t> hot_;
  std::vector<std::pair<int32_t, int32_t>> hot_edges_;
  std::vector<int32_t> root_order_;
};

// ------------------------------------------------------------------------------------------------
// Configuration.

enum class Kind { kJit, kAot };

struct Config {
  Kind kind = Kind::kJit;
  double size_mb = 100;
  uint64_t seed = 1;
  std::string out;
  double file_mb = 1.0;           // target size of one log file
  double flip_rate = 0.004;       // per call site: inlining decision flipped in exp2
  double opt_remove_rate = 0.01;  // per optimization: missing in exp2
  double opt_change_rate = 0.01;  // per optimization: changed in exp2
  double opt_add_rate = 0.01;     // per optimization: an extra one in exp2
  double unit_only_rate = 0.015;  // per unit: compiled in one experiment only (each way)
  double standalone_rate = 0.01;  // per method: standalone in one run, inlined in the other
  double shuffle_rate = 0.3;      // per unit: unordered phases logged in another order in exp2
  bool quiet = false;

  bool aot() const { return kind == Kind::kAot; }
};

// ------------------------------------------------------------------------------------------------
// Inlining trees.

enum class NodeKind : uint8_t { kRoot, kInlined, kDirect, kIndirect, kDeleted, kDevirtualized };

// Reason lists, with numbers filled in when written.
enum class Reason : uint8_t {
  kNone,               // "reason": null
  kNotReplaced,        // ["bytecode parser did not replace invoke"]
  kParserInline,       // ["inline method (bytecode parsing)"]
  kParserAccessor,     // ["inline accessor method (bytecode parsing)"]
  kRelevanceInline,    // [not replaced, relevance-based (... <= ...)]
  kTrivialInline,      // [not replaced, trivial (...)]
  kTwoStepInline,      // [not replaced, relevance-based (... > ...), relevance-based (... <= ...)]
  kRelevanceTooBig,    // [not replaced, relevance-based (... > ...)]
  kInvokeProbability,  // [not replaced, callee invoke probability is too high (...)]
  kLowLevelGraph,      // [not replaced, too large previous low-level graph (...)]
  kNonInlinable,       // [not replaced, it is marked non-inlinable]
  kCutOff,             // [not replaced, inlining is cut off by MaximumDesiredSize]
  kNative,             // [native method (bytecode parsing), it is a non-intrinsic native method]
  kUnresolved,         // [not replaced, could not resolve method]
  kMegamorphic,        // [not replaced, inlining megamorphic calls is disabled (...)]
  kNoTypeProfile,      // [not replaced, no type profile exists]
  kPolymorphic,        // [not replaced, it is a polymorphic method call and at least one ...]
  kNoTypesRemaining,   // [not replaced, no types remaining after filtering ...]
  kTooManyTargets,     // [not replaced, polymorphic call with more than 8 target methods]
  kCallIndirect,       // [not replaced, call is indirect.]
};

struct Node {
  uint64_t id;     // stable identity: the same call-site path has the same id in both experiments
  int32_t method;  // -1: unresolved (null name)
  int32_t bci;
  int32_t parent;
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  int32_t last_child = -1;
  int16_t depth;
  NodeKind kind;
  Reason reason;
  bool by_phase = false;  // inlined by the InliningPhase: logs an inlinee RootPhase
  bool profile = false;   // has a receiver-type profile
};

struct UnitSpec {
  int64_t index;
  int32_t root;       // method index
  std::string key;    // multi-method key ("" = none)
  int hot_rank = -1;  // 0.. for the units of hot methods
  bool osr = false;
  bool in[3] = {false, true, true};
  double budget;  // number of inlined call sites allowed
  uint64_t id;
};

class TreeBuilder {
 public:
  TreeBuilder(const Universe& u, const Config& c) : u_(u), c_(c) {}

  // Builds the inlining tree of `spec` as compiled in experiment `exp` (1 or 2).
  void Build(const UnitSpec& spec, int exp, std::vector<Node>* nodes) {
    nodes->clear();
    exp_ = exp;
    spec_ = &spec;
    nodes_ = nodes;
    inlined_ = 0;
    nodes->push_back(Node{spec.id, spec.root, -1, -1, -1, -1, -1, 0, NodeKind::kRoot, Reason::kNone,
                          false, false});
    using Item = std::pair<double, int32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    queue.push({0.0, 0});
    while (!queue.empty()) {
      int32_t n = queue.top().second;
      queue.pop();
      const Method& m = u_[(*nodes_)[static_cast<size_t>(n)].method];
      for (size_t c = 0; c < m.calls.size(); ++c) {
        const Node& parent = (*nodes_)[static_cast<size_t>(n)];
        uint64_t id = Hash(parent.id, c + 1);
        for (int32_t child : Expand(n, id, m.calls[c])) {
          const Node& cn = (*nodes_)[static_cast<size_t>(child)];
          double priority = Unit(Hash(cn.id, kSaltPriority)) + 0.03 * cn.depth;
          queue.push({priority, child});
        }
      }
    }
  }

 private:
  int32_t AddChild(int32_t parent, uint64_t id, int32_t method, int32_t bci, NodeKind kind,
                   Reason reason) {
    auto idx = static_cast<int32_t>(nodes_->size());
    Node& p = (*nodes_)[static_cast<size_t>(parent)];
    int16_t depth = static_cast<int16_t>(p.depth + 1);
    if (p.last_child >= 0) {
      (*nodes_)[static_cast<size_t>(p.last_child)].next_sibling = idx;
    } else {
      p.first_child = idx;
    }
    p.last_child = idx;
    nodes_->push_back(Node{id, method, bci, parent, -1, -1, -1, depth, kind, reason, false, false});
    return idx;
  }

  bool OnPath(int32_t node, int32_t method) const {
    for (int32_t n = node; n >= 0; n = (*nodes_)[static_cast<size_t>(n)].parent)
      if ((*nodes_)[static_cast<size_t>(n)].method == method) return true;
    return false;
  }

  // Which experiment compiles `method` standalone (1 or 2) when it is one of the methods that
  // one run inlines and the other does not; 0 otherwise.
  int StandaloneIn(int32_t method) const { return StandaloneExperiment(u_, c_, method); }

 public:
  static int StandaloneExperiment(const Universe& u, const Config& c, int32_t method) {
    const auto& hot = u.hot();
    if (method == hot[3]) return 1;
    if (method == hot[8]) return 2;
    if (std::find(hot.begin(), hot.end(), method) != hot.end()) return 0;
    const Method& m = u[method];
    if (m.flavor != Flavor::kNormal || m.level < 2 || m.level > 12 || m.calls.empty()) return 0;
    uint64_t h = Hash(c.seed, kSaltStandalone, static_cast<uint64_t>(method));
    if (Unit(h) >= c.standalone_rate) return 0;
    return 1 + static_cast<int>(h & 1);
  }

 private:
  // Creates the node(s) of call site `cs` of node `parent`; returns the inlined ones to expand.
  std::vector<int32_t> Expand(int32_t parent, uint64_t id, const CallSite& cs) {
    std::vector<int32_t> expand;
    Rng r(Hash(id, kSaltDecision));
    bool flip = exp_ == 2 && Unit(Hash(id, kSaltFlip)) < c_.flip_rate;
    int depth = (*nodes_)[static_cast<size_t>(parent)].depth + 1;
    bool budget_left = inlined_ < spec_->budget && depth < 20;
    const Method& target = u_[cs.target];

    if (r.Chance(0.025)) {
      AddChild(parent, id, -1, cs.bci, NodeKind::kDirect, Reason::kUnresolved);
      return expand;
    }
    if (target.flavor == Flavor::kNative) {
      AddChild(parent, id, cs.target, cs.bci, NodeKind::kDirect, Reason::kNative);
      return expand;
    }
    if (r.Chance(0.05)) {
      AddChild(parent, id, cs.target, cs.bci, NodeKind::kDeleted,
               r.Chance(0.6) ? Reason::kNone : Reason::kNotReplaced);
      return expand;
    }

    if (target.flavor == Flavor::kInterface) {
      double d = r.Uniform();
      bool devirtualize = d < 0.22 && !target.impls.empty();
      if (d >= 0.88) {
        int32_t n = AddChild(parent, id, cs.target, cs.bci, NodeKind::kDeleted,
                             r.Chance(0.5) ? Reason::kNone : Reason::kNotReplaced);
        (*nodes_)[static_cast<size_t>(n)].profile = r.Chance(0.5);
        return expand;
      }
      if (flip && !target.impls.empty()) devirtualize = !devirtualize;
      if (devirtualize && budget_left) {
        int32_t n =
            AddChild(parent, id, cs.target, cs.bci, NodeKind::kDevirtualized, Reason::kNotReplaced);
        (*nodes_)[static_cast<size_t>(n)].profile = true;
        int k = std::min<int>(static_cast<int>(target.impls.size()), r.Chance(0.7) ? 1 : 2);
        uint64_t pick = Hash(id, kSaltReceiver);
        for (int i = 0; i < k; ++i) {
          int32_t impl = target.impls[(pick + static_cast<uint64_t>(i)) % target.impls.size()];
          uint64_t cid = Hash(id, 0x100 + static_cast<uint64_t>(i));
          if (OnPath(parent, impl)) continue;
          int32_t c = AddChild(n, cid, impl, cs.bci, NodeKind::kInlined, Reason::kRelevanceInline);
          (*nodes_)[static_cast<size_t>(c)].by_phase = true;
          ++inlined_;
          expand.push_back(c);
        }
        return expand;
      }
      static constexpr Reason kIndirectReasons[] = {
          Reason::kMegamorphic,      Reason::kMegamorphic,    Reason::kNoTypeProfile,
          Reason::kNoTypeProfile,    Reason::kPolymorphic,    Reason::kPolymorphic,
          Reason::kNoTypesRemaining, Reason::kTooManyTargets, Reason::kCallIndirect,
          Reason::kNotReplaced};
      Reason reason = devirtualize ? Reason::kCutOff : PickFrom(r, kIndirectReasons);
      if (flip && !devirtualize) reason = Reason::kPolymorphic;
      int32_t n = AddChild(parent, id, cs.target, cs.bci, NodeKind::kIndirect, reason);
      (*nodes_)[static_cast<size_t>(n)].profile = reason != Reason::kNoTypeProfile;
      return expand;
    }

    // A direct call of a concrete method.
    bool recursive = OnPath(parent, cs.target);
    bool inline_it;
    Reason reason;
    bool by_phase = false;
    bool accessor = target.flavor == Flavor::kAccessor || target.calls.empty();
    if (accessor) {
      inline_it = r.Chance(0.92);
      reason = target.flavor == Flavor::kAccessor ? Reason::kParserAccessor : Reason::kParserInline;
    } else {
      double p = c_.aot() ? 0.62 : 0.55;
      // Hot code gets the inliner's full attention (and Native Image inlines aggressively).
      if (spec_->hot_rank >= 0) p = c_.aot() ? 0.9 : 0.75;
      if (depth > 10) p *= 0.6;
      inline_it = r.Chance(p);
      double k = r.Uniform();
      if (inline_it) {
        by_phase = k >= 0.4;
        reason = k < 0.4    ? Reason::kParserInline
                 : k < 0.82 ? Reason::kRelevanceInline
                 : k < 0.9  ? Reason::kTrivialInline
                            : Reason::kTwoStepInline;
      } else {
        reason = k < 0.55   ? Reason::kRelevanceTooBig
                 : k < 0.72 ? Reason::kInvokeProbability
                 : k < 0.87 ? Reason::kLowLevelGraph
                 : k < 0.95 ? Reason::kNonInlinable
                            : Reason::kCutOff;
      }
    }
    if (flip) {
      inline_it = !inline_it;
      if (inline_it) {
        by_phase = true;
        reason = Reason::kRelevanceInline;
      } else {
        reason = Reason::kRelevanceTooBig;
      }
    }
    int standalone = StandaloneIn(cs.target);
    if (standalone != 0) {
      inline_it = standalone != exp_;
      by_phase = inline_it;
      reason = inline_it ? Reason::kRelevanceInline : Reason::kInvokeProbability;
    }
    if (u_.IsHotEdge((*nodes_)[static_cast<size_t>(parent)].method, cs.target) && standalone == 0) {
      inline_it = true;
      by_phase = true;
      reason = Reason::kRelevanceInline;
    }
    if (recursive && inline_it) {
      inline_it = false;
      reason = Reason::kRelevanceTooBig;
    }
    if (inline_it && !budget_left) {
      // Past the size budget the inliner's relevance threshold rejects most call sites.
      inline_it = false;
      reason = r.Chance(0.15) ? Reason::kCutOff : Reason::kRelevanceTooBig;
    }
    int32_t n = AddChild(parent, id, cs.target, cs.bci,
                         inline_it ? NodeKind::kInlined : NodeKind::kDirect, reason);
    if (inline_it) {
      (*nodes_)[static_cast<size_t>(n)].by_phase = by_phase;
      ++inlined_;
      expand.push_back(n);
    }
    return expand;
  }

  const Universe& u_;
  const Config& c_;
  int exp_ = 1;
  const UnitSpec* spec_ = nullptr;
  std::vector<Node>* nodes_ = nullptr;
  double inlined_ = 0;
};

// ------------------------------------------------------------------------------------------------
// Optimization trees.

// Phases that can hold optimizations, in the order they are logged.
enum Slot : uint8_t {
  kRootParsingDce,
  kHighCanon,
  kInlineeDce,        // group: inlinee
  kInlineeCanon,      // group: inlinee
  kIncrementalCanon,  // group: inlinee
  kHighDce,
  kConvertDeopt,
  kConvertDeoptCanon,
  kHighIceCanon,     // group: iteration
  kHighIceCondElim,  // group: iteration
  kHighFullUnroll,
  kHighFullUnrollCanon,
  kLoopPeeling,
  kLoopPeelingCanon,
  kLoopUnswitching,
  kFinalPea,
  kFinalPeaCanon,
  kReadElimination,
  kHighLoweringCanon,
  kFloatingRead,
  kMidIce1CondElim,  // group: iteration
  kMidIce1Canon,     // group: iteration
  kSpeculativeGuard,
  kSafepointElim,
  kMidFullUnroll,
  kMidLoweringCanon,
  kMidIce2CondElim,  // group: iteration
  kMidIce2Canon,     // group: iteration
  kOptimizeDiv,
  kPartialUnroll,
  kReassociation,
  kMidCanon,
  kLowLoweringCanon,
  kFixReads,
  kLowCanon,
  kFinalCanon,
  kLowDce,
  kTrappingNullChecks,
  kSlotCount,
};

// Phases whose optimizations profdiff sorts (--sort-unordered-phases): their log order is
// meaningless, so exp2 may log them in another order.
bool IsUnorderedSlot(Slot s) {
  switch (s) {
    case kReadElimination:
    case kFixReads:
    case kHighFullUnroll:
    case kMidFullUnroll:
    case kLoopPeeling:
    case kLoopUnswitching:
    case kSpeculativeGuard:
    case kSafepointElim:
    case kOptimizeDiv:
    case kPartialUnroll:
      return false;
    default:
      return true;
  }
}

enum class Props : uint8_t {
  kNone,
  kCanonical,  // replacedNodeClass, canonicalNodeClass (string or null)
  kReplaced,   // replacedNodeClass
  kDeleted,    // deletedNodeClass
  kMaterializations,
  kPeelings,
  kUnrollFactor,
  kUnswitches,
  kStripMining,  // int64, bool, double, array and object values
};

struct SlotWeight {
  Slot slot;
  int weight;
};

struct EventKind {
  const char* optimization;
  const char* event;
  int weight;
  Props props;
  std::vector<SlotWeight> slots;
};

const std::vector<SlotWeight>& CanonSlots() {
  static const auto* v = new std::vector<SlotWeight>{
      {kHighCanon, 24},        {kInlineeCanon, 4},     {kIncrementalCanon, 5},
      {kConvertDeoptCanon, 2}, {kHighIceCanon, 8},     {kHighFullUnrollCanon, 2},
      {kLoopPeelingCanon, 2},  {kFinalPeaCanon, 2},    {kHighLoweringCanon, 2},
      {kMidIce1Canon, 5},      {kMidLoweringCanon, 2}, {kMidIce2Canon, 8},
      {kMidCanon, 12},         {kLowLoweringCanon, 2}, {kLowCanon, 12},
      {kFinalCanon, 6}};
  return *v;
}

const std::vector<EventKind>& Events() {
  static const auto* v = [] {
    const std::vector<SlotWeight> dce = {
        {kRootParsingDce, 30}, {kInlineeDce, 50}, {kHighDce, 10}, {kLowDce, 10}};
    const std::vector<SlotWeight> cond = {
        {kHighIceCondElim, 4}, {kMidIce1CondElim, 3}, {kMidIce2CondElim, 5}};
    const std::vector<SlotWeight> full_unroll = {{kHighFullUnroll, 3}, {kMidFullUnroll, 1}};
    return new std::vector<EventKind>{
        {"Canonicalizer", "CanonicalReplacement", 580, Props::kCanonical, CanonSlots()},
        {"Canonicalizer", "CfgSimplification", 290, Props::kNone, CanonSlots()},
        {"Canonicalizer", "CfgSimplificationCustom", 45, Props::kNone, CanonSlots()},
        {"Canonicalizer", "ConstantStampReplacement", 6, Props::kNone, CanonSlots()},
        {"Canonicalizer", "GlobalValueNumbering", 68, Props::kNone, CanonSlots()},
        {"Canonicalizer", "UnusedNodeRemoval", 196, Props::kNone, CanonSlots()},
        {"DeadCodeElimination", "NodeRemoval", 330, Props::kNone, dce},
        {"ConditionalElimination", "AccessFieldSkipPi", 17, Props::kNone, cond},
        {"ConditionalElimination", "ConditionAnchorElimination", 8, Props::kNone, cond},
        {"ConditionalElimination", "FixedGuardElimination", 23, Props::kNone, cond},
        {"ConditionalElimination", "GuardCombination", 11, Props::kNone, cond},
        {"ConditionalElimination", "GuardElimination", 62, Props::kNone, cond},
        {"ConditionalElimination", "GuardFolding", 9, Props::kNone, cond},
        {"ConditionalElimination", "IfElimination", 25, Props::kNone, cond},
        {"ConditionalElimination", "PhiImprovement", 16, Props::kNone, cond},
        {"ConditionalElimination", "PiImprovement", 37, Props::kNone, cond},
        {"ConvertDeoptimizeToGuard", "DeoptimizeMovement", 47, Props::kNone, {{kConvertDeopt, 1}}},
        {"ConvertDeoptimizeToGuard",
         "DeoptimizeToGuardConversion",
         98,
         Props::kNone,
         {{kConvertDeopt, 1}}},
        {"PEReadEliminationClosure", "ReadElimination", 27, Props::kDeleted, {{kFinalPea, 1}}},
        {"PartialEscapeLog",
         "AllocationVirtualization",
         108,
         Props::kMaterializations,
         {{kFinalPea, 1}}},
        {"FixReads", "BinaryCanonicalization", 5, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConditionalElimination", 12, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConstantInputReplacement", 13, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "ConstantReplacement", 6, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "IfElimination", 12, Props::kNone, {{kFixReads, 1}}},
        {"FixReads", "SwitchCanonicalization", 25, Props::kNone, {{kFixReads, 1}}},
        {"FloatingRead", "FixedWithFloatingReplacement", 185, Props::kNone, {{kFloatingRead, 1}}},
        {"LoopTransformations", "LoopFullUnroll", 4, Props::kNone, full_unroll},
        {"LoopTransformations", "LoopFullUnrollCfgSimplification", 1, Props::kNone, full_unroll},
        {"LoopTransformations",
         "LoopPartialUnroll",
         7,
         Props::kUnrollFactor,
         {{kPartialUnroll, 1}}},
        {"LoopTransformations", "PreMainPostInsertion", 2, Props::kNone, {{kPartialUnroll, 1}}},
        {"LoopTransformations", "LoopStripMining", 1, Props::kStripMining, {{kPartialUnroll, 1}}},
        {"LoopTransformations", "LoopPeeling", 42, Props::kPeelings, {{kLoopPeeling, 1}}},
        {"LoopTransformations", "LoopUnswitching", 10, Props::kUnswitches, {{kLoopUnswitching, 1}}},
        {"LoopSafepointElimination",
         "SafepointElimination",
         24,
         Props::kNone,
         {{kSafepointElim, 1}}},
        {"OptimizeDiv", "DivOptimization", 16, Props::kNone, {{kOptimizeDiv, 1}}},
        {"ReadEliminationClosure", "ReadElimination", 75, Props::kDeleted, {{kReadElimination, 1}}},
        {"Loop", "InvariantReassociation", 6, Props::kNone, {{kReassociation, 1}}},
        {"Reassociation",
         "ArithmeticWithMulReplacement",
         11,
         Props::kReplaced,
         {{kReassociation, 1}}},
        {"Reassociation", "ConstantReassociation", 16, Props::kNone, {{kReassociation, 1}}},
        {"SpeculativeGuardMovement",
         "CompareOptimization",
         10,
         Props::kNone,
         {{kSpeculativeGuard, 1}}},
        {"SpeculativeGuardMovement",
         "InstanceOfOptimization",
         33,
         Props::kNone,
         {{kSpeculativeGuard, 1}}},
        {"UseTrappingNullChecks",
         "ImplicitNullCheck",
         126,
         Props::kNone,
         {{kTrappingNullChecks, 1}}},
    };
  }();
  return *v;
}

// Cumulative event weights for sampling.
const std::vector<int>& EventCdf() {
  static const auto* v = [] {
    auto* cdf = new std::vector<int>;
    int sum = 0;
    for (const auto& e : Events()) cdf->push_back(sum += e.weight);
    return cdf;
  }();
  return *v;
}

constexpr const char* kCanonicalClasses[] = {
    "Box",         "Constant",    ">>",
    "Read",        "<",           "Write",
    "NewInstance", "LoadIndexed", "Conditional",
    "<<",          "Merge",       "*",
    "InstanceOf",  "^",           "SignExtend",
    "|",           "-",           "Convert",
    "ValueProxy",  "NewArray",    "!",
    "Guard",       "Unbox",       "IntegerEquals",
    "Switch",      "PiArray",     "ObjectEquals",
    "Negate",      "Narrow",      "+",
    "&",           "Pi",          "ZeroExtend",
};
constexpr const char* kReplacedClasses[] = {
    "-",
    "IsNull",
    "*",
    "FixedGuard",
    "+",
    "Write",
    "?:",
    "Conditional",
    "LoadField",
    "Narrow",
    "ArrayLength",
    "Guard",
    "Invoke",
    "Convert",
    "NewArray",
    "Reinterpret",
    "|",
    "InstanceOf",
    "ObjectEquals",
    "IntegerEquals",
    "<",
    "ValuePhi",
    "FloatingRead",
    "ValueProxy",
    "Switch",
    "SignExtend",
    "MethodCallTarget",
    "Merge",
    "IntegerLessThan",
    "&",
};
constexpr const char* kDeletedClasses[] = {
    "Read", "RawLoad", "LoadField", "ArrayLength", "FloatingRead", "LoadIndexed", "StoreField"};

struct Opt {
  uint64_t order;
  uint64_t id;
  int32_t group;
  int32_t anchor;  // inlining-tree node whose method the innermost position entry names
  int32_t bci;
  uint16_t event;
  uint8_t slot;
  uint8_t change;  // 0: as in exp1; 1-3: changed in exp2 (event, bci, properties)
};

// ------------------------------------------------------------------------------------------------
// Writing one compilation unit.

class UnitWriter {
 public:
  UnitWriter(const Universe& u, const Config& c) : u_(u), c_(c), builder_(u, c) {}

  // Appends the JSON line of `spec` in experiment `exp` to `out`.
  void Write(const UnitSpec& spec, int exp, const std::string& compile_id, std::string* out) {
    exp_ = exp;
    spec_ = &spec;
    builder_.Build(spec, exp, &nodes_);
    root_name_ = u_[spec.root].name;
    if (!spec.key.empty()) {
      size_t paren = root_name_.find('(');
      root_name_.insert(paren, "%%" + spec.key);
    }
    out->append("{\"methodName\":");
    AppendQuoted(out, root_name_);
    out->append(",\"compilationId\":");
    AppendQuoted(out, compile_id);
    out->append(",\"inliningTree\":");
    WriteInliningNode(0, out);
    out->append(",\"optimizationTree\":");
    CollectOpts();
    WriteOptimizationTree(out);
    out->append("}\n");
  }

  size_t last_node_count() const { return nodes_.size(); }
  size_t last_opt_count() const { return opts_.size(); }

 private:
  const std::string& NameOf(int32_t node) const {
    const Node& n = nodes_[static_cast<size_t>(node)];
    return node == 0 ? root_name_ : u_[n.method].name;
  }

  // ---- inlining tree

  void WriteReasons(const Node& n, std::string* out) {
    // The inliner's numbers depend on the profile, so exp2 has other numbers for some nodes.
    uint64_t salt = exp_ == 2 && Unit(Hash(n.id, kSaltReasonVariant)) < 0.35 ? 2 : 1;
    Rng r(Hash(n.id, kSaltReasonNumbers, salt));
    int nodes_count = std::max(8, u_[n.method < 0 ? 0 : n.method].code_size * 2 + r.Range(0, 40));
    double relevance = Round6(0.05 + 3.0 * r.Uniform());
    double probability = Round6(r.Uniform());
    double bonus = r.Chance(0.5) ? 1.0 : (r.Chance(0.5) ? 0.5 : 2.0);
    auto relevance_reason = [&](bool fits) {
      out->append("\"relevance-based (relevance=");
      AppendFixed6(out, relevance);
      out->append(", probability=");
      AppendFixed6(out, probability);
      out->append(", bonus=");
      AppendFixed6(out, bonus);
      out->append(", nodes=");
      AppendInt(out, nodes_count);
      double limit =
          fits ? nodes_count + 5 + 400 * r.Uniform() : nodes_count * (0.1 + 0.85 * r.Uniform());
      out->append(fits ? " <= " : " > ");
      AppendFixed6(out, limit);
      out->append(")\"");
    };
    constexpr const char* kNotReplaced = "\"bytecode parser did not replace invoke\"";
    switch (n.reason) {
      case Reason::kNone:
        out->append("null");
        return;
      case Reason::kNotReplaced:
        out->append("[").append(kNotReplaced).append("]");
        return;
      case Reason::kParserInline:
        out->append("[\"inline method (bytecode parsing)\"]");
        return;
      case Reason::kParserAccessor:
        out->append("[\"inline accessor method (bytecode parsing)\"]");
        return;
      case Reason::kNative:
        out->append(
            "[\"native method (bytecode parsing)\",\"it is a non-intrinsic native method\"]");
        return;
      default:
        break;
    }
    out->append("[").append(kNotReplaced).append(",");
    switch (n.reason) {
      case Reason::kRelevanceInline:
        relevance_reason(true);
        break;
      case Reason::kTwoStepInline:
        relevance_reason(false);
        out->append(",");
        relevance = Round6(0.05 + 3.0 * r.Uniform());
        probability = Round6(r.Uniform());
        relevance_reason(true);
        break;
      case Reason::kRelevanceTooBig:
        relevance_reason(false);
        break;
      case Reason::kTrivialInline:
        out->append("\"trivial (relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kInvokeProbability:
        out->append("\"callee invoke probability is too high (invokeP=");
        AppendFixed6(out, Round6(0.5 + 0.5 * r.Uniform()));
        out->append(", relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kLowLevelGraph:
        out->append("\"too large previous low-level graph (low-level-nodes: ");
        AppendInt(out, 300 + r.Range(0, 4000));
        out->append(", relevance=");
        AppendFixed6(out, relevance);
        out->append(", probability=");
        AppendFixed6(out, probability);
        out->append(", bonus=");
        AppendFixed6(out, bonus);
        out->append(", nodes=");
        AppendInt(out, nodes_count);
        out->append(")\"");
        break;
      case Reason::kNonInlinable:
        out->append("\"it is marked non-inlinable\"");
        break;
      case Reason::kCutOff:
        out->append("\"inlining is cut off by MaximumDesiredSize\"");
        break;
      case Reason::kUnresolved:
        out->append("\"could not resolve method\"");
        break;
      case Reason::kMegamorphic:
        out->append("\"inlining megamorphic calls is disabled (");
        AppendInt(out, r.Range(3, 9));
        out->append(" types, ");
        AppendFixed6(out, Round6(40.0 * r.Uniform()));
        out->append(" % not recorded types)\"");
        break;
      case Reason::kNoTypeProfile:
        out->append("\"no type profile exists\"");
        break;
      case Reason::kPolymorphic:
        out->append(
            "\"it is a polymorphic method call and at least one invoked method cannot be "
            "inlined\"");
        break;
      case Reason::kNoTypesRemaining:
        out->append("\"no types remaining after filtering less frequent types (");
        AppendInt(out, r.Range(1, 4));
        out->append(" types previously)\"");
        break;
      case Reason::kTooManyTargets:
        out->append("\"polymorphic call with more than 8 target methods\"");
        break;
      case Reason::kCallIndirect:
        out->append("\"call is indirect.\"");
        break;
      default:
        break;
    }
    out->append("]");
  }

  void WriteReceiverProfile(const Node& n, std::string* out) {
    const Method& iface = u_[n.method];
    Rng r(Hash(n.id, kSaltReceiver, 7));
    out->append(",\"receiverTypeProfile\":{\"mature\":");
    out->append(r.Chance(0.88) ? "true" : "false");
    out->append(",\"profiledTypes\":[");
    size_t impls = iface.impls.size();
    size_t k = std::min<size_t>(impls, 1 + static_cast<size_t>(r.Geometric(0.5, 4)));
    // Start at the implementation the devirtualized call inlined first.
    uint64_t first = Hash(n.id, kSaltReceiver);
    double left = 1.0;
    for (size_t i = 0; i < k; ++i) {
      const Method& impl = u_[iface.impls[(first + i) % impls]];
      double p = i + 1 == k ? (k == impls ? left : left * (0.3 + 0.6 * r.Uniform()))
                            : left * (0.45 + 0.5 * r.Uniform());
      p = std::max(0.001, Round6(p));
      left = std::max(0.0, left - p);
      if (i > 0) out->push_back(',');
      out->append("{\"typeName\":");
      AppendQuoted(out, impl.holder);
      out->append(",\"probability\":");
      AppendJavaDouble(out, p);
      if (r.Chance(0.94)) {
        out->append(",\"concreteMethodName\":");
        AppendQuoted(out, impl.name);
      }
      out->push_back('}');
    }
    out->append("]}");
  }

  void WriteInliningNode(int32_t idx, std::string* out) {
    const Node& n = nodes_[static_cast<size_t>(idx)];
    out->append("{\"methodName\":");
    if (n.method < 0) {
      out->append("null");
    } else {
      AppendQuoted(out, NameOf(idx));
    }
    out->append(",\"callsiteBci\":");
    AppendInt(out, n.bci);
    bool inlined = n.kind == NodeKind::kRoot || n.kind == NodeKind::kInlined;
    bool indirect = n.kind == NodeKind::kIndirect || n.kind == NodeKind::kDevirtualized ||
                    (n.kind == NodeKind::kDeleted && n.method >= 0 &&
                     u_[n.method].flavor == Flavor::kInterface);
    bool alive = n.kind == NodeKind::kDirect || n.kind == NodeKind::kIndirect;
    out->append(inlined ? ",\"inlined\":true,\"reason\":" : ",\"inlined\":false,\"reason\":");
    WriteReasons(n, out);
    out->append(indirect ? ",\"indirect\":true" : ",\"indirect\":false");
    out->append(alive ? ",\"alive\":true" : ",\"alive\":false");
    if (n.profile) WriteReceiverProfile(n, out);
    if (n.first_child >= 0) {
      out->append(",\"invokes\":[");
      for (int32_t c = n.first_child; c >= 0; c = nodes_[static_cast<size_t>(c)].next_sibling) {
        if (c != n.first_child) out->push_back(',');
        WriteInliningNode(c, out);
      }
      out->push_back(']');
    }
    out->push_back('}');
  }

  // ---- optimization tree

  // The inlinee (by_phase node) each node belongs to, in DFS order; fills dfs_ and inlinee_.
  void OrderNodes() {
    dfs_.clear();
    inlinee_.assign(nodes_.size(), -1);
    std::vector<int32_t> stack = {0};
    while (!stack.empty()) {
      int32_t idx = stack.back();
      stack.pop_back();
      const Node& n = nodes_[static_cast<size_t>(idx)];
      dfs_.push_back(idx);
      if (n.parent >= 0)
        inlinee_[static_cast<size_t>(idx)] = inlinee_[static_cast<size_t>(n.parent)];
      if (n.by_phase) inlinee_[static_cast<size_t>(idx)] = idx;
      size_t mark = stack.size();
      for (int32_t c = n.first_child; c >= 0; c = nodes_[static_cast<size_t>(c)].next_sibling)
        stack.push_back(c);
      std::reverse(stack.begin() + static_cast<ptrdiff_t>(mark), stack.end());
    }
  }

  Slot PickSlot(const EventKind& e, Rng& r) {
    int total = 0;
    for (const auto& s : e.slots) total += s.weight;
    int x = static_cast<int>(r.Below(static_cast<uint64_t>(total)));
    for (const auto& s : e.slots) {
      if (x < s.weight) return s.slot;
      x -= s.weight;
    }
    return e.slots.back().slot;
  }

  void AddOpt(uint64_t id, int32_t anchor, uint8_t change) {
    Rng r(id);
    const auto& cdf = EventCdf();
    int x = static_cast<int>(r.Below(static_cast<uint64_t>(cdf.back())));
    auto event = static_cast<uint16_t>(std::upper_bound(cdf.begin(), cdf.end(), x) - cdf.begin());
    const EventKind& e = Events()[event];
    Slot slot = PickSlot(e, r);
    int32_t group = -1;
    int32_t inlinee = inlinee_[static_cast<size_t>(anchor)];
    if (slot == kInlineeDce || slot == kInlineeCanon || slot == kIncrementalCanon) {
      if (inlinee < 0) {
        slot = slot == kInlineeDce ? kRootParsingDce : kHighCanon;
      } else {
        group = inlinee;
      }
    }
    if (slot == kHighIceCanon || slot == kHighIceCondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[0])));
    if (slot == kMidIce1Canon || slot == kMidIce1CondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[1])));
    if (slot == kMidIce2Canon || slot == kMidIce2CondElim)
      group = static_cast<int32_t>(r.Below(static_cast<uint64_t>(ice_[2])));
    int code = std::max(1, u_[nodes_[static_cast<size_t>(anchor)].method].code_size);
    auto bci = static_cast<int32_t>(r.Below(static_cast<uint64_t>(code)));
    if (change == 2) {
      // A changed event of the same optimization, when there is one.
      uint16_t alt = event;
      for (uint16_t k = 1; k < Events().size(); ++k) {
        auto cand = static_cast<uint16_t>((event + k) % Events().size());
        if (std::strcmp(Events()[cand].optimization, e.optimization) == 0) {
          alt = cand;
          break;
        }
      }
      event = alt;
    } else if (change == 3) {
      bci = (bci + 1 + static_cast<int32_t>(id % 7)) % (code + 1);
    }
    uint64_t order = Hash(id, kSaltOrder);
    if (shuffle_ && IsUnorderedSlot(slot)) order = Hash(id, kSaltShuffle);
    opts_.push_back(Opt{order, id, group, anchor, bci, event, static_cast<uint8_t>(slot), change});
  }

  void CollectOpts() {
    OrderNodes();
    opts_.clear();
    Rng ur(Hash(spec_->id, kSaltOpts));
    ice_[0] = ur.Range(1, 2);
    ice_[1] = ur.Range(1, 2);
    ice_[2] = ur.Range(1, 3);
    shuffle_ = exp_ == 2 && ur.Chance(c_.shuffle_rate);
    double mean = c_.aot() ? 1.1 : 1.35;
    double q = 1.0 / (1.0 + mean);
    for (int32_t idx : dfs_) {
      const Node& n = nodes_[static_cast<size_t>(idx)];
      if (n.kind != NodeKind::kRoot && n.kind != NodeKind::kInlined) continue;
      Rng r(Hash(n.id, kSaltOpts));
      int k = r.Geometric(q, 40);
      if (n.kind == NodeKind::kRoot) k += 3 + r.Range(0, 6);
      for (int j = 0; j < k; ++j) {
        uint64_t id = Hash(n.id, kSaltOpts, static_cast<uint64_t>(j));
        uint8_t change = 0;
        if (exp_ == 2) {
          double x = Unit(Hash(id, kSaltOptChange));
          if (x < c_.opt_remove_rate) continue;
          if (x < c_.opt_remove_rate + c_.opt_change_rate)
            change = static_cast<uint8_t>(1 + Hash(id, kSaltOptChange, 1) % 3);
          if (Unit(Hash(id, kSaltOptAdd)) < c_.opt_add_rate)
            AddOpt(Hash(id, kSaltOptAdd, 1), idx, 0);
        }
        AddOpt(id, idx, change);
      }
    }
    std::sort(opts_.begin(), opts_.end(), [](const Opt& a, const Opt& b) {
      if (a.slot != b.slot) return a.slot < b.slot;
      if (a.group != b.group) return a.group < b.group;
      return a.order < b.order;
    });
  }

  std::pair<size_t, size_t> Range(Slot slot, int32_t group) const {
    auto lo = std::lower_bound(opts_.begin(), opts_.end(), std::make_pair(slot, group),
                               [](const Opt& o, std::pair<Slot, int32_t> k) {
                                 return o.slot != k.first ? o.slot < k.first : o.group < k.second;
                               });
    auto hi = lo;
    while (hi != opts_.end() && hi->slot == slot && hi->group == group) ++hi;
    return {static_cast<size_t>(lo - opts_.begin()), static_cast<size_t>(hi - opts_.begin())};
  }

  void WritePosition(const Opt& o, std::string* out) {
    if (Unit(Hash(o.id, 0x7051)) < 0.01) {
      out->append(",\"position\":null");
      return;
    }
    out->append(",\"position\":{");
    int32_t idx = o.anchor;
    AppendQuoted(out, NameOf(idx));
    out->push_back(':');
    AppendInt(out, o.bci);
    while (idx != 0) {
      int32_t bci = nodes_[static_cast<size_t>(idx)].bci;
      idx = nodes_[static_cast<size_t>(idx)].parent;
      while (nodes_[static_cast<size_t>(idx)].kind == NodeKind::kDevirtualized)
        idx = nodes_[static_cast<size_t>(idx)].parent;
      out->push_back(',');
      AppendQuoted(out, NameOf(idx));
      out->push_back(':');
      AppendInt(out, bci);
    }
    out->push_back('}');
  }

  void WriteProps(const Opt& o, const EventKind& e, std::string* out) {
    Rng r(Hash(o.id, 0x9709, o.change == 1 ? 2 : 1));
    switch (e.props) {
      case Props::kNone:
        return;
      case Props::kCanonical:
        out->append(",\"replacedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kReplacedClasses));
        out->append(",\"canonicalNodeClass\":");
        if (r.Chance(0.12)) {
          out->append("null");
        } else {
          AppendQuoted(out, PickFrom(r, kCanonicalClasses));
        }
        return;
      case Props::kReplaced:
        out->append(",\"replacedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kReplacedClasses));
        return;
      case Props::kDeleted:
        out->append(",\"deletedNodeClass\":");
        AppendQuoted(out, PickFrom(r, kDeletedClasses));
        return;
      case Props::kMaterializations:
        out->append(",\"materializations\":");
        AppendInt(out, r.Geometric(0.55, 6));
        return;
      case Props::kPeelings:
        out->append(",\"peelings\":");
        AppendInt(out, 1 + r.Geometric(0.8, 2));
        return;
      case Props::kUnrollFactor: {
        static constexpr int kFactors[] = {2, 2, 4, 8, 8};
        out->append(",\"unrollFactor\":");
        AppendInt(out, PickFrom(r, kFactors));
        return;
      }
      case Props::kUnswitches:
        out->append(",\"unswitches\":");
        AppendInt(out, 1 + r.Geometric(0.6, 3));
        return;
      case Props::kStripMining:
        out->append(",\"innerIterations\":");
        AppendInt(out, int64_t{1} << r.Range(12, 40));
        out->append(",\"speculative\":");
        out->append(r.Chance(0.5) ? "true" : "false");
        out->append(",\"probability\":");
        AppendJavaDouble(out, Round6(0.5 + 0.5 * r.Uniform()));
        out->append(",\"guards\":[\"IsNull\",\"InstanceOf\"]");
        out->append(",\"origin\":{\"tier\":\"mid\",\"pass\":");
        AppendInt(out, r.Range(1, 3));
        out->append("}");
        return;
    }
  }

  void WriteOpts(Slot slot, int32_t group, std::string* out, char* first) {
    auto [lo, hi] = Range(slot, group);
    for (size_t i = lo; i < hi; ++i) {
      const Opt& o = opts_[i];
      const EventKind& e = Events()[o.event];
      if (!*first) out->push_back(',');
      *first = false;
      out->append("{\"optimizationName\":");
      AppendQuoted(out, e.optimization);
      out->append(",\"eventName\":");
      AppendQuoted(out, e.event);
      WritePosition(o, out);
      WriteProps(o, e, out);
      out->push_back('}');
    }
  }

  bool HasOpts(Slot slot, int32_t group) const {
    auto [lo, hi] = Range(slot, group);
    return lo < hi;
  }

  // Phase writing: Open() starts a phase inside the current one, Close() ends it.
  void Open(const char* name, std::string* out) {
    if (!first_.empty()) {
      if (!first_.back()) out->push_back(',');
      first_.back() = false;
    }
    out->append("{\"phaseName\":\"").append(name).append("\",\"optimizations\":[");
    first_.push_back(true);
  }
  void Close(std::string* out) {
    out->append("]}");
    first_.pop_back();
  }
  void Leaf(const char* name, std::string* out) {
    Open(name, out);
    Close(out);
  }
  void Phase(const char* name, Slot slot, std::string* out, int32_t group = -1) {
    Open(name, out);
    WriteOpts(slot, group, out, &first_.back());
    Close(out);
  }
  // A phase followed by its nested canonicalizer, logged only when it did something.
  void PhaseWithCanon(const char* name, Slot slot, Slot canon, std::string* out) {
    Open(name, out);
    if (slot != kSlotCount) WriteOpts(slot, -1, out, &first_.back());
    if (HasOpts(canon, -1)) Phase("CanonicalizerPhase", canon, out);
    Close(out);
  }

  void WriteOptimizationTree(std::string* out) {
    first_.clear();
    Open("RootPhase", out);
    Open("Parsing", out);
    Leaf("GraphBuilderPhase", out);
    Phase("DeadCodeEliminationPhase", kRootParsingDce, out);
    Close(out);

    Open("HighTier", out);
    Phase("CanonicalizerPhase", kHighCanon, out);
    Open("InliningPhase", out);
    for (int32_t idx : dfs_) {
      if (!nodes_[static_cast<size_t>(idx)].by_phase) continue;
      Open("RootPhase", out);
      Open("Parsing", out);
      Leaf("GraphBuilderPhase", out);
      Phase("DeadCodeEliminationPhase", kInlineeDce, out, idx);
      Close(out);
      if (HasOpts(kInlineeCanon, idx)) Phase("CanonicalizerPhase", kInlineeCanon, out, idx);
      Close(out);
      if (HasOpts(kIncrementalCanon, idx))
        Phase("IncrementalCanonicalizerPhase", kIncrementalCanon, out, idx);
    }
    Close(out);
    Phase("DeadCodeEliminationPhase", kHighDce, out);
    Leaf("DisableOverflownCountedLoopsPhase", out);
    PhaseWithCanon("ConvertDeoptimizeToGuardPhase", kConvertDeopt, kConvertDeoptCanon, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[0]; ++i) {
      Phase("CanonicalizerPhase", kHighIceCanon, out, i);
      Phase("ConditionalEliminationPhase", kHighIceCondElim, out, i);
    }
    Close(out);
    Leaf("DominatorBasedGlobalValueNumberingPhase", out);
    PhaseWithCanon("LoopFullUnrollPhase", kHighFullUnroll, kHighFullUnrollCanon, out);
    PhaseWithCanon("LoopPeelingPhase", kLoopPeeling, kLoopPeelingCanon, out);
    Phase("LoopUnswitchingPhase", kLoopUnswitching, out);
    Leaf("BoxNodeIdentityPhase", out);
    PhaseWithCanon("FinalPartialEscapePhase", kFinalPea, kFinalPeaCanon, out);
    Phase("ReadEliminationPhase", kReadElimination, out);
    Leaf("BoxNodeOptimizationPhase", out);
    PhaseWithCanon("HighTierLoweringPhase", kSlotCount, kHighLoweringCanon, out);
    Close(out);

    Open("MidTier", out);
    Leaf("LockEliminationPhase", out);
    Phase("FloatingReadPhase", kFloatingRead, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[1]; ++i) {
      Phase("ConditionalEliminationPhase", kMidIce1CondElim, out, i);
      Phase("CanonicalizerPhase", kMidIce1Canon, out, i);
    }
    Close(out);
    Phase("SpeculativeGuardMovementPhase", kSpeculativeGuard, out);
    Phase("LoopSafepointEliminationPhase", kSafepointElim, out);
    Leaf("GuardLoweringPhase", out);
    Phase("LoopFullUnrollPhase", kMidFullUnroll, out);
    Leaf("RemoveValueProxyPhase", out);
    if (!c_.aot()) Leaf("LoopSafepointInsertionPhase", out);
    PhaseWithCanon("MidTierLoweringPhase", kSlotCount, kMidLoweringCanon, out);
    Open("IterativeConditionalEliminationPhase", out);
    for (int i = 0; i < ice_[2]; ++i) {
      Phase("ConditionalEliminationPhase", kMidIce2CondElim, out, i);
      Phase("CanonicalizerPhase", kMidIce2Canon, out, i);
    }
    Close(out);
    Phase("OptimizeDivPhase", kOptimizeDiv, out);
    Leaf("FrameStateAssignmentPhase", out);
    Phase("LoopPartialUnrollPhase", kPartialUnroll, out);
    Phase("ReassociationPhase", kReassociation, out);
    Leaf("DeoptimizationGroupingPhase", out);
    Phase("CanonicalizerPhase", kMidCanon, out);
    if (!c_.aot()) Leaf("WriteBarrierAdditionPhase", out);
    Close(out);

    Open("LowTier", out);
    PhaseWithCanon("LowTierLoweringPhase", kSlotCount, kLowLoweringCanon, out);
    if (c_.aot()) Leaf("AOTLoweringPhase", out);
    Leaf("ExpandLogicPhase", out);
    Leaf("OptimizeOffsetAddressPhase", out);
    Open("FixReadsPhase", out);
    WriteOpts(kFixReads, -1, out, &first_.back());
    Leaf("SchedulePhase", out);
    Close(out);
    Phase("CanonicalizerPhase", kLowCanon, out);
    Leaf("AddressLoweringPhase", out);
    Phase("FinalCanonicalizerPhase", kFinalCanon, out);
    Phase("DeadCodeEliminationPhase", kLowDce, out);
    Leaf("PropagateDeoptimizeProbabilityPhase", out);
    Phase("UseTrappingNullChecksPhase", kTrappingNullChecks, out);
    Leaf("OptimizeExtendsPhase", out);
    Leaf("RemoveOpaqueValuePhase", out);
    Leaf("FinalSchedulePhase", out);
    Close(out);
    Close(out);
  }

  const Universe& u_;
  const Config& c_;
  TreeBuilder builder_;
  int exp_ = 1;
  const UnitSpec* spec_ = nullptr;
  std::string root_name_;
  std::vector<Node> nodes_;
  std::vector<int32_t> dfs_;
  std::vector<int32_t> inlinee_;
  std::vector<Opt> opts_;
  int ice_[3] = {1, 1, 1};
  bool shuffle_ = false;
  std::vector<char> first_;  // per open phase: no child written yet
};

// ------------------------------------------------------------------------------------------------
// Log directories: units are spread over groups of "compiler thread" files that are written at
// the same time, so compile IDs interleave between the files of a group. File names are numbers
// of equal width (10000 and up), so name order and numeric order agree.

class LogDirWriter {
 public:
  static constexpr int kGroup = 8;

  LogDirWriter(std::filesystem::path dir, double file_bytes, uint64_t seed)
      : dir_(std::move(dir)), file_bytes_(file_bytes), rng_(seed), next_name_(10000) {
    std::filesystem::create_directories(dir_);
  }
  ~LogDirWriter() { CloseGroup(); }

  void Append(const std::string& line) {
    if (files_.empty()) OpenGroup();
    File& f = files_[rng_.Below(files_.size())];
    f.buffer.append(line);
    f.bytes += line.size();
    group_bytes_ += line.size();
    total_bytes_ += line.size();
    if (f.buffer.size() >= (1u << 20)) Flush(f);
    if (group_bytes_ >= file_bytes_ * kGroup) CloseGroup();
  }

  uint64_t total_bytes() const { return total_bytes_; }
  int file_count() const { return file_count_; }

 private:
  struct File {
    std::FILE* fp = nullptr;
    std::string buffer;
    uint64_t bytes = 0;
  };

  void OpenGroup() {
    for (int i = 0; i < kGroup; ++i) {
      next_name_ += 1 + static_cast<int>(rng_.Below(12));
      File f;
      std::filesystem::path p = dir_ / std::to_string(next_name_);
      f.fp = std::fopen(p.c_str(), "wb");
      if (f.fp == nullptr) {
        std::fprintf(stderr, "cannot create %s: %s\n", p.c_str(), std::strerror(errno));
        std::exit(1);
      }
      files_.push_back(std::move(f));
      ++file_count_;
    }
    group_bytes_ = 0;
  }

  void Flush(File& f) {
    if (!f.buffer.empty() &&
        std::fwrite(f.buffer.data(), 1, f.buffer.size(), f.fp) != f.buffer.size()) {
      std::fprintf(stderr, "write failed: %s\n", std::strerror(errno));
      std::exit(1);
    }
    f.buffer.clear();
  }

  void CloseGroup() {
    for (File& f : files_) {
      Flush(f);
      if (std::fclose(f.fp) != 0) {
        std::fprintf(stderr, "close failed: %s\n", std::strerror(errno));
        std::exit(1);
      }
    }
    files_.clear();
  }

  std::filesystem::path dir_;
  double file_bytes_;
  Rng rng_;
  int next_name_;
  std::vector<File> files_;
  uint64_t group_bytes_ = 0;
  uint64_t total_bytes_ = 0;
  int file_count_ = 0;
};

// ------------------------------------------------------------------------------------------------
// Profiles.

struct UnitRecord {
  int64_t index;
  int64_t compile_id;
  std::string name;  // raw name, with multi-method key
  int hot_rank;
  bool osr;
  double weight;  // share of the Graal-compiled time among non-hot units (relative)
};

// Shares of the Graal-compiled time of the hot units, by rank; the rest is spread over the other
// units with a Pareto tail.
constexpr double kHotShares[] = {0.40, 0.13,  0.07,  0.05,  0.035, 0.025,
                                 0.02, 0.017, 0.014, 0.012, 0.01,  0.008};
constexpr double kRecompileShare = 0.027;

void WriteProfileEntryJit(std::string* out, bool* first, const char* compile_id_or_null,
                          const std::string& id, const std::string& name, int level,
                          int64_t period) {
  out->append(*first ? "\n" : ",\n");
  *first = false;
  out->append("        {\n            \"compileId\": ");
  if (compile_id_or_null == nullptr) {
    out->append("null");
  } else {
    AppendQuoted(out, id);
  }
  out->append(",\n            \"name\": ");
  AppendQuoted(out, name);
  out->append(",\n            \"level\": ");
  if (level < 0) {
    out->append("null");
  } else {
    AppendInt(out, level);
  }
  out->append(",\n            \"period\": ");
  AppendInt(out, period);
  out->append("\n        }");
}

struct NativeEntry {
  const char* name;
  double share;  // of the total period
};

void WriteProfile(const Config& c, const Universe& u, int exp, std::vector<UnitRecord>& units,
                  const std::filesystem::path& path) {
  Rng r(Hash(c.seed, kSaltProfile, static_cast<uint64_t>(exp)));
  // The total time does not depend on the number of units, like a benchmark run of fixed length.
  double total = 5.0e11 * (1.0 + 0.1 * r.Uniform());
  double graal = total * (c.aot() ? 0.72 : 0.65);
  double hot_sum = 0;
  double rest = 0;
  for (const auto& ur : units) {
    if (ur.hot_rank >= 0) {
      hot_sum += ur.hot_rank == Universe::kHotMethods ? kRecompileShare : kHotShares[ur.hot_rank];
    } else {
      rest += ur.weight;
    }
  }
  double rest_share = std::max(0.05, 1.0 - hot_sum);
  struct Entry {
    const UnitRecord* unit;
    int64_t period;
  };
  std::vector<Entry> entries;
  for (const auto& ur : units) {
    double share;
    if (ur.hot_rank >= 0) {
      share = ur.hot_rank == Universe::kHotMethods ? kRecompileShare : kHotShares[ur.hot_rank];
      share *= exp == 2 ? 0.85 + 0.3 * Unit(Hash(c.seed, kSaltPeriods, ur.hot_rank)) : 1.0;
    } else {
      if (ur.weight <= 0) continue;
      share = rest_share * ur.weight / rest;
    }
    auto period = static_cast<int64_t>(graal * share);
    if (period > 0) entries.push_back({&ur, period});
  }
  int64_t sum = 0;
  for (const auto& e : entries) sum += e.period;

  std::string out = "{\n    \"compilationKind\": ";
  bool first = true;
  if (!c.aot()) {
    static constexpr NativeEntry kNatives[] = {
        {"Interpreter", 0.072},        {"StubRoutines (1)", 0.0085},
        {"I2C/C2I adapters", 0.0018},  {"vtable chunks", 0.00044},
        {"libjvm.so", 0.035},          {"libc.so.6", 0.0092},
        {"[kernel.kallsyms]", 0.0154}, {"method entry point (kind = native)", 0.0012},
    };
    out.append("\"JIT\",\n    \"totalPeriod\": ");
    std::string body;
    for (const auto& n : kNatives) {
      auto p = static_cast<int64_t>(total * n.share * (0.9 + 0.2 * r.Uniform()));
      sum += p;
      WriteProfileEntryJit(&body, &first, nullptr, "", n.name, -1, p);
    }
    // Graal units in compile-ID order, with C1 (level 3) and level-1 compilations in the gaps.
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
      return a.unit->compile_id < b.unit->compile_id;
    });
    int64_t last_id = -1;
    for (const auto& e : entries) {
      const UnitRecord& ur = *e.unit;
      if (ur.compile_id - last_id > 1 && r.Chance(0.15)) {
        int64_t id = ur.compile_id - 1;
        const std::string& name = u[u.root_order()[r.Below(u.root_order().size())]].name;
        auto p = static_cast<int64_t>(total * 2e-6 * r.Pareto(1.5));
        sum += p;
        std::string sid = std::to_string(id);
        WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + name, r.Chance(0.85) ? 3 : 1, p);
      }
      last_id = ur.compile_id;
      std::string sid = std::to_string(ur.compile_id) + (ur.osr ? "%" : "");
      WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + ur.name, 4, e.period);
    }
    // A compilation that the log does not have (its log was lost): a warning in profdiff.
    {
      std::string sid = std::to_string(last_id + 3);
      auto p = static_cast<int64_t>(total * 2e-6);
      sum += p;
      WriteProfileEntryJit(&body, &first, "", sid, sid + ": " + u[u.root_order()[0]].name, 4, p);
    }
    AppendInt(&out, std::max(sum, static_cast<int64_t>(total)));
    out.append(",\n    \"executionId\": \"");
    AppendInt(&out, 10000 + static_cast<int64_t>(r.Below(90000)));
    out.append("\",\n    \"code\": [");
    out.append(body);
  } else {
    static constexpr NativeEntry kNatives[] = {
        {"[kernel.kallsyms]", 0.0207},
        {"memset", 0.0163},
        {"__memmove_avx_unaligned_erms", 0.0145},
        {"libc.so.6", 0.004},
        {"com.oracle.svm.core.genscavenge.GreyToBlackObjectVisitor.visitObjectInline(Object)",
         0.0224},
        {"com.oracle.svm.core.genscavenge.ThreadLocalAllocation.slowPathNewInstance(Word, "
         "DynamicHub)",
         0.0204},
        {"com.oracle.svm.core.thread.Safepoint.slowPathSafepointCheck()", 0.0128},
        {"com.oracle.svm.core.genscavenge.GCImpl.collect(GCCause)", 0.003},
    };
    struct Named {
      std::string name;
      int64_t period;
    };
    std::vector<Named> all;
    for (const auto& n : kNatives) {
      auto p = static_cast<int64_t>(total * n.share * (0.9 + 0.2 * r.Uniform()));
      all.push_back({n.name, p});
      sum += p;
    }
    for (const auto& e : entries) all.push_back({e.unit->name, e.period});
    std::stable_sort(all.begin(), all.end(),
                     [](const Named& a, const Named& b) { return a.period > b.period; });
    out.append("\"AOT\",\n    \"totalPeriod\": ");
    AppendInt(&out, std::max(sum, static_cast<int64_t>(total)));
    out.append(",\n    \"code\": [");
    for (const auto& n : all) {
      out.append(first ? "\n" : ",\n");
      first = false;
      out.append("        {\n            \"name\": ");
      AppendQuoted(&out, n.name);
      out.append(",\n            \"period\": ");
      AppendInt(&out, n.period);
      out.append("\n        }");
    }
  }
  out.append("\n    ]\n}\n");
  std::FILE* fp = std::fopen(path.c_str(), "wb");
  if (fp == nullptr || std::fwrite(out.data(), 1, out.size(), fp) != out.size() ||
      std::fclose(fp) != 0) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

// ------------------------------------------------------------------------------------------------
// The compilation sequence.

class Generator {
 public:
  Generator(const Config& c, const Universe& u) : c_(c), u_(u), writer_(u, c) {}

  void Run() {
    auto start = std::chrono::steady_clock::now();
    std::filesystem::path out(c_.out);
    auto target = static_cast<uint64_t>(c_.size_mb * 1024 * 1024);
    double file_bytes = c_.file_mb * 1024 * 1024;
    LogDirWriter logs1(out / "exp1" / "log", file_bytes, Hash(c_.seed, kSaltFiles, 1));
    LogDirWriter logs2(out / "exp2" / "log", file_bytes, Hash(c_.seed, kSaltFiles, 2));
    std::vector<UnitRecord> records[3];
    int64_t next_id[3] = {0, 0, 0};
    Rng id_rng(Hash(c_.seed, kSaltIds));
    if (c_.aot()) {
      next_id[1] = 60 + static_cast<int64_t>(id_rng.Below(40));
      next_id[2] = next_id[1] + 100 + static_cast<int64_t>(id_rng.Below(100));
    } else {
      next_id[1] = 1000 + static_cast<int64_t>(id_rng.Below(2000));
      next_id[2] = next_id[1] + 600 + static_cast<int64_t>(id_rng.Below(1500));
    }
    std::string line;
    size_t max_nodes = 0;
    uint64_t units = 0;
    for (int64_t i = 0; logs1.total_bytes() < target; ++i) {
      UnitSpec spec = NextSpec(i);
      for (int exp = 1; exp <= 2; ++exp) {
        // IDs advance in both runs, also for units one of them did not compile.
        int64_t gap = c_.aot()
                          ? 1 + static_cast<int64_t>(Hash(c_.seed, kSaltIds + 10 * exp, i) % 3)
                          : 1 + static_cast<int64_t>(Hash(c_.seed, kSaltIds + 10 * exp, i) % 6);
        int64_t id = next_id[exp];
        next_id[exp] += gap;
        if (!spec.in[exp]) continue;
        line.clear();
        writer_.Write(spec, exp, std::to_string(id), &line);
        max_nodes = std::max(max_nodes, writer_.last_node_count() + writer_.last_opt_count());
        (exp == 1 ? logs1 : logs2).Append(line);
        records[exp].push_back(
            UnitRecord{i, id, RawName(spec), spec.hot_rank, spec.osr, PeriodWeight(spec)});
      }
      ++units;
    }
    WriteProfile(c_, u_, 1, records[1], out / "exp1" / "prof.json");
    WriteProfile(c_, u_, 2, records[2], out / "exp2" / "prof.json");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!c_.quiet) {
      std::fprintf(stderr,
                   "%s: %s pair, seed %" PRIu64 ": %" PRIu64
                   " unit slots, exp1 %zu units %.1f MB "
                   "in %d files, exp2 %zu units %.1f MB in %d files, largest unit %zu nodes, "
                   "%.1f s\n",
                   c_.out.c_str(), c_.aot() ? "AOT" : "JIT", c_.seed, units, records[1].size(),
                   static_cast<double>(logs1.total_bytes()) / 1048576.0, logs1.file_count(),
                   records[2].size(), static_cast<double>(logs2.total_bytes()) / 1048576.0,
                   logs2.file_count(), max_nodes, secs);
    }
  }

 private:
  std::string RawName(const UnitSpec& spec) const {
    std::string name = u_[spec.root].name;
    if (!spec.key.empty()) name.insert(name.find('('), "%%" + spec.key);
    return name;
  }

  double PeriodWeight(const UnitSpec& spec) const {
    if (spec.hot_rank >= 0) return 0;
    uint64_t h = Hash(spec.id, kSaltPeriods);
    if (Unit(h) > 0.45) return 0;  // never sampled
    Rng r(Hash(h, 1));
    return r.Pareto(1.15);
  }

  // Hot units are among the first compilations; a second compilation of the hottest method
  // follows.
  static int HotRankAt(int64_t i) {
    static constexpr int64_t kSlots[] = {0, 5, 9, 14, 18, 23, 27, 32, 38, 44, 51, 57};
    for (int k = 0; k < Universe::kHotMethods; ++k)
      if (kSlots[k] == i) return k;
    return i == 150 ? Universe::kHotMethods : -1;
  }

  UnitSpec NextSpec(int64_t i) {
    UnitSpec s;
    s.index = i;
    s.id = Hash(c_.seed, kSaltUnit, static_cast<uint64_t>(i));
    Rng r(s.id);
    int hot = HotRankAt(i);
    // Hot units have a fixed size in big logs and shrink in small ones.
    double scale = std::clamp(c_.size_mb / (c_.aot() ? 150.0 : 100.0), 0.02, 1.0);
    if (hot >= 0) {
      int rank = hot == Universe::kHotMethods ? 0 : hot;
      s.root = u_.hot()[static_cast<size_t>(rank)];
      s.hot_rank = hot;
      s.osr = !c_.aot() && rank == 4;
      // The second compilation of the hottest method: a recompilation in a JIT run, a
      // multi-method variant (deoptimization target) in an AOT image.
      if (hot == Universe::kHotMethods && c_.aot()) s.key = "D";
      s.budget = (c_.aot() ? 7000.0 : 2200.0) * (0.5 + r.Uniform()) * scale;
      if (rank >= 10) s.budget *= 0.4;
    } else {
      if (!c_.aot() && next_root_ > 50 && r.Chance(0.04)) {
        // A recompilation (deoptimized code compiled again).
        s.root = u_.root_order()[r.Below(next_root_)];
      } else if (int32_t variant = c_.aot() && next_root_ > 50 && r.Chance(0.03)
                                       ? u_.root_order()[r.Below(next_root_)]
                                       : -1;
                 variant >= 0 && variants_.insert(variant).second) {
        // A multi-method variant of an already compiled method (at most one per method).
        s.root = variant;
        s.key = r.Chance(0.85) ? "D" : "Deopt";
      } else {
        // Mostly methods that call something: tiny leaf methods rarely get hot enough.
        do {
          s.root = u_.root_order()[next_root_ % u_.root_order().size()];
          ++next_root_;
        } while ((u_[s.root].calls.empty() || u_[s.root].level > 11) && !r.Chance(0.3));
      }
      s.osr = !c_.aot() && r.Chance(0.01);
      s.budget =
          std::clamp(r.LogNormal(c_.aot() ? 45.0 : 32.0, 1.0), 0.0, c_.aot() ? 6000.0 : 1500.0);
      double x = r.Uniform();
      if (x < c_.unit_only_rate) {
        s.in[2] = false;
      } else if (x < 2 * c_.unit_only_rate) {
        s.in[1] = false;
      }
    }
    int standalone = TreeBuilder::StandaloneExperiment(u_, c_, s.root);
    if (standalone == 1) s.in[2] = false;
    if (standalone == 2) s.in[1] = false;
    if (!s.key.empty()) {
      // Multi-method variants never come and go on their own.
      s.in[1] = s.in[2] = s.in[1] && s.in[2];
    }
    return s;
  }

  const Config& c_;
  const Universe& u_;
  UnitWriter writer_;
  uint64_t next_root_ = 0;
  std::set<int32_t> variants_;
};

void Usage() {
  std::fprintf(
      stderr,
      "usage: generate --kind=jit|aot --size-mb=N --seed=S --out=DIR [options]\n"
      "Writes DIR/exp1/{log/,prof.json} and DIR/exp2/{log/,prof.json}; each log is\n"
      "about N MB (1 MB = 2^20 bytes). Options (defaults in brackets):\n"
      "  --file-mb=X          size of one log file [1]\n"
      "  --flip-rate=X        call sites whose inlining decision exp2 flips [0.004]\n"
      "  --opt-remove-rate=X  optimizations missing in exp2 [0.01]\n"
      "  --opt-change-rate=X  optimizations changed in exp2 [0.01]\n"
      "  --opt-add-rate=X     optimizations added in exp2 [0.01]\n"
      "  --unit-only-rate=X   units compiled by one experiment only, each way [0.015]\n"
      "  --standalone-rate=X  methods compiled standalone in one run and inlined in the\n"
      "                       other [0.01]\n"
      "  --shuffle-rate=X     units whose unordered phases exp2 logs in another order [0.3]\n"
      "  --quiet              no summary on stderr\n");
}

bool ParseArgs(int argc, char** argv, Config* c) {
  bool have_kind = false, have_size = false, have_seed = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--quiet") {
      c->quiet = true;
      continue;
    }
    size_t eq = a.find('=');
    if (a.substr(0, 2) != "--" || eq == std::string_view::npos) return false;
    std::string key(a.substr(2, eq - 2));
    std::string value(a.substr(eq + 1));
    char* end = nullptr;
    auto number = [&]() {
      double v = std::strtod(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0' || !(v >= 0)) {
        std::fprintf(stderr, "bad value for --%s: %s\n", key.c_str(), value.c_str());
        std::exit(2);
      }
      return v;
    };
    if (key == "kind") {
      if (value != "jit" && value != "aot") return false;
      c->kind = value == "aot" ? Kind::kAot : Kind::kJit;
      have_kind = true;
    } else if (key == "size-mb") {
      c->size_mb = number();
      have_size = c->size_mb > 0;
    } else if (key == "seed") {
      c->seed = std::strtoull(value.c_str(), &end, 10);
      have_seed = end != value.c_str() && *end == '\0';
    } else if (key == "out") {
      c->out = value;
    } else if (key == "file-mb") {
      c->file_mb = std::max(0.01, number());
    } else if (key == "flip-rate") {
      c->flip_rate = number();
    } else if (key == "opt-remove-rate") {
      c->opt_remove_rate = number();
    } else if (key == "opt-change-rate") {
      c->opt_change_rate = number();
    } else if (key == "opt-add-rate") {
      c->opt_add_rate = number();
    } else if (key == "unit-only-rate") {
      c->unit_only_rate = number();
    } else if (key == "standalone-rate") {
      c->standalone_rate = number();
    } else if (key == "shuffle-rate") {
      c->shuffle_rate = number();
    } else {
      return false;
    }
  }
  return have_kind && have_size && have_seed && !c->out.empty();
}

}  // namespace
}  // namespace profdiff_bench

int main(int argc, char** argv) {
  profdiff_bench::Config config;
  if (!profdiff_bench::ParseArgs(argc, argv, &config)) {
    profdiff_bench::Usage();
    return 2;
  }
  if (std::filesystem::exists(config.out) && !std::filesystem::is_empty(config.out)) {
    std::fprintf(stderr, "%s exists and is not empty\n", config.out.c_str());
    return 1;
  }
  profdiff_bench::Universe universe(config.seed);
  profdiff_bench::Generator(config, universe).Run();
  return 0;
}
