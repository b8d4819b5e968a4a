//===- TrafficTest.cpp - A profile's counters as grid-wide traffic --------===//
#include "sectorscope/model/Traffic.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::model;

namespace {

TEST(Traffic, DramEstimateAndMlp) {
  // Two load sites on one 1 MiB allocation, the block re-reading it 8x
  // (heat map: 1/8 of its L1-level sectors distinct), a store on another.
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 100}, "block": {"x": 256},
    "sites": [
      {"op": "load", "width": 4, "requests": 64, "sectors": 256, "mlp": 2,
       "object": {"id": 0}},
      {"op": "load", "width": 4, "requests": 64, "sectors": 256, "mlp": 2,
       "object": {"id": 0}},
      {"op": "store", "width": 4, "requests": 8, "sectors": 32,
       "object": {"id": 1}}],
    "objects": [
      {"id": 0, "kind": "cudaMalloc", "size": "0x100000", "sectors": 64},
      {"id": 1, "kind": "cudaMalloc", "size": 1073741824, "sectors": 32}]})");
  Profile P = parseProfile(J, "p.json");
  EXPECT_TRUE(P.Sites[0].Mlp == 2 && P.Sites[2].Mlp == 1);
  EXPECT_EQ(P.Objects[0].SizeBytes, 1048576);
  Traffic T = trafficFromProfile(P);
  EXPECT_TRUE(T.Items.size() == 3 && T.Uses.size() == 2);
  EXPECT_REL_NEAR(T.Items[0].Requests, 6400, 1e-12);
  // Block-distinct: 64 sectors x 32 B x 100 blocks = 204800 of 1638400 B.
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 0), 256 * 32 * 100 / 8.0, 1e-9);
  // The block-distinct bound is below the size: the L2 cap changes nothing.
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 50e6), 256 * 32 * 100 / 8.0, 1e-9);
  // No reuse inside the block, but the 1 MiB fits in a 50 MB L2: at most
  // its size, shared by the two sites.
  J["objects"][0]["sectors"] = 512;
  Traffic U = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(U.dramBytes(U.Items[0], 0), U.Items[0].Bytes, 1e-9);
  EXPECT_REL_NEAR(U.dramBytes(U.Items[0], 50e6), 1048576 / 2.0, 1e-9);
  // The 1 GiB store target does not fit: no reuse, every sector counts.
  EXPECT_REL_NEAR(T.dramBytes(T.Items[2], 50e6), 32 * 32 * 100.0, 1e-9);
  // Without a heat map (time or grid mode) only the L2 cap applies.
  J["mode"] = "grid";
  Traffic G = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(G.dramBytes(G.Items[0], 0), G.Items[0].Bytes, 1e-9);
  J["sites"][0]["mlp"] = 0.5;
  EXPECT_MODEL_ERROR(parseProfile(J, "p.json"),
                     "p.json: sites[0].mlp: expected a number >= 1");
  J["sites"][0]["mlp"] = 1;
  J["objects"][0]["size"] = "lots";
  EXPECT_MODEL_ERROR(parseProfile(J, "p.json"),
                     "p.json: objects[0].size: expected a byte count");
}

TEST(Traffic, StreamedAllocationCapsSampledBlock) {
  // Block 0 of a grid-stride loop: 5 trips of 8 warps over 16 B words
  // where the average block makes 4 (1000 blocks x 5 x 4 KiB = 20 MB over
  // a 16 MB allocation). Each sector is touched once (a stream), so the
  // items on it are scaled to the allocation; a reused object is not.
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mode": "heatmap", "grid": {"x": 1000}, "block": {"x": 256},
    "sites": [{"op": "load", "width": 16, "requests": 40, "sectors": 640,
               "mlp": 1, "object": {"id": 0}},
              {"op": "load", "width": 4, "requests": 40, "sectors": 160,
               "mlp": 1, "object": {"id": 1}}],
    "objects": [{"id": 0, "kind": "cudaMalloc", "size": 16384000,
                 "sectors": 640},
                {"id": 1, "kind": "cudaMalloc", "size": 1024000,
                 "sectors": 20}]})");
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(T.Items[0].Bytes, 16384000, 1e-9);
  EXPECT_REL_NEAR(T.Items[0].Requests, 40000 * 0.8, 1e-9);
  EXPECT_REL_NEAR(T.Items[1].Bytes, 160 * 32 * 1000.0, 1e-9);
  EXPECT_REL_NEAR(T.Items[1].Requests, 40000, 1e-9);
}

