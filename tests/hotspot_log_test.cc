// HotSpot -XX:+LogCompilation logs (docs/hotspot.md): small hand-written logs, one element kind
// at a time, read through the public loader.

#include "load/hotspot/hotspot_log.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "compression.h"
#include "load/hotspot/java_names.h"
#include "load/hotspot/task_split.h"
#include "load/log_format.h"
#include "profdiff/load/experiment_loader.h"
#include "profdiff/load/optimization_log.h"
#include "test_util.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

std::string Log(const std::string& compilation_log, const std::string& release = "25.0.3") {
  return "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1'>\n"
         "<vm_version>\n<name>\nOpenJDK 64-Bit Server VM\n</name>\n<release>\n" +
         release +
         "\n</release>\n</vm_version>\n"
         "<compilation_log thread='1'>\n"
         "<start_compile_thread name='C2 CompilerThread0' thread='1'/>\n" +
         compilation_log + "</compilation_log>\n<hotspot_log_done stamp='1.0'/>\n</hotspot_log>\n";
}

// `text` with one to three random edits (insert, replace, erase) of the characters that matter
// to XML.
std::string Mutated(std::mt19937& random, std::string text) {
  const std::string alphabet = "<>/='\"&;!?[]-x \n\t\x01\xc3\xa9";
  for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
    const size_t at = random() % (text.size() + 1);
    const char c = alphabet[random() % alphabet.size()];
    switch (random() % 3) {
      case 0:
        text.insert(at, 1, c);
        break;
      case 1:
        if (at < text.size()) text[at] = c;
        break;
      default:
        if (at < text.size()) text.erase(at, 1);
    }
  }
  return text;
}

// A C2 task of `java.util.HashMap getNode (Ljava/lang/Object;)Ljava/util/HashMap$Node;` whose
// root parse holds `body`.
std::string Task(const std::string& id, const std::string& body,
                 const std::string& extra_attributes = "",
                 const std::string& done = "<task_done success='1' stamp='0.2'/>\n") {
  return "<task compile_id='" + id +
         "' method='java.util.HashMap getNode (Ljava/lang/Object;)Ljava/util/HashMap$Node;'" +
         extra_attributes +
         " stamp='0.1'>\n"
         "<type id='1' name='int'/>\n"
         "<klass id='2' name='java.util.HashMap$Node' flags='8'/>\n"
         "<klass id='3' name='java.lang.Object' flags='1'/>\n"
         "<klass id='4' name='java.util.HashMap' flags='1'/>\n"
         "<klass id='5' name='java.lang.String' flags='17'/>\n"
         "<klass id='6' name='java.lang.Long' flags='17'/>\n"
         "<type id='7' name='boolean'/>\n"
         "<method id='10' holder='4' name='getNode' return='2' arguments='3' flags='16' "
         "bytes='150'/>\n"
         "<parse method='10' stamp='0.1'>\n" +
         body + "<parse_done stamp='0.1'/>\n</parse>\n" + done + "</task>\n";
}

class HotSpotLogTest : public ::testing::Test {
 protected:
  absl::StatusOr<OptimizationLog> Load(const std::string& text) {
    const std::string path = dir_.Write("hotspot.log", text);
    warnings_.clear();
    return LoadOptimizationLog(path, 1,
                               [this](std::string_view line) { warnings_.emplace_back(line); });
  }

  RecordTrees Trees(const OptimizationLog& log, size_t unit) {
    absl::StatusOr<RecordTrees> trees = LoadUnitTrees(log, log.units[unit], 1);
    EXPECT_TRUE(trees.ok()) << trees.status();
    return trees.ok() ? std::move(*trees) : RecordTrees();
  }

  // "kind name@bci" of every inlining node in preorder, indented by depth.
  static std::vector<std::string> Nodes(const InliningTree& tree) {
    std::vector<std::string> out;
    for (NodeIndex n : tree.Preorder()) {
      int depth = 0;
      for (NodeIndex p = tree.node(n).parent; p != kNoNode; p = tree.node(p).parent) ++depth;
      out.push_back(std::string(2 * depth, ' ') + std::string(CallsiteKindName(tree.Kind(n))) +
                    " " + tree.node(n).method_name.value_or("?") + "@" +
                    std::to_string(tree.node(n).bci));
    }
    return out;
  }

  // "Phase/Name Event @bci,bci" of every optimization.
  static std::vector<std::string> Optimizations(const OptimizationTree& tree) {
    std::vector<std::string> out;
    for (NodeIndex n : tree.Preorder()) {
      const OptimizationTreeNode& node = tree.node(n);
      if (node.is_phase) continue;
      std::string line = tree.node(node.parent).name.str() + "/" + node.name.str() + " " +
                         node.event_name.str() + " @";
      for (const PositionEntry& entry : node.position) {
        line += entry.method.str() + ":" + std::to_string(entry.bci) + ",";
      }
      for (const Property& property : node.properties) {
        line += " " + property.key + "=" + property.value.rendered;
      }
      out.push_back(line);
    }
    return out;
  }

  TempDir dir_;
  std::vector<std::string> warnings_;
};

// Empty views (a default one has no data) anywhere in a name: found by the fuzz target under
// UBSan, where memcpy of a null pointer is an error even for no bytes.
TEST(HotSpotNamesTest, EmptyPartsOfANameAreWritten) {
  const std::string_view parameters[] = {std::string_view(), "int"};
  EXPECT_EQ(GraalMethodName(std::string_view(), std::string_view(), {}), ".()");
  EXPECT_EQ(GraalMethodName("a.B", std::string_view(), parameters), "a.B.(, int)");
}

TEST(HotSpotNamesTest, DescriptorsBecomeGraalNames) {
  EXPECT_EQ(*MethodNameFromDescriptor("java.util.ArrayList get (I)Ljava/lang/Object;"),
            "java.util.ArrayList.get(int)");
  EXPECT_EQ(*MethodNameFromDescriptor("java.lang.Object &lt;init&gt; ()V"),
            "java.lang.Object.&lt;init&gt;()");
  EXPECT_EQ(*MethodNameFromDescriptor("java.lang.Object <init> ()V"), "java.lang.Object.<init>()");
  EXPECT_EQ(
      *MethodNameFromDescriptor("java.util.HashMap newNode (ILjava/lang/Object;Ljava/lang/Object;"
                                "Ljava/util/HashMap$Node;)Ljava/util/HashMap$Node;"),
      "java.util.HashMap.newNode(int, Object, Object, HashMap$Node)");
  EXPECT_EQ(*MethodNameFromDescriptor("MiniInterpreter run ([I[[J)V"),
            "MiniInterpreter.run(int[], long[][])");
  // JDK 8 wrote holders with slashes; hidden classes keep their "/0x" suffix.
  EXPECT_EQ(*MethodNameFromDescriptor("java/lang/String hashCode ()I"),
            "java.lang.String.hashCode()");
  EXPECT_EQ(*MethodNameFromDescriptor("Foo$$Lambda/0x000000080c apply (Ljava/lang/Object;)V"),
            "Foo$$Lambda/0x000000080c.apply(Object)");
  EXPECT_FALSE(MethodNameFromDescriptor("nospace").has_value());
  EXPECT_FALSE(MethodNameFromDescriptor("a b c").has_value());
  EXPECT_FALSE(MethodNameFromDescriptor("a b (Q)V").has_value());
  EXPECT_FALSE(MethodNameFromDescriptor("a b (I").has_value());
  EXPECT_EQ(QualifiedTypeName("[B"), "byte[]");
  EXPECT_EQ(QualifiedTypeName("[Ljava.lang.String;"), "java.lang.String[]");
  EXPECT_EQ(SimpleTypeName("java.util.HashMap$Node[]"), "HashMap$Node[]");
}

