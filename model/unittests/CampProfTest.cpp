//===- CampProfTest.cpp - CampProf's regression and its floor -------------===//
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/CampProfModel.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

using namespace sectorscope::model;

namespace {

TEST(CampProf, FitRecoversCoefficients) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  // t = beta + a1*w + b_k, 8-byte baseline, as in CampProf's equation 1.
  const double Beta = 0.02, A1 = 0.003, B2 = 0.01, B4 = 0.004;
  const double U = 65536;
  for (int Width : {2, 4, 8})
    for (int W : {1, 2, 4, 8, 16, 32}) {
      double T = Beta + A1 * W + (Width == 2 ? B2 : Width == 4 ? B4 : 0);
      double Bytes = W * 100.0 * U * 3;
      D.Rows.push_back(volumeRow("campprof", Op::Read, false, Width, W, Bytes,
                                 T * Bytes / (U * W * 100)));
    }
  CampProfModel M = CampProfModel::fit(D, U);
  EXPECT_EQ(M.Classes.size(), 1);
  const CampProfClass &C = M.Classes[0];
  EXPECT_REL_NEAR(C.Intercept, Beta, 1e-9);
  EXPECT_REL_NEAR(C.PerWarp, A1, 1e-9);
  EXPECT_REL_NEAR(C.WidthCoef.at(2), B2, 1e-9);
  EXPECT_REL_NEAR(C.WidthCoef.at(4), B4, 1e-9);
  EXPECT_EQ(C.BaselineWidth, 8);
  EXPECT_REL_NEAR(C.R2, 1, 1e-12);
  // Unit time for a width the benchmark lacks: nearest (16 -> 8).
  EXPECT_REL_NEAR(C.unitTime(16, 4), Beta + A1 * 4, 1e-9);
  // The floor: never below the fastest measurement of that width (w = 1).
  EXPECT_REL_NEAR(C.MinResponse.at(8), Beta + A1, 1e-9);
  CampProfClass Dip = C;
  Dip.Intercept = -1; // a line that dips below 0 at low occupancy
  bool Floored = false;
  EXPECT_REL_NEAR(Dip.unitTime(8, 1, &Floored), Beta + A1, 1e-9);
  EXPECT_TRUE(Floored);
  EXPECT_LT(Dip.linearTime(8, 1), 0);
}

} // namespace
