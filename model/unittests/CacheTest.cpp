//===- CacheTest.cpp - L1 and L2 figures and the reuse they serve ---------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/L1Figures.h"
#include "sectorscope/model/L2Figures.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace sectorscope::model;

namespace {

/// p = 1, 100 SMs, one 4-sector read class (4 TB/s, 400 ns), L2 10 TB/s
/// and 200 ns, L1 40 ns, 0.5 ns per line, 10 KiB per SM: the reuse tests'
/// machine.
BandwidthModel cacheTestModel() {
  BandwidthModel M;
  M.SmCount = 100;
  M.P = 1;
  M.L2Bytes = 50e6;
  BandwidthClass C;
  C.Width = 4;
  C.MsPerByte = 1e-6 / 4000;
  C.MsPerStep = 4e-4;
  M.Classes.push_back(C);
  M.L2.MsPerByte = 1e-6 / 10000;
  M.L2.MsPerStep = 2e-4;
  M.L1.MsPerStep = 4e-5;
  M.L1.MsPerLine = 5e-7;
  M.L1.BytesPerSm = 10240;
  return M;
}

/// 1000 blocks of 8 warps, one 4-byte load site (mlp 1) on a 1 GiB
/// allocation of which the sampled block touched ObjectSectors sectors.
Traffic oneLoadSiteTraffic(int Requests, int Sectors, int ObjectSectors) {
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [{"op": "load", "width": 4, "ideal_sectors_per_request": 4,
               "mlp": 1, "object": {"id": 0}}],
    "objects": [{"id": 0, "kind": "cudaMalloc", "size": 1073741824}]})");
  J["sites"][0]["requests"] = Requests;
  J["sites"][0]["sectors"] = Sectors;
  J["objects"][0]["sectors"] = ObjectSectors;
  return trafficFromProfile(parseProfile(J, "p.json"));
}

TEST(Cache, L2FiguresFromHotRegionAndCampedRows) {
  // L2 bandwidth: the largest all-hit region that fits in L2, launch
  // removed; latency: the fastest camped read round trip.
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  D.Gpu.L2Bytes = 50e6;
  auto Hot = [&](double Region, double Ms, Op O = Op::Read) {
    BenchRow R = volumeRow("hot_region", O, true, 16, 64, 1e9, Ms);
    R.RegionBytes = Region;
    D.Rows.push_back(R);
  };
  Hot(1024, 1.0);      // Few slices: slower, and not the largest.
  Hot(1048576, 0.104); // 1e9 B in 0.1 ms after a 4 us launch.
  Hot(1e9, 0.01);      // Larger than L2: streams from DRAM.
  Hot(2097152, 0.01, Op::Write);
  std::vector<BandwidthClass> Cls(3);
  Cls[0].Camped = true, Cls[0].Width = 4, Cls[0].MsPerStep = 8e-5;
  Cls[1].Camped = true, Cls[1].Width = 16, Cls[1].MsPerStep = 5e-4;
  Cls[2].Camped = false, Cls[2].Width = 4, Cls[2].MsPerStep = 2e-5;
  L2Figures F = deriveL2Figures(D, 0.004, 132, Cls);
  EXPECT_TRUE(F.known());
  EXPECT_REL_NEAR(F.gbps(), 10000, 1e-9);
  EXPECT_REL_NEAR(F.RegionBytes, 1048576, 1e-12);
  EXPECT_REL_NEAR(F.MsPerStep, 8e-5, 1e-12);
  EXPECT_EQ(F.LatencyFrom, "read camped 4B");
  EXPECT_REL_NEAR(blendedStep(4e-4, 1e-4, 0.75), 1.75e-4, 1e-12);
  EXPECT_REL_NEAR(blendedStep(4e-4, 1e-4, 2), 1e-4, 1e-12);
  // No hot_region rows: no bandwidth figure (L2 hits cost no L2 bandwidth).
  BenchData E;
  E.Gpu = D.Gpu;
  EXPECT_FALSE(deriveL2Figures(E, 0.004, 132, Cls).known());
}

