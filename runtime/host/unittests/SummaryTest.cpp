//===- SummaryTest.cpp - The end-of-run summary ---------------------------===//
#include "TestLaunches.h"

#include "Summary.h"

#include <thread>

namespace sectorscope::rt::test {
namespace {

// Three launches with the same findings print each finding once, like a
// compiler diagnostic, then errors and the output directory.
TEST(Summary, FindingsOnceThenErrorsAndDirectory) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9) +
                               siteLine(1, "store", "global", 4, 13, 5));
  Summary S;
  for (int Launch = 0; Launch < 3; ++Launch) {
    FakeDevice D(testHeader(Mode::Heatmap, 2));
    Dim Grid{1}, Block{256};
    D.run(T, Grid, Block, [](Dim, Dim Th) {
      return std::vector<Access>{{0, ArrA + 256 * Th.X},
                                 {1, ArrB + 4 * (Th.X + 1)}};
    });
    LaunchReport R =
        analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
    S.add(R.Findings);
    S.countLaunch(true);
  }
  S.noteError("test(float*, float*): kernel failed: cudaErrorIllegalAddress");
  EXPECT_EQ(S.render("./sectorscope-out/"),
            "k.cu:12:9: warning: strided load in test: 32.0 sectors/request "
            "(ideal 4.0) on a (cudaMalloc at main.cu:20:3) [sectorscope]\n"
            "k.cu:13:5: warning: misaligned store in test: 5.0 "
            "sectors/request (ideal 4.0) on allocation 0x7f0000100000 of "
            "1048576 bytes (cudaMalloc at main.cu:21:3) [sectorscope]\n"
            "sectorscope: error: test(float*, float*): kernel failed: "
            "cudaErrorIllegalAddress\n"
            "sectorscope: 2 findings in 3 profiled launches; 3 reports in "
            "./sectorscope-out/\n");
}

// Launches from many host threads share the allocation table and the
// summary; both must come out whole: 8 threads x 1000 allocations, frees and
// findings, deduplicated across threads (10 distinct).
TEST(Summary, ManyThreadsLoseNothing) {
  AllocationTable T;
  Summary S;
  std::vector<std::thread> Ts;
  for (int I = 0; I < 8; ++I)
    Ts.emplace_back([&, I] {
      for (int K = 0; K < 1000; ++K) {
        Allocation A;
        A.Base = 0x100000ull * (I * 1000 + K + 1);
        A.Size = 256;
        T.add(A);
        S.add({{"k|f.cu:" + std::to_string(K % 10) + ":1|strided",
                "f.cu:" + std::to_string(K % 10) + ":1", "strided load"}});
        S.countLaunch(true);
        if (K % 2)
          T.remove(A.Base);
      }
    });
  for (auto &Th : Ts)
    Th.join();
  std::string R = S.render("out/");
  EXPECT_EQ(T.size(), 4000u);
  EXPECT_EQ(std::count(R.begin(), R.end(), '\n'), 11);
  EXPECT_EQ(R.substr(R.rfind("sectorscope:")),
            "sectorscope: 10 findings in 8000 profiled launches; 8000 "
            "reports in out/\n");
}

} // namespace
} // namespace sectorscope::rt::test
