// --kind=llvm: LLVM optimization remarks of two builds of one synthetic C/C++ program, as
// clang -fsave-optimization-record writes them next to each object file (docs/llvm.md):
//
//   OUT/exp1/build/<dir>/<tu>.opt.yaml   the first build (say clang N)
//   OUT/exp2/build/<dir>/<tu>.opt.yaml   the second (clang N+1): the same translation units and
//                                         functions with changed inlining costs and thresholds,
//                                         flipped decisions, remarks added and dropped
//
// Modelled on the remarks clang 14 and 19 write for tests/llvm/programs and on the pass mix of
// real builds of larger programs: mostly gvn and licm Missed remarks, inlining under a tenth,
// then asm-printer, the vectorizers, regalloc and the stack size. A function's remarks are
// together in its file, its inlining remarks first (clang inlines into a function before running
// its function passes); a call site inlined into an inlined callee carries its inlining context
// (`at callsite f:3:14 @ g:10:2;`). Names are Itanium-mangled C++ (nested names, std templates),
// legacy-mangled Rust (with a hash) and plain C. With --hotness every remark carries a Hotness,
// as with -fprofile-instr-use. Everything derives from --seed.

#include <cstdio>
#include <string>
#include <vector>

#include "generate/config.h"
#include "generate/modes.h"
#include "generate/random.h"

namespace profdiff_bench {
namespace {

constexpr int kKeyColumn = 17;  // LLVM pads keys to this column

const char* const kWords[] = {"vector", "map",    "tree",  "node",   "alloc",  "parse",
                              "emit",   "visit",  "hash",  "table",  "buffer", "stream",
                              "token",  "graph",  "edge",  "block",  "value",  "type",
                              "pass",   "module", "state", "reader", "writer", "cache"};
constexpr int kWordCount = sizeof(kWords) / sizeof(kWords[0]);

const char* const kHeaders[] = {
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h",
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/unique_ptr.h",
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.h",
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_algobase.h",
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/new_allocator.h",
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/hashtable.h"};
constexpr int kHeaderCount = sizeof(kHeaders) / sizeof(kHeaders[0]);

// Library functions every translation unit calls (inlined from headers), as clang names them.
const char* const kLibrary[] = {
    "_ZNSt6vectorIiSaIiEE9push_backERKi",
    "_ZNSt6vectorIiSaIiEE17_M_realloc_insertIJRKiEEEvN9__gnu_cxx17__normal_iteratorIPiS1_EEDpOT_",
    "_ZNKSt6vectorIiSaIiEE4sizeEv",
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEC2Ev",
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE13_M_local_dataEv",
    "_ZNSt10unique_ptrIN6shapes5ShapeESt14default_deleteIS1_EED2Ev",
    "_ZSt4swapIiENSt9enable_ifIXsr6__and_ISt6__not_ISt15__is_tuple_likeIT_EESt21is_move_"
    "constructibleIS3_ESt18is_move_assignableIS3_EEE5valueEvE4typeERS3_SC_",
    "_ZN4core3ptr13drop_in_place17h5f7c2a1e9b0d3c48E",
    "memcpy",
    "strlen"};
constexpr int kLibraryCount = sizeof(kLibrary) / sizeof(kLibrary[0]);

struct Function {
  std::string mangled;
  int line = 1;                      // where it starts in its file
  std::vector<int> callees;          // functions of the same unit it calls (defined earlier)
  std::vector<int> library_callees;  // indexes into kLibrary
  int remarks = 0;                   // of function passes
  uint64_t hotness = 0;              // the entry count of its hottest block
};

std::string MangledName(Rng& rng, int unit, int index) {
  const double kind = rng.Uniform();
  std::string parts;
  const int depth = rng.Range(1, 3);
  for (int d = 0; d < depth; ++d) {
    std::string word = kWords[rng.Below(kWordCount)];
    if (d == depth - 1) word += std::to_string(unit) + "_" + std::to_string(index);
    parts += std::to_string(word.size()) + word;
  }
  if (kind < 0.6) {  // C++: ns::class::method(args)
    static const char* const kParams[] = {"v", "i", "RKi", "PKc", "d", "m", "RS_", "Pv"};
    std::string params = kParams[rng.Below(depth > 1 ? 8 : 6)];
    return (depth > 1 ? "_ZN" + parts + "E" : "_Z" + parts) + params;
  }
  if (kind < 0.7) {  // Rust (legacy mangling): crate::module::fn with a hash
    char hash[20];
    std::snprintf(hash, sizeof(hash), "17h%016llx", static_cast<unsigned long long>(rng.Next()));
    return "_ZN" + parts + hash + "E";
  }
  std::string name = kWords[rng.Below(kWordCount)];  // C
  return name + "_" + kWords[rng.Below(kWordCount)] + "_" + std::to_string(unit) + "_" +
         std::to_string(index);
}

// Writes remark documents in LLVM's layout.
class RemarkWriter {
 public:
  explicit RemarkWriter(std::string* out) : out_(*out) {}
  void Key(const char* name, int indent) {
    out_.append(static_cast<size_t>(indent), ' ');
    const size_t start = out_.size();
    out_ += name;
    out_ += ':';
    const size_t width = out_.size() - start;
    out_.append(width + 1 < static_cast<size_t>(kKeyColumn) ? kKeyColumn - width : 1, ' ');
  }
  void Line(const char* key, const std::string& value, int indent = 0) {
    Key(key, indent);
    out_ += value;
    out_ += '\n';
  }
  // DebugLoc: { File: ..., Line: N, Column: N }, wrapped past column 70 as LLVM wraps it.
  void Loc(const std::string& file, int line, int column, int indent) {
    const size_t start = out_.size();
    Key("DebugLoc", indent);
    out_ += "{ File: ";
    out_ += Quoted(file);
    out_ += ", ";
    if (out_.size() - start > 70) {
      out_ += '\n';
      out_.append(static_cast<size_t>(indent + kKeyColumn + 2), ' ');
    }
    out_ += "Line: " + std::to_string(line) + ", Column: " + std::to_string(column) + " }\n";
  }
  void Arg(const char* key, const std::string& value) {
    out_ += "  - ";
    Line(key, value, 0);
  }
  static std::string Quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) {
      out += c;
      if (c == '\'') out += '\'';
    }
    return out + "'";
  }

