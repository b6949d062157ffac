// HotSpot mode (--kind=hotspot): a pair of HotSpot LogCompilation logs (-XX:+LogCompilation) of
// the generator's program, modelled on the real logs of ../shared/real-hotspot (OpenJDK 17 and
// 25): the XML header (vm_version, vm_arguments), the VM thread's <tty> section (task_queued and
// nmethod lines), then one <compilation_log> per compiler thread (C1, C2), each of self-contained
// <task> elements whose <type>, <klass> and <method> ids are defined inside them.
//
//   OUT/exp1/hotspot.log   about --size-mb MB
//   OUT/exp2/hotspot.log   the same program with flipped inlining decisions (--flip-rate),
//                          other compile IDs and some tasks compiled on one side only
//
// Tasks: C1 at level 3 (most), 1 (accessors, trivial methods) and 2 (rare); C2 at level 4 for the
// methods that got hot; OSR compilations (compile_kind='osr', osr_bci) for about 1 %; about 0.4 %
// fail (every 250th slot) (`stale task` for C1, a C2 bailout). Parses nest along the call graph
// with the inlining reasons of the real logs and their mix (C1: inline, callee is too large, no
// static binding, callee uses too much stack, ...; C2: inline (hot), too big, hot method too big,
// virtual call, low call site frequency, already compiled into a big method, intrinsic, ...),
// virtual calls with receiver-type profiles and predicted calls, <bc>/<branch> elements, uncommon
// traps with the real reasons and actions, and for C2 loop trees, eliminated allocations and late
// inlines. Everything derives from the seed by hashing: the same seed and size give the same bytes.

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "generate/config.h"
#include "generate/modes.h"
#include "generate/random.h"
#include "generate/universe.h"

namespace profdiff_bench {
namespace {

constexpr uint64_t kSaltHotspot = 0x4853504f54ULL;  // "HSPOT"

// A Java type of the universe's names as a JVM descriptor.
std::string Descriptor(const std::string& type) {
  if (type.size() > 2 && type.compare(type.size() - 2, 2, "[]") == 0) {
    return "[" + Descriptor(type.substr(0, type.size() - 2));
  }
  static const std::pair<const char*, const char*> kPrimitive[] = {
      {"int", "I"},   {"long", "J"}, {"double", "D"}, {"float", "F"}, {"boolean", "Z"},
      {"short", "S"}, {"char", "C"}, {"byte", "B"},   {"void", "V"}};
  for (const auto& [name, code] : kPrimitive) {
    if (type == name) return code;
  }
  std::string path = type.find('.') != std::string::npos ? type
                     : type == "Object" || type == "String" || type == "CharSequence"
                         ? "java.lang." + type
                     : type == "ByteBuffer" ? "java.nio." + type
                                            : "java.util." + type;
  for (char& c : path) {
    if (c == '.') c = '/';
  }
  return "L" + path + ";";
}

// The universe's argument types of "a.B.m(int, Object)".
std::vector<std::string> Arguments(const std::string& name) {
  std::vector<std::string> args;
  const size_t open = name.find('(');
  const size_t close = name.rfind(')');
  std::string list = name.substr(open + 1, close - open - 1);
  size_t start = 0;
  while (start < list.size()) {
    size_t comma = list.find(", ", start);
    if (comma == std::string::npos) comma = list.size();
    args.push_back(list.substr(start, comma - start));
    start = comma + 2;
  }
  return args;
}

// XML attribute text: the names hold '<' and '>' (<init>) and '$'.
std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '\'') {
      out += "&apos;";
    } else {
      out += c;
    }
  }
  return out;
}

struct MethodText {
  std::string holder;      // java.util.HashMap
  std::string name;        // putVal
  std::string descriptor;  // (ILjava/lang/Object;)V
  std::string return_type;
  std::vector<std::string> args;
};

MethodText Split(const Method& m, uint64_t h) {
  MethodText t;
  const size_t open = m.name.find('(');
  const size_t dot = m.name.rfind('.', open);
  t.holder = m.name.substr(0, dot);
  t.name = m.name.substr(dot + 1, open - dot - 1);
  t.args = Arguments(m.name);
  static const char* kReturns[] = {"void", "int", "boolean", "Object", "long", "String", "void"};
  t.return_type = t.name == "<init>" ? "void" : kReturns[h % 7];
  t.descriptor = "(";
  for (const std::string& a : t.args) t.descriptor += Descriptor(a);
  t.descriptor += ")" + Descriptor(t.return_type);
  return t;
}