// MethodNameFromDescriptor names each parameter type as SimpleTypeName does the qualified name
// of QualifiedTypeName, for every mix of arrays, primitives, hidden classes, dots and slashes.
TEST(HotSpotNamesTest, DescriptorParametersAreTheSimpleNamesOfTheQualifiedOnes) {
  const std::vector<std::string> classes = {"java/lang/String",
                                            "Foo$$Lambda/0x0000000800c01234",
                                            "a.b/C",
                                            "a/b/0xC",
                                            "x/0x1/y",
                                            "Plain",
                                            "p/q/R$S",
                                            "a/0",
                                            "a//b",
                                            "a/0xb/0xc",
                                            "a/b.C",
                                            "x.y"};
  std::vector<std::pair<std::string, std::string>> types;  // descriptor, expected name
  for (const std::string& name : classes) {
    types.emplace_back("L" + name + ";", std::string(SimpleTypeName(QualifiedTypeName(name))));
  }
  for (const auto& [code, name] :
       std::vector<std::pair<std::string, std::string>>{{"B", "byte"},
                                                        {"C", "char"},
                                                        {"D", "double"},
                                                        {"F", "float"},
                                                        {"I", "int"},
                                                        {"J", "long"},
                                                        {"S", "short"},
                                                        {"Z", "boolean"}}) {
    types.emplace_back(code, name);
  }
  const size_t scalars = types.size();
  for (size_t i = 0; i < scalars; ++i) {
    for (const std::string dims : {"[", "[[["}) {
      const std::string descriptor = dims + types[i].first;
      types.emplace_back(descriptor, std::string(SimpleTypeName(QualifiedTypeName(descriptor))));
    }
  }
  for (size_t i = 0; i < types.size(); ++i) {
    const auto& [first, first_name] = types[i];
    const auto& [second, second_name] = types[(i * 7 + 3) % types.size()];
    const std::optional<std::string> method =
        MethodNameFromDescriptor("a/b/0xH m (" + first + second + ")V");
    ASSERT_TRUE(method.has_value()) << first << second;
    EXPECT_EQ(*method, "a.b/0xH.m(" + first_name + ", " + second_name + ")");
  }
}

TEST(HotSpotDetectionTest, ByContent) {
  EXPECT_TRUE(LooksLikeHotSpotLog("<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log a='1'>"));
  EXPECT_TRUE(LooksLikeHotSpotLog("\xEF\xBB\xBF<hotspot_log>"));
  EXPECT_TRUE(LooksLikeHotSpotLog("<?xml version='1.0'?><!-- c --> <hotspot_log\n"));
  EXPECT_FALSE(LooksLikeHotSpotLog(""));
  EXPECT_FALSE(LooksLikeHotSpotLog("<?xml version='1.0'?><hotspot_logs>"));
  EXPECT_FALSE(LooksLikeHotSpotLog("{\"methodName\":\"a()\"}"));
  EXPECT_FALSE(LooksLikeHotSpotLog("<?xml version='1.0'?"));
}

TEST_F(HotSpotLogTest, TaskHeaders) {
  const std::string c1 =
      "<task compile_id='7' method='java.lang.String hashCode ()I' level='3' stamp='0.1'>\n"
      "<task_done success='1'/>\n</task>\n";
  const std::string osr =
      "<task compile_id='8' compile_kind='osr' method='Main loop ([Ljava/lang/String;)V' "
      "osr_bci='5' level='3' stamp='0.1'>\n<failure reason='stale task'/>\n"
      "<task_done success='0'/>\n</task>\n";
  absl::StatusOr<OptimizationLog> log = Load(Log(c1 + osr + Task("9", "")));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_TRUE(warnings_.empty());
  EXPECT_EQ(log->format, LogFormat::kHotSpot);
  EXPECT_EQ(log->vm_version, "25.0.3");
  ASSERT_EQ(log->units.size(), 3u);
  EXPECT_EQ(log->units[0].method_name, "java.lang.String.hashCode()");
  EXPECT_EQ(log->units[0].compilation_id, "7");
  EXPECT_EQ(log->units[0].level, 3);
  EXPECT_EQ(log->units[1].compilation_id, "8%");
  EXPECT_EQ(log->units[1].method_name, "Main.loop(String[])");
  EXPECT_TRUE(log->units[1].failed);
  EXPECT_EQ(log->units[2].level, 4);  // a C2 task of a tiered VM has no level attribute
  EXPECT_FALSE(log->units[2].failed);
  // The byte range is the <task> element alone.
  const std::string text = ReadFile(dir_.Path("hotspot.log"));
  EXPECT_EQ(text.substr(log->units[0].offset, log->units[0].length), c1.substr(0, c1.size() - 1));
  // The failed task says why in its optimization tree.
  EXPECT_EQ(Optimizations(Trees(*log, 1).optimization_tree),
            std::vector<std::string>{"Bailout/CompilationFailed stale task @"});
  // It never parsed its method: the <task>'s method is the root of its inlining tree.
  const InliningTree inlining = Trees(*log, 1).inlining_tree;
  ASSERT_FALSE(inlining.empty());
  EXPECT_EQ(inlining.node(inlining.root).method_name, "Main.loop(String[])");
  EXPECT_TRUE(inlining.node(inlining.root).inlined);
}

TEST_F(HotSpotLogTest, InliningDecisions) {
  const std::string body =
      "<bc code='184' bci='23'/>\n"
      "<method id='11' holder='4' name='hash' return='1' arguments='3' flags='24' bytes='20'/>\n"
      "<call method='11' count='100' prof_factor='1' inline='1'/>\n"
      "<inline_success reason='inline (hot)'/>\n"
      "<parse method='11'>\n"
      "<bc code='182' bci='9'/>\n"
      "<method id='12' holder='3' name='hashCode' return='1' flags='257' bytes='0'/>\n"
      "<call method='12' count='50' virtual='1' inline='1' receiver='5' receiver_count='40'/>\n"
      "<intrinsic id='_hashCode' virtual='1' nodes='54'/>\n"
      "<parse_done stamp='0.1'/>\n</parse>\n"
      "<bc code='184' bci='40'/>\n"
      "<method id='13' holder='4' name='big' return='1' flags='8' bytes='900'/>\n"
      "<call method='13' count='10' inline='1'/>\n"
      "<inline_fail reason='hot method too big'/>\n"
      "<direct_call bci='40'/>\n";
  absl::StatusOr<OptimizationLog> log = Load(Log(Task("1", body)));
  ASSERT_TRUE(log.ok()) << log.status();
  RecordTrees trees = Trees(*log, 0);
  EXPECT_EQ(Nodes(trees.inlining_tree),
            (std::vector<std::string>{"root java.util.HashMap.getNode(Object)@-1",
                                      "  inlined java.util.HashMap.hash(Object)@23",
                                      "    inlined java.lang.Object.hashCode()@9",
                                      "  direct java.util.HashMap.big()@40"}));
  const InliningTree& tree = trees.inlining_tree;
  std::vector<NodeIndex> order = tree.Preorder();
  EXPECT_EQ(tree.node(order[1]).reasons, std::vector<std::string>{"inline (hot)"});
  EXPECT_EQ(tree.node(order[2]).reasons, std::vector<std::string>{"intrinsic _hashCode"});
  EXPECT_EQ(tree.node(order[3]).reasons, std::vector<std::string>{"hot method too big"});
  ASSERT_TRUE(tree.node(order[2]).receiver_type_profile.has_value());
  const ReceiverTypeProfile& profile = *tree.node(order[2]).receiver_type_profile;
  ASSERT_EQ(profile.profiled_types.size(), 1u);
  EXPECT_EQ(profile.profiled_types[0].type_name, "java.lang.String");
  EXPECT_DOUBLE_EQ(profile.profiled_types[0].probability, 0.8);
  // The intrinsic is an optimization too, at the root's bci of the inlined call.
  EXPECT_EQ(Optimizations(trees.optimization_tree),
            std::vector<std::string>{"Parse/Intrinsic _hashCode @java.util.HashMap.hash(Object):9,"
                                     "java.util.HashMap.getNode(Object):23,"});
}

