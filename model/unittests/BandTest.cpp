//===- BandTest.cpp - Best/worst bands and the application line -----------===//
#include "sectorscope/model/Band.h"
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Validate.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace sectorscope::model;

namespace {

TEST(Band, KernelCurveThroughOnePoint) {
  KernelCurve K;
  K.LaunchMs = 0.004;
  K.P = 3;
  K.BwMs = 0.5;
  K.LatMsWarps = 20;
  K.GridWarpsPerSm = 1000;
  // A kernel whose latency term is twice the model's (half the mlp).
  KernelCurve Truth = K;
  Truth.LatScale = 2;
  KernelCurve Fit = K.throughPoint(8, Truth.at(8));
  EXPECT_REL_NEAR(Fit.LatScale, 2, 1e-9);
  for (double W : {1.0, 4.0, 16.0, 64.0})
    EXPECT_REL_NEAR(Fit.at(W), Truth.at(W), 1e-9);
  // Below the bandwidth floor: both terms scale (reuse the traffic missed).
  KernelCurve Low = K.throughPoint(64, 0.204);
  EXPECT_REL_NEAR(Low.at(64), 0.204, 1e-9);
  EXPECT_TRUE(Low.BwScale < 1 && Low.BwScale == Low.LatScale);
  // Faster than the launch: flat, never negative.
  KernelCurve Flat = K.throughPoint(8, 0.001);
  EXPECT_REL_NEAR(Flat.at(1), 0.001, 1e-15);
  // A grid with fewer warps than the occupancy: the latency term stops
  // shrinking at the grid's warps per SM.
  K.GridWarpsPerSm = 4;
  EXPECT_REL_NEAR(K.at(64), K.at(4), 1e-15);
}

TEST(Band, MemoryScopeRule) {
  EXPECT_FALSE(outsideMemoryScope(1, 2, 2.9, 3));
  EXPECT_TRUE(outsideMemoryScope(1, 2, 3.1, 3));
  // Inside a wide band (camped classes) is in scope however far from best.
  EXPECT_FALSE(outsideMemoryScope(1, 8, 7.5, 3));
  EXPECT_TRUE(outsideMemoryScope(1, 8, 8.5, 3));
  EXPECT_NE(scopeRule(3).find("max(3 x best, worst)"), std::string::npos);
}

TEST(Band, Arithmetic) {
  EXPECT_REL_NEAR(campingDegree(1, 3, 1), 0, 1e-15);
  EXPECT_REL_NEAR(campingDegree(1, 3, 3), 1, 1e-15);
  EXPECT_REL_NEAR(campingDegree(1, 3, 2), 0.5, 1e-15);
  EXPECT_REL_NEAR(campingDegree(1, 3, 0.5), -0.25, 1e-15);
  EXPECT_REL_NEAR(campingDegree(1, 3, 4), 1.5, 1e-15);
  EXPECT_EQ(campingDegree(2, 2, 3), 0); // no band: no degree
  // Inside the band: the same fraction of the band elsewhere.
  EXPECT_REL_NEAR(extrapolateApp(1, 3, 2, 10, 20), 15, 1e-12);
  EXPECT_REL_NEAR(extrapolateApp(1, 3, 2.5, 10, 30), 25, 1e-12);
  // At the measured point it returns the measurement.
  EXPECT_REL_NEAR(extrapolateApp(1, 3, 2.2, 1, 3), 2.2, 1e-12);
  // Below best / above worst: proportional to that line.
  EXPECT_REL_NEAR(extrapolateApp(2, 4, 1, 10, 20), 5, 1e-12);
  EXPECT_REL_NEAR(extrapolateApp(2, 4, 8, 10, 20), 40, 1e-12);
  EXPECT_REL_NEAR(extrapolateApp(2, 2, 3, 4, 4), 6, 1e-12);
  EXPECT_EQ(placement(0.1, true).find("near best"), 0);
  EXPECT_EQ(placement(0.5, true).find("between"), 0);
  EXPECT_EQ(placement(0.9, true).find("near worst"), 0);
  EXPECT_EQ(placement(-0.1, true).find("below best"), 0);
  EXPECT_EQ(placement(1.2, true).find("above worst"), 0);
  EXPECT_REL_NEAR(geomeanError({0.1, 0.4}), 0.2, 1e-12);
  EXPECT_REL_NEAR(geomeanError({0.0, 0.01}), 0.001, 1e-12); // 0 counts as 1e-4
}

TEST(Band, FromProfile) {
  Calibration C = testCalibration();
  Profile P = testProfile();
  BandOptions O;
  O.MaxWarps = 64;
  double Bytes = 88 * 32 * 200.0;
  // Steps: 1600 load requests (mlp 1), 1600 store and 1600 atomic requests;
  // the grid has 200 x 8 / 100 = 16 warps per SM, so 32 warps/SM act as 16.
  double Lat = 4800 * 8e-9 * 128 / 100 / 16;
  double Best = 0.01 + Bytes * 1e-9 + Lat;
  double Worst = 0.01 + Bytes * 4e-9 + Lat;
  double Measured = Best + 0.3 * (Worst - Best);
  P.TimeMs = Measured;
  BandResult B = computeBand(C, P, O);
  EXPECT_REL_NEAR(B.BestMs, Best, 1e-12);
  EXPECT_REL_NEAR(B.WorstMs, Worst, 1e-12);
  EXPECT_EQ(B.Points.size(), 64);
  EXPECT_REL_NEAR(*B.Degree, 0.3, 1e-9);
  // The application line passes through the measurement.
  EXPECT_REL_NEAR(*B.Points[31].App, Measured, 1e-12);
  // The bandwidth model's application line is its own curve through the
  // measurement: never negative, never slower with more warps.
  for (size_t I = 0; I < B.Points.size(); ++I) {
    const BandPoint &Pt = B.Points[I];
    EXPECT_LE(Pt.Best, Pt.Worst);
    EXPECT_GT(*Pt.App, 0);
    if (I) {
      EXPECT_LE(*Pt.App, *B.Points[I - 1].App + 1e-15);
    }
  }
  EXPECT_TRUE(B.InScope && *B.InScope);
  // CampProf's proportional line keeps the degree at every occupancy.
  EXPECT_REL_NEAR(campingDegree(2, 6, extrapolateApp(1, 3, 1.6, 2, 6)), 0.3,
                  1e-12);
  BandResult Far = [&] {
    Profile Q = P;
    Q.TimeMs = 10 * Worst;
    return computeBand(C, Q, O);
  }();
  EXPECT_TRUE(Far.InScope && !*Far.InScope);
  // More warps never slow a saturating-bandwidth kernel down.
  EXPECT_GT(B.Points[0].Best, B.Points[63].Best);
  // Occupancy estimated from the launch shape when the profile lacks it:
  // 8 warps/block, 64/8 = 8 blocks/SM, but 200 blocks / 100 SMs = 2.
  P.ActiveWarps.reset();
  std::string Src;
  EXPECT_REL_NEAR(occupancyFor(P, C, std::nullopt, &Src), 16, 1e-12);
  EXPECT_MODEL_ERROR(occupancyFor(P, C, 65.0, &Src), "impossible occupancy");
  // An occupancy given (or the profile's, what an SM can hold) is capped by
  // the grid: 200 blocks of 8 warps on 100 SMs are 16 warps on each.
  EXPECT_REL_NEAR(occupancyFor(P, C, 32.0, &Src), 16, 1e-12);
  EXPECT_NE(Src.find("capped by the grid"), std::string::npos);
  EXPECT_REL_NEAR(occupancyFor(P, C, 8.0, &Src), 8, 1e-12);
  EXPECT_EQ(Src, "--warps");
  // 100 KB of shared memory per block: 2 blocks of 8 warps fit per SM, so
  // the application line stops at 16 warps/SM (CampProf's GEM stopped at
  // 16 too), unless the measurement itself sits higher.
  EXPECT_REL_NEAR(maxOccupancyFor(P, C), 64, 1e-12);
  P.SharedBytes = 100000;
  EXPECT_REL_NEAR(maxOccupancyFor(P, C), 16, 1e-12);
  EXPECT_REL_NEAR(occupancyFor(P, C, std::nullopt, &Src), 16, 1e-12);
  P.ActiveWarps = 8;
  BandResult Small = computeBand(C, P, O);
  EXPECT_EQ(Small.AppMaxWarps, 16);
  EXPECT_TRUE(Small.Points[15].App.has_value());
  EXPECT_FALSE(Small.Points[16].App.has_value());
}

TEST(KernelCurve, LastPartialWaveTakesAWholeWavesLatency) {
  // 100 SMs, blocks of 8 warps, 32 warps (4 blocks) an SM: 600 blocks are
  // 1.5 waves, 800 two.
  KernelCurve K;
  K.P = 2;
  K.WarpsPerBlock = 8;
  K.Sms = 100;
  K.Blocks = 600;
  K.GridWarpsPerSm = 600 * 8 / 100.0;
  EXPECT_REL_NEAR(K.waves(32), 1.5, 1e-12);
  EXPECT_REL_NEAR(K.waves(35), 1.5, 1e-12); // 4 blocks still
  // Latency-bound: two waves' round trips, 4/3 of the grid's share.
  K.BwMs = 1e-12;
  K.LatMsWarps = 64;
  EXPECT_REL_NEAR(K.at(32), 2.0 * 4 / 3, 1e-9);
  // Bandwidth-bound: the bytes alone, whatever the waves.
  K.BwMs = 10;
  K.LatMsWarps = 1e-9;
  EXPECT_REL_NEAR(K.at(32), 10, 1e-9);
  // Whole waves and grids under one wave: the plain smooth maximum.
  K.LatMsWarps = 64;
  K.Blocks = 800;
  K.GridWarpsPerSm = 64;
  EXPECT_REL_NEAR(K.at(32), std::hypot(10.0, 2.0), 1e-12);
  K.Blocks = 200;
  K.GridWarpsPerSm = 16;
  EXPECT_REL_NEAR(K.at(32), std::hypot(10.0, 64.0 / 16), 1e-12);
  // The application line through a point passes through it.
  K.Blocks = 600;
  K.GridWarpsPerSm = 48;
  K.BwMs = 1;
  KernelCurve App = K.throughPoint(32, 5);
  EXPECT_REL_NEAR(App.at(32), 5, 1e-9);
  EXPECT_LT(App.LatScale, K.throughPoint(32, 6).LatScale);
  // Below the bandwidth floor both terms scale.
  App = K.throughPoint(32, 0.5);
  EXPECT_REL_NEAR(App.at(32), 0.5, 1e-9);
}

} // namespace