// The task's id tables: every type, klass and method is defined once per task, before its use.
class TaskIds {
 public:
  explicit TaskIds(std::string* out) : out_(out) {}
  int Type(const std::string& type) {
    auto it = ids_.find("T" + type);
    if (it != ids_.end()) return it->second;
    const bool primitive = Descriptor(type).size() == 1;
    const int id = next_++;
    ids_["T" + type] = id;
    if (primitive) {
      *out_ += "<type id='" + std::to_string(id) + "' name='" + type + "'/>\n";
    } else {
      std::string klass = Descriptor(type);
      klass = klass[0] == '[' ? klass : klass.substr(1, klass.size() - 2);
      for (char& c : klass) {
        if (c == '/') c = '.';
      }
      *out_ += "<klass id='" + std::to_string(id) + "' name='" + Escape(klass) + "' flags='1'/>\n";
    }
    return id;
  }
  int Klass(const std::string& holder) {
    auto it = ids_.find("K" + holder);
    if (it != ids_.end()) return it->second;
    const int id = next_++;
    ids_["K" + holder] = id;
    *out_ += "<klass id='" + std::to_string(id) + "' name='" + Escape(holder) + "' flags='1'/>\n";
    return id;
  }
  // `compiled`: the c1 compile_id the method has when C2 compiles it, else empty.
  int MethodId(const Method& m, int32_t index, uint64_t seed, const std::string& extra) {
    auto it = ids_.find("M" + std::to_string(index));
    if (it != ids_.end()) return it->second;
    const MethodText t = Split(m, Hash(seed, static_cast<uint64_t>(index)));
    const int ret = Type(t.return_type);
    std::string args;
    for (const std::string& a : t.args) args += (args.empty() ? "" : " ") + std::to_string(Type(a));
    const int holder = Klass(t.holder);
    const int id = next_++;
    ids_["M" + std::to_string(index)] = id;
    const int flags = m.flavor == Flavor::kNative ? 257 : m.flavor == Flavor::kInterface ? 1025 : 1;
    *out_ += "<method id='" + std::to_string(id) + "' holder='" + std::to_string(holder) +
             "' name='" + Escape(t.name) + "' return='" + std::to_string(ret) + "'" +
             (args.empty() ? "" : " arguments='" + args + "'") + " flags='" +
             std::to_string(flags) + "' bytes='" + std::to_string(m.code_size) + "'" + extra +
             " iicount='" + std::to_string(100 + Hash(seed, index, 7) % 20000) + "'/>\n";
    return id;
  }

 private:
  std::string* out_;
  std::unordered_map<std::string, int> ids_;
  int next_ = 1204;
};

struct TrapKind {
  const char* reason;
  const char* action;
  double weight;
};
constexpr TrapKind kTraps[] = {
    {"null_check", "maybe_recompile", 455},
    {"unstable_if", "reinterpret", 238},
    {"range_check", "make_not_entrant", 228},
    {"unloaded", "reinterpret", 187},
    {"class_check", "maybe_recompile", 151},
    {"predicate", "maybe_recompile", 61},
    {"profile_predicate", "maybe_recompile", 61},
    {"loop_limit_check", "maybe_recompile", 61},
    {"bimorphic_or_optimized_type_check", "maybe_recompile", 48},
    {"array_check", "maybe_recompile", 18},
    {"div0_check", "maybe_recompile", 10},
    {"speculate_class_check", "maybe_recompile", 5},
};
constexpr const char* kIntrinsics[] = {
    "_hashCode",       "_equalsL", "_arraycopy",     "_getClass", "_compareToL",
    "_indexOfL",       "_min",     "_currentThread", "_copyOf",   "_vectorizedHashCode",
    "_countPositives", "_dsqrt"};

struct Side {
  int exp = 1;
  const Config* config;
  const Universe* universe;
};

// Writes one <task>; returns its nmethod size (0: failed).
class TaskWriter {
 public:
  TaskWriter(const Side& side, std::string* out) : side_(side), out_(out), ids_(out) {}