TEST_F(HotSpotLogTest, BimorphicCallIsDevirtualizedToItsReceivers) {
  const std::string call =
      "<bc code='182' bci='63'/>\n"
      "<method id='11' holder='3' name='equals' return='7' arguments='3' flags='1' "
      "bytes='11'/>\n"
      "<call method='11' count='100' virtual='1' inline='1' receiver='6' receiver_count='75' "
      "receiver2='5' receiver2_count='25'/>\n"
      "<method id='12' holder='6' name='equals' return='7' arguments='3' flags='1' "
      "bytes='32'/>\n"
      "<call method='12' count='100' inline='1'/>\n"
      "<inline_success reason='inline (hot)'/>\n"
      "<method id='13' holder='5' name='equals' return='7' arguments='3' flags='1' "
      "bytes='56'/>\n"
      "<call method='13' count='100' inline='1'/>\n"
      "<inline_fail reason='too big'/>\n"
      "<predicted_call bci='63' exact='1' klass='6'/>\n"
      "<predicted_call bci='63' exact='1' klass='5'/>\n"
      "<uncommon_trap bci='63' reason='bimorphic_or_optimized_type_check' "
      "action='maybe_recompile' debug_id='0'/>\n"
      "<parse method='12'>\n<bc code='193' bci='1'/>\n"
      "<uncommon_trap bci='1' reason='class_check' action='maybe_recompile' debug_id='0'/>\n"
      "<parse_done/>\n</parse>\n";
  const std::string megamorphic =
      "<bc code='182' bci='70'/>\n"
      "<call method='11' count='100' virtual='1' inline='1'/>\n"
      "<inline_fail reason='virtual call'/>\n<virtual_call bci='70'/>\n";
  absl::StatusOr<OptimizationLog> log = Load(Log(Task("1", call + megamorphic)));
  ASSERT_TRUE(log.ok()) << log.status();
  RecordTrees trees = Trees(*log, 0);
  EXPECT_EQ(Nodes(trees.inlining_tree),
            (std::vector<std::string>{"root java.util.HashMap.getNode(Object)@-1",
                                      "  devirtualized java.lang.Object.equals(Object)@63",
                                      "    inlined java.lang.Long.equals(Object)@63",
                                      "    direct java.lang.String.equals(Object)@63",
                                      "  indirect java.lang.Object.equals(Object)@70"}));
  const InliningTreeNode& virtual_call =
      trees.inlining_tree.node(trees.inlining_tree.Preorder()[1]);
  ASSERT_TRUE(virtual_call.receiver_type_profile.has_value());
  ASSERT_EQ(virtual_call.receiver_type_profile->profiled_types.size(), 2u);
  EXPECT_EQ(virtual_call.receiver_type_profile->profiled_types[1].type_name, "java.lang.String");
  EXPECT_DOUBLE_EQ(virtual_call.receiver_type_profile->profiled_types[1].probability, 0.25);
  // Traps are placed in the method they are in: the inlined receiver's, then its call site.
  EXPECT_EQ(
      Optimizations(trees.optimization_tree),
      (std::vector<std::string>{"Parse/UncommonTrap bimorphic_or_optimized_type_check "
                                "@java.util.HashMap.getNode(Object):63, action=maybe_recompile",
                                "Parse/UncommonTrap class_check @java.lang.Long.equals(Object):1,"
                                "java.util.HashMap.getNode(Object):63, action=maybe_recompile"}));
}

TEST_F(HotSpotLogTest, EscapeAnalysisLoopsDependenciesAndLateInlining) {
  const std::string body =
      "<bc code='182' bci='5'/>\n"
      "<method id='11' holder='4' name='hash' return='1' arguments='3' flags='24' bytes='20'/>\n"
      "<call method='11' count='100' inline='1'/>\n"
      "<inline_fail reason='size &gt; DesiredMethodLimit'/>\n";
  const std::string after =
      "<late_inline method='11'>\n<jvms bci='5' method='10'/>\n</late_inline>\n"
      "<inline_success reason='inline (hot)'/>\n"
      "<parse method='11'>\n<bc code='182' bci='2'/>\n"
      "<uncommon_trap bci='2' reason='null_check' action='make_not_entrant' debug_id='0'/>\n"
      "<parse_done/>\n</parse>\n"
      "<eliminate_allocation type='6'>\n<jvms bci='2' method='11'/>\n<jvms bci='5' "
      "method='10'/>\n</eliminate_allocation>\n"
      "<loop_tree>\n<loop idx='9' inner_loop='1' >\n</loop>\n</loop_tree>\n"
      "<loop_tree>\n<loop idx='10' >\n<loop idx='11' inner_loop='1' partial_peel_loop='1' "
      ">\n</loop>\n</loop>\n</loop_tree>\n"
      "<dependency_failed type='leaf_type' ctxk='java/util/HashMap' "
      "witness='java/util/LinkedHashMap' stamp='0.2'/>\n";
  std::string task = Task("1", body);
  task.insert(task.find("<task_done"), after);
  absl::StatusOr<OptimizationLog> log = Load(Log(task));
  ASSERT_TRUE(log.ok()) << log.status();
  RecordTrees trees = Trees(*log, 0);
  EXPECT_EQ(Nodes(trees.inlining_tree),
            (std::vector<std::string>{"root java.util.HashMap.getNode(Object)@-1",
                                      "  inlined java.util.HashMap.hash(Object)@5"}));
  EXPECT_EQ(trees.inlining_tree.node(trees.inlining_tree.Preorder()[1]).reasons,
            (std::vector<std::string>{"size > DesiredMethodLimit", "inline (hot)"}));
  EXPECT_EQ(Optimizations(trees.optimization_tree),
            (std::vector<std::string>{
                "Parse/UncommonTrap null_check @java.util.HashMap.hash(Object):2,"
                "java.util.HashMap.getNode(Object):5, action=make_not_entrant",
                "EscapeAnalysis/EscapeAnalysis EliminatedAllocation "
                "@java.util.HashMap.hash(Object):2,java.util.HashMap.getNode(Object):5, "
                "type=java.lang.Long",
                "Dependencies/DependencyFailed leaf_type @ ctxk=java/util/HashMap "
                "witness=java/util/LinkedHashMap",
                "LoopOptimizations/Loop inner_loop @", "LoopOptimizations/Loop loop @",
                "LoopOptimizations/Loop inner_loop partial_peel_loop @ depth=2"}));
}

