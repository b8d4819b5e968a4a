//===- StreamStepsTest.cpp - Loads in flight from separate streams --------===//
#include "sectorscope/model/StreamSteps.h"
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::model;

namespace {

/// A `streams` row: Mlp loads per trip from Streams streams at W warps/SM,
/// moving Rate bytes per ms.
BenchRow streamsRow(double Mlp, double Streams, double W, double Rate) {
  BenchRow R = volumeRow("streams", Op::Read, false, 4, W, 1e9, 1e9 / Rate);
  R.Mlp = Mlp;
  R.N = Streams;
  return R;
}

/// Both layouts of every chain: separate streams Slowdown[M] times slower
/// where the side-by-side rate grows with the warps (round trips), the
/// same where it has reached the peak (bandwidth).
BenchData streamsBench(const std::map<int, double> &Slowdown) {
  BenchData D;
  D.File = "mb.json";
  D.Gpu = testGpu();
  for (auto [M, F] : Slowdown)
    for (double W : {1, 2, 4, 8, 16, 32, 64}) {
      double Side = std::min(100.0 * W * M, 4000.0);
      D.Rows.push_back(streamsRow(M, 1, W, Side));
      D.Rows.push_back(streamsRow(M, M, W, Side < 2000 ? Side / F : Side));
    }
  return D;
}

TEST(StreamSteps, FactorsFromTheRoundTripBoundChains) {
  BenchData D = streamsBench({{2, 1.1}, {4, 1.2}, {8, 1.3}});
  // A row of another layout and one without its twin change nothing.
  D.Rows.push_back(streamsRow(8, 2, 4, 10));
  D.Rows.push_back(streamsRow(4, 4, 3, 10));
  StreamSteps S = fitStreamSteps(D);
  ASSERT_EQ(S.Factors.size(), 3u);
  EXPECT_REL_NEAR(S.factor(2), 1.1, 1e-9);
  EXPECT_REL_NEAR(S.factor(4), 1.2, 1e-9);
  EXPECT_REL_NEAR(S.factor(8), 1.3, 1e-9);
  // Chains below half the best rate (4000): mlp 2 at 1..8 warps, mlp 4 at
  // 1..4, mlp 8 at 1 and 2.
  EXPECT_EQ(S.Rows, 4u + 3u + 2u);
  EXPECT_EQ(S.factor(1), 1);
  EXPECT_REL_NEAR(S.factor(std::sqrt(2.0)), 1.05, 1e-9);
  EXPECT_REL_NEAR(S.factor(3), 1.1 + 0.1 * std::log2(1.5), 1e-9);
  EXPECT_REL_NEAR(S.factor(32), 1.3, 1e-9);
  // A faster separate layout is noise: no gain.
  EXPECT_EQ(fitStreamSteps(streamsBench({{2, 0.9}})).factor(2), 1);
  EXPECT_FALSE(fitStreamSteps(BenchData()).known());
  EXPECT_EQ(StreamSteps().factor(8), 1);
}

TEST(StreamSteps, RoundTripOfLoadsFromSeparateAllocations) {
  // Two loads in flight together (one basic block: mlp 2, the same
  // requests), first from two allocations, then both from one.
  Json J = oneLoadLaunch(1000, 4, 8, 32, 1e9, 32);
  Json Second = J["sites"][0];
  J["sites"][0]["mlp"] = 2;
  Second["mlp"] = 2;
  Second["object"] = {{"id", 1}};
  J["sites"].push_back(Second);
  Json Obj = J["objects"][0];
  Obj["id"] = 1;
  J["objects"].push_back(Obj);
  Traffic Two = trafficFromProfile(parseProfile(J, "p.json"));
  J["sites"][1]["object"] = {{"id", 0}};
  Traffic One = trafficFromProfile(parseProfile(J, "p.json"));
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  M.BlockMs = 0;
  M.DependentMsPerSlot = 0;
  double Side = M.curve(One, false, nullptr).LatMsWarps;
  EXPECT_GT(Side, 0);
  EXPECT_REL_NEAR(M.curve(Two, false, nullptr).LatMsWarps, Side, 1e-12);
  M.Streams.Factors = {{2, 1.25}, {8, 1.5}};
  EXPECT_REL_NEAR(M.curve(One, false, nullptr).LatMsWarps, Side, 1e-12);
  EXPECT_REL_NEAR(M.curve(Two, false, nullptr).LatMsWarps, 1.25 * Side, 1e-12);
  // The switch turns it off.
  const TermSwitch *Off = findTermSwitch("streams");
  ASSERT_NE(Off, nullptr);
  EXPECT_TRUE(Off->Fitted(M));
  Off->Drop(M);
  EXPECT_FALSE(Off->Fitted(M));
  EXPECT_REL_NEAR(M.curve(Two, false, nullptr).LatMsWarps, Side, 1e-12);
}

TEST(StreamSteps, CalibrationJsonRoundTrip) {
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  M.Streams.Factors = {{2, 1.13}, {8, 1.17}};
  M.Streams.Rows = 22;
  BandwidthModel Back = BandwidthModel::fromJson(M.toJson(), Ctx("c.json"));
  EXPECT_EQ(Back.Streams.Factors, M.Streams.Factors);
  EXPECT_EQ(Back.Streams.Rows, 22u);
  Json J = M.toJson();
  J["stream_step_factors"] = Json::array({{2, 0.9}});
  EXPECT_MODEL_ERROR(BandwidthModel::fromJson(J, Ctx("c.json")),
                     "c.json: stream_step_factors[0]: expected [streams, "
                     "factor] pairs");
}

} // namespace