TEST(Cache, L2HitsChargedAtL2BandwidthAndLatency) {
  // One load site on a 1 MiB allocation that 1000 blocks read (8 MB at L1
  // level, no reuse inside a block): the DRAM estimate keeps 1 MiB; the rest
  // are L2 hits, which cost L2 bandwidth (all L1-level bytes pass through L2)
  // and the L2 round trip.
  Json J = oneLoadLaunch(1000, 4, 64, 256, 1048576, 256);
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  // The reuse tests' machine without L1 figures, L2 round trip 100 ns.
  BandwidthModel M = cacheTestModel();
  M.L1 = L1Figures();
  M.L2.MsPerStep = 1e-4;
  const BandwidthClass &C = M.Classes[0];
  KernelCurve K = M.curve(T, false, nullptr);
  double L1 = 256 * 32 * 1000.0, Dram = 1048576, Hit = 1 - Dram / L1;
  // p = 1: the two bandwidth bounds add.
  EXPECT_REL_NEAR(K.BwMs, Dram * C.MsPerByte + L1 * M.L2.MsPerByte, 1e-9);
  EXPECT_REL_NEAR(K.LatMsWarps, 64000.0 / 100 * ((1 - Hit) * 4e-4 + Hit * 1e-4),
                  1e-9);
}

TEST(Cache, FiguresFromLatencyRows) {
  // L2 rows: time = launch + max(bytes / R2, trips x L2Trip); the plateau
  // of the saturated rows is R2. L1 rows (stride 1, 8, 32: 1, 8, 32 lines
  // per request): max(lines per SM x TLine, trips x (L1Trip + (lines - 1)
  // x TLine)); the one-line unloaded trip is L1Trip, the line rate 1/TLine.
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double Launch = 0.004, R2 = 9e9 /* B/ms */, L2Trip = 2e-4;
  const double L1Trip = 4e-5, TLine = 5e-7;
  for (int Mlp : {1, 8})
    for (int W : {1, 16, 32, 64}) {
      double Bytes = 1 << 28, Trips = Bytes / (32 * 32) / Mlp / (100.0 * W);
      BenchRow R = volumeRow("latency", Op::Read, false, 4, W, Bytes, 0);
      R.Stride = 8, R.Mlp = Mlp, R.Dram = false, R.Blocks = 100 * W;
      R.Threads = 32;
      R.TimeMs = Launch + std::max(Bytes / R2, Trips * L2Trip);
      D.Rows.push_back(R);
      for (int Stride : {1, 8, 32}) {
        BenchRow Q = R;
        Q.Experiment = "latency_l1";
        Q.Stride = Stride;
        // Lines per request: 1 (4 sectors), 8 or 32 (32 sectors).
        double Spr = Stride == 1 ? 4 : 32, PerReq = Stride == 1 ? 1 : Stride;
        double Requests = Bytes / (32 * Spr);
        double Lines = Requests * PerReq / 100;
        double QTrips = Requests / Mlp / (100.0 * W);
        Q.TimeMs = Launch + std::max(Lines * TLine,
                                     QTrips * (L1Trip + (PerReq - 1) * TLine));
        D.Rows.push_back(Q);
      }
    }
  L2Figures F2 = deriveL2Figures(D, Launch, 100, {});
  EXPECT_REL_NEAR(F2.MsPerByte, 1 / R2, 1e-9);
  EXPECT_EQ(F2.BandwidthFrom, "latency rows (L2 region, saturated)");
  EXPECT_REL_NEAR(F2.MsPerStep, L2Trip, 1e-9);
  L1Figures F1 = deriveL1Figures(D, Launch, 100);
  EXPECT_REL_NEAR(F1.MsPerStep, L1Trip, 1e-9);
  EXPECT_REL_NEAR(F1.MsPerLine, TLine, 1e-9);
  EXPECT_TRUE(F1.BytesPerSm == 0 && !F1.known()); // No compute capability.
  D.Gpu.ComputeCapability = "9.0";
  EXPECT_REL_NEAR(l1BytesPerSm(D.Gpu), 256 * 1024, 1e-12);
  D.Gpu.L1Bytes = 100000;
  EXPECT_REL_NEAR(l1BytesPerSm(D.Gpu), 100000, 1e-12);
  // Lanes sharing sectors fill lines; a lane per sector, a line each.
  EXPECT_REL_NEAR(linesPerRequest(4), 1, 1e-12);
  EXPECT_REL_NEAR(linesPerRequest(16), 4, 1e-12);
  EXPECT_REL_NEAR(linesPerRequest(5), 2, 1e-12);
  EXPECT_REL_NEAR(linesPerRequest(13.5), 4, 1e-12);
  EXPECT_REL_NEAR(linesPerRequest(32), 32, 1e-12);
  EXPECT_REL_NEAR(linesPerRequest(1), 1, 1e-12);
}