TEST_F(HotSpotLogTest, NamedPhasesHoldWhatIsLoggedInThem) {
  const std::string task =
      "<task compile_id='3' method='A m ()V' level='1'>\n"
      "<phase name='setup'/>\n"
      "<phase name='buildIR'>\n<klass id='1' name='A'/>\n<type id='2' name='void'/>\n"
      "<method id='3' holder='1' name='m' return='2'/>\n<parse method='3'>\n"
      "<bc code='1' bci='0'/>\n"
      "<uncommon_trap bci='0' reason='unloaded' action='reinterpret'/>\n"
      "<parse_done/>\n</parse>\n</phase>\n<task_done success='1'/>\n</task>\n";
  absl::StatusOr<OptimizationLog> log = Load(Log(task));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(Optimizations(Trees(*log, 0).optimization_tree),
            std::vector<std::string>{"buildIR/UncommonTrap unloaded @A.m():0, action=reinterpret"});
}

TEST_F(HotSpotLogTest, EntitiesAreDecoded) {
  const std::string task =
      "<task compile_id='3' method='A &lt;init&gt; ()V' level='1'>\n"
      "<klass id='1' name='A'/>\n<type id='2' name='void'/>\n"
      "<method id='3' holder='1' name='&lt;init&gt;' return='2'/>\n<parse method='3'>\n"
      "<parse_done/>\n</parse>\n<task_done success='1'/>\n</task>\n";
  absl::StatusOr<OptimizationLog> log = Load(Log(task));
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->units[0].method_name, "A.<init>()");
  EXPECT_EQ(Nodes(Trees(*log, 0).inlining_tree), std::vector<std::string>{"root A.<init>()@-1"});
}

TEST_F(HotSpotLogTest, ALogCutAnywhereKeepsTheCompleteTasks) {
  const std::string first = Task("1", "");
  const std::string second = Task("2", "<bc code='1' bci='0'/>\n");
  const std::string text = Log(first + second);
  const size_t first_end = text.find("</task>") + 7;
  const size_t second_end = text.find("</task>", first_end) + 7;
  const size_t complete = text.find("</hotspot_log>") + 14;
  const size_t last_line = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  for (size_t cut = text.find("<hotspot_log") + 13; cut < text.size(); ++cut) {
    absl::StatusOr<OptimizationLog> log = Load(text.substr(0, cut));
    ASSERT_TRUE(log.ok()) << cut << ": " << log.status();
    const size_t expected = cut >= second_end ? 2 : cut >= first_end ? 1 : 0;
    if (cut >= complete) {  // only white space after the root element is missing
      EXPECT_EQ(log->units.size(), 2u);
      EXPECT_TRUE(warnings_.empty());
      continue;
    }
    ASSERT_EQ(log->units.size(), expected) << cut;
    // One warning about the cut, naming file and line; one more when no task is complete.
    ASSERT_EQ(warnings_.size(), expected == 0 ? 2u : 1u) << cut;
    EXPECT_NE(warnings_[0].find(dir_.Path("hotspot.log") + " ends at line "), std::string::npos);
    EXPECT_NE(warnings_[0].find("in the middle of the log"), std::string::npos);
    const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + cut, '\n'));
    EXPECT_LE(line, last_line + 1);
  }
  absl::StatusOr<OptimizationLog> whole = Load(text);
  ASSERT_TRUE(whole.ok());
  EXPECT_TRUE(warnings_.empty());
}

// A gzip- or zstd-compressed log (one member or frame, or several) is detected by its content
// and read exactly like the same log uncompressed: the same units, byte ranges and trees.
TEST_F(HotSpotLogTest, CompressedLogsReadLikePlainOnes) {
  const std::string text = Log(Task("1", "") + Task("2", "<bc code='1' bci='0'/>\n") +
                               Task("3", "<bc code='2' bci='4'/>\n"));
  absl::StatusOr<OptimizationLog> plain = Load(text);
  ASSERT_TRUE(plain.ok()) << plain.status();
  ASSERT_EQ(plain->units.size(), 3u);
  const std::vector<std::string> compressed = {
      testing::GzipCompress(text), testing::GzipCompress(text, 3), testing::ZstdCompress(text),
      testing::ZstdCompress(text, 3)};
  for (size_t i = 0; i < compressed.size(); ++i) {
    // Not over the plain log, whose trees are read again below.
    const std::string path = dir_.Write("hotspot" + std::to_string(i) + ".log.z", compressed[i]);
    std::string why;
    EXPECT_EQ(ClassifyLogPath(path, &why), LogPathKind::kHotSpotFile) << i;
    warnings_.clear();
    absl::StatusOr<OptimizationLog> log = LoadOptimizationLog(
        path, 1, [this](std::string_view line) { warnings_.emplace_back(line); });
    ASSERT_TRUE(log.ok()) << i << ": " << log.status();
    EXPECT_TRUE(warnings_.empty()) << i;
    ASSERT_EQ(log->units.size(), plain->units.size()) << i;
    for (size_t u = 0; u < log->units.size(); ++u) {
      EXPECT_EQ(log->units[u].compilation_id, plain->units[u].compilation_id);
      EXPECT_EQ(log->units[u].offset, plain->units[u].offset);
      EXPECT_EQ(log->units[u].length, plain->units[u].length);
      const RecordTrees trees = Trees(*log, u);
      const RecordTrees plain_trees = Trees(*plain, u);
      EXPECT_EQ(Nodes(trees.inlining_tree), Nodes(plain_trees.inlining_tree)) << i << " " << u;
      EXPECT_EQ(Optimizations(trees.optimization_tree),
                Optimizations(plain_trees.optimization_tree))
          << i << " " << u;
    }
  }
}

// A compressed log cut short yields its complete tasks and one warning, which says both that the
// log ends early and that the compressed data does.
TEST_F(HotSpotLogTest, ACompressedLogCutShortKeepsTheCompleteTasks) {
  std::string tasks;
  for (int i = 0; i < 200; ++i) tasks += Task(std::to_string(i + 1), "<bc code='1' bci='0'/>\n");
  const std::string text = Log(tasks);
  for (const std::string& compressed :
       {testing::GzipCompress(text), testing::ZstdCompress(text, 4)}) {
    const std::string path = dir_.Write("hotspot.log", compressed.substr(0, compressed.size() / 2));
    warnings_.clear();
    absl::StatusOr<OptimizationLog> log = LoadOptimizationLog(
        path, 1, [this](std::string_view line) { warnings_.emplace_back(line); });
    ASSERT_TRUE(log.ok()) << log.status();
    EXPECT_GT(log->units.size(), 0u);
    EXPECT_LT(log->units.size(), 200u);
    ASSERT_EQ(warnings_.size(), 1u);
    EXPECT_NE(warnings_[0].find("in the middle of the log"), std::string::npos) << warnings_[0];
    EXPECT_NE(warnings_[0].find("the file is cut short"), std::string::npos) << warnings_[0];
    // Every task read is complete and its trees can be built from the content.
    for (size_t u = 0; u < log->units.size(); ++u) Trees(*log, u);
  }
}

