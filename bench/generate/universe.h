#ifndef PROFDIFF_BENCH_GENERATE_UNIVERSE_H_
#define PROFDIFF_BENCH_GENERATE_UNIVERSE_H_

// The method universe of the generated program: names, call graph, hot methods.

#include <algorithm>
#include <cerrno>
#include <charconv>
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

#include "generate/random.h"

namespace profdiff_bench {

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

inline const std::vector<RealInterface>& RealInterfaces() {
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

inline std::string HolderOf(const std::string& name) {
  size_t paren = name.find('(');
  size_t dot = name.rfind('.', paren);
  return name.substr(0, dot);
}

inline std::string MethodPartOf(const std::string& name) {
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

}  // namespace profdiff_bench

#endif  // PROFDIFF_BENCH_GENERATE_UNIVERSE_H_