TEST(Traffic, ScalesSampledBlockToGrid) {
  Profile P = testProfile();
  Traffic T = trafficFromProfile(P);
  // (40 + 8) read sectors and (32 + 8) written, x 32 B x 200 blocks.
  EXPECT_REL_NEAR(T.bytes(Op::Read), 48 * 32 * 200.0, 1e-12);
  EXPECT_REL_NEAR(T.bytes(Op::Write), 40 * 32 * 200.0, 1e-12);
  EXPECT_REL_NEAR(T.totalWarps(), 1600, 1e-12);
  // 8 warps per block: (8 + 8) load requests / 8 warps; 8 misaligned / 8.
  EXPECT_REL_NEAR(T.ReadWordsPerWarp, 2, 1e-12);
  EXPECT_REL_NEAR(T.ReadMisalignedPerWarp, 1, 1e-12);
  EXPECT_REL_NEAR(T.WriteWordsPerWarp, 2, 1e-12);
  EXPECT_REL_NEAR(T.WriteMisalignedPerWarp, 0, 1e-12);
  P.SampledBlocks = 2; // counters summed over two blocks
  EXPECT_REL_NEAR(trafficFromProfile(P).totalBytes(), 88 * 32 * 100.0, 1e-12);
}

TEST(Traffic, RereadsOfAnAllocationLargerThanL2) {
  // Every block searches one 200 MB table: 4096 blocks x 2 MB distinct each
  // (8 GiB, 43x the table) on a 50 MB L2. Uniform re-reads keep 50 MB of
  // the table: 1 - 50/200 of the re-reads miss, and each sector once.
  const double S = 200e6, L2 = 50e6;
  Json J = oneLoadLaunch(4096, 8, 16384, 131072, S, 65536);
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  const double D = 65536 * 32.0 * 4096;
  double Share = (S + (D - S) * (1 - L2 / S)) / D;
  EXPECT_REL_NEAR(T.l2RereadMissShares(L2)[0], Share, 1e-9);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], L2), D * Share, 1e-9);
  // Switched off, or without L2's size: every block's distinct sectors.
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], L2, {false}), D, 1e-12);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], 0), D, 1e-12);
  // A table that fits in L2 keeps the size cap; one the grid reads less
  // than once over (a stream) keeps every distinct sector.
  EXPECT_EQ(T.l2RereadMissShares(300e6)[0], 1);
  J["objects"][0]["size"] = D * 2;
  Traffic Stream = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_EQ(Stream.l2RereadMissShares(L2)[0], 1);
  EXPECT_REL_NEAR(Stream.dramBytes(Stream.Items[0], L2), D, 1e-12);
  // A stream beside the table takes its share of L2: the table keeps less
  // (what both keep fills L2 at the same stay time) and misses more.
  J["objects"][0]["size"] = S;
  J["sites"].push_back(Json::parse(R"({"op": "load", "width": 16,
    "requests": 512, "sectors": 8192, "mlp": 1, "object": {"id": 1}})"));
  J["objects"].push_back(Json::parse(R"({"id": 1, "kind": "cudaMalloc",
    "size": 4000000000, "sectors": 8192})"));
  Traffic Both = trafficFromProfile(parseProfile(J, "p.json"));
  double Miss = (Both.l2RereadMissShares(L2)[0] * D - S) / (D - S);
  double Stay = -std::log(Miss) * S / D;
  double StreamBytes = 8192 * 32.0 * 4096;
  EXPECT_REL_NEAR(S * (1 - Miss) + StreamBytes * Stay, L2, 1e-6);
  EXPECT_GT(Miss, 1 - L2 / S);
  EXPECT_EQ(Both.l2RereadMissShares(L2)[1], 1);
}

TEST(Traffic, NeighboursRereadsOfAnAllocationLargerThanL2) {
  // A 5-point stencil on 4000 x 4000 doubles (128 MB), 62500 blocks of 256
  // threads: each block reads 3 row pieces of 65 sectors, so the blocks
  // together read the grid 3 times over; block 0 ranges over 2 rows and a
  // piece (66080 bytes). The rows above and below are its neighbours',
  // read within 66080 / 128e6 of the kernel: L2 holds them, every sector
  // misses once.
  const double S = 128e6, L2 = 50e6, Blocks = 62500;
  Json J = oneLoadLaunch(Blocks, 8, 24, 195, S, 195);
  J["objects"][0]["span"] = 66080;
  Traffic T = trafficFromProfile(parseProfile(J, "p.json"));
  const double D = 195 * 32.0 * Blocks;
  EXPECT_REL_NEAR(T.l2RereadMissShares(L2)[0], S / D, 1e-12);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], L2), S, 1e-9);
  // Re-read uniformly instead (switched off, or a block that ranges over
  // half the grid: its re-reads come later than a line stays), a third of
  // L2's worth of the re-reads misses.
  double Uniform = T.l2RereadMissShares(L2, false)[0];
  EXPECT_GT(Uniform, 1.5 * S / D);
  EXPECT_REL_NEAR(T.dramBytes(T.Items[0], L2, {true, false}), D * Uniform,
                  1e-9);
  J["objects"][0]["span"] = S / 2;
  Traffic Far = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(Far.l2RereadMissShares(L2)[0], Uniform, 1e-12);
  // Without a span (profiles before the field): uniform.
  J["objects"][0].erase("span");
  Traffic Old = trafficFromProfile(parseProfile(J, "p.json"));
  EXPECT_REL_NEAR(Old.l2RereadMissShares(L2)[0], Uniform, 1e-12);
}

} // namespace
