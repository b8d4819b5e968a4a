//===- WriteBackTest.cpp - Dirty L2 lines a kernel inherits ---------------===//
#include "sectorscope/model/WriteBack.h"
#include "sectorscope/model/Band.h"
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace sectorscope::model;

namespace {

/// `dirty` rows from the write-back law with a known rate and share: a walk
/// of Trips x 8 MB of lines after 0..2 L2 of prior writes.
void addDirtyRows(BenchData &D, double L2, double Rate, double Share) {
  for (int Trips : {1, 2, 4, 8, 16})
    for (double Prior : {0.0, 0.25, 0.5, 1.0, 2.0}) {
      BenchRow R;
      R.Experiment = "dirty";
      R.OpText = "read";
      R.TheOp = Op::Read;
      R.Warps = 8;
      R.Stride = 32;
      R.Mlp = 2;
      R.N = Trips;
      R.FootprintBytes = Trips * 8e6;
      R.PriorWriteBytes = Prior * L2;
      R.TimeMs = 0.005 * Trips +
                 Rate * writeBackBytes(Prior * L2, Trips * 8e6, L2, Share);
      R.Index = D.Rows.size();
      D.Rows.push_back(R);
    }
}

TEST(WriteBack, BytesSaturateAtTheDirtyShare) {
  const double L2 = 100;
  EXPECT_REL_NEAR(writeBackBytes(20, 1000, L2, 0.5), 20, 1e-12); // sweeps L2
  EXPECT_REL_NEAR(writeBackBytes(80, 1000, L2, 0.5), 50, 1e-12); // share caps
  EXPECT_REL_NEAR(writeBackBytes(80, 10, L2, 0.5), 5, 1e-12);    // 10% swept
  EXPECT_EQ(writeBackBytes(0, 1000, L2, 0.5), 0);
  EXPECT_EQ(writeBackBytes(20, 0, L2, 0.5), 0);
  EXPECT_EQ(writeBackBytes(20, 1000, 0, 0.5), 0);
}

TEST(WriteBack, RateAndShareFromDirtyRows) {
  BenchData D = pureStreamBench(1e-6 / 4000, 2.5e-4, 5e-6);
  D.Gpu.L2Bytes = 60e6;
  addDirtyRows(D, 60e6, 1 / 3.7e9, 0.5);
  WriteBackFit F = fitWriteBack(D, 60e6);
  EXPECT_REL_NEAR(F.MsPerByte, 1 / 3.7e9, 1e-9);
  EXPECT_REL_NEAR(F.Share, 0.5, 1e-9);
  EXPECT_TRUE(F.Rows == 20 && F.GeomeanRelErr < 1e-3);
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_REL_NEAR(M.WriteBackMsPerByte, 1 / 3.7e9, 1e-9);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.WriteBackMsPerByte, M.WriteBackMsPerByte, 1e-12);
  EXPECT_REL_NEAR(R.DirtyL2Share, M.DirtyL2Share, 1e-12);
  // No clean twin, no fit.
  BenchData Bare = pureStreamBench(1e-6 / 4000, 2.5e-4, 5e-6);
  addDirtyRows(Bare, 60e6, 1 / 3.7e9, 0.5);
  Bare.Rows.erase(std::remove_if(Bare.Rows.begin(), Bare.Rows.end(),
                                 [](const BenchRow &R) {
                                   return R.PriorWriteBytes &&
                                          *R.PriorWriteBytes == 0;
                                 }),
                  Bare.Rows.end());
  EXPECT_EQ(fitWriteBack(Bare, 60e6).MsPerByte, 0);
}

TEST(WriteBack, InheritedDirtyLinesChargedOncePerLaunch) {
  BenchData D = pureStreamBench(1e-6 / 4000, 2.5e-4, 5e-6);
  D.Gpu.L2Bytes = 60e6;
  addDirtyRows(D, 60e6, 1 / 3.7e9, 0.5);
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  // A read stream of 256 MB (it sweeps L2) after nothing known, after a
  // kernel that stored 1 GB (30 MB written back), after 10 MB of stores.
  Traffic T;
  T.Blocks = 1000;
  T.WarpsPerBlock = 8;
  MemItem I;
  I.Requests = (1 << 28) / 128.0;
  I.SectorsPerRequest = 4;
  I.Bytes = 1 << 28;
  I.Mlp = 8;
  T.Items.push_back(I);
  double Base = M.kernelTime(T, false, 32, nullptr);
  T.InheritedDirtyBytes = 1e9;
  EXPECT_REL_NEAR(M.kernelTime(T, false, 32, nullptr) - Base,
                  30e6 * M.WriteBackMsPerByte, 1e-6);
  T.InheritedDirtyBytes = 10e6;
  EXPECT_REL_NEAR(M.kernelTime(T, false, 32, nullptr) - Base,
                  10e6 * M.WriteBackMsPerByte, 1e-6);
  // A copy after itself inherits what it leaves: nothing more.
  MemItem W = I;
  W.TheOp = Op::Write;
  W.Waits = false;
  T.Items.push_back(W);
  T.InheritedDirtyBytes.reset();
  double Copy = M.kernelTime(T, false, 32, nullptr);
  T.InheritedDirtyBytes = T.storedBytes(M.L2Bytes);
  EXPECT_REL_NEAR(M.kernelTime(T, false, 32, nullptr), Copy, 1e-12);
}

TEST(WriteBack, PreviousLaunchLeavesWhatItTouchedInL2) {
  // A kernel reading 1 MB of a 4 MB allocation after one that read 256 KB
  // of it: those 256 KB are L2 hits (same base); another allocation, or a
  // previous launch whose footprint does not fit in L2, leaves nothing.
  auto Launch = [](const char *Base, double Size, double Sectors) {
    Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
        "grid": [1, 1, 1], "block": [256, 1, 1], "mode": "grid",
        "sites": [{"id": 0, "op": "load", "space": "global", "width": 4,
                   "object": {"id": 0}}],
        "objects": [{"id": 0, "kind": "cudaMalloc"}]})");
    J["objects"][0]["base"] = Base;
    J["objects"][0]["size"] = Size;
    J["sites"][0]["sectors"] = Sectors;
    J["sites"][0]["requests"] = Sectors / 4;
    return parseProfile(J, "p.json");
  };
  Calibration C;
  C.Gpu.L2Bytes = 60e6;
  Profile Now = Launch("0x10000000", 4 << 20, (1 << 20) / 32);
  EXPECT_EQ(Now.Objects[0].Base, 0x10000000);
  EXPECT_MODEL_ERROR(
      Launch("0xzz", 4 << 20, 32),
      "p.json: objects[0].base: expected a byte count, got \"0xzz\"");
  Traffic T = trafficFromProfile(Now);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 60e6), 1 << 20, 1e-12);
  inheritFrom(T, C, Launch("0x10000000", 4 << 20, (256 << 10) / 32));
  EXPECT_REL_NEAR(T.Uses[0].WarmBytes, 256 << 10, 1e-12);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 60e6), 768 << 10, 1e-12);
  T = trafficFromProfile(Now);
  inheritFrom(T, C, Launch("0x20000000", 4 << 20, (256 << 10) / 32));
  EXPECT_EQ(T.Uses[0].WarmBytes, 0);
  T = trafficFromProfile(Now);
  inheritFrom(T, C, Launch("0x10000000", 1e9, 1e8 / 32)); // 100 MB: swept
  EXPECT_EQ(T.Uses[0].WarmBytes, 0);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 60e6), 1 << 20, 1e-12);
}

} // namespace