  // `fails`: the task fails (stale for C1, a bailout for C2).
  void Write(int32_t root, int compile_id, int level, bool osr, bool fails, double stamp,
             uint64_t key) {
    const Universe& u = *side_.universe;
    const Method& m = u[root];
    key_ = key;
    level_ = level;
    budget_ = level == 4 ? 900 : 150;
    const MethodText t = Split(m, Hash(side_.config->seed, static_cast<uint64_t>(root)));
    const uint64_t count = 200 + Hash(key, 1) % 60000;
    char stamp_text[32];
    std::snprintf(stamp_text, sizeof(stamp_text), "%.3f", stamp);
    *out_ += "<task compile_id='" + std::to_string(compile_id) + "'" +
             (osr ? " compile_kind='osr'" : "") + " method='" + Escape(t.holder) + " " +
             Escape(t.name) + " " + t.descriptor + "' bytes='" + std::to_string(m.code_size) +
             "' count='" + std::to_string(count) + "'" +
             (osr ? " backedge_count='" + std::to_string(10000 + count * 3) + "'" : "") +
             " iicount='" + std::to_string(count) + "'" +
             (osr ? " osr_bci='" + std::to_string(Hash(key, 2) % 40 + 4) + "'" : "") +
             (level == 4 ? "" : " level='" + std::to_string(level) + "'") + " stamp='" +
             stamp_text + "'>\n";
    const std::string c1 = level == 4 ? " compile_id='" + std::to_string(compile_id / 2 + 1) +
                                            "' compiler='c1' level='3'"
                                      : "";
    const int id = ids_.MethodId(m, root, side_.config->seed, c1);
    *out_ += "<dependency type='evol_method' x0='" + std::to_string(id) + "'/>\n";
    if (fails && level != 4) {
      *out_ += "<failure reason='stale task'/>\n<task_done success='0' nmsize='0' count='" +
               std::to_string(count) + "' stamp='" + stamp_text + "'/>\n</task>\n";
      return;
    }
    *out_ += "<parse method='" + std::to_string(id) + "'" +
             (level == 4 ? " uses='" + std::to_string(count) + ".000000'" : " ") + " stamp='" +
             stamp_text + "'>\n";
    Parse(root, 0, Hash(key, 4));
    ParseDone(stamp_text);
    *out_ += "</parse>\n";
    if (level == 4) {
      const int loops = static_cast<int>(Hash(key, 5) % 4);
      for (int l = 0; l < loops; ++l) {
        *out_ += "<loop_tree>\n<loop idx='" + std::to_string(200 + l * 3) +
                 "' inner_loop='1' >\n</loop>\n</loop_tree>\n";
      }
      if (Unit(Hash(key, 6)) < 0.05) {
        *out_ += "<eliminate_allocation type='" + std::to_string(ids_.Type("Object")) +
                 "'>\n<jvms bci='" + std::to_string(Hash(key, 8) % 60) + "' method='" +
                 std::to_string(id) + "'/>\n</eliminate_allocation>\n";
      }
      if (fails) {
        *out_ += "<failure reason='out of nodes during code generation' phase='compile'/>\n";
      } else {
        *out_ += "<regalloc attempts='1' success='1'/>\n";
      }
    }
    *out_ += "<code_cache total_blobs='" + std::to_string(300 + compile_id) + "' nmethods='" +
             std::to_string(compile_id) + "' adapters='250' free_code_cache='" +
             std::to_string(250000000 - compile_id * 1000) + "'/>\n";
    *out_ += "<task_done success='" + std::string(fails ? "0" : "1") + "' nmsize='" +
             std::to_string(fails ? 0 : 100 + inlined_bytes_ * 4) + "' count='" +
             std::to_string(count) + "'" +
             (inlined_bytes_ > 0 ? " inlined_bytes='" + std::to_string(inlined_bytes_) + "'" : "") +
             " stamp='" + stamp_text + "'/>\n</task>\n";
  }

 private:
  void ParseDone(const char* stamp) {
    ++parses_;
    const int nodes = 20 + parses_ * 37;
    *out_ += level_ == 4 ? "<parse_done nodes='" + std::to_string(nodes) + "' live='" +
                               std::to_string(nodes - 2) + "' memory='" +
                               std::to_string(nodes * 150) + "' stamp='" + stamp + "'/>\n"
                         : std::string("<parse_done stamp='") + stamp + "'/>\n";
  }

  void Trap(uint64_t h, int bci) {
    double total = 0;
    for (const TrapKind& k : kTraps) total += k.weight;
    double pick = Unit(h) * total;
    for (const TrapKind& k : kTraps) {
      pick -= k.weight;
      if (pick < 0) {
        *out_ += "<uncommon_trap bci='" + std::to_string(bci) + "' reason='" + k.reason +
                 "' action='" + k.action + "' debug_id='0'/>\n";
        return;
      }
    }
  }

