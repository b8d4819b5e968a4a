//===- LocalAndAtomicTest.cpp - Local memory and atomic update rates ------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/LocalRows.h"
#include "sectorscope/model/TableRates.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

using namespace sectorscope::model;

namespace {

/// A `local` row: M distinct elements per request, N trips, W warps/SM in
/// 64-thread blocks (one wave on the 100-SM test GPU), timed by the
/// model's own local form with per-sector cost C and round trip Ls.
BenchRow localRow(int M, int W, double C, double Ls, double Launch) {
  BenchRow R = volumeRow("local", Op::Read, false, 4, W, 0, 0);
  R.TheOp.reset();
  R.OpText = "readwrite";
  R.N = 1024;
  R.M = M;
  R.Threads = 64;
  R.Blocks = 100 * W / 2;
  double Spr = std::min(32.0, 4.0 * M), Warps = *R.Blocks * 2;
  double Sectors = Warps * 1024 * 2 * Spr;
  // Each trip: the load's round trip, then the store's issue cost (the
  // pure write stream's L of the test files, 5e-6).
  double Lat = Warps * 1024 * (Spr * Ls + 5e-6) / 100;
  R.TimeMs = Launch + smoothMax(Sectors / 100 * C, Lat / W, 2);
  return R;
}

TEST(LocalAndAtomic, LocalCostsFromLocalRows) {
  // Local rows generated with 0.7 ns per sector per SM and a 5 ns round
  // trip per sector recover both; a local site then costs its local terms
  // and moves no DRAM bytes.
  const double A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6;
  BenchData D = pureStreamBench(A, L, Ls);
  for (int M : {1, 2, 4, 8, 16})
    for (int W : {4, 8, 16, 32, 64})
      D.Rows.push_back(localRow(M, W, 7e-7, 5e-6, 0));
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_EQ(M.LocalRows, 25);
  EXPECT_REL_NEAR(M.LocalMsPerSector, 7e-7, 0.02);
  EXPECT_REL_NEAR(M.LocalMsPerSectorStep, 5e-6, 0.02);
  EXPECT_LT(M.LocalGeomeanRelErr, 0.01);
  Traffic T = localTraffic(D.Rows.back());
  EXPECT_TRUE(T.Items.size() == 2 && T.Items[0].Local && T.Items[0].Waits);
  EXPECT_REL_NEAR(M.kernelTime(T, false, 64, nullptr), D.Rows.back().TimeMs,
                  0.01);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.LocalMsPerSector, M.LocalMsPerSector, 1e-12);
  EXPECT_EQ(R.LocalRows, 25);
  // Without local rows there are no local costs: a local site is charged
  // as DRAM traffic.
  BandwidthModel NoLocal =
      BandwidthModel::fit(pureStreamBench(A, L, Ls), {"campprof"});
  EXPECT_TRUE(NoLocal.LocalMsPerSector == 0 &&
              !NoLocal.toJson().contains("local_rows"));
}

/// A kernel's atomics whose results nobody reads: Updates lane updates on
/// an allocation of Words words.
MemItem atomicItem(double Updates, double Words) {
  MemItem I;
  I.TheOp = Op::Write;
  I.Waits = false;
  I.OfAtomic = true;
  I.AtomicUpdates = Updates;
  I.TableWords = Words;
  I.TableBytes = Words * 4;
  return I;
}

TEST(LocalAndAtomic, TableRatesInterpolateByTableWords) {
  BenchData D;
  D.File = "atomic.json";
  D.Gpu = testGpu();
  // 1e6 updates: 1 ms on 1 word, 0.25 ms on 256 words (rates 1e6 and 4e6
  // per ms), three occupancies each (the median is taken).
  for (auto [Words, Ms] : {std::pair{1.0, 1.0}, {256.0, 0.25}})
    for (double Jitter : {0.99, 1.0, 1.02}) {
      BenchRow R =
          volumeRow("atomic", Op::Write, false, 4, 8, 4e6, Ms * Jitter);
      R.TheOp.reset();
      R.OpText = "atomic";
      R.RegionBytes = Words * 4;
      D.Rows.push_back(R);
    }
  TableRates A = deriveTableRates(D, "atomic", 0);
  EXPECT_EQ(A.ByWords.size(), 2);
  EXPECT_REL_NEAR(A.perMs(1), 1e6, 1e-9);
  EXPECT_REL_NEAR(A.perMs(16), 2e6, 1e-9);  // Halfway in log words.
  EXPECT_REL_NEAR(A.perMs(1e6), 4e6, 1e-9); // The nearest table's rate.
  EXPECT_REL_NEAR(A.perMs(0.5), 1e6, 1e-9);
  // A kernel's atomics on a 256-word allocation: 8e6 updates take 2 ms.
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  EXPECT_TRUE(M.LaunchMs == 0 && M.P == 2);
  M.Atomics = A;
  Traffic T;
  T.Blocks = 100;
  MemItem I = atomicItem(8e6, 256);
  T.Items.push_back(I);
  EXPECT_REL_NEAR(M.kernelTime(T, false, 8, nullptr), 2, 1e-9);
  I.TableWords = 0; // Unknown allocation: no bound.
  T.Items = {I};
  EXPECT_LT(M.kernelTime(T, false, 8, nullptr), 1e-3);
  // Calibration JSON keeps the table and checks it.
  Json J = M.toJson();
  EXPECT_EQ(J["atomic_rates"].size(), 2);
  BandwidthModel R = BandwidthModel::fromJson(J, Ctx("rt.json"));
  EXPECT_REL_NEAR(R.Atomics.perMs(16), 2e6, 1e-9);
  J["atomic_rates"][1][0] = 0.5;
  EXPECT_MODEL_ERROR(
      BandwidthModel::fromJson(J, Ctx("rt.json")),
      "rt.json: atomic_rates[1]: expected [words, operations per ms]");
}