 private:
  std::string& out_;
};

// One build's remarks of one translation unit.
class UnitWriter {
 public:
  UnitWriter(const Config& config, int side, uint64_t unit_seed, const std::string& source,
             const std::vector<Function>& functions, std::string* out)
      : config_(config),
        side_(side),
        unit_seed_(unit_seed),
        source_(source),
        functions_(functions),
        out_(*out),
        w_(out) {}

  void Write() {
    for (size_t f = 0; f < functions_.size(); ++f) WriteFunction(static_cast<int>(f));
  }

 private:
  // Whether the second build changes the item `h` (a rate per item).
  bool Changed(uint64_t h, double rate) const { return side_ == 2 && Unit(h) < rate; }

  void Header(const char* kind, const char* pass, const char* name, const Function& f, int line,
              int column, uint64_t hotness) {
    out_ += "--- !";
    out_ += kind;
    out_ += '\n';
    w_.Line("Pass", pass);
    w_.Line("Name", name);
    if (line > 0) w_.Loc(source_, line, column, 0);
    w_.Line("Function", f.mangled);
    if (config_.llvm_hotness) w_.Line("Hotness", std::to_string(hotness));
    out_ += "Args:\n";
  }

  void WriteFunction(int index) {
    const Function& f = functions_[static_cast<size_t>(index)];
    // Inlining first: each call site of the function, and those of the callees it inlined.
    int site = 0;
    for (int callee : f.callees) {
      const Function& g = functions_[static_cast<size_t>(callee)];
      const CallSite at = WriteCallSite(f, g.mangled, g.line, source_, site++, nullptr);
      if (!at.inlined) continue;
      // g's library calls, not inlined into g alone, may be inlined into f with g's body: their
      // remarks name the chain of call sites (g's, then f's).
      int inner_site = 0;
      for (int lib : g.library_callees) {
        if (Hash(unit_seed_, static_cast<uint64_t>(index), static_cast<uint64_t>(lib)) % 3 != 0) {
          continue;
        }
        WriteCallSite(f, kLibrary[lib], 100 + 17 * lib, kHeaders[lib % kHeaderCount],
                      1000 + inner_site++, &g, &at);
      }
    }
    for (int lib : f.library_callees) {
      WriteCallSite(f, kLibrary[lib], 100 + 17 * lib, kHeaders[lib % kHeaderCount], site++,
                    nullptr);
    }
    // The function passes, in the proportions of real builds.
    for (int r = 0; r < f.remarks; ++r) {
      const uint64_t h = Hash(unit_seed_, static_cast<uint64_t>(index), static_cast<uint64_t>(r));
      if (Changed(Hash(h, kSaltOptChange), config_.opt_remove_rate)) continue;  // dropped
      WriteOptimization(f, h, side_ == 2 && Unit(Hash(h, kSaltOptAdd)) < config_.opt_change_rate);
      if (Changed(Hash(h, kSaltOptAdd, 7), config_.opt_add_rate)) WriteOptimization(f, ~h, false);
    }
  }