  // The decision at a call site: an inlining reason (empty: not inlined) and the failure reason.
  struct Decision {
    bool inline_it = false;
    bool intrinsic = false;
    const char* reason = "";
  };
  Decision Decide(const Method& callee, int depth, uint64_t h, bool is_virtual) {
    const double r = Unit(h);
    Decision d;
    if (callee.flavor == Flavor::kNative) {
      d.reason = level_ == 4 && r < 0.5 ? "intrinsic" : "native method";
      d.intrinsic = level_ == 4 && r < 0.5;
      d.inline_it = d.intrinsic;
      return d;
    }
    if (level_ == 4 && r < 0.03) {
      d.intrinsic = d.inline_it = true;
      d.reason = "intrinsic";
      return d;
    }
    if (budget_ <= 0 || depth >= (level_ == 4 ? 6 : 4)) {
      d.reason = r < 0.1       ? "recursive inlining is too deep"
                 : level_ == 4 ? (r < 0.5 ? "already compiled into a big method" : "too big")
                               : "callee uses too much stack";
      return d;
    }
    if (level_ != 4) {
      if (is_virtual && r < 0.5) {
        d.reason = "no static binding";
      } else if (callee.code_size > 35) {
        d.reason = "callee is too large";
      } else if (r < 0.04) {
        d.reason = "not inlineable";
      } else {
        d.inline_it = true;
        d.reason = r < 0.12 ? "force inline by annotation" : r < 0.16 ? "accessor" : "inline";
      }
      return d;
    }
    if (is_virtual && r < 0.12) {
      d.reason = "virtual call";
    } else if (callee.code_size > 325) {
      d.reason = "hot method too big";
    } else if (r < 0.08) {
      d.reason = "too big";
    } else if (r < 0.11) {
      d.reason = "low call site frequency";
    } else if (r < 0.13) {
      d.reason = "don't inline Throwable constructors";
    } else {
      d.inline_it = true;
      d.reason = r < 0.18 ? "force inline by annotation" : r < 0.25 ? "inline" : "inline (hot)";
    }
    return d;
  }

