//===- SharedMemoryTest.cpp - Shared-memory round trips and wavefronts ----===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/SharedRows.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

using namespace sectorscope::model;

namespace {

constexpr double Wavefront = 5e-7, Step = 2e-5;

/// A `shared` row: Mlp loads of D wavefronts each per trip, N trips, W
/// warps/SM in 64-thread blocks (one wave on the 100-SM test GPU), timed by
/// the model's form: the SM's wavefronts beside the warps' round trips,
/// each a step plus the group's wavefronts after its first.
BenchRow sharedRow(int Mlp, int D, int W) {
  BenchRow R = volumeRow("shared", Op::Read, false, 4, W, 0, 0);
  R.N = 1024;
  R.M = D;
  R.Mlp = Mlp;
  R.Threads = 64;
  R.Blocks = 100 * W / 2;
  double Warps = *R.Blocks * 2;
  double Thr = Warps * 1024 * Mlp * D / 100 * Wavefront;
  double Lat = Warps * 1024 * (Step + (Mlp * D - 1) * Wavefront) / 100;
  R.TimeMs = smoothMax(Thr, Lat / W, 2);
  return R;
}

BandwidthModel fitWithSharedRows() {
  BenchData D = pureStreamBench(1e-6 / 4000, 4e-4, 5e-6);
  for (int Mlp : {1, 2, 4, 8})
    for (int Conflicts : {1, 4, 8})
      for (int W : {2, 4, 8, 16, 32, 64})
        D.Rows.push_back(sharedRow(Mlp, Conflicts, W));
  return BandwidthModel::fit(D, {"campprof"});
}

TEST(SharedMemory, CostsFromSharedRows) {
  BandwidthModel M = fitWithSharedRows();
  EXPECT_EQ(M.SharedRows, 72);
  EXPECT_REL_NEAR(M.SharedMsPerWavefront, Wavefront, 0.02);
  EXPECT_REL_NEAR(M.SharedMsPerStep, Step, 0.02);
  EXPECT_LT(M.SharedGeomeanRelErr, 0.01);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.SharedMsPerStep, M.SharedMsPerStep, 1e-12);
  EXPECT_REL_NEAR(R.SharedMsPerWavefront, M.SharedMsPerWavefront, 1e-12);
  EXPECT_EQ(R.SharedRows, 72);
  // Without shared rows shared memory costs nothing of its own.
  BandwidthModel None = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  EXPECT_TRUE(None.SharedMsPerStep == 0 &&
              !None.toJson().contains("shared_rows"));
}

/// A launch of 1000 blocks of 256 threads whose sampled block runs 64
/// shared loads of full words (4 sectors each) in groups of Mlp, and 64
/// shared stores; AbiVersion 0 leaves the field out.
Json sharedLaunch(int Mlp, int AbiVersion) {
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [{"op": "load", "space": "shared", "width": 4, "requests": 64,
               "sectors": 256},
              {"op": "store", "space": "shared", "width": 4, "requests": 64,
               "sectors": 256}], "objects": []})");
  J["sites"][0]["mlp"] = Mlp;
  if (AbiVersion)
    J["abi_version"] = AbiVersion;
  return J;
}

TEST(SharedMemory, RoundTripsGroupedByTheirLoadsInFlight) {
  Traffic T = trafficFromProfile(parseProfile(sharedLaunch(4, 23), "s.json"));
  EXPECT_TRUE(T.SharedStepsKnown);
  EXPECT_DOUBLE_EQ(T.SharedWavefronts, 1000 * 128.0);
  EXPECT_DOUBLE_EQ(T.SharedLoadWavefronts, 1000 * 64.0);
  EXPECT_DOUBLE_EQ(T.SharedLoadSteps, 1000 * 16.0);
  // A request of 32 lanes of 8 bytes is two wavefronts.
  Json Wide = sharedLaunch(4, 23);
  Wide["sites"][0]["width"] = 8;
  Wide["sites"][0]["sectors"] = 512;
  EXPECT_DOUBLE_EQ(
      trafficFromProfile(parseProfile(Wide, "w.json")).SharedLoadWavefronts,
      1000 * 128.0);
  // Lanes scattered over 32 sectors (a histogram's bins) still ask for 32
  // words: one wavefront.
  Json Scattered = sharedLaunch(4, 23);
  Scattered["sites"][0]["sectors"] = 64 * 32;
  EXPECT_DOUBLE_EQ(trafficFromProfile(parseProfile(Scattered, "x.json"))
                       .SharedLoadWavefronts,
                   1000 * 64.0);
  // Before ABI v23 every shared load said mlp 1: its round trips are not
  // charged, its wavefronts are.
  Traffic Old =
      trafficFromProfile(parseProfile(sharedLaunch(1, 0), "old.json"));
  EXPECT_FALSE(Old.SharedStepsKnown);

  BandwidthModel M = fitWithSharedRows();
  const double W = 8;
  double Serial = M.kernelTime(
      trafficFromProfile(parseProfile(sharedLaunch(1, 23), "a.json")), false, W,
      nullptr);
  double Grouped = M.kernelTime(T, false, W, nullptr);
  double Unknown = M.kernelTime(Old, false, W, nullptr);
  EXPECT_GT(Serial, 1.5 * Grouped);
  EXPECT_GT(Grouped, Unknown);
  // The switch drops both costs.
  BandwidthModel Off = M;
  findTermSwitch("shared")->Drop(Off);
  EXPECT_LT(Off.kernelTime(T, false, W, nullptr), Unknown);
  EXPECT_FALSE(findTermSwitch("shared")->Fitted(Off));
}

TEST(SharedMemory, RowErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "shared", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "blocks": 528, "threads": 64,
       "bytes_moved": 1e9, "best_ms": 1.0, "N": 4096, "M": 4, "mlp": 2}]})");
  BenchData D = parseBenchData(J, "sh.json");
  EXPECT_TRUE(D.Rows.size() == 1 && usableSharedRow(D.Rows[0]));
  J["rows"][0]["M"] = 64;
  EXPECT_MODEL_ERROR(parseBenchData(J, "sh.json"),
                     "sh.json: rows[0].M: expected 1..32 wavefronts");
  J["rows"][0]["M"] = 4;
  J["rows"][0].erase("mlp");
  EXPECT_MODEL_ERROR(parseBenchData(J, "sh.json"),
                     "sh.json: rows[0].mlp: expected loads in flight");
}

} // namespace