  struct CallSite {
    bool inlined = false;
    int line_offset = 0;  // from the start of the function that holds the call
    int column = 0;
  };

  // A call site of f, or, with `inner`, a call site of `inner` inlined into f at `outer`.
  CallSite WriteCallSite(const Function& f, const std::string& callee, int callee_line,
                         const std::string& callee_file, int site, const Function* inner,
                         const CallSite* outer = nullptr) {
    const Function& holder = inner != nullptr ? *inner : f;
    const uint64_t h = Hash(unit_seed_, std::hash<std::string>()(holder.mangled + callee),
                            static_cast<uint64_t>(site));
    CallSite at;
    at.line_offset = 1 + static_cast<int>(Hash(h, 1) % 60);
    at.column = 3 + static_cast<int>(Hash(h, 2) % 30);
    int cost = static_cast<int>(Hash(h, 3) % 400) - 40;
    int threshold = 225 + static_cast<int>(Hash(h, 4) % 4) * 50;
    if (inner != nullptr) cost = cost / 4 - 40;  // a chain: mostly inlined
    if (side_ == 2) {                            // the newer compiler's cost model
      cost += static_cast<int>(Hash(h, 5) % 21) - 10;
      if (Unit(Hash(h, kSaltFlip)) < config_.flip_rate) cost = threshold * 2 - cost;
    }
    const bool inlined = cost < threshold;
    at.inlined = inlined;
    const uint64_t hotness = f.hotness / (1 + Hash(h, 6) % 4);
    Header(inlined ? "Passed" : "Missed", "inline", inlined ? "Inlined" : "TooCostly", f,
           holder.line + at.line_offset, at.column, hotness);
    w_.Arg("String", "''''");
    w_.Arg("Callee", callee);
    w_.Loc(callee_file, callee_line, 0, 4);
    w_.Arg("String", inlined ? "''' inlined into '''" : "''' not inlined into '''");
    w_.Arg("Caller", f.mangled);
    w_.Loc(source_, f.line, 0, 4);
    w_.Arg("String", inlined ? "''''" : "''' because too costly to inline'");
    w_.Arg("String", "' with '");
    w_.Arg("String", "'(cost='");
    w_.Arg("Cost", "'" + std::to_string(cost) + "'");
    w_.Arg("String", "', threshold='");
    w_.Arg("Threshold", "'" + std::to_string(threshold) + "'");
    w_.Arg("String", "')'");
    if (inlined) {
      w_.Arg("String", "' at callsite '");
      WriteChainLink(holder, at);
      if (outer != nullptr) {
        w_.Arg("String", "' @ '");
        WriteChainLink(f, *outer);
      }
      w_.Arg("String", "';'");
    }
    out_ += "...\n";
    return at;
  }

  void WriteChainLink(const Function& function, const CallSite& at) {
    w_.Arg("String", function.mangled);
    w_.Arg("String", "':'");
    w_.Arg("Line", "'" + std::to_string(at.line_offset) + "'");
    w_.Arg("String", "':'");
    w_.Arg("Column", "'" + std::to_string(at.column) + "'");
  }