  void Parse(int32_t method, int depth, uint64_t h) {
    const Universe& u = *side_.universe;
    const Method& m = u[method];
    const uint64_t seed = side_.config->seed;
    Rng rng(h);
    for (const CallSite& site : m.calls) {
      const uint64_t site_key = Hash(h, static_cast<uint64_t>(site.bci));
      // A few branches and traps between the calls.
      if (rng.Chance(0.25)) {
        const int taken = static_cast<int>(rng.Below(5000));
        *out_ += "<bc code='153' bci='" + std::to_string(std::max(0, site.bci - 3)) +
                 "'/>\n<branch target_bci='" + std::to_string(site.bci + 12) + "' taken='" +
                 std::to_string(taken) + "' not_taken='" + std::to_string(5000 - taken) + "'" +
                 (level_ == 4 ? " cnt='5000.000000' prob='never'" : "") + "/>\n";
      }
      if (level_ == 4 && rng.Chance(0.3)) Trap(rng.Next(), std::max(0, site.bci - 1));
      const Method& target = u[site.target];
      const bool is_virtual = !target.impls.empty();
      int32_t callee = site.target;
      if (is_virtual) callee = target.impls[rng.Below(target.impls.size())];
      *out_ += "<bc code='" + std::string(is_virtual ? "185" : "182") + "' bci='" +
               std::to_string(site.bci) + "'/>\n";
      const int callee_id = ids_.MethodId(u[callee], callee, seed, "");
      std::string call = "<call method='" + std::to_string(callee_id) + "'";
      if (level_ == 4) {
        call += " count='" + std::to_string(rng.Below(20000)) + "' prof_factor='1.000000'";
      }
      if (is_virtual) call += " virtual='1'";
      call += " inline='1'";
      if (is_virtual && level_ == 4) {
        const int receiver = ids_.Klass(u[callee].holder);
        call += " receiver='" + std::to_string(receiver) + "' receiver_count='" +
                std::to_string(1000 + rng.Below(9000)) + "'";
        if (target.impls.size() > 1 && rng.Chance(0.4)) {
          const int32_t other = target.impls[rng.Below(target.impls.size())];
          call += " receiver2='" + std::to_string(ids_.Klass(u[other].holder)) +
                  "' receiver2_count='" + std::to_string(rng.Below(500)) + "'";
        }
      }
      *out_ += call + "/>\n";
      Decision d = Decide(u[callee], depth, site_key, is_virtual);
      // exp2 flips some decisions (the same ones whatever the size).
      if (side_.exp == 2 && !d.intrinsic &&
          Unit(Hash(site_key, kSaltHotspot)) < side_.config->flip_rate) {
        d.inline_it = !d.inline_it;
        d.reason = d.inline_it ? (level_ == 4 ? "inline (hot)" : "inline")
                               : (level_ == 4 ? "too big" : "callee is too large");
      }
      if (d.intrinsic) {
        *out_ += "<intrinsic id='" + std::string(kIntrinsics[site_key % std::size(kIntrinsics)]) +
                 "'" + (is_virtual ? " virtual='1'" : "") + " nodes='" +
                 std::to_string(20 + site_key % 60) + "'/>\n";
        continue;
      }
      if (!d.inline_it) {
        *out_ += "<inline_fail reason='" + Escape(d.reason) + "'/>\n";
        *out_ += std::string(is_virtual ? "<virtual_call" : "<direct_call") + " bci='" +
                 std::to_string(site.bci) + "'/>\n";
        continue;
      }
      *out_ += "<inline_success reason='" + Escape(d.reason) + "'/>\n";
      if (is_virtual && level_ == 4) {
        *out_ += "<predicted_call bci='" + std::to_string(site.bci) + "' exact='0' klass='" +
                 std::to_string(ids_.Klass(u[callee].holder)) + "'/>\n";
      }
      budget_ -= u[callee].code_size;
      inlined_bytes_ += u[callee].code_size;
      *out_ += "<parse method='" + std::to_string(callee_id) + "'" +
               (level_ == 4 ? " uses='" + std::to_string(rng.Below(20000)) + ".000000'" : "") +
               " stamp='0.000'>\n";
      Parse(callee, depth + 1, Hash(site_key, static_cast<uint64_t>(callee)));
      ParseDone("0.000");
      *out_ += "</parse>\n";
      if (level_ == 4 && rng.Chance(0.01)) {
        *out_ += "<late_inline method='" + std::to_string(callee_id) + "'>\n<jvms bci='" +
                 std::to_string(site.bci) + "' method='" + std::to_string(callee_id) +
                 "'/>\n</late_inline>\n";
      }
    }
  }

  const Side& side_;
  std::string* out_;
  TaskIds ids_;
  uint64_t key_ = 0;
  int level_ = 3;
  int budget_ = 0;
  int parses_ = 0;
  int inlined_bytes_ = 0;
};

FILE* Open(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    std::perror(path.c_str());
    std::exit(1);
  }
  return f;
}

void Append(FILE* to, const std::string& path) {
  FILE* from = std::fopen(path.c_str(), "rb");
  if (from == nullptr) {
    std::perror(path.c_str());
    std::exit(1);
  }
  std::vector<char> buffer(1 << 20);
  size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), from)) > 0)
    std::fwrite(buffer.data(), 1, n, to);
  std::fclose(from);
  std::filesystem::remove(path);
}

