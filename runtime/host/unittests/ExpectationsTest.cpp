//===- ExpectationsTest.cpp - SECTORSCOPE_EXPECT against measured sites --===//
//
// One heat-map launch of five sites on the lines of Inputs/expect-kernel.cu,
// written by the fake device, analyzed and checked against the file's
// comments: one compiler-style error per violation; what heat-map mode does
// not measure (camping) and terms under another partition model are not
// checked; a line whose kernel never ran is counted, not failed.
//
//===----------------------------------------------------------------------===//
#include "Expectations.h"
#include "TestLaunches.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace sectorscope::rt::test {
namespace {

namespace fs = std::filesystem;

/// A copy of Inputs/expect-kernel.cu as k.cu in a fresh directory, which is
/// the working directory while the test runs (errors name files relative
/// to it, as compilers do).
class ExpectationsTest : public ::testing::Test {
protected:
  void SetUp() override {
    Previous = fs::current_path();
    Dir = fs::temp_directory_path() /
          ("sectorscope-expect-" + std::to_string(::getpid()));
    fs::remove_all(Dir);
    fs::create_directories(Dir);
    fs::copy_file(fs::path(SECTORSCOPE_TEST_INPUTS_DIR) / "expect-kernel.cu",
                  Dir / "k.cu");
    fs::current_path(Dir);
  }
  void TearDown() override {
    fs::current_path(Previous);
    fs::remove_all(Dir);
  }

  /// The checked launch of the sites on the lines of `File` (absolute).
  void checkLaunchOf(const std::string &File, ExpectationCheck &Check) {
    // Line and column of sites 0-5; other()'s site 5 is never run.
    struct {
      const char *Kern;
      unsigned Line, Col;
    } Places[] = {{TestKernel, 5, 13}, {TestKernel, 6, 13},
                  {TestKernel, 7, 13}, {TestKernel, 8, 13},
                  {TestKernel, 9, 13}, {"_Z5otherPf", 16, 18}};
    std::string Text;
    for (unsigned Id = 0; Id < 6; ++Id)
      Text += "S\t" + std::to_string(Id) + "\t" + Places[Id].Kern +
              "\tload\tglobal\t4\t" + std::to_string(Places[Id].Line) + "\t" +
              std::to_string(Places[Id].Col) + "\t1\ttest(float*, float*)\t" +
              File + "\n";
    SiteTable T = parseTestTable(Text);
    FakeDevice D(testHeader(Mode::Heatmap, 6));
    D.run(T, Dim{1}, Dim{256}, [](Dim, Dim Th) {
      uint64_t I = Th.X;
      return std::vector<Access>{{0, ArrA + 4 * I},
                                 {1, ArrA + 4 * (I * 64)},
                                 {2, ArrA + 4 * (I * 64 + 1)},
                                 {3, ArrA + 4 * (I + 1)},
                                 {4, ArrA + 4 * (I + 2)}};
    });
    LaunchReport R = analyze(D, launchInfo(Mode::Heatmap, Dim{1}, Dim{256}), T,
                             AllocationSnapshot());
    Check.check(R, &T, "default");
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
  EXPECT_NE(Text.find("sectorscope: error: cannot read '"), std::string::npos)
      << Text;
  EXPECT_NE(Text.find("gone.cu': its expectations are not checked"),
            std::string::npos)
      << Text;
  EXPECT_EQ(Failures, 1u);
}

} // namespace
} // namespace sectorscope::rt::test
