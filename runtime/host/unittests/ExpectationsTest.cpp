//===- ExpectationsTest.cpp - SECTORSCOPE_EXPECT against measured sites --===//
//
// Heat-map launches of sites on the lines of Inputs/expect-kernel.cu and
// Inputs/expect-words.cu, written by the fake device, analyzed and checked
// against the files' comments: one compiler-style error per violation, each
// distinct measurement once; what heat-map mode does not measure (camping)
// and terms under another partition model are not checked; a line whose
// kernel never ran is counted, not failed; the run-time meaning of the words.
//
//===----------------------------------------------------------------------===//
#include "Expectations.h"
#include "TestLaunches.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <sstream>
#include <unistd.h>

namespace sectorscope::rt::test {
namespace {

namespace fs = std::filesystem;

/// Copies of Inputs/expect-kernel.cu as k.cu and Inputs/expect-words.cu as
/// w.cu in a fresh directory, which is the working directory while the test
/// runs (errors name files relative to it, as compilers do).
class ExpectationsTest : public ::testing::Test {
protected:
  void SetUp() override {
    Previous = fs::current_path();
    Dir = fs::temp_directory_path() /
          ("sectorscope-expect-" + std::to_string(::getpid()));
    fs::remove_all(Dir);
    fs::create_directories(Dir);
    fs::path Inputs(SECTORSCOPE_TEST_INPUTS_DIR);
    fs::copy_file(Inputs / "expect-kernel.cu", Dir / "k.cu");
    fs::copy_file(Inputs / "expect-words.cu", Dir / "w.cu");
    fs::current_path(Dir);
  }
  void TearDown() override {
    fs::current_path(Previous);
    fs::remove_all(Dir);
  }

  struct Place {
    const char *Kern;
    unsigned Line, Col;
  };
  /// One launch of TestKernel, 256 threads, whose sites Places[Id] lie in
  /// `File` (absolute), checked by `Check`; returns its report.
  LaunchReport
  checkLaunch(const std::string &File, const std::vector<Place> &Places,
              const std::function<std::vector<Access>(uint64_t)> &Thread,
              ExpectationCheck &Check) {
    std::string Text;
    for (unsigned Id = 0; Id < Places.size(); ++Id)
      Text += "S\t" + std::to_string(Id) + "\t" + Places[Id].Kern +
              "\tload\tglobal\t4\t" + std::to_string(Places[Id].Line) + "\t" +
              std::to_string(Places[Id].Col) +
              "\t1\t1\t1\t0\ttest(float*, float*)\t" + File + "\n";
    SiteTable T = parseTestTable(Text);
    FakeDevice D(testHeader(Mode::Heatmap, Places.size()));
    D.run(T, Dim{1}, Dim{256}, [&](Dim, Dim Th) { return Thread(Th.X); });
    LaunchReport R = analyze(D, launchInfo(Mode::Heatmap, Dim{1}, Dim{256}), T,
                             AllocationSnapshot());
    Check.check(R, &T, "default");
    return R;
  }

  /// The launch of the sites on the lines of expect-kernel.cu (`File`).
  void checkLaunchOf(const std::string &File, ExpectationCheck &Check) {
    // Sites 0-4 in test; other()'s site 5 is never run.
    checkLaunch(
        File,
        {{TestKernel, 5, 13},
         {TestKernel, 6, 13},
         {TestKernel, 7, 13},
         {TestKernel, 8, 13},
         {TestKernel, 9, 13},
         {"_Z5otherPf", 16, 18}},
        [](uint64_t I) {
          return std::vector<Access>{{0, ArrA + 4 * I},
                                     {1, ArrA + 4 * (I * 64)},
                                     {2, ArrA + 4 * (I * 64 + 1)},
                                     {3, ArrA + 4 * (I + 1)},
                                     {4, ArrA + 4 * (I + 2)}};
        },
        Check);
  }