// Split reading (worker threads parse the tasks, the scan sees their bodies blanked out) reads
// a log exactly as one expat parse of the whole file does: the same units, byte ranges, failed
// flags, warnings, VM version and install times, and the same errors at the same line and
// column, for logs cut at every byte and for the constructs that can fool a splitter.
TEST_F(HotSpotLogTest, SplitReadingReadsLikeOneParseOfTheWholeFile) {
  auto describe = [](const absl::StatusOr<OptimizationLog>& log,
                     const std::vector<std::string>& warnings) {
    std::string out;
    for (const std::string& warning : warnings) out += "warning: " + warning + "\n";
    if (!log.ok()) return out + "error: " + std::string(log.status().message()) + "\n";
    out += "vm " + log->vm_version + ", invalid " + std::to_string(log->invalid_records) +
           ", installs " + std::to_string(log->installs.code.size()) + "\n";
    for (const HotSpotInstall& code : log->installs.code) {
      out += "installed " + code.compile_id + " " + code.holder + " " + code.name + " " +
             code.descriptor + " level " + std::to_string(code.level) + (code.osr ? " osr" : "") +
             " at " + std::to_string(code.installed) + " not entrant " +
             (code.not_entrant.has_value() ? std::to_string(*code.not_entrant) : "-") + "\n";
    }
    for (const UnitRecord& unit : log->units) {
      out += unit.compilation_id + " " + unit.method_name + " " + std::to_string(unit.offset) +
             "+" + std::to_string(unit.length) + " level " + std::to_string(unit.level) +
             (unit.failed ? " failed" : "") + "\n";
    }
    return out;
  };
  auto both = [&](const std::string& text, bool expect_fallback = false) {
    const std::string path = dir_.Write("split.log", text);
    std::vector<std::string> warnings[2];
    absl::StatusOr<OptimizationLog> logs[2];
    const int64_t fallbacks = HotSpotSplitFallbacks();
    for (int i = 0; i < 2; ++i) {
      logs[i] = LoadHotSpotLog(
          path, 1, [&](std::string_view line) { warnings[i].emplace_back(line); },
          LogCounting::kNone, nullptr, i == 0 ? HotSpotReading::kSplit : HotSpotReading::kWhole);
    }
    // A malformed log is read again as a whole (expat's error may depend on how the input
    // is divided into calls); a readable one only when the test expects it.
    if (!expect_fallback && logs[1].ok()) {
      EXPECT_EQ(HotSpotSplitFallbacks(), fallbacks) << text;
    }
    EXPECT_EQ(describe(logs[0], warnings[0]), describe(logs[1], warnings[1])) << text;
  };
  const std::string failed =
      Task("3", "<bc code='1' bci='0'/>\n", "", "<task_done success='0' stamp='0.2'/>\n");
  const std::string tasks = Task("1", "") + Task("2", "<bc code='1' bci='0'/>\n") + failed +
                            "<task compile_id='4' method='a.B c ()V' level='3'/>\n" +
                            Task("5", "") + "<task compile_id='6'>\n</task>\n";
  const std::string text = Log(tasks);
  for (size_t cut = 0; cut <= text.size(); ++cut) both(text.substr(0, cut));
  // A unit's failed flag comes from the workers.
  absl::StatusOr<OptimizationLog> log = Load(text);
  ASSERT_TRUE(log.ok());
  ASSERT_EQ(log->units.size(), 5u);
  EXPECT_TRUE(log->units[2].failed);
  EXPECT_FALSE(log->units[1].failed);
  // Line breaks of every kind, characters of several bytes, tags after a task on its line.
  both(
      Log("<task compile_id='1' method='a.B c ()V'>\r\n<type id='1' name='\xc3\xa9t\xc3\xa9'/>\r"
          "<bc code='1' bci='0'/>\xe2\x82\xac</task><tail/>\n"));
  both(Log("<task compile_id='1' method='a.B c ()V'>\n\xe2\x82\xac</task><tail a='1' a='2'/>\n"));
  both(
      Log(Task("1", "") + "<task compile_id='2' method='a.B c ()V'>\n</task  >\n" + Task("3", "")));
  // The start tags the workers read (the scan is fed "<task>" in their place): values with
  // entities, tabs and line breaks (decoded as expat decodes them: a method name with a tab is
  // valid), a tag over several lines, a body on the tag's line (the columns after it must stay
  // those of the file), invalid tasks among valid ones and ones the scan reads (empty), whose
  // warnings keep the log's order, and levels that are no tier.
  both(
      Log("<task compile_id='1' method='a.B &lt;init&gt; ()V' level='&#51;'>\n</task>\n"
          "<task compile_id='2' compile_kind='osr' method='a.B\tc\r\n(I)V' level='2'>\n</task>\n"
          "<task compile_id='3' compile_kind='&#111;sr' method=\"a.B c ()V\" level='7'>\n</task>\n"
          "<task compile_id='4'\n  method='a.B c ()V'\r\n level='1'>\n</task>\n"
          "<task compile_id='5' method='a.B c ()V'><x/></task><ok/>\n"));
  both(Log("<task compile_id='5' method='a.B c ()V'><x/></task><bad a='1' a='2'/>\n"));
  both(Log("<task compile_id='5'\n method='a.B c ()V'><x/></task><bad a='1' a='2'/>\n"));
  both(Log("<task compile_id='6'\n method='a.B c ()V'><x/></task><ok/>\n" + Task("7", "")));
  both(Log("<task compile_id='1'>\n</task>\n" + Task("2", "") +
           "<task compile_id='3' method='a.B c ()V'/>\n<task method='a.B c ()V'/>\n" +
           "<task compile_id='%' method='a.B c ()V'>\n</task>\n" +
           "<task compile_id='4' method='not a descriptor'>\n</task>\n" + Task("5", "") +
           "<task compile_id='&#54;' method='a.B c (I'>\n</task>\n"));
  // Malformed inside a task, after one, and in a start tag.
  both(Log(Task("1", "<bc code='1' bci='0'>\n")), true);
  both(Log(Task("1", "") + "<bad a='1' a='2'/>\n" + Task("2", "")));
  both(Log("<task compile_id='1' a='1' a='2' method='a.B c ()V'>\n</task>\n"), true);
  both(Log("<task compile_id='1' method='a.B </task> ()V'>\n</task>\n"), true);
  both(Log("<task compile_id='1' method='a.B c ()V' level='&bogus;'>\n</task>\n"), true);
  both(Log(Task("1", "<b>\xff</b>\n")), true);
  // What the workers' pugixml check would let through and expat rejects, inside a task: each
  // must still be the error of one expat parse of the whole file.
  for (const std::string body :
       {"<b a='1' a='2'/>\n", "<b a='1' c='2' d='3' a='4'/>\n", "<b a='x<y'/>\n",
        "<b a='</task>'/>\n", "<b>&bogus;</b>\n", "<b a='&bogus;'/>\n", "<b>&lt</b>\n",
        "<b>&#0;</b>\n", "<b>]]></b>\n", "<b><!-- a -- b --></b>\n",
        "<b><?xml version='1.0'?></b>\n", "<b>\x01</b>\n",
        "<b\xc2\xa0"
        "a='1'/>\n",
        "<b>\xc3</b>\n"}) {
    both(Log(Task("1", "") + Task("2", body) + Task("3", "")), true);
  }
  // An attribute repeated far apart in an element of many attributes (found by the fuzz
  // target): with 17 to 40 others between, before and after.
  auto many_attributes = [](const std::string& element, int between) {
    std::string text = "<" + element + " compile_id='6' method='a.B c ()V'";
    for (int i = 0; i < between; ++i) text += " a" + std::to_string(i) + "='1'";
    return text + " stamp='0.1' method='x.Y z ()V'/>\n";
  };
  for (int between : {14, 15, 16, 17, 30, 31, 32, 33, 40}) {
    both(Log(Task("1", "") + Task("2", many_attributes("b", between)) + Task("3", "")), true);
  }
  // Names that share their first letters: repeated ones are errors, others not (the workers'
  // check compares the names of an element that share a first letter).
  for (const std::string body :
       {"<branch target_bci='1' taken='2' target_bci='3'/>\n", "<b ab='1' abc='2' ab='3'/>\n",
        "<b x='1' y='2' x='3'/>\n", "<b ab='1' z='2' ab='3' y='4'/>\n"}) {
    both(Log(Task("1", "") + Task("2", body) + Task("3", "")), true);
  }
  for (const std::string body :
       {"<branch target_bci='1' taken='2' not_taken='3' cnt='4' prob='5'/>\n",
        "<b ab='1' abc='2' abd='3' a='4'/>\n", "<b x='1' y='2' z='3'/>\n"}) {
    both(Log(Task("1", "") + Task("2", body) + Task("3", "")));
  }
  // Random edits of a task's body with the characters that matter to XML, in the workers' hands
  // whichever parser judges them (a fixed seed: the same edits every run).
  {
    std::mt19937 random(19);
    const std::string body =
        "<bc code='182' bci='3'/>\n<call method='7' count='5' prof_factor='1' inline='1'/>\n"
        "<inline_fail reason='too big'/>\n<uncommon_trap bci='9' reason='null_check' "
        "action='maybe_recompile'/>\n<parse method='7'>\n<bc code='1' bci='0'/>\n</parse>\n";
    for (int i = 0; i < 400; ++i) {
      both(Log(Task("1", "") + Task("2", Mutated(random, body)) + Task("3", "")), true);
    }
  }
  // What only expat checks but is well formed: read by the workers' expat, no fallback.
  for (const std::string body :
       {"<b a='&#65;&#x42;'/>\n", "<b><!-- a comment --></b>\n", "<b><![CDATA[ <x> ]]></b>\n",
        "<b><?pi data?></b>\n", "<b\xc3\xa9 a='\xe2\x82\xac'/>\n",
        "<b a='&lt;&gt;&amp;&apos;&quot;'/>\n", "<b a='1'\tc='2'/>\n"}) {
    both(Log(Task("1", "") + Task("2", body) + Task("3", "")));
  }
  // Task tags the splitter must not take for tasks: in CDATA, comments, attribute values (not
  // well formed), outside the compilation log, nested, and an end tag in CDATA.
  both(Log(Task("1", "") + "<fragment>\n<![CDATA[\n<task compile_id='9' method='a.B c ()V'>\n" +
           "<parse>]]>\n</fragment>\n"));
  // (A task tag in a comment is fed as a stand-in before the scan can tell: read as a whole.)
  both(Log("<!-- <task compile_id='9'> </task> -->\n" + Task("1", "")), true);
  both(Log("<!-- <task it's' -->\n<task compile_id='1' method='a.B c ()V'>\n</task>\n"), true);
  both(Log("<x a='<task compile_id=\"1\">'/>\n" + Task("2", "")));
  both(
      "<?xml version='1.0'?>\n<hotspot_log>\n<task compile_id='1' method='a.B c ()V'>\n<x/>\n"
      "</task>\n<compilation_log>\n" +
      Task("2", "") + "</compilation_log>\n</hotspot_log>\n");
  both(Log("<task compile_id='1' method='a.B c ()V'>\n<y><task compile_id='2'></task></y>\n"
           "</task>\n"),
       true);
  both(Log("<task compile_id='1' method='a.B c ()V'>\n<![CDATA[ </task> ]]>\n</task>\n"), true);
  // An invalid character inside a token the log never finishes (here an XML declaration): expat
  // finds it at once or only at the end, by how the input is divided into calls; either way it
  // is malformed XML, not a cut (found by the fuzz target).
  both(
      "<?xml version='1.0' encoding='UTrse method='1387'  stamp='0.184'>\n"
      "<parse_done stamp='0.184'/>\n"
      "<task compile_id='11' method='java.util.Set of ()Ljava/util/Set;' level='3'>\n"
      "<klass id='1386' name='java.u/>\n"
      "<task_done success='1' nmsize='232' count='660' s\xe3"
      "tamp='0.184'/>\n"
      "</task>\n"
      "</compilation_log>\n"
      "</hotspot_log>\n");
  // After the root element, junk that expat judges differently by how the input is divided
  // into calls (found by the fuzz target): the whole file's error.
  both("<intrinsic id='_hashCode'/>de<de<");
  both(Log(Task("1", "")) + "de<de<");
  // A DOCTYPE could give attributes defaults: read as a whole.
  both("<?xml version='1.0'?>\n<!DOCTYPE hotspot_log [<!ATTLIST task_done success CDATA '0'>]>\n" +
           Log(Task("1", "", "", "<task_done/>\n")).substr(39),
       true);

  // The tty section, read in pieces by the workers too: cut at lines that start with <nmethod
  // or <task_queued where the scan is in the tty's content. Records nested in other elements,
  // entities and white space in attribute values, a record made not entrant before it is
  // installed; the workers' pugixml judges these.
  const std::string tty =
      "<writer thread='1'/>\n"
      "<task_queued compile_id='1' method='a.B c ()V' bytes='5' stamp='0.1'/>\n"
      "<make_not_entrant thread='2' compile_id='2' compiler='c2' level='4' stamp='0.15'/>\n"
      "<nmethod compile_id='1' compiler='c1' level='3' method='a.B c ()V' stamp='0.11'/>\n"
      "<nmethod compile_id='2' compiler='c2' level='4' method='a.B &lt;init&gt; ()V' "
      "stamp='0.12'/>\n"
      "some text &amp; more\n"
      "<uncommon_trap thread='2' reason='null_check' action='make_not_entrant'>\n"
      "<nmethod compile_id='3' compiler='c2' level='4' method='a.B\td\r\n(I)V' stamp='0.13'/>\n"
      "<jvms bci='3' method='a.B c ()V'/>\n"
      "</uncommon_trap>\n"
      "<task_queued compile_id='4' method='a.B e ()V' stamp='0.2'/>\n"
      "<nmethod compile_id='4' compiler='c2' level='4' compile_kind='osr' method='a.B e ()V' "
      "stamp='0.14'/>\n"
      "<make_not_entrant thread='2' compile_id='1' compiler='c1' level='3' stamp='0.16'/>\n"
      "<nmethod compile_id='5' compiler='c2' level='4' method='a.B f ()V' stamp='0.17'/>\n"
      "<tty_done stamp='1.0'/>\n";
  auto with_tty = [](const std::string& content, const std::string& tasks) {
    return "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1' process='7'>\n"
           "<vm_version>\n<release>\n25\n</release>\n</vm_version>\n<tty>\n" +
           content +
           "</tty>\n<compilation_log thread='1'>\n"
           "<start_compile_thread name='C2 CompilerThread0' thread='1'/>\n" +
           tasks + "</compilation_log>\n<hotspot_log_done stamp='1.0'/>\n</hotspot_log>\n";
  };
  {
    const std::string text = with_tty(tty, Task("1", "") + Task("2", ""));
    const int64_t pieces = TtyPiecesHandedOut();
    both(text);
    EXPECT_EQ(TtyPiecesHandedOut(), pieces + 1);
    absl::StatusOr<OptimizationLog> read = Load(text);
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(read->installs.code.size(), 5u);
    // Every place the log can be cut, the tty's included.
    for (size_t cut = 0; cut <= text.size(); ++cut) both(text.substr(0, cut), true);
  }
  // Where a piece would start or end in a comment, a CDATA section, a child element or a tag:
  // no piece starts there (the scan reads on to the next place), and one that would end there
  // is not as the splitter cut it (read again as a whole).
  const std::string nmethod = "<nmethod compile_id='9' method='x.Y z ()V' stamp='0.3'/>\n";
  for (const std::string& around :
       {"<!-- a comment\n" + nmethod + "-->\n", "<![CDATA[\n" + nmethod + "]]>\n",
        "<deoptimized thread='2'>\n" + nmethod + "</deoptimized>\n",
        "<x a='1'\n" + nmethod + "'/>\n", "text\r" + nmethod}) {
    both(with_tty(around + tty, Task("1", "")), true);
    both(with_tty(tty + around, Task("1", "")), true);
    both(with_tty(tty + around + tty, Task("1", "")), true);
  }
  // A comment or CDATA section holding every place a piece could start and end: a piece cut
  // there would be well formed, and its records are no records.
  both(with_tty("<!--\n" + nmethod + nmethod + "-->\n", Task("1", "")));
  both(with_tty("<![CDATA[\n" + nmethod + nmethod + "]]>\n", Task("1", "")));
  // Malformed in the tty, and what the workers must not take for the tty's content.
  for (const std::string bad :
       {"<nmethod compile_id='6' compile_id='7' stamp='0.2'/>\n",
        "<nmethod compile_id='6' method='a<b' stamp='0.2'/>\n", "</r><r>\n", "</r>\n<r>\n",
        "</tty><tty>\n", "<vm_version>\n<release>\n26\n</release>\n</vm_version>\n",
        "<compilation_log thread='9'>\n</compilation_log>\n", "<tty>\n</tty>\n",
        "<open>\n<nmethod compile_id='6' stamp='0.2'/>\n", "</deoptimized>\n",
        "<x a='\n<nmethod compile_id=\"6\" stamp=\"0.2\"/>\n'/>\n", "<![CDATA[\n", "<!--\n",
        "&bogus;\n", "\x01\n"}) {
    both(with_tty(tty + bad + tty, Task("1", "")), true);
  }
  for (int between : {14, 15, 16, 17, 30, 31, 32, 33, 40}) {
    both(with_tty(tty + many_attributes("nmethod", between) + tty, Task("1", "")), true);
  }
  // Random edits of the tty's content (a fixed seed: the same edits every run).
  {
    std::mt19937 random(23);
    for (int i = 0; i < 300; ++i) {
      both(with_tty(tty + Mutated(random, tty) + tty, Task("1", "")), true);
    }
  }
  // A tty longer than what the reading thread holds at a time: many pieces, in order.
  {
    std::string many;
    for (int i = 0; many.size() < (size_t{3} << 20); ++i) {
      const std::string id = std::to_string(i + 10);
      many += "<task_queued compile_id='" + id + "' method='a.B c ()V' stamp='0.1'/>\n";
      if (i % 7 == 3) {
        many += "<make_not_entrant compile_id='" + std::to_string(i + 12) + "' stamp='0.4'/>\n";
      }
      many += "<nmethod compile_id='" + id + "' level='4' method='a.B c" + id + " ()V' stamp='0." +
              id + "'/>\n";
      if (i % 11 == 5) {
        many +=
            "<uncommon_trap reason='x'>\n<jvms bci='1' method='a.B c ()V'/>\n"
            "</uncommon_trap>\n";
      }
    }
    const int64_t fallbacks = HotSpotSplitFallbacks();
    const int64_t pieces = TtyPiecesHandedOut();
    both(with_tty(many, Task("1", "")));
    EXPECT_EQ(HotSpotSplitFallbacks(), fallbacks);
    EXPECT_GE(TtyPiecesHandedOut(), pieces + 3);  // about one a MiB
    absl::StatusOr<OptimizationLog> read = Load(with_tty(many, Task("1", "")));
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_GT(read->installs.code.size(), 15000u);
  }
}