TEST(Cache, ReuseInsideBlockHitsL1WhileItFits) {
  // 1000 blocks of 8 warps; one load site reads each of its 32 sectors 8
  // times (256 sectors, 64 requests of 4 sectors) in a 1 GiB allocation:
  // DRAM gets 1/8, the other 7/8 are reuse inside the block. Working set
  // 1 KiB per block + 1 KiB reserved: 5 blocks (40 warps/SM) fit in a
  // 10 KiB L1. Below that the reuse costs the L1 round trip and no L2
  // bandwidth; above it, the L2 round trip and L2 bandwidth.
  Traffic T = oneLoadSiteTraffic(64, 256, 32);
  EXPECT_REL_NEAR(T.blockLoadFootprint(), 1024, 1e-9);
  EXPECT_REL_NEAR(T.inBlockReuseBytes(T.Items[0]), T.Items[0].Bytes * 7 / 8,
                  1e-6);
  BandwidthModel M = cacheTestModel();
  const BandwidthClass &C = M.Classes[0];
  KernelCurve K = M.curve(T, false, nullptr);
  double Bytes = 256 * 32 * 1000.0, Steps = 64000.0 / 100;
  double Tag = 64000.0 / 100 * 5e-7;
  EXPECT_REL_NEAR(K.L1MaxWarps, 40, 1e-12);
  EXPECT_REL_NEAR(K.LatMsWarpsL1, Steps * (4e-4 / 8 + 7 * 4e-5 / 8), 1e-9);
  EXPECT_REL_NEAR(K.LatMsWarps, Steps * (4e-4 / 8 + 7 * 2e-4 / 8), 1e-9);
  // p = 1: the bounds add (DRAM, L2, L1 tags).
  EXPECT_REL_NEAR(K.BwMsL1, Bytes / 8 * (C.MsPerByte + M.L2.MsPerByte) + Tag,
                  1e-9);
  EXPECT_REL_NEAR(K.BwMs,
                  Bytes / 8 * C.MsPerByte + Bytes * M.L2.MsPerByte + Tag, 1e-9);
  // 5 blocks an SM at 40 warps: two whole waves of 1000 blocks on 100 SMs.
  EXPECT_REL_NEAR(K.at(40), K.BwMsL1 + K.LatMsWarpsL1 / 40, 1e-9);
  // 6 at 48: 1000 / 600 waves; the last has 2/5 of the bytes and a whole
  // wave's latency.
  double Lat48 = K.LatMsWarps / 48;
  EXPECT_REL_NEAR(K.at(48), 0.6 * (K.BwMs + Lat48) + 0.4 * K.BwMs + Lat48 * 0.6,
                  1e-9);
  // Without an L1 figure the reuse stays an L2 hit at every occupancy.
  M.L1 = L1Figures();
  EXPECT_EQ(M.curve(T, false, nullptr).L1MaxWarps, 0);
}

