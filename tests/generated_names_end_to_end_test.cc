// Generated classes keep their identity (docs/decisions.md): two hand-written HotSpot logs of
// the same program whose lambdas, LambdaForms and proxy have other addresses and counters, and
// whose tasks come in another order, compared with jit-vs-jit.

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test_util.h"
#include "text_count.h"

namespace profdiff {
namespace {

using namespace test;  // NOLINT: the test helpers

std::string Log(const std::string& tasks) {
  return "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1'>\n"
         "<vm_version>\n<name>\nOpenJDK 64-Bit Server VM\n</name>\n<release>\n25.0.3\n"
         "</release>\n</vm_version>\n<compilation_log thread='1'>\n"
         "<start_compile_thread name='C2 CompilerThread0' thread='1'/>\n" +
         tasks + "</compilation_log>\n<hotspot_log_done stamp='1.0'/>\n</hotspot_log>\n";
}

// A C2 task of `klass.run()V` whose body calls `callee_klass.callee()V` at bci 1, inlined.
std::string Task(int id, const std::string& klass, const std::string& callee_klass,
                 const std::string& callee) {
  const std::string n = std::to_string(id);
  return "<task compile_id='" + n + "' method='" + klass + " run ()V' stamp='0.1'>\n" +
         "<type id='1' name='void'/>\n<klass id='2' name='" + klass + "' flags='16'/>\n" +
         "<klass id='3' name='" + callee_klass + "' flags='1'/>\n" +
         "<method id='10' holder='2' name='run' return='1' flags='1' bytes='5'/>\n"
         "<parse method='10' stamp='0.1'>\n<bc code='184' bci='1'/>\n"
         "<method id='11' holder='3' name='" +
         callee + "' return='1' flags='4106' bytes='3'/>\n" +
         "<call method='11' count='100' prof_factor='1' inline='1'/>\n"
         "<inline_success reason='inline (hot)'/>\n<parse method='11'>\n"
         "<parse_done stamp='0.1'/>\n</parse>\n<parse_done stamp='0.1'/>\n</parse>\n"
         "<task_done success='1' stamp='0.2'/>\n</task>\n";
}

// A lambda's method, the body of a method reference, two LambdaForms of the same shape (which
// their identity cannot tell apart) and a proxy, in a run where the JVM gave them `addresses`.
std::string RunLog(const std::vector<std::string>& addresses, bool reversed) {
  std::vector<std::string> tasks = {
      Task(1, "p.Outer$$Lambda/" + addresses[0], "p.Outer", "lambda$run$0"),
      Task(2, "p.Outer$$Lambda/" + addresses[1], "p.Outer", "lambda$run$1"),
      Task(3, "p.Outer$$Lambda/" + addresses[2], "p.Other", "target"),
      Task(4, "java.lang.invoke.LambdaForm$MH/" + addresses[3], "p.Other", "linkTo"),
      Task(5, "java.lang.invoke.LambdaForm$MH/" + addresses[4], "p.Other", "linkTo"),
      Task(6, "jdk.proxy1.$Proxy" + addresses[5], "p.Other", "handle"),
  };
  std::string text;
  for (size_t i = 0; i < tasks.size(); ++i) text += tasks[reversed ? tasks.size() - 1 - i : i];
  return Log(text);
}

class GeneratedNamesEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_.Write("a.log", RunLog({"0x10", "0x20", "0x30", "0x40", "0x50", "3"}, false));
    dir_.Write("b.log", RunLog({"0x77", "0x88", "0x99", "0xaa", "0xbb", "12"}, true));
  }
  RunResult Compare(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"jit-vs-jit", "a.log", "b.log", "--explanation=false"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunProfdiff(args, dir_.path());
  }
  TempDir dir_;
};

TEST_F(GeneratedNamesEndToEndTest, LambdasPairByTheirBodysCall) {
  RunResult run = Compare();
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Method p.Outer$$Lambda[lambda$run$0].run()\n"
                         "    In experiment 1\n"
                         "        Named in the log p.Outer$$Lambda/0x10.run()\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("    In experiment 2\n"
                         "        Named in the log p.Outer$$Lambda/0x77.run()\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Method p.Outer$$Lambda[lambda$run$1].run()\n"), std::string::npos);
  EXPECT_NE(run.out.find("Method p.Outer$$Lambda[p.Other.target()].run()\n"), std::string::npos);
  EXPECT_NE(run.out.find("Method jdk.proxy.$Proxy.run()\n"), std::string::npos);
  // Paired, the trees (whose roots are named by the identity) do not differ.
  EXPECT_EQ(CountOf(run.out, "There are no differences"), 2 * CountOf(run.out, "\nMethod "));
}

TEST_F(GeneratedNamesEndToEndTest, AmbiguousIdentitiesKeepTheLogsNames) {
  RunResult run = Compare();
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Both LambdaForms are LambdaForm$MH.run() without their addresses: neither is renamed, and
  // without a profile, methods compiled in only one run are not compared.
  EXPECT_EQ(run.out.find("LambdaForm$MH"), std::string::npos) << run.out;
  EXPECT_EQ(CountOf(run.out, "\nMethod "), 4u) << run.out;
}

TEST_F(GeneratedNamesEndToEndTest, JsonHasTheIdentityAndEachSidesName) {
  RunResult run = Compare({"--format=json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\"method\":\"p.Outer$$Lambda[lambda$run$0].run()\",\"hot_only_in\":null,"
                         "\"experiments\":[{\"experiment\":1,\"profiled\":false,"
                         "\"name_in_log\":\"p.Outer$$Lambda/0x10.run()\""),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("{\"experiment\":2,\"profiled\":false,"
                         "\"name_in_log\":\"p.Outer$$Lambda/0x77.run()\""),
            std::string::npos);
}

TEST_F(GeneratedNamesEndToEndTest, RulesNameALambdaByItsIdentity) {
  // Absolute: the stream rendered back (test_util.h) is checked elsewhere.
  const std::string held = dir_.Write(
      "ok.rules", "inlined p.Outer$$Lambda[lambda$run$1].run() -> p.Outer.lambda$run$1()\n");
  RunResult ok = Compare({"--require", held});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  // The log's name changes from run to run: rules cannot name it.
  const std::string broken_rules =
      dir_.Write("broken.rules", "compiled p.Outer$$Lambda/0x88.run()\n");
  RunResult broken = Compare({"--require", broken_rules});
  EXPECT_EQ(broken.exit_code, 2) << broken.err;
}

TEST_F(GeneratedNamesEndToEndTest, ReportKeepsTheLogsNames) {
  RunResult run = RunProfdiff({"report", "a.log", "--explanation=false"}, dir_.path());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Method p.Outer$$Lambda/0x10.run()\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("Named in the log"), std::string::npos);
}

}  // namespace
}  // namespace profdiff