  fs::path Previous, Dir;
};

std::vector<std::string> linesOf(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  return Lines;
}

// Where the message goes on with what a line need not spell out.
bool startsWith(const std::string &Line, const std::string &Prefix) {
  return Line.compare(0, Prefix.size(), Prefix) == 0;
}

TEST_F(ExpectationsTest, ViolationsAreCompilerStyleErrors) {
  ExpectationCheck Check;
  checkLaunchOf((Dir / "k.cu").string(), Check);
  unsigned Failures = 0;
  std::vector<std::string> Lines = linesOf(Check.render(Failures));
  ASSERT_EQ(Lines.size(), 11u) << Check.render(Failures);
  EXPECT_PRED2(startsWith, Lines[0],
               "k.cu:10:52: error: unknown expectation "
               "'hot-sport'; valid: coalesced, strided,");
  EXPECT_EQ(Lines[1], "k.cu:11:16: error: expected coalesced on a line "
                      "without an instrumented access");
  EXPECT_PRED2(startsWith, Lines[2],
               "k.cu:6:13: error: expected clean in kernel 'test', "
               "measured strided load in test: 32.0 "
               "sectors/request (ideal 4.0)");
  EXPECT_PRED2(startsWith, Lines[3],
               "k.cu:7:13: error: expected clean in kernel "
               "'test', measured strided load");
  EXPECT_PRED2(startsWith, Lines[4],
               "k.cu:8:13: error: expected clean in kernel 'test', "
               "measured misaligned load in test: 5.0 "
               "sectors/request (ideal 4.0)");
  EXPECT_PRED2(startsWith, Lines[5],
               "k.cu:9:13: error: expected clean in kernel "
               "'test', measured misaligned load");
  EXPECT_EQ(Lines[6], "k.cu:6:13: error: expected coalesced, measured 32.0 "
                      "sectors/request (strided)");
  EXPECT_EQ(Lines[7], "k.cu:6:13: error: expected sectors-per-request <= 4, "
                      "measured 32.0 sectors/request (strided)");
  EXPECT_EQ(Lines[8], "k.cu:8:13: error: expected strided, measured 5.0 "
                      "sectors/request (misaligned)");
  EXPECT_EQ(Lines[9], "sectorscope: note: 1 source line with expectations ran "
                      "in no profiled launch: not checked");
  EXPECT_EQ(Lines[10],
            "sectorscope: 9 expectation errors (SECTORSCOPE_EXPECT=1)");
  EXPECT_EQ(Failures, 9u);
}

// At exit the errors are printed and make the status 1.
TEST_F(ExpectationsTest, ErrorsAtExitMakeTheStatusOne) {
  ExpectationCheck Check;
  checkLaunchOf((Dir / "k.cu").string(), Check);
  EXPECT_EXIT(Check.finish(), ::testing::ExitedWithCode(1),
              "k\\.cu:6:13: error: expected coalesced, measured 32\\.0 "
              "sectors/request \\(strided\\)\n(.*\n)*sectorscope: 9 "
              "expectation errors \\(SECTORSCOPE_EXPECT=1\\)");
}

TEST_F(ExpectationsTest, UnreadableSourceIsAnError) {
  ExpectationCheck Check;
  checkLaunchOf((Dir / "gone.cu").string(), Check);
  unsigned Failures = 0;
  std::string Text = Check.render(Failures);
  EXPECT_NE(Text.find("sectorscope: error: cannot read source file '"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("gone.cu': No such file or directory: its expectations "
                      "are not checked"),
            std::string::npos)
      << Text;
  EXPECT_EQ(Failures, 1u);
}

// The run-time meaning of the words (docs/expectations.md): `strided` and
// `uncoalesced` both hold for a stride (verdict strided) and a gather
// (verdict uncoalesced); `misaligned` needs one extra sector, which a
// coalesced load does not pay. Each site lies in its own 1 MiB region, so
// the heat of one site's range is its own.
TEST_F(ExpectationsTest, WordsAtRunTime) {
  ExpectationCheck Check;
  auto At = [](uint64_t Site, uint64_t Word) {
    return ArrB + (Site << 20) + 4 * Word;
  };
  LaunchReport R = checkLaunch(
      (Dir / "w.cu").string(),
      {{TestKernel, 5, 13},
       {TestKernel, 6, 13},
       {TestKernel, 7, 13},
       {TestKernel, 8, 13},
       {TestKernel, 9, 13},  // b[i * 8], unrolled: two sites, one column
       {TestKernel, 9, 13},  //
       {TestKernel, 9, 24},  // b[i * 2]
       {TestKernel, 10, 3},  // a[i]
       {TestKernel, 13, 40}, // put(), in test and in other
       {"_Z5otherPf", 13, 40}},
      [&](uint64_t I) {
        return std::vector<Access>{
            {0, At(0, I * 64)}, {1, At(1, (I * 2654435761u) % 65521)},
            {2, At(2, I + 1)},  {3, At(3, I)},
            {4, At(4, I * 8)},  {5, At(5, I * 8)},
            {6, At(6, I * 2)},  {7, At(7, I)},
            {8, At(8, I * 32)}};
      },
      Check);
  // The verdicts the words are held against: a stride and a gather.
  ASSERT_GE(R.Sites.size(), 2u);
  EXPECT_EQ(R.Sites[0].Patterns.at(0).Name, "strided");
  EXPECT_EQ(R.Sites[1].Patterns.at(0).Name, "uncoalesced");
  unsigned Failures = 0;
  std::vector<std::string> Lines = linesOf(Check.render(Failures));
  ASSERT_EQ(Lines.size(), 4u) << Check.render(Failures);
  EXPECT_EQ(Lines[0], "w.cu:8:13: error: expected misaligned, measured 4.0 "
                      "sectors/request (coalesced)");
  // One error per location and expectation: the two unrolled copies measure
  // the same and are named once; the other site's numbers follow.
  EXPECT_EQ(Lines[1], "w.cu:9:13: error: expected hot-spot, measured 32.0 "
                      "sectors/request (strided); 8.0 sectors/request "
                      "(strided)");
  // put()'s line has sites in two kernels: the error names the one measured.
  EXPECT_EQ(Lines[2], "w.cu:13:40: error: expected coalesced, measured 32.0 "
                      "sectors/request (strided) in kernel 'test'");
  EXPECT_EQ(Lines[3],
            "sectorscope: 3 expectation errors (SECTORSCOPE_EXPECT=1)");
  EXPECT_EQ(Failures, 3u);
}

/// One site as a launch report holds it: where, in which kernel, and what
/// was measured there.
struct Measured {
  const char *File, *Kernel;
  unsigned Line, Col;
  double Spr;
  std::vector<const char *> Patterns;
};

/// The launches of `Sites`, one per kernel in order of appearance, checked
/// against the comments of examples/ as they are.
std::string checkExamples(const std::vector<Measured> &Sites,
                          unsigned &Failures) {
  ExpectationCheck Check;
  std::vector<std::string> Kernels;
  for (const Measured &M : Sites)
    if (std::find(Kernels.begin(), Kernels.end(), M.Kernel) == Kernels.end())
      Kernels.push_back(M.Kernel);
  for (const std::string &K : Kernels) {
    LaunchReport R;
    R.Info = launchInfo(Mode::Heatmap, Dim{1}, Dim{256});
    R.Info.Mangled = R.Info.Kernel = K;
    for (const Measured &M : Sites) {
      if (M.Kernel != K)
        continue;
      SiteResult S;
      S.S.Kernel = K;
      S.S.Space = SS_SPACE_GLOBAL;
      S.S.Line = M.Line, S.S.Column = M.Col;
      S.S.File = std::string(SECTORSCOPE_EXAMPLES_DIR) + "/" + M.File;
      S.C.requests = 1;
      S.Spr = M.Spr;
      for (const char *P : M.Patterns)
        S.Patterns.push_back({P, {}});
      R.Sites.push_back(S);
    }
    Check.check(R, nullptr, "default");
  }
  return Check.render(Failures);
}

// The sites of the examples whose comments the H100 run of every example
// with SECTORSCOPE_EXPECT=1 found wrong, with the numbers and verdicts it
// measured there: the comments as they are accept them.
TEST(ExpectationsOfExamples, AcceptWhatTheGpuMeasured) {
  std::vector<Measured> Sites = {
      {"gemm_mapping.cu",
       "gemm_col_walk",
       58,
       15,
       1.0,
       {"coalesced", "false_sharing"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 106, 18, 32.0, {"uncoalesced"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 106, 18, 32.0, {"uncoalesced"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 107, 19, 32.0, {"uncoalesced"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 108, 13, 32.0, {"uncoalesced"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 109, 22, 32.0, {"uncoalesced"}},
      {"lbm_d3q19.cu", "lbm_d3q19_step", 155, 11, 4.0, {"coalesced"}},
      {"lbm_d3q19.cu", "lbm_d3q19_step", 158, 11, 4.0, {"coalesced"}},
      {"spmv_csr.cu", "spmv_csr_scalar", 51, 13, 13.5, {"strided"}},
      {"spmv_csr.cu", "spmv_csr_scalar", 51, 13, 8.8, {"strided"}},
      {"spmv_csr.cu", "spmv_csr_scalar", 52, 15, 13.5, {"strided"}},
      {"spmv_csr.cu", "spmv_csr_vector", 69, 13, 2.2, {}},
      {"spmv_csr.cu", "spmv_csr_vector", 70, 15, 2.2, {}},
      {"spmv_csr.cu", "spmv_csr_vector", 71, 16, 9.2, {"uncoalesced"}},
      {"warp_broadcast_smem.cu",
       "row_affine_smem_broadcast",
       42,
       16,
       1.0,
       {"coalesced", "false_sharing"}},
      {"warp_broadcast_smem.cu",
       "row_affine_shfl_broadcast",
       59,
       7,
       1.0,
       {"coalesced", "false_sharing"}}};
  unsigned Failures = 0;
  std::string Text = checkExamples(Sites, Failures);
  EXPECT_EQ(Failures, 0u) << Text;
  // What the comments still catch on the same lines: a stride where a
  // broadcast was, an aligned ghost copy, a gather turned into a stride.
  std::vector<Measured> Regressions = {
      {"gemm_mapping.cu", "gemm_col_walk", 58, 15, 8.0, {"strided"}},
      {"lbm_d3q19.cu", "lbm_fill_ghosts_x", 106, 18, 4.0, {"coalesced"}},
      {"lbm_d3q19.cu", "lbm_d3q19_step", 155, 11, 8.0, {"strided"}},
      {"spmv_csr.cu", "spmv_csr_vector", 69, 13, 4.0, {"strided"}}};
  Text = checkExamples(Regressions, Failures);
  EXPECT_EQ(Failures, 5u) << Text;
}

} // namespace
} // namespace sectorscope::rt::test