TEST(Cache, L2RequestRateFromOneSectorRows) {
  // One-sector L2 rows: time = launch + max(requests per SM x TReq, trips x
  // L2Trip); the saturated ones give TReq back. 4-sector rows (bytes bound
  // R2) do not enter the request rate.
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double Launch = 0.004, TReq = 2e-6, L2Trip = 2e-4, R2 = 5e9;
  for (int Mlp : {1, 8})
    for (int W : {1, 16, 32, 64})
      for (int Stride : {0, 1}) {
        double Spr = Stride ? 4 : 1, Bytes = (1 << 26) * Spr;
        double Requests = Bytes / (32 * Spr);
        double Trips = Requests / Mlp / (100.0 * W);
        BenchRow R = volumeRow("latency", Op::Read, false, 4, W, Bytes, 0);
        R.Stride = Stride, R.Mlp = Mlp, R.Dram = false, R.Blocks = 100 * W;
        R.Threads = 32;
        R.TimeMs = Launch + std::max({Requests / 100 * TReq, Trips * L2Trip,
                                      Stride ? Bytes / R2 : 0.0});
        D.Rows.push_back(R);
      }
  L2Figures F = deriveL2Figures(D, Launch, 100, {});
  EXPECT_REL_NEAR(F.MsPerRequest, TReq, 1e-12);
  EXPECT_REL_NEAR(F.MsPerByte, 1 / R2, 1e-12);

  // A kernel of one-sector loads that miss L1: the request bound joins
  // T_bw (p = 1: the bounds add).
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [{"op": "load", "width": 4, "requests": 64, "sectors": 64,
               "ideal_sectors_per_request": 4, "mlp": 1}]})");
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  BandwidthModel M;
  M.SmCount = 100;
  M.P = 1;
  BandwidthClass C;
  C.Width = 1;
  C.MsPerByte = 1e-6 / 2000;
  C.MsPerStep = 4e-4;
  M.Classes.push_back(C);
  double Bytes = 64 * 32 * 1000.0, Requests = 64000.0;
  EXPECT_REL_NEAR(M.curve(T, false, nullptr).BwMs, Bytes * C.MsPerByte, 1e-12);
  M.L2.MsPerRequest = TReq;
  EXPECT_REL_NEAR(M.curve(T, false, nullptr).BwMs,
                  Bytes * C.MsPerByte + Requests / 100 * TReq, 1e-12);
  // The calibration keeps it.
  Json Cal = M.toJson();
  EXPECT_REL_NEAR(Cal["l2_ms_per_request_per_sm"].get<double>(), TReq, 1e-15);
  EXPECT_REL_NEAR(BandwidthModel::fromJson(Cal, Ctx("c.json")).L2.MsPerRequest,
                  TReq, 1e-15);
}

TEST(Cache, ReuseAtASiteRunOnceWaitsForTheMiss) {
  // 1000 blocks of 8 warps; every warp of a block loads the same 4 sectors
  // once (8 requests for 8 warps): 7/8 of the bytes are reuse inside the
  // block, which L1 serves (no L2 bytes) but which arrives with the first
  // warp's miss, so the round trip is the DRAM one, not L1's.
  Traffic T = oneLoadSiteTraffic(8, 32, 4);
  BandwidthModel M = cacheTestModel();
  const BandwidthClass &C = M.Classes[0];
  KernelCurve K = M.curve(T, false, nullptr);
  double Bytes = 32 * 32 * 1000.0, Steps = 8000.0 / 100;
  EXPECT_GT(K.L1MaxWarps, 0);
  EXPECT_REL_NEAR(K.LatMsWarpsL1, Steps * 4e-4, 1e-12);
  EXPECT_REL_NEAR(K.BwMsL1,
                  Bytes / 8 * (C.MsPerByte + M.L2.MsPerByte) + Steps * 5e-7,
                  1e-12);
  // Above the L1 capacity the reuse is an L2 hit.
  EXPECT_REL_NEAR(K.LatMsWarps, Steps * (4e-4 / 8 + 7 * 2e-4 / 8), 1e-12);
}