  void WriteOptimization(const Function& f, uint64_t h, bool changed) {
    const int line = f.line + 1 + static_cast<int>(Hash(h, 1) % 80);
    const int column = 1 + static_cast<int>(Hash(h, 2) % 40);
    const uint64_t hotness = f.hotness >> (Hash(h, 3) % 6);
    const uint64_t pick = Hash(h, 4) % 100;
    const std::string other_file =
        Unit(Hash(h, 5)) < 0.3 ? kHeaders[Hash(h, 6) % kHeaderCount] : source_;
    static const char* const kTypes[] = {"i64", "i32", "ptr", "double", "float", "i8"};
    if (pick < 40) {  // gvn
      Header("Missed", "gvn", "LoadClobbered", f, line, column, hotness);
      w_.Arg("String", "'load of type '");
      w_.Arg("Type", kTypes[Hash(h, 7) % 6]);
      w_.Arg("String", "' not eliminated'");
      if (Hash(h, 8) % 10 < 6) {
        w_.Arg("String", "' in favor of '");
        w_.Arg("OtherAccess", Hash(h, 9) % 2 ? "load" : "store");
        w_.Loc(other_file, line - static_cast<int>(Hash(h, 10) % 5), column, 4);
      }
      w_.Arg("String", "' because it is clobbered by '");
      w_.Arg("ClobberedBy", changed ? "invoke" : Hash(h, 11) % 2 ? "call" : "store");
      w_.Loc(other_file, line + 1, 5, 4);
    } else if (pick < 64) {  // licm
      Header("Missed", "licm", "LoadWithLoopInvariantAddressInvalidated", f, line, column, hotness);
      w_.Arg("String",
             "failed to move load with loop-invariant address because the loop may invalidate "
             "its value");
    } else if (pick < 74) {  // asm-printer
      Header("Analysis", "asm-printer", "InstructionMix", f, 0, 0, hotness);
      w_.Arg("String", "'BasicBlock: '");
      w_.Arg("BasicBlock", Hash(h, 7) % 2 ? "for.body" : "entry");
      w_.Arg("String", "\"\\n\"");
      static const char* const kInst[] = {"INST_mov", "INST_add", "INST_call", "INST_lea"};
      for (uint64_t i = 0, n = 1 + Hash(h, 8) % 4; i < n; ++i) {
        w_.Arg(kInst[(Hash(h, 9) + i) % 4],
               "'" + std::to_string(1 + Hash(h, 10 + i) % 40 + (changed ? 1 : 0)) + "'");
        w_.Arg("String", "\"\\n\"");
      }
    } else if (pick < 80) {  // loop-vectorize
      const bool vectorized = (Hash(h, 7) % 3 == 0) != changed;
      if (vectorized) {
        Header("Passed", "loop-vectorize", "Vectorized", f, line, column, hotness);
        w_.Arg("String", "'vectorized loop (vectorization width: '");
        w_.Arg("VectorizationFactor", "'" + std::to_string(4 << (Hash(h, 8) % 2)) + "'");
        w_.Arg("String", "', interleaved count: '");
        w_.Arg("InterleaveCount", "'2'");
        w_.Arg("String", "')'");
      } else {
        Header("Missed", "loop-vectorize", "MissedDetails", f, line, column, hotness);
        w_.Arg("String", "loop not vectorized");
      }
    } else if (pick < 85) {  // slp-vectorizer
      Header("Missed", "slp-vectorizer", "NotBeneficial", f, line, column, hotness);
      w_.Arg("String", "'List vectorization was possible but not beneficial with cost '");
      w_.Arg("Cost", "'" + std::to_string(Hash(h, 7) % 9 + (changed ? 1 : 0)) + "'");
      w_.Arg("String", "' >= '");
      w_.Arg("Treshold", "'0'");
    } else if (pick < 89) {  // regalloc
      Header("Missed", "regalloc", "LoopSpillReloadCopies", f, line, column, hotness);
      w_.Arg("NumVRCopies", "'" + std::to_string(1 + Hash(h, 7) % 9) + "'");
      w_.Arg("String", "' virtual registers copies '");
      char cost[32];
      std::snprintf(cost, sizeof(cost), "'%.6e'", Unit(Hash(h, 8)) * 100);
      w_.Arg("TotalCopiesCost", cost);
      w_.Arg("String", "' total copies cost '");
      w_.Arg("String", "generated in loop");
    } else if (pick < 92) {  // prologepilog
      Header("Analysis", "prologepilog", "StackSize", f, line, 0, hotness);
      w_.Arg("NumStackBytes", "'" + std::to_string(8 * (Hash(h, 7) % 64)) + "'");
      w_.Arg("String", "' stack bytes in function'");
    } else {  // the same missed licm hoist of a different kind, and the loop unroller
      if (Hash(h, 7) % 2) {
        Header("Missed", "licm", "LoadWithLoopInvariantAddressCondExecuted", f, line, column,
               hotness);
        w_.Arg("String",
               "failed to hoist load with loop-invariant address because load is conditionally "
               "executed");
      } else {
        Header("Passed", "loop-unroll", "FullyUnrolled", f, line, column, hotness);
        w_.Arg("String", "'completely unrolled loop with '");
        w_.Arg("UnrollCount", "'" + std::to_string(2 + Hash(h, 8) % 7) + "'");
        w_.Arg("String", "' iterations'");
      }
    }
    out_ += "...\n";
  }

