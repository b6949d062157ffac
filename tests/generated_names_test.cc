#include "profdiff/model/generated_names.h"

#include "gtest/gtest.h"

namespace profdiff {
namespace {

TEST(GeneratedNamesTest, Jdk25LambdaLosesItsAddress) {
  const char* name =
      "com.sun.tools.javac.code.Scope$ScopeImpl$$Lambda/0x0000000049195b28.iterator()";
  EXPECT_EQ(GeneratedKindOf(name), GeneratedKind::kLambda);
  EXPECT_EQ(StrippedGeneratedName(name),
            "com.sun.tools.javac.code.Scope$ScopeImpl$$Lambda.iterator()");
}

TEST(GeneratedNamesTest, Jdk17LambdaLosesItsCounterAndAddress) {
  const char* name = "HotLambdas$$Lambda$217/0x00007fb914188000.applyAsInt(int, int)";
  EXPECT_EQ(GeneratedKindOf(name), GeneratedKind::kLambda);
  EXPECT_EQ(StrippedGeneratedName(name), "HotLambdas$$Lambda.applyAsInt(int, int)");
}

TEST(GeneratedNamesTest, Jdk8LambdaLosesItsCounterAndDecimalSuffix) {
  EXPECT_EQ(StrippedGeneratedName("a.B$$Lambda$12/1831932724.run()"), "a.B$$Lambda.run()");
  EXPECT_EQ(StrippedGeneratedName("a.B$$Lambda$12.run()"), "a.B$$Lambda.run()");
}

TEST(GeneratedNamesTest, LambdaFormLosesItsAddress) {
  const char* name = "java.lang.invoke.LambdaForm$MH/0x0000000801012400.invoke(Object, Object)";
  EXPECT_EQ(GeneratedKindOf(name), GeneratedKind::kLambdaForm);
  EXPECT_EQ(StrippedGeneratedName(name), "java.lang.invoke.LambdaForm$MH.invoke(Object, Object)");
  EXPECT_EQ(StrippedGeneratedName("java.lang.invoke.LambdaForm$DMH/0x1f.invokeStatic(Object)"),
            "java.lang.invoke.LambdaForm$DMH.invokeStatic(Object)");
}

TEST(GeneratedNamesTest, ProxyLosesItsCounterAndPackageNumber) {
  EXPECT_EQ(GeneratedKindOf("jdk.proxy1.$Proxy12.scale(int)"), GeneratedKind::kProxy);
  EXPECT_EQ(StrippedGeneratedName("jdk.proxy1.$Proxy12.scale(int)"), "jdk.proxy.$Proxy.scale(int)");
  EXPECT_EQ(StrippedGeneratedName("com.sun.proxy.$Proxy3.run()"), "com.sun.proxy.$Proxy.run()");
  EXPECT_EQ(StrippedGeneratedName("$Proxy0.scale(int)"), "$Proxy.scale(int)");
}

TEST(GeneratedNamesTest, OtherHiddenClassLosesItsAddress) {
  const char* name = "java.lang.invoke.BoundMethodHandle$Species_LL/0x000000080100c000.make()";
  EXPECT_EQ(GeneratedKindOf(name), GeneratedKind::kHidden);
  EXPECT_EQ(StrippedGeneratedName(name), "java.lang.invoke.BoundMethodHandle$Species_LL.make()");
}

TEST(GeneratedNamesTest, OrdinaryAndStableNamesAreLeftAlone) {
  for (const char* name :
       {"java.util.ArrayList.get(int)", "Outer$Inner.run()", "a.$ProxyFactory.make()",
        "a.Foo$$LambdaHolder.run()", "a.B.lambda$main$0(int)",
        // Native Image names a lambda after a hash of its content: stable already.
        "org.renaissance.core.SortedScanner$$Lambda$qAlnv5HozB7fmjEaa5pECm.accept(Object)",
        "java.lang.invoke.LambdaForm$ttuvAYgB0k6DgOcL7VqDM6.invoke(Object)", "noclass",
        "a.Path/with/slash.m()"}) {
    EXPECT_EQ(GeneratedKindOf(name), GeneratedKind::kNone) << name;
    EXPECT_EQ(StrippedGeneratedName(name), name);
    EXPECT_EQ(GeneratedIdentity(name, "x"), name);
  }
}

TEST(GeneratedNamesTest, LambdaBodyIsItsOuterClassLambdaMethod) {
  const char* name = "p.Scope$ScopeImpl$$Lambda/0x0000000049195b28.iterator()";
  const std::optional<std::string> body =
      LambdaBodyCall(name, {{"java.lang.Integer.intValue()", 1},
                            {"p.Scope$ScopeImpl.lambda$iterator$0(Scope$ScopeImpl)", 5}});
  EXPECT_EQ(body, "lambda$iterator$0");
  EXPECT_EQ(GeneratedIdentity(name, body),
            "p.Scope$ScopeImpl$$Lambda[lambda$iterator$0].iterator()");
}

TEST(GeneratedNamesTest, LambdaBodyOfAnotherClassKeepsItsFullName) {
  EXPECT_EQ(LambdaBodyCall("a.B$$Lambda/0x10.run()", {{"a.C.lambda$run$1()", 2}}),
            "a.C.lambda$run$1()");
}

TEST(GeneratedNamesTest, MethodReferenceBodyIsItsFirstRealCall) {
  const char* name = "HotLambdas$$Lambda$4/0x00007fbd20001240.applyAsInt(Object)";
  EXPECT_EQ(LambdaBodyCall(name, {{"java.lang.Integer.valueOf(int)", 9},
                                  {"java.lang.String.length()", 4},
                                  {"java.util.Objects.requireNonNull(Object)", 1}}),
            "java.lang.String.length()");
  EXPECT_EQ(GeneratedIdentity(name, std::string("java.lang.String.length()")),
            "HotLambdas$$Lambda[java.lang.String.length()].applyAsInt(Object)");
}

// javac's Scope$FilterImportScope has a method reference whose body calls another lambda's
// iterator(): the body names that lambda without its address too.
TEST(GeneratedNamesTest, BodyCallOfAGeneratedClassLosesItsAddress) {
  const char* name = "p.Scope$FilterImportScope$$Lambda/0x000000002618c2d0.apply(Object)";
  const std::optional<std::string> body =
      LambdaBodyCall(name, {{"p.Scope$ScopeImpl$$Lambda/0x00000000261833b8.iterator()", 5}});
  EXPECT_EQ(body, "p.Scope$ScopeImpl$$Lambda.iterator()");
}

TEST(GeneratedNamesTest, LambdaBodyUnknownFallsBackToTheStrippedName) {
  const char* name = "a.B$$Lambda/0x10.run()";
  EXPECT_EQ(LambdaBodyCall(name, {}), std::nullopt);
  EXPECT_EQ(LambdaBodyCall(name, {{"java.lang.Integer.valueOf(int)", 3}}), std::nullopt);
  EXPECT_EQ(GeneratedIdentity(name, std::nullopt), "a.B$$Lambda.run()");
}

TEST(GeneratedNamesTest, OnlyLambdasHaveABodyCall) {
  EXPECT_EQ(LambdaBodyCall("jdk.proxy1.$Proxy2.run()", {{"a.B.lambda$x$0()", 1}}), std::nullopt);
  EXPECT_EQ(LambdaBodyCall("java.lang.invoke.LambdaForm$MH/0x10.invoke(Object)",
                           {{"java.lang.invoke.DirectMethodHandle.internalMemberName(Object)", 1}}),
            std::nullopt);
}

TEST(GeneratedNamesTest, TwoRunsOfTheSameLambdaHaveOneIdentity) {
  const std::optional<std::string> body = "lambda$main$0";
  EXPECT_EQ(GeneratedIdentity("HotLambdas$$Lambda/0x000000007b040210.applyAsInt(int)", body),
            GeneratedIdentity("HotLambdas$$Lambda/0x0000000086040210.applyAsInt(int)", body));
  EXPECT_EQ(GeneratedIdentity("HotLambdas$$Lambda$1/0x00007fbd20000a08.applyAsInt(int)", body),
            GeneratedIdentity("HotLambdas$$Lambda$3/0x00007efedc000a08.applyAsInt(int)", body));
}

}  // namespace
}  // namespace profdiff