// One log of about config.size_mb MB; returns the number of tasks.
int64_t WriteLog(const Side& side, const std::string& dir) {
  const Config& config = *side.config;
  const Universe& u = *side.universe;
  std::filesystem::create_directories(dir);
  const uint64_t target = static_cast<uint64_t>(config.size_mb * 1048576.0);
  FILE* tty = Open(dir + "/.tty");
  FILE* c1 = Open(dir + "/.c1");
  FILE* c2 = Open(dir + "/.c2");
  std::fputs(
      "<start_compile_thread name='C1 CompilerThread0' thread='1205' process='1190' "
      "stamp='0.100'/>\n",
      c1);
  std::fputs(
      "<start_compile_thread name='C2 CompilerThread0' thread='1204' process='1190' "
      "stamp='0.100'/>\n",
      c2);
  // The compilation order: hot methods first, then the program's methods, round after round.
  std::vector<int32_t> order(u.hot());
  order.insert(order.end(), u.root_order().begin(), u.root_order().end());
  uint64_t written = 0;
  int64_t tasks = 0;
  int compile_id = 0;
  std::string text;
  for (uint64_t slot = 0; written < target; ++slot) {
    const int32_t root = order[slot % order.size()];
    const uint64_t key = Hash(config.seed, slot, kSaltHotspot);
    // Units compiled by one side only.
    if (Unit(Hash(key, side.exp)) < config.unit_only_rate) continue;
    const Method& m = u[root];
    const double r = Unit(Hash(key, 11));
    const bool c2_too = r < 0.3 || slot < u.hot().size();
    const int c1_level = m.flavor == Flavor::kAccessor || m.code_size < 6 ? 1 : r > 0.995 ? 2 : 3;
    const bool osr = Unit(Hash(key, 12)) < 0.01;
    const double stamp = 0.1 + static_cast<double>(slot) * 0.0007;
    for (int pass = 0; pass < (c2_too ? 2 : 1); ++pass) {
      const int level = pass == 0 ? c1_level : 4;
      compile_id += 1 + (side.exp == 2 && Unit(Hash(key, 13, pass)) < 0.05 ? 1 : 0);
      text.clear();
      TaskWriter writer(side, &text);
      // About 0.4 % of the tasks fail, as in the real logs (every 250th compilation slot).
      writer.Write(root, compile_id, level, osr && pass == 1, slot % 250 == 17, stamp + pass * 0.05,
                   Hash(key, 14, pass));
      std::fwrite(text.data(), 1, text.size(), pass == 0 ? c1 : c2);
      const MethodText t = Split(m, Hash(config.seed, static_cast<uint64_t>(root)));
      char line[1024];
      const int n = std::snprintf(
          line, sizeof(line),
          "<task_queued compile_id='%d' method='%s %s %s' bytes='%d' count='256' iicount='256' "
          "level='%d' stamp='%.3f' comment='tiered' hot_count='256'/>\n",
          compile_id, Escape(t.holder).c_str(), Escape(t.name).c_str(), t.descriptor.c_str(),
          m.code_size, level, stamp);
      std::fwrite(line, 1,
                  static_cast<size_t>(std::min<int>(n, static_cast<int>(sizeof(line)) - 1)), tty);
      written += text.size() + static_cast<uint64_t>(n);
      ++tasks;
    }
  }
  std::fclose(tty);
  std::fclose(c1);
  std::fclose(c2);
  FILE* log = Open(dir + "/hotspot.log");
  std::fputs(
      "<?xml version='1.0' encoding='UTF-8'?>\n"
      "<hotspot_log version='160 1' process='1190' time_ms='1795666948282'>\n"
      "<vm_version>\n<name>\nOpenJDK 64-Bit Server VM\n</name>\n<release>\n25.0.3+9-LTS\n"
      "</release>\n<info>\nOpenJDK 64-Bit Server VM (25.0.3+9-LTS) for linux-amd64 JRE "
      "(25.0.3+9-LTS), built on 2026-04-21T00:00:00Z with gcc 14.2.0\n</info>\n</vm_version>\n"
      "<vm_arguments>\n<args>\n-XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation "
      "-XX:LogFile=hotspot.log </args>\n<command>\nBench\n</command>\n<launcher>\n"
      "SUN_STANDARD\n</launcher>\n<properties>\njava.vm.version=25.0.3+9-LTS\n"
      "java.vm.name=OpenJDK 64-Bit Server VM\n</properties>\n</vm_arguments>\n<tty>\n"
      "<writer thread='1191'/>\n",
      log);
  Append(log, dir + "/.tty");
  std::fputs("<tty_done stamp='99.000'/>\n</tty>\n<compilation_log thread='1205'>\n", log);
  Append(log, dir + "/.c1");
  std::fputs("</compilation_log>\n<compilation_log thread='1204'>\n", log);
  Append(log, dir + "/.c2");
  std::fputs("</compilation_log>\n<hotspot_log_done stamp='99.000'/>\n</hotspot_log>\n", log);
  std::fclose(log);
  return tasks;
}

}  // namespace

void GenerateHotspot(const Config& config, const Universe& universe) {
  for (int exp = 1; exp <= 2; ++exp) {
    Side side{exp, &config, &universe};
    const std::string dir = config.out + "/exp" + std::to_string(exp);
    const int64_t tasks = WriteLog(side, dir);
    if (!config.quiet) {
      std::fprintf(
          stderr, "%s: HotSpot log, seed %" PRIu64 ": %" PRId64 " tasks, %.1f MB\n", dir.c_str(),
          config.seed, tasks,
          static_cast<double>(std::filesystem::file_size(dir + "/hotspot.log")) / 1048576.0);
    }
  }
}

}  // namespace profdiff_bench