// A task's range is read again when its trees are built (src/load/content_range.h, shared with
// the Graal loader): a log cut short since it was loaded says so.
TEST_F(HotSpotLogTest, ALogCutShortAfterLoadingSaysWhichTask) {
  const std::string text = Log(Task("1", "") + Task("2", "<bc code='1' bci='0'/>\n"));
  absl::StatusOr<OptimizationLog> log = Load(text);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->units.size(), 2u);
  const UnitRecord& last = log->units.back();
  dir_.Write("hotspot.log", text.substr(0, last.offset + 10));
  absl::StatusOr<RecordTrees> trees = LoadUnitTrees(*log, last, 1);
  ASSERT_FALSE(trees.ok());
  EXPECT_EQ(std::string(trees.status().message()),
            "Failed to parse experiment 1 in " + dir_.Path("hotspot.log") +
                ": the file changed since it was read: the task at byte offset " +
                std::to_string(last.offset) + " is cut short");
}

// While a comparison keeps the log files open, the tasks are read from the file as it was
// opened, and one cut short is still found out.
TEST_F(HotSpotLogTest, KeptOpenLogFilesAreReadAsOpened) {
  const std::string text = Log(Task("1", "") + Task("2", "<bc code='1' bci='0'/>\n"));
  absl::StatusOr<OptimizationLog> log = Load(text);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->units.size(), 2u);
  const std::string path = dir_.Path("hotspot.log");
  {
    const KeepLogFilesOpen keep;
    ASSERT_TRUE(LoadUnitTrees(*log, log->units[0], 1).ok());
    ASSERT_EQ(std::remove(path.c_str()), 0);
    EXPECT_TRUE(LoadUnitTrees(*log, log->units[1], 1).ok());  // the file opened before
  }
  absl::StatusOr<RecordTrees> gone = LoadUnitTrees(*log, log->units[1], 1);
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(std::string(gone.status().message()).find("No such file"), std::string::npos)
      << gone.status();

  dir_.Write("hotspot.log", text);
  const KeepLogFilesOpen keep;
  ASSERT_TRUE(LoadUnitTrees(*log, log->units[0], 1).ok());
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(log->units[1].offset + 10)), 0);
  absl::StatusOr<RecordTrees> cut = LoadUnitTrees(*log, log->units[1], 1);
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(std::string(cut.status().message()),
            "Failed to parse experiment 1 in " + path +
                ": the file changed since it was read: the task at byte offset " +
                std::to_string(log->units[1].offset) + " is cut short");
}

