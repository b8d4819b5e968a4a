//===- SiteTableTest.cpp - The pass's site table, read by the runtime -----===//
#include "SiteTable.h"

#include <gtest/gtest.h>

namespace sectorscope::rt::test {
namespace {

/// The parser's error for Text; "" when it is accepted.
std::string errorOf(const std::string &Text) {
  SiteTable T;
  std::string Err;
  return parseSiteTable(Text, T, Err) ? "" : Err;
}

// S, K and V records.
TEST(SiteTable, Records) {
  SiteTable T;
  std::string Err;
  ASSERT_TRUE(parseSiteTable(
      "V\t5\n"
      "S\t1\t_Z1kPf\tstore\tglobal\t8\t12\t5\t1\t4\t0\t0\tk(float*)\t/src/"
      "k.cu\n"
      "S\t0\t_Z1kPf\tload\tgeneric\t4\t11\t9\t3\t70\t1\t1\thelper(int)\t/src/"
      "h.cuh\n"
      "K\t_Z1kPf\tinline_asm=2,cp_async=1\n",
      T, Err))
      << Err;
  EXPECT_EQ(T.AbiVersion, 5u);
  ASSERT_EQ(T.Sites.size(), 2u);
  auto Line = [](const Site &S) {
    return std::to_string(S.Id) + " " + S.Kernel + " " + opName(S.Op) + " " +
           spaceName(S.Space) + " w" + std::to_string(S.Width) + " mlp" +
           std::to_string(S.Mlp) + " work" + std::to_string(S.Work) +
           (S.Waits ? " waits" : "") + (S.SkipsL1 ? " skips_l1 " : " ") +
           S.File + ":" + std::to_string(S.Line) + ":" +
           std::to_string(S.Column) + " in '" + S.Function + "'";
  };
  EXPECT_EQ(
      Line(T.Sites[0]),
      "0 _Z1kPf load generic w4 mlp3 work70 waits skips_l1 /src/h.cuh:11:9 "
      "in "
      "'helper(int)'");
  EXPECT_EQ(Line(T.Sites[1]),
            "1 _Z1kPf store global w8 mlp1 work4 /src/k.cu:12:5 in "
            "'k(float*)'");
  std::vector<std::string> NotInstrumented;
  for (const auto &[K, Kinds] : T.NotInstrumented)
    for (const auto &[Kind, N] : Kinds)
      NotInstrumented.push_back(K + ": " + Kind + "=" + std::to_string(N));
  EXPECT_EQ(
      NotInstrumented,
      (std::vector<std::string>{"_Z1kPf: cp_async=1", "_Z1kPf: inline_asm=2"}));
}

// Malformed lines are named.
TEST(SiteTable, MalformedLinesAreNamed) {
  EXPECT_EQ(errorOf("S\t0\t_Z1kPf\tload\tglobal\t4\t11\n"),
            "site table line 1: expected 14 tab-separated fields in an S "
            "record, got 7");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\tload\tglobal\t4\t11\t9\t1\t1\t1\t2\tf\tk.cu\n"),
      "site table line 2: bad skips_l1 '2'");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\tfetch\tglobal\t4\t11\t9\t1\t1\t1\t0\tf\tk.cu\n"),
      "site table line 2: bad op 'fetch'");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\tload\tglobal\t4\t11\t9\t0\t1\t1\t0\tf\tk.cu\n"),
      "site table line 2: bad mlp '0'");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\tload\tglobal\t4\t11\t9\t1\tx\t1\t0\tf\tk.cu\n"),
      "site table line 2: bad work 'x'");
  EXPECT_EQ(errorOf("V\t5\nS\t0\t_"
                    "Z1kPf\tatomic\tglobal\t4\t11\t9\t1\t1\t2\t0\tf\tk.cu\n"),
            "site table line 2: bad waits '2'");
  // Only a trip site, which accesses nothing, has width 0.
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\tload\tglobal\t0\t11\t9\t1\t1\t1\t0\tf\tk.cu\n"),
      "site table line 2: bad width '0'");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\ttrip\tglobal\t4\t11\t9\t1\t1\t0\t0\tf\tk.cu\n"),
      "site table line 2: bad width '4'");
  EXPECT_EQ(
      errorOf(
          "V\t5\nS\t0\t_Z1kPf\ttrip\tglobal\t0\t11\t9\t1\t7\t0\t0\tf\tk.cu\n"),
      "");
  EXPECT_EQ(errorOf("S\t0\tk\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tf\tk.cu\n"
                    "S\t0\tk\tload\tglobal\t4\t2\t1\t1\t1\t1\t0\tf\tk.cu\n"),
            "site table: site id 0 appears twice");
  EXPECT_EQ(errorOf("X\tfoo\n"), "site table line 1: unknown record kind 'X'");
  EXPECT_EQ(errorOf("L\t_Z1kPf\t5\t4\n"),
            "site table line 1: expected a kernel and a reason in an L record");
  EXPECT_EQ(errorOf("L\t_Z1kPf\t\n"),
            "site table line 1: expected a kernel and a reason in an L record");
  for (const char *Bad : {"M\ttime\twhy\n", "M\tgrid\t\n", "M\tgrid\n"})
    EXPECT_EQ(errorOf(Bad), "site table line 1: expected heatmap or grid and "
                            "a reason in an M record")
        << Bad;
}