// Past L2 a table's bytes, not its words, pick the benchmark table; an
// atomic whose table the benchmark covers costs that rate, not its bytes
// again; updates to sectors the block already touched go at the rate of a
// table that fits in L2.
TEST(LocalAndAtomic, AtomicsOnTablesLargerThanL2) {
  BenchData D;
  D.File = "atomic.json";
  D.Gpu = testGpu();
  // 1e6 updates of 4-byte words: 1e8 per ms on 2^20 words (4 MiB), 4e7 on
  // 2^24 (64 MiB), 1e7 on 2^26 (256 MiB).
  for (auto [Words, Ms] :
       {std::pair{1048576.0, 0.01}, {16777216.0, 0.025}, {67108864.0, 0.1}}) {
    BenchRow R = volumeRow("atomic", Op::Write, false, 4, 8, 4e6, Ms);
    R.TheOp.reset();
    R.OpText = "atomic";
    R.RegionBytes = Words * 4;
    D.Rows.push_back(R);
  }
  // A row of 8-byte words is not a table row: the key is in 4-byte words.
  BenchRow Wide = D.Rows.back();
  Wide.WordBytes = 8;
  D.Rows.push_back(Wide);
  TableRates A = deriveTableRates(D, "atomic", 0);
  ASSERT_EQ(A.ByWords.size(), 3);
  const double L2 = 50.0 * 1048576, MiB = 1048576;
  // 128 MiB of 8-byte words: 2^24 words but 2^25 benchmark words, halfway
  // (in log) between 4e7 and 1e7 per ms.
  EXPECT_REL_NEAR(A.perMsOnTable(16777216, 128 * MiB, L2), 2e7, 1e-9);
  // 8 MiB of 8-byte words fits in L2: its 2^20 words count.
  EXPECT_REL_NEAR(A.perMsOnTable(1048576, 8 * MiB, L2), 1e8, 1e-9);
  EXPECT_REL_NEAR(A.perMsInL2(L2), 1e8, 1e-9);
  // 40 MiB still fits: no interpolation toward the tables past L2.
  EXPECT_REL_NEAR(A.perMsOnTable(10 * MiB, 40 * MiB, L2), 1e8, 1e-9);
  EXPECT_TRUE(A.measuredFor(16777216, 128 * MiB, L2));
  EXPECT_FALSE(A.measuredFor(268435456, 1024 * MiB, L2));

  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 1000, 4e-4, 5e-6), {"campprof"});
  M.L2Bytes = L2;
  M.Atomics = A;
  // 4e6 updates on 128 MiB (2^25 benchmark words, 2e7 per ms): 0.2 ms;
  // their sectors (one per lane, 1.28e8 bytes) would take 0.128 ms at the
  // stream's rate, and are not charged again.
  Traffic T;
  T.Blocks = 1000;
  ObjectUse U;
  U.ObjectId = 0;
  U.TheOp = Op::Write;
  U.SizeBytes = 128 * MiB;
  U.L1Bytes = U.FreshBytes = 4e6 * 32;
  T.Uses.push_back(U);
  MemItem I = atomicItem(4e6, 32 * MiB);
  I.TableBytes = 128 * MiB;
  I.Bytes = 4e6 * 32;
  I.Requests = 4e6 / 32;
  I.SectorsPerRequest = 32;
  I.Use = 0;
  T.Items.push_back(I);
  EXPECT_REL_NEAR(M.kernelTime(T, false, 8, nullptr), 0.2, 0.01);
  // When the sampled block touched each sector twice, half the updates
  // find their sector in L2: 2e6 / 2e7 + 2e6 / 1e8 ms.
  T.Uses[0].BlockDistinctBytes = U.L1Bytes / 2;
  EXPECT_REL_NEAR(M.kernelTime(T, false, 8, nullptr), 0.12, 0.01);
  // Coalesced updates, eight lanes to a sector: the rate is one of
  // sectors, 5e5 of them.
  T.Uses[0].BlockDistinctBytes = 0;
  T.Items[0].Bytes = 5e5 * 32;
  EXPECT_REL_NEAR(M.kernelTime(T, false, 8, nullptr), 0.025, 0.01);
  T.Items[0].Bytes = I.Bytes;
  // Beyond the largest benchmark table the rate (the largest table's) is a
  // bound, and the sectors are charged too.
  T.Uses[0].BlockDistinctBytes = 0;
  T.Items[0].TableBytes = 1024 * MiB;
  T.Items[0].TableWords = 256 * MiB;
  EXPECT_GT(M.kernelTime(T, false, 8, nullptr), 0.4);
}