TEST_F(HotSpotLogTest, MalformedXmlIsAnErrorWithLineAndColumn) {
  std::string text = Log(Task("1", "<bc code='1' bci='0'>\n"));  // <bc> never closed
  absl::StatusOr<OptimizationLog> log = Load(text);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(std::string(log.status().message()),
            "Could not read the files of the experiment 1: " + dir_.Path("hotspot.log") +
                ":25:3: malformed XML (mismatched tag)");
}

TEST_F(HotSpotLogTest, ALogWithoutTasksSaysWhatWasExpected) {
  absl::StatusOr<OptimizationLog> log = Load(Log(""));
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(warnings_.size(), 1u);
  EXPECT_NE(warnings_[0].find("holds no compilation tasks: expected <task> elements"),
            std::string::npos);
  const std::string empty = dir_.Write("empty.log", "");
  log = LoadOptimizationLog(empty, 1, [](std::string_view) {});
  ASSERT_FALSE(log.ok());
  EXPECT_NE(std::string(log.status().message()).find("(an empty file)"), std::string::npos);
}

TEST_F(HotSpotLogTest, AGraalDirectoryHoldingAHotSpotLogSkipsIt) {
  dir_.Write("graal/hotspot.log", Log(Task("1", "")));
  std::vector<std::string> warnings;
  absl::StatusOr<OptimizationLog> log = LoadOptimizationLog(
      dir_.Path("graal"), 1, [&](std::string_view line) { warnings.emplace_back(line); });
  ASSERT_TRUE(log.ok());
  EXPECT_TRUE(log->units.empty());
  EXPECT_EQ(warnings, std::vector<std::string>{
                          "Warning: Skipping " + dir_.Path("graal") +
                          "/hotspot.log: a HotSpot compilation log, not a Graal optimization log "
                          "(give its path instead of the directory's)"});
}