// Each kernel's sites are consecutive (abi.h): grid mode finds its rows by
// the first and the count.
TEST(SiteTable, KernelSitesAreConsecutive) {
  SiteTable T;
  std::string Err;
  ASSERT_TRUE(parseSiteTable(
      "S\t2\t_Z1gv\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tg\tk.cu\n"
      "S\t0\t_Z1kv\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tk\tk.cu\n"
      "S\t3\t_Z1gv\ttrip\tglobal\t0\t2\t1\t1\t1\t0\t0\tg\tk.cu\n"
      "S\t1\t_Z1kv\tstore\tglobal\t4\t2\t1\t1\t1\t0\t0\tk\tk.cu\n",
      T, Err))
      << Err;
  auto Range = [&](const char *K) {
    SiteRange R = T.kernelSites(K);
    return std::to_string(R.First) + "+" + std::to_string(R.Count);
  };
  EXPECT_EQ(Range("_Z1kv"), "0+2");
  EXPECT_EQ(Range("_Z1gv"), "2+2");
  EXPECT_EQ(Range("_Z1hv"), "0+0");
  EXPECT_EQ(errorOf("S\t0\tk\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tf\tk.cu\n"
                    "S\t1\tg\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tf\tk.cu\n"
                    "S\t2\tk\tload\tglobal\t4\t1\t1\t1\t1\t1\t0\tf\tk.cu\n"),
            "site table: the sites of kernel 'k' are not consecutive (site id "
            "2)");
}

// An L record's reason becomes the note of the kernel's launches.
TEST(SiteTable, KernelsLeftAsCompiledKeepTheirReason) {
  SiteTable T;
  std::string Err;
  ASSERT_TRUE(parseSiteTable("L\t_Z1kPf\t5 accesses exceed the limit of 4\n"
                             "L\t_Z1gv\t47200 bytes of static shared memory\n",
                             T, Err))
      << Err;
  EXPECT_EQ(T.Uninstrumented.at("_Z1kPf"),
            "not instrumented: 5 accesses exceed the limit of 4");
  EXPECT_EQ(T.Uninstrumented.at("_Z1gv"),
            "not instrumented: 47200 bytes of static shared memory");
}

// An M record names a mode the module has no variants for, and why.
TEST(SiteTable, ModesBuiltPlainKeepTheirReason) {
  SiteTable T;
  std::string Err;
  ASSERT_TRUE(parseSiteTable(
      "M\tgrid\tbuilt with -fplugin-arg-sectorscope-instrument-modes=heatmap\n",
      T, Err))
      << Err;
  ASSERT_EQ(T.PlainModes.size(), 1u);
  EXPECT_EQ(T.PlainModes.at("grid"),
            "not instrumented for grid mode: built with "
            "-fplugin-arg-sectorscope-instrument-modes=heatmap");
  // A kernel's own L record comes first; the mode built says nothing.
  ASSERT_TRUE(parseSiteTable(
      "L\t_Z1kv\tlisted\n"
      "M\tgrid\tbuilt with -fplugin-arg-sectorscope-instrument-modes=heatmap\n",
      T, Err))
      << Err;
  EXPECT_EQ(T.whyAsCompiled("_Z1kv", "grid"), "not instrumented: listed");
  EXPECT_EQ(T.whyAsCompiled("_Z1gv", "grid"),
            "not instrumented for grid mode: built with "
            "-fplugin-arg-sectorscope-instrument-modes=heatmap");
  EXPECT_EQ(T.whyAsCompiled("_Z1gv", "heatmap"), "");
}

} // namespace
} // namespace sectorscope::rt::test