TEST(Cache, ReuseSharedAcrossWarpsHitsL1ButWaitsForTheMiss) {
  // The block of ReuseInsideBlockHitsL1WhileItFits, but the reuse is the
  // block's warps reading the same words at the same trip (hot_spot): L1
  // serves the 7/8 whatever the footprint (no L2 bytes above 40 warps/SM
  // either), and every warp waits for the first one's DRAM miss.
  Traffic T = oneLoadSiteTraffic(64, 256, 32);
  T.Items[0].SharedAcrossWarps = true;
  BandwidthModel M = cacheTestModel();
  KernelCurve K = M.curve(T, false, nullptr);
  double Steps = 64000.0 / 100;
  EXPECT_REL_NEAR(K.LatMsWarpsL1, Steps * 4e-4, 1e-12);
  EXPECT_REL_NEAR(K.LatMsWarps, Steps * 4e-4, 1e-12);
  EXPECT_REL_NEAR(K.BwMs, K.BwMsL1, 1e-12);
  // From a profile: a load site with the hot_spot pattern.
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "grid": [4, 1, 1], "block": [256, 1, 1],
    "sites": [{"op": "load", "width": 4, "requests": 8, "sectors": 32,
               "patterns": ["coalesced", "hot_spot"]},
              {"op": "store", "width": 4, "requests": 8, "sectors": 32,
               "patterns": ["hot_spot"]}]})");
  Traffic P = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_TRUE(P.Items[0].SharedAcrossWarps && !P.Items[1].SharedAcrossWarps);
}

TEST(Cache, RereadSectorsHitL1WhateverTheFootprint) {
  // A 16-byte structure's four fields, one load each (16 sectors in 4
  // lines a request): the sampled block's log says the last three loads
  // re-read what the first one brought. The block's 32 KiB footprint is
  // over the 10 KiB L1, yet those three are L1 hits: all DRAM bytes fall
  // on the first load, whose requests wait for DRAM; the others wait for
  // L1 and move no L2 bytes.
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [],
    "objects": [{"id": 0, "kind": "cudaMalloc", "size": 1073741824,
                 "sectors": 1024}]})");
  for (int K = 0; K < 4; ++K)
    J["sites"].push_back({{"op", "load"},
                          {"width", 4},
                          {"requests", 64},
                          {"sectors", 1024},
                          {"mlp", 1},
                          {"object", {{"id", 0}}},
                          {"log",
                           {{"lines", 256},
                            {"reread_sectors", K ? 1024 : 0},
                            {"reread_requests", K ? 64 : 0}}}});
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  double Bytes = 1024 * 32 * 1000.0, Steps = 64000.0 / 100;
  EXPECT_REL_NEAR(T.Items[0].LinesPerRequest, 4, 1e-12);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 0), Bytes, 1e-12);
  EXPECT_EQ(T.dramBytes(T.Items[3], 0), 0);
  BandwidthModel M = cacheTestModel();
  const BandwidthClass &C = M.Classes[0];
  KernelCurve K = M.curve(T, false, nullptr);
  EXPECT_EQ(K.L1MaxWarps, 0);
  double L1Step = 4e-5 + 3 * 5e-7;
  EXPECT_REL_NEAR(K.LatMsWarps, Steps * (4e-4 + 3 * L1Step), 1e-9);
  double Tag = 4 * 64000.0 * 4 / 100 * 5e-7;
  EXPECT_REL_NEAR(K.BwMs, Bytes * (C.MsPerByte + M.L2.MsPerByte) + Tag, 1e-9);
  // Without the log the four loads share the DRAM bytes and each waits
  // for a quarter DRAM and three quarters L2 round trip.
  for (Json &S : J["sites"])
    S.erase("log");
  KernelCurve N =
      M.curve(trafficFromProfile(parseProfile(J, "p.json")), false, nullptr);
  EXPECT_REL_NEAR(N.LatMsWarps, Steps * 4 * (4e-4 / 4 + 3 * 2e-4 / 4), 1e-9);
  // The log's figures must fit the counters.
  J["sites"][1]["log"] = {
      {"lines", 256}, {"reread_sectors", 2048}, {"reread_requests", 0}};
  EXPECT_MODEL_ERROR(parseProfile(J, "p.json"),
                     "p.json: sites[1].log.reread_sectors: more than the "
                     "site's 1024 sectors");
  J["sites"][1]["log"] = {
      {"lines", 2048}, {"reread_sectors", 0}, {"reread_requests", 0}};
  EXPECT_MODEL_ERROR(parseProfile(J, "p.json"),
                     "p.json: sites[1].log.lines: impossible value 2048");
}