TEST_F(HotSpotLogTest, ExperimentsKeepEachMethodsTopTier) {
  const std::string c1 =
      "<task compile_id='1' method='java.util.HashMap getNode "
      "(Ljava/lang/Object;)Ljava/util/HashMap$Node;' level='3'>\n<task_done success='1'/>\n"
      "</task>\n";
  const std::string only_c1 =
      "<task compile_id='2' method='A m ()V' level='2'>\n<task_done success='1'/>\n</task>\n";
  const std::string path = dir_.Write("hotspot.log", Log(c1 + only_c1 + Task("3", "")));
  ExperimentInput input{1, path, std::nullopt, std::nullopt};
  absl::StatusOr<Experiment> experiment = LoadExperiment(input, [](std::string_view) {});
  ASSERT_TRUE(experiment.ok()) << experiment.status();
  std::vector<std::string> ids;
  for (CompilationIndex c : experiment->UnitsInTableOrder()) {
    ids.push_back(experiment->compilation(c).id);
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"2", "3"}));
  ASSERT_TRUE(experiment->hotspot().has_value());
  EXPECT_EQ(experiment->hotspot()->tasks, 3);
  EXPECT_EQ(experiment->hotspot()->units, 2);
  EXPECT_EQ(experiment->hotspot()->without_profile,
            "every method's top-tier compilations are listed");
}

TEST_F(HotSpotLogTest, HostileNamesAreEscapedInEveryFormat) {
  const std::string task =
      "<task compile_id='3' method='A m&lt;/script&gt;&lt;b&gt;&quot;,x ()V' level='1'>\n"
      "<task_done success='1'/>\n</task>\n";
  const std::string path = dir_.Write("hostile.log", Log(task));
  RunResult text = RunProfdiff({"report", path});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("Method A.m</script><b>\",x()"), std::string::npos);
  RunResult html = RunProfdiffOnce({"report", path, "--format=html"});
  EXPECT_EQ(html.exit_code, 0);
  EXPECT_EQ(html.out.find("</script><b>"), std::string::npos);
  RunResult csv = RunProfdiffOnce({"report", path, "--format=csv"});
  EXPECT_NE(csv.out.find("\"A.m</script><b>\"\",x()\""), std::string::npos) << csv.out;
}

TEST_F(HotSpotLogTest, JitVsJitTellsItsArgumentsApart) {
  const std::string one = dir_.Write("one.log", Log(Task("1", "")));
  const std::string two = dir_.Write("two.log", Log(Task("2", "")));
  dir_.WriteLines("graal/f", {});
  const std::string graal = dir_.Path("graal");
  const std::string prof = dir_.Write("prof.json", R"j({"totalPeriod":100,"code":[]})j");
  auto error = [](const std::vector<std::string>& args) {
    RunResult run = RunProfdiffOnce(args);
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "");
    return run.err.substr(0, run.err.find('\n'));
  };
  EXPECT_EQ(
      error({"jit-vs-jit", one}),
      "Error: jit-vs-jit: expected two optimization logs, each maybe followed by its profile");
  EXPECT_EQ(error({"jit-vs-jit", one, two, one}),
            "Error: jit-vs-jit: \"" + one +
                "\" would be a third optimization log; jit-vs-jit compares two");
  EXPECT_EQ(error({"jit-vs-jit", graal, one}), "Error: jit-vs-jit: the Graal optimization log \"" +
                                                   graal +
                                                   "\" needs its proftool profile after it");
  EXPECT_EQ(error({"jit-vs-jit", one, prof, prof, two}),
            "Error: jit-vs-jit: \"" + prof +
                "\" is not where a profile can be: each optimization log (a directory or a "
                "HotSpot compilation log) may be followed by its proftool profile");
  // Without a HotSpot log, the four arguments are required as ever.
  EXPECT_EQ(error({"jit-vs-jit", graal, prof, graal}),
            "Error: jit-vs-jit: missing argument proftool_output_2");

  // Two logs without profiles: compared, and every format says how.
  RunResult text = RunProfdiff({"jit-vs-jit", one, two, "--explanation=false"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(
      text.out.find("    No profile: every method compiled in both experiments is compared\n"),
      std::string::npos);
  EXPECT_NE(text.out.find("Method java.util.HashMap.getNode(Object)"), std::string::npos);
  RunResult json = RunProfdiffOnce({"jit-vs-jit", one, two, "--format=json"});
  EXPECT_NE(json.out.find("\"without_profile\":\"every method compiled in both experiments is "
                          "compared\""),
            std::string::npos)
      << json.out;
  RunResult csv = RunProfdiffOnce({"jit-vs-jit", one, two, "--format=csv"});
  EXPECT_NE(csv.err.find("Warning: experiment 2 has no profile: every method compiled in both "
                         "experiments is compared"),
            std::string::npos);
  RunResult html = RunProfdiffOnce({"jit-vs-jit", one, two, "--format=html"});
  EXPECT_NE(html.out.find("every method compiled in both experiments is compared"),
            std::string::npos);
}

// fixtures/hotspot-example: the reviewed outputs stay as they are (fixtures/hotspot-example).
TEST(HotSpotFixtureTest, OutputsAreAsReviewed) {
  const std::string dir = test::SourceDir() + "/fixtures/hotspot-example";
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"jit-vs-jit.txt",
       {"jit-vs-jit", "jdk17.log", "jdk25.log", "--explanation=false", "--summary=true"}},
      {"report-jdk25.txt", {"report", "jdk25.log", "--explanation=false"}},
      {"stats.txt", {"stats", "jdk17.log", "jdk25.log", "--explanation=false"}},
  };
  ExpectOutputsAsReviewed(dir, cases);
}

}  // namespace
}  // namespace profdiff
