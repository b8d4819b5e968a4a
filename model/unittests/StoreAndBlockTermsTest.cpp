//===- StoreAndBlockTermsTest.cpp - Store and block costs of a kernel -----===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::model;

namespace {

TEST(StoreAndBlockTerms, MixedStoreCostFromGt200Rows) {
  // Pure streams (campprof 4-byte words: 8 loads in flight, as ptxas
  // unrolls them) fix a and L; gt200 rows (N loads then N stores per node)
  // generated with a known per-SM store cost of 2 ns (throughput term) are
  // recovered to the search's resolution.
  const double A = 1e-6 / 4000, L = 2.5e-4, Ls = 5e-6, Mix = 2e-6;
  BenchData D = pureStreamBench(A, L, Ls);
  for (int N : {1, 8, 19})
    for (int W : {8, 32, 64}) {
      BenchRow R = volumeRow("gt200", Op::Read, false, 4, W, 0, 0);
      R.TheOp.reset();
      R.OpText = "readwrite";
      R.N = N;
      R.L = R.M = 0;
      R.Blocks = 100 * W / 8;
      R.Threads = 256;
      double Warps = 1 << 19;
      R.BytesMoved = Warps * 32 * 2 * N * 4;
      double Steps = Warps * (std::ceil(N / 8.0) * L + N * Ls) / 100;
      double Bw = Warps * 128 * N * 2 * A + Warps * N * Mix / 100;
      R.TimeMs = smoothMax(Bw, Steps / W, 2);
      D.Rows.push_back(R);
    }
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_REL_NEAR(M.P, 2, 1e-12);
  EXPECT_REL_NEAR(M.MixedStoreMsPerStep, Mix, 5e-3);
  EXPECT_TRUE(M.MixedRows == 9 && M.HeldOutRows == 0);
  EXPECT_LT(M.MixedGeomeanRelErr, 2e-3);
}

TEST(StoreAndBlockTerms, BlockCostFromBlockRows) {
  // Pure streams fix a and L; block rows (the same copy in blocks of
  // 32..1024 threads, 1..16 words per thread) generated with a known cost
  // per block of 0.6 us (one more serial step per warp) recover it.
  const double A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6, Blk = 6e-4;
  BenchData D = pureStreamBench(A, L, Ls);
  addBlockRows(D, A, L, Ls, Blk);
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_REL_NEAR(M.P, 2, 1e-12);
  EXPECT_REL_NEAR(M.BlockMs, Blk, 5e-3);
  // These rows never reach a block start ceiling: none is kept.
  EXPECT_EQ(M.BlockStartMsPerBlock, 0);
  EXPECT_EQ(M.BlockRows, 8);
  EXPECT_LT(M.BlockGeomeanRelErr, 2e-3);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.BlockMs, M.BlockMs, 1e-12);
}

} // namespace

namespace {

// A store stream with a few loads beside it (one table read per block)
// turns around once per load: the mixed-store cost follows the rarer
// stream, which for every fitted row is the stores.
TEST(StoreAndBlockTerms, MixedStoreCostFollowsTheRarerStream) {
  BandwidthModel M;
  M.SmCount = 100;
  M.P = 1;
  BandwidthClass R, W;
  R.Width = W.Width = 4;
  R.MsPerByte = W.MsPerByte = 1e-6 / 4000;
  R.MsPerStep = 4e-4;
  W.TheOp = Op::Write;
  W.MsPerStep = 5e-6;
  M.Classes = {R, W};
  M.MixedStoreMsPerStep = 2e-6;
  auto Kernel = [](double Loads, double Stores) {
    Traffic T;
    T.Blocks = 1000;
    T.WarpsPerBlock = 8;
    MemItem L, S;
    L.Bytes = Loads * 128;
    L.Requests = Loads;
    L.SectorsPerRequest = S.SectorsPerRequest = 4;
    S.TheOp = Op::Write;
    S.Waits = false;
    S.Bytes = Stores * 128;
    S.Requests = Stores;
    T.Items = {L, S};
    return T;
  };
  auto Mixed = [&](double Loads, double Stores) {
    double With = M.kernelTime(Kernel(Loads, Stores), false, 64, nullptr);
    BandwidthModel N = M;
    N.MixedStoreMsPerStep = 0;
    return With - N.kernelTime(Kernel(Loads, Stores), false, 64, nullptr);
  };
  // 1e6 stores: beside 1e6 loads, one turnaround each; beside 1e4, 1e4.
  EXPECT_REL_NEAR(Mixed(1e6, 1e6), 1e6 * 2e-6 / 100, 1e-9);
  EXPECT_REL_NEAR(Mixed(1e4, 1e6), 1e4 * 2e-6 / 100, 1e-9);
  EXPECT_REL_NEAR(Mixed(4e6, 1e6), 1e6 * 2e-6 / 100, 1e-9);
  EXPECT_EQ(Mixed(0, 1e6), 0);
}

} // namespace

namespace {

// The same block rows where the GPU starts at most one block per 0.6 ns:
// the smallest blocks reach that ceiling, and the fit finds it beside the
// per-block cost.
TEST(StoreAndBlockTerms, BlockStartRateFromBlockRows) {
  const double A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6, Blk = 6e-4;
  const double Start = 6e-7;
  BenchData D = pureStreamBench(A, L, Ls);
  addBlockRows(D, A, L, Ls, Blk);
  for (BenchRow &R : D.Rows)
    if (R.Experiment == "block")
      R.TimeMs = smoothMax(R.TimeMs, *R.Blocks * Start, 2);
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_REL_NEAR(M.BlockStartMsPerBlock, Start, 0.05);
  EXPECT_REL_NEAR(M.BlockMs, Blk, 0.05);
  EXPECT_LT(M.BlockGeomeanRelErr, 1e-2);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.BlockStartMsPerBlock, M.BlockStartMsPerBlock, 1e-12);
}

} // namespace