TEST(Cache, LoadsInFlightTogetherWaitForTheSlowest) {
  // Two loads in flight together (mlp 2, one basic block: the same
  // requests): a row from DRAM and a word the warp had just loaded. Each
  // step waits for the DRAM one; issued one after the other (mlp 1), the
  // L1 hit is a step of its own.
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [
      {"op": "load", "width": 4, "requests": 64, "sectors": 256, "mlp": 2,
       "object": {"id": 0}},
      {"op": "load", "width": 4, "requests": 64, "sectors": 64, "mlp": 2,
       "object": {"id": 1},
       "log": {"lines": 64, "reread_sectors": 64, "reread_requests": 64}}],
    "objects": [{"id": 0, "kind": "cudaMalloc", "size": 1073741824,
                 "sectors": 256},
                {"id": 1, "kind": "cudaMalloc", "size": 1073741824,
                 "sectors": 8}]})");
  BandwidthModel M = cacheTestModel();
  double Requests = 64000.0 / 100;
  KernelCurve K =
      M.curve(trafficFromProfile(parseProfile(J, "p.json")), false, nullptr);
  EXPECT_REL_NEAR(K.LatMsWarps, Requests * 4e-4, 1e-9);
  for (Json &S : J["sites"])
    S["mlp"] = 1;
  K = M.curve(trafficFromProfile(parseProfile(J, "p.json")), false, nullptr);
  EXPECT_REL_NEAR(K.LatMsWarps, Requests * (4e-4 + 4e-5), 1e-9);
}

TEST(Cache, ClassOfASectorPerLaneByItsLines) {
  // Lanes a line apart are the 32-sector class; lanes a sector apart (8
  // lines) a third of the way from the 16-sector class in log2 of lines.
  EXPECT_REL_NEAR(classSectorsPerRequest(32, 32), 32, 1e-12);
  EXPECT_REL_NEAR(classSectorsPerRequest(32, 8), 16 * std::exp2(1.0 / 3),
                  1e-12);
  EXPECT_REL_NEAR(classSectorsPerRequest(32, 4), 16, 1e-12);
  EXPECT_REL_NEAR(classSectorsPerRequest(16, 4), 16, 1e-12);
  // Between 16 and 32 sectors the lines decide as well: 8-byte fields three
  // words apart fill 6 whole lines (an array of 3-vectors), a stream of
  // lines and not a column walk; 24 sectors in 24 lines stay sparse.
  EXPECT_REL_NEAR(classSectorsPerRequest(24, 6),
                  16 * std::exp2((std::log2(6.0) - 2) / 3), 1e-12);
  EXPECT_REL_NEAR(classSectorsPerRequest(24, 24), 24, 1e-12);
  EXPECT_REL_NEAR(classSectorsPerRequest(20, 4), 16, 1e-12);
}

} // namespace
