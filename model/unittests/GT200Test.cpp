//===- GT200Test.cpp - The GT200 paper's T = l + T_R + T_W model ----------===//
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/GT200Model.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace sectorscope::model;

namespace {

TEST(GT200, FitRecoversCostsAndScale) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double L0 = 0.002, CR = 3e-4, CL = 2e-4, CW = 5e-4, CM = 4e-4;
  auto Add = [&](const char *Op, int N, int L, int M, int K, double Scale) {
    BenchRow R;
    R.Experiment = "gt200";
    R.OpText = Op;
    R.WordBytes = 4;
    R.Warps = K;
    R.N = N;
    R.L = L;
    R.M = M;
    bool Rd = std::string(Op) != "write", Wr = std::string(Op) != "read";
    double Nodes = 1 << 20;
    R.BytesMoved = (Rd + Wr) * N * Nodes * 4;
    double Waves = Nodes / (K * 100.0 * 32);
    R.TimeMs =
        Waves * Scale * (L0 + Rd * (CR * N + CL * L) + Wr * (CW * N + CM * M));
    D.Rows.push_back(R);
  };
  for (int N : {2, 5, 9, 14, 19}) {
    Add("readwrite", N, 0, 0, 64, 1);
    Add("readwrite", N, N, N, 64, 1);
    Add("read", N, N / 2, 0, 64, 1);
    Add("write", N, 0, N / 3, 64, 1);
  }
  Add("readwrite", 19, 0, 0, 16, 0.2);
  GT200Model M = GT200Model::fit(D);
  EXPECT_EQ(M.RefWarps, 64);
  EXPECT_FALSE(M.Ref.CombinedWords);
  EXPECT_REL_NEAR(M.Ref.Intercept, L0, 1e-6);
  EXPECT_REL_NEAR(M.Ref.ReadWord, CR, 1e-6);
  EXPECT_REL_NEAR(M.Ref.ReadMisaligned, CL, 1e-6);
  EXPECT_REL_NEAR(M.Ref.WriteWord, CW, 1e-6);
  EXPECT_REL_NEAR(M.Ref.WriteMisaligned, CM, 1e-6);
  EXPECT_REL_NEAR(M.scaleAt(16), 0.2, 1e-9);
  EXPECT_REL_NEAR(M.scaleAt(40), 0.2 + 0.8 * 24 / 48, 1e-9); // interpolated
  EXPECT_REL_NEAR(M.scaleAt(8), 0.1, 1e-9); // below range: * k / k_min

  // Only read+write rows: the two word costs merge into their sum.
  BenchData D2 = D;
  D2.Rows.erase(
      std::remove_if(D2.Rows.begin(), D2.Rows.end(),
                     [](const BenchRow &R) { return R.OpText != "readwrite"; }),
      D2.Rows.end());
  GT200Model M2 = GT200Model::fit(D2);
  EXPECT_TRUE(M2.Ref.CombinedWords);
  EXPECT_REL_NEAR(M2.Ref.ReadWord, CR + CW, 1e-6);
  EXPECT_REL_NEAR(M2.Ref.waveTime(10, 0, 10, 0), L0 + 10 * (CR + CW), 1e-6);
}

} // namespace