  const Config& config_;
  int side_;
  uint64_t unit_seed_;
  const std::string& source_;
  const std::vector<Function>& functions_;
  std::string& out_;
  RemarkWriter w_;
};

// The functions of translation unit `unit`, bottom-up (callees before their callers).
std::vector<Function> UnitFunctions(uint64_t seed, int unit, size_t target_bytes) {
  Rng rng(Hash(seed, kSaltUniverse, static_cast<uint64_t>(unit)));
  std::vector<Function> functions;
  size_t estimate = 0;
  int line = 20;
  while (estimate < target_bytes) {
    Function f;
    const int index = static_cast<int>(functions.size());
    f.mangled = MangledName(rng, unit, index);
    f.line = line;
    line += 10 + static_cast<int>(rng.Below(80));
    for (int c = rng.Geometric(0.55, 6); c > 0 && index > 0; --c) {
      f.callees.push_back(static_cast<int>(rng.Below(static_cast<uint64_t>(index))));
    }
    // Inlining remarks are under a tenth of all: about one call site per 12 remarks.
    if (rng.Chance(0.25)) f.library_callees.push_back(static_cast<int>(rng.Below(kLibraryCount)));
    f.remarks = 1 + rng.Geometric(0.08, 80);
    f.hotness = static_cast<uint64_t>(rng.Pareto(0.8) * 10);
    estimate += 900 * (f.callees.size() + f.library_callees.size()) + 430 * f.remarks;
    functions.push_back(std::move(f));
  }
  return functions;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr || std::fwrite(text.data(), 1, text.size(), file) != text.size() ||
      std::fclose(file) != 0) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

}  // namespace

void GenerateLlvmRemarks(const Config& config) {
  const double total = config.size_mb * 1048576.0;
  const double file_bytes = config.file_mb * 1048576.0;
  size_t written[2] = {0, 0};
  int files = 0;
  std::string text;
  for (int unit = 0; static_cast<double>(written[0]) < total; ++unit) {
    Rng rng(Hash(config.seed, kSaltFiles, static_cast<uint64_t>(unit)));
    // Translation units of unequal size around --file-mb, never past what is left.
    const double left = total - static_cast<double>(written[0]);
    // (--file-mb at least --size-mb: one file.)
    const double size =
        file_bytes >= total ? left : std::min(left, file_bytes * rng.LogNormal(1.0, 0.5));
    const std::vector<Function> functions =
        UnitFunctions(config.seed, unit, static_cast<size_t>(std::max(size, 2000.0)));
    const std::string dir = kWords[rng.Below(kWordCount)];
    const std::string name =
        kWords[rng.Below(kWordCount)] + std::string("_") + std::to_string(unit);
    const std::string source = "src/" + dir + "/" + name + ".cc";
    for (int side = 1; side <= 2; ++side) {
      text.clear();
      UnitWriter(config, side, Hash(config.seed, kSaltUnit, static_cast<uint64_t>(unit)), source,
                 functions, &text)
          .Write();
      WriteFile(
          config.out + "/exp" + std::to_string(side) + "/build/" + dir + "/" + name + ".opt.yaml",
          text);
      written[side - 1] += text.size();
    }
    ++files;
  }
  if (!config.quiet) {
    std::fprintf(stderr, "llvm remarks: %d translation units, exp1 %.1f MB, exp2 %.1f MB\n", files,
                 static_cast<double>(written[0]) / 1048576.0,
                 static_cast<double>(written[1]) / 1048576.0);
  }
}

}  // namespace profdiff_bench