// Volatile and atomic loads (sites[].skips_l1) get no L1 hits, and their
// requests on a small allocation are bounded by the `hot_load` rate, which
// adds to the atomics' time there (one slice does both).
TEST(LocalAndAtomic, LoadsThatSkipL1) {
  BenchData D;
  D.File = "hot.json";
  D.Gpu = testGpu();
  // 1e6 warp requests (4 bytes each): 2 ms on 1 word, 0.01 ms on 65536.
  for (auto [Words, Ms] : {std::pair{1.0, 2.0}, {65536.0, 0.01}}) {
    BenchRow R = volumeRow("hot_load", Op::Read, false, 4, 8, 4e6, Ms);
    R.RegionBytes = Words * 4;
    D.Rows.push_back(R);
  }
  TableRates H = deriveTableRates(D, "hot_load", 0);
  ASSERT_EQ(H.ByWords.size(), 2);
  EXPECT_REL_NEAR(H.perMs(1), 5e5, 1e-9);
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 4e-4, 5e-6), {"campprof"});
  M.HotLoads = H;
  M.Atomics.ByWords = {{1, 1e6}};
  // Every warp of 1000 blocks reads one word of a one-word allocation.
  Traffic T;
  T.Blocks = 1000;
  T.WarpsPerBlock = 8;
  ObjectUse U;
  U.ObjectId = 0;
  U.SizeBytes = 4;
  U.L1Bytes = 8000 * 32;
  U.BlockDistinctBytes = 1000 * 32;
  T.Uses.push_back(U);
  MemItem I;
  I.Bytes = 8000 * 32;
  I.Requests = 8000;
  I.Use = 0;
  I.SharedAcrossWarps = true;
  T.Items.push_back(I);
  double Plain = M.kernelTime(T, false, 8, nullptr);
  T.Items[0].SkipsL1 = true;
  T.Items[0].TableWords = 1;
  double Skips = M.kernelTime(T, false, 8, nullptr);
  // 8000 requests at 5e5 per ms bound the launch at 0.016 ms.
  EXPECT_GE(Skips, 0.016 * (1 - 1e-9));
  EXPECT_GT(Skips, 1.5 * Plain);
  // Without the rates only the lost L1 hits remain.
  BandwidthModel NoRates = M;
  NoRates.HotLoads = TableRates();
  EXPECT_LT(NoRates.kernelTime(T, false, 8, nullptr), Skips);
  // 8000 atomic updates there too take 8000 / 1e6 ms more at that slice.
  T.Items.push_back(atomicItem(8000, 1));
  double Both = M.kernelTime(T, false, 8, nullptr);
  EXPECT_GE(Both, (0.016 + 0.008) * (1 - 1e-9));
  // The calibration keeps the rates.
  Json J = M.toJson();
  EXPECT_EQ(J["hot_load_rates"].size(), 2);
  BandwidthModel R = BandwidthModel::fromJson(J, Ctx("hl.json"));
  EXPECT_REL_NEAR(R.HotLoads.perMs(1), 5e5, 1e-9);
}

TEST(LocalAndAtomic, RowErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "local", "op": "readwrite", "word_bytes": 4,
       "active_warps_per_sm": 8, "blocks": 528, "threads": 64,
       "bytes_moved": 1e9, "best_ms": 1.0, "N": 4096, "M": 8},
      {"experiment": "atomic", "op": "atomic", "word_bytes": 4,
       "active_warps_per_sm": 8, "blocks": 528, "threads": 64,
       "bytes_moved": 3.2e7, "best_ms": 2.0, "N": 248,
       "region_bytes": 1024}]})");
  BenchData D = parseBenchData(J, "la.json");
  EXPECT_TRUE(D.Rows.size() == 2 && usableLocalRow(D.Rows[0]));
  EXPECT_EQ(deriveTableRates(D, "atomic", 0).ByWords.size(), 1);
  J["rows"][0]["M"] = 0;
  EXPECT_MODEL_ERROR(parseBenchData(J, "la.json"),
                     "la.json: rows[0].M: expected 1..32 distinct elements");
  J["rows"][0]["M"] = 8;
  J["rows"][1].erase("region_bytes");
  EXPECT_MODEL_ERROR(parseBenchData(J, "la.json"),
                     "la.json: rows[1].region_bytes: missing required field");
}

} // namespace
