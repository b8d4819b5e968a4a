//===- LaunchTest.cpp - Launch and store drain from small grids -----------===//
//
// The `small` group's empty kernels measure the launch; its chains that end
// in a store measure the drain of a kernel's last stores.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/SmallGridRows.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace sectorscope::model;

namespace {

/// A `small` row: Blocks blocks of 256 threads, Trips dependent one-load
/// trips per thread (4-byte words: 4 sectors per request).
BenchRow smallRow(int Blocks, int Trips, double Ms) {
  BenchRow R = volumeRow("small", Op::Read, false, 4, 8, 0, Ms);
  R.N = Trips;
  R.Blocks = Blocks;
  R.Threads = 256;
  R.BytesMoved = Blocks * 8.0 * Trips * 128;
  R.Mlp = 1;
  return R;
}

TEST(Launch, FromSmallGridEmptyKernels) {
  // Streams and small-grid chains generated with a launch of 3.5 us (off the
  // fit's launch grid): the empty kernels give the launch exactly (their
  // median), the chains are predicted as kernels (held out), and without
  // the small rows the grid search cannot land on 3.5 us.
  const double Launch = 0.0035, A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6;
  BenchData D;
  D.File = "small.json";
  D.Gpu = testGpu();
  for (Op O : {Op::Read, Op::Write})
    for (int W : {1, 2, 4, 8, 16, 32, 64})
      D.Rows.push_back(
          volumeRow("campprof", O, false, 4, W, 1 << 28,
                    littleTime(Launch, 2, A, O == Op::Read ? L : Ls, 1 << 28, 4,
                               8, O, W, 100)));
  for (double T : {0.0034, 0.0035, 0.0037})
    D.Rows.push_back(smallRow(1, 0, T));
  for (int Blocks : {1, 8})
    for (int Trips : {1, 4, 16}) {
      double Bytes = Blocks * 8.0 * Trips * 128;
      D.Rows.push_back(
          smallRow(Blocks, Trips, Launch + smoothMax(Bytes * A, Trips * L, 2)));
    }
  BandwidthModel M = BandwidthModel::fit(D, {"campprof", "small"});
  EXPECT_REL_NEAR(M.LaunchMs, Launch, 1e-12);
  EXPECT_EQ(M.LaunchFrom.find("small"), 0);
  EXPECT_REL_NEAR(M.P, 2, 1e-12);
  EXPECT_EQ(M.SmallRows, 6);
  EXPECT_LT(M.SmallGeomeanRelErr, 1e-3);
  Json J = M.toJson();
  EXPECT_TRUE(J["small_rows"] == 6 && J["launch_from"] == M.LaunchFrom);
  BandwidthModel R = BandwidthModel::fromJson(J, Ctx("rt.json"));
  EXPECT_TRUE(R.LaunchFrom == M.LaunchFrom && R.SmallRows == 6);
  BandwidthModel G = BandwidthModel::fit(D, {"campprof"});
  EXPECT_TRUE(G.LaunchFrom == "fit" && G.SmallRows == 0);
  EXPECT_GT(std::abs(G.LaunchMs - Launch), 1e-5);
  EXPECT_FALSE(G.toJson().contains("small_rows"));
}

TEST(Launch, FromEmptyKernelsLessOneBlockStep) {
  // An empty kernel is a launch plus one block step of each warp: with
  // block rows (cost 0.6 us per block step) and empty kernels timed at
  // 1 us + 0.6 us, the launch comes out 1 us, not 1.6.
  const double A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6, Blk = 6e-4;
  BenchData D = pureStreamBench(A, L, Ls);
  addBlockRows(D, A, L, Ls, Blk);
  D.Rows.push_back(smallRow(1, 0, 0.001 + Blk));
  BandwidthModel M = BandwidthModel::fit(D, {"campprof", "small"});
  EXPECT_REL_NEAR(M.BlockMs, Blk, 0.02);
  EXPECT_REL_NEAR(M.LaunchMs, 0.001, 0.02);
  EXPECT_NE(M.LaunchFrom.find("less one block step"), std::string::npos);
  BandwidthModel Given = BandwidthModel::fit(D, {"campprof", "small"}, 0.002);
  EXPECT_TRUE(Given.LaunchMs == 0.002 && Given.LaunchFrom == "given");
}

TEST(Launch, StoreDrainFromSmallChainsThatEndInAStore) {
  // Chains that end in a store against their twins without: the median
  // difference per store kind is the drain, charged once per kernel that
  // stores (partial sectors: the partial figure), beside the launch.
  BenchData D;
  D.File = "drain.json";
  D.Gpu = testGpu();
  for (int Blocks : {1, 8, 100})
    for (int Trips : {0, 1, 4}) {
      double T = 0.003 + Trips * 4e-4 + Blocks * 1e-6;
      D.Rows.push_back(smallRow(Blocks, Trips, T));
      for (int Stride : {1, 32}) {
        BenchRow S = smallRow(Blocks, Trips,
                              T + (Stride == 1 ? 2e-4 : 6e-4) + Trips * 1e-6);
        S.Stores = 1;
        S.M = Stride;
        D.Rows.push_back(S);
      }
    }
  StoreDrain Drain = deriveStoreDrain(D);
  EXPECT_EQ(Drain.Pairs, 18);
  EXPECT_REL_NEAR(Drain.FullMs, 2e-4 + 1e-6, 1e-9);
  EXPECT_REL_NEAR(Drain.PartialMs, 6e-4 + 1e-6, 1e-9);
  // The empty kernels with a store do not count as empty kernels.
  EXPECT_REL_NEAR(*emptyKernelMs(D), 0.003 + 8e-6, 1e-9);
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  M.StoreDrainMs = Drain.FullMs;
  M.PartialStoreDrainMs = Drain.PartialMs;
  Traffic T;
  T.Blocks = 1;
  MemItem St;
  St.TheOp = Op::Write;
  St.Waits = false;
  St.Requests = 1;
  St.Bytes = 128;
  T.Items.push_back(St);
  double Full = M.curve(T, false, nullptr).LaunchMs;
  T.Items[0].PartialSectors = 4;
  double Part = M.curve(T, false, nullptr).LaunchMs;
  EXPECT_REL_NEAR(Full, M.LaunchMs + Drain.FullMs, 1e-12);
  EXPECT_REL_NEAR(Part, M.LaunchMs + Drain.PartialMs, 1e-12);
  Json J = M.toJson();
  EXPECT_REL_NEAR(
      BandwidthModel::fromJson(J, Ctx("rt.json")).PartialStoreDrainMs,
      Drain.PartialMs, 1e-12);
}

TEST(Launch, SmallGridRowErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "small", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "blocks": 8, "threads": 256,
       "bytes_moved": 0, "best_ms": 0.003, "N": 0}]})");
  BenchData D = parseBenchData(J, "s.json");
  EXPECT_TRUE(D.Rows.size() == 1 && emptyKernelMs(D) == 0.003);
  J["rows"][0]["N"] = 4;
  Traffic T = smallGridTraffic(parseBenchData(J, "s.json").Rows[0]);
  EXPECT_TRUE(T.Items.size() == 1 && T.Items[0].Mlp == 1);
  EXPECT_REL_NEAR(T.Items[0].Requests, 8 * 8 * 4, 1e-12);
  EXPECT_REL_NEAR(T.Items[0].Bytes, 8 * 8 * 4 * 128, 1e-12);
  J["rows"][0].erase("N");
  EXPECT_MODEL_ERROR(parseBenchData(J, "s.json"),
                     "s.json: rows[0].N: missing required field");
  J["rows"][0]["N"] = 2;
  J["rows"][0]["threads"] = 0;
  EXPECT_MODEL_ERROR(parseBenchData(J, "s.json"),
                     "s.json: rows[0].threads: missing required field");
}

TEST(Latency, ChainsOfTheWarpsThatReachGlobalMemory) {
  // Blocks of 32 warps of which 4 load (a 1024-thread block where about
  // 100 threads work, as NPB LU's ssor kernel): the round trips are those
  // 4 warps' chains, 8 times as long as 32 warps sharing them.
  Json J = oneLoadLaunch(1000, 8, 4, 32, 1e9, 32);
  J["block"] = {{"x", 1024}};
  Traffic All = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_EQ(All.WorkingWarpShare, 1); // not recorded: every warp
  J["heatmap"] = {{"global_warps", 4}};
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(T.WorkingWarpShare, 4.0 / 32, 1e-12);
  J["overflow"] = {{"heat_overflow", 100}}; // a warp may be missing
  EXPECT_EQ(trafficFromProfile(parseProfile(J, "p.json")).WorkingWarpShare, 1);
  J.erase("overflow");
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  M.BlockMs = 0;
  double Shared = M.curve(All, false, nullptr).LatMsWarps;
  EXPECT_GT(Shared, 0);
  // Off by default: every warp of the block shares them.
  EXPECT_FALSE(M.ChainsOnWorkingWarps);
  EXPECT_REL_NEAR(M.curve(T, false, nullptr).LatMsWarps, Shared, 1e-12);
  // The calibration turns it on, and keeps it through a round trip.
  Json Cal = M.toJson();
  EXPECT_FALSE(Cal.contains("working_warps"));
  Cal["working_warps"] = true;
  BandwidthModel On = BandwidthModel::fromJson(Cal, Ctx("c.json"));
  EXPECT_TRUE(On.ChainsOnWorkingWarps);
  EXPECT_TRUE(BandwidthModel::fromJson(On.toJson(), Ctx("c.json"))
                  .ChainsOnWorkingWarps);
  M.ChainsOnWorkingWarps = true;
  EXPECT_REL_NEAR(M.curve(T, false, nullptr).LatMsWarps, 8 * Shared, 1e-12);
  EXPECT_REL_NEAR(M.curve(All, false, nullptr).LatMsWarps, Shared, 1e-12);
  // Switched off, every warp of the block shares them again.
  findTermSwitch("working_warps")->Drop(M);
  EXPECT_REL_NEAR(M.curve(T, false, nullptr).LatMsWarps, Shared, 1e-12);
}

} // namespace
