//===- PartialStoresTest.cpp - Sectors and lines that stores write in part ===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace sectorscope::model;

namespace {

TEST(PartialStores, CostFromStrideRows) {
  // Pure streams fix a and the store cost Ls; stride write rows (4-byte
  // words) generated with known per-SM costs of 3 ns per partial sector and
  // 12 ns per line holding one recover both: lanes 2..8 words apart (every
  // sector of the span written in part) the sector cost, lanes 9..64 words
  // apart (a sector each, 1..4 a line) the line cost. Offset rows (two
  // partial sectors per misaligned request) from the same law are held out
  // and predicted as well.
  const double A = 1e-6 / 4000, L = 2.5e-4, Ls = 5e-6, Part = 3e-6,
               PartLine = 12e-6;
  BenchData D = pureStreamBench(A, L, Ls);
  auto Row = [&](const char *Exp, double Stride, double Offset) {
    const double Span = 1 << 28, Word = 4;
    double Useful = Span / Stride, Requests = Useful / (32 * Word);
    double Spr = std::min(Stride * Word, 32.0) + (Offset ? 1 : 0);
    double Lines = std::min(std::ceil(Stride * Word / 4), 32.0);
    double Partial = Stride >= 2 ? Requests * Spr : 2 * Requests;
    double PartialLines = Partial * std::min(1.0, Lines / Spr);
    BenchRow R = volumeRow(Exp, Op::Write, false, 4, 64, Useful, 0);
    R.Stride = Stride;
    R.OffsetBytes = Offset;
    R.Blocks = 800;
    R.Threads = 256;
    R.TimeMs = smoothMax(
        smoothMax(Requests * Spr * 32 * A,
                  std::max(Partial * Part, PartialLines * PartLine) / 100, 2),
        Requests / 100 * Ls / 64, 2);
    D.Rows.push_back(R);
  };
  for (int S : {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 24, 32, 48, 64})
    Row("stride", S, 0); // 1: aligned, no partial sector: not used.
  for (int Off : {0, 4, 12, 32})
    Row("offset", 1, Off);
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_REL_NEAR(M.PartialStoreMsPerSector, Part, 5e-3);
  EXPECT_REL_NEAR(M.PartialStoreMsPerLine, PartLine, 5e-3);
  EXPECT_TRUE(M.PartialRows == 7 && M.PartialHeldOutRows == 2);
  EXPECT_EQ(M.PartialLineRows, 7);
  EXPECT_LT(M.PartialGeomeanRelErr, 2e-3);
  EXPECT_LT(M.PartialLineGeomeanRelErr, 2e-3);
  EXPECT_LT(M.PartialHeldOutGeomeanRelErr, 2e-3);
  BandwidthModel R = BandwidthModel::fromJson(M.toJson(), Ctx("rt.json"));
  EXPECT_REL_NEAR(R.PartialStoreMsPerSector, M.PartialStoreMsPerSector, 1e-12);
  EXPECT_REL_NEAR(R.PartialStoreMsPerLine, M.PartialStoreMsPerLine, 1e-12);
  EXPECT_EQ(R.PartialLineRows, 7);
}

TEST(PartialStores, LinesOnlyWhereSectorsStayPartial) {
  // A column of 4-byte stores, one sector a line: the line cost applies
  // when the heat map shows the sectors' other words untouched (word_fill
  // < 1), not when other warps of the block complete them (a transpose).
  MemItem I;
  I.TheOp = Op::Write;
  I.Waits = false;
  I.Requests = 100;
  I.SectorsPerRequest = 32;
  I.LinesPerRequest = 32;
  I.PartialSectors = 3200;
  EXPECT_EQ(I.partialLines(), 0);
  I.PartialLeftOpen = true;
  EXPECT_REL_NEAR(I.partialLines(), 3200, 1e-12);
  I.LinesPerRequest = 8; // lanes 8 words apart: 4 sectors a line
  EXPECT_REL_NEAR(I.partialLines(), 800, 1e-12);

  // Partial-store costs far above the stream's: they are the bound.
  BandwidthModel M = BandwidthModel::fit(
      pureStreamBench(1e-6 / 4000, 2.5e-4, 5e-6), {"campprof"});
  M.PartialStoreMsPerSector = 1e-2;
  M.PartialStoreMsPerLine = 8e-2;
  Traffic T;
  T.Blocks = 1000;
  T.WarpsPerBlock = 8;
  T.Items.push_back(I);
  T.Items[0].LinesPerRequest = 32;
  T.Items[0].PartialLeftOpen = false;
  double Merged = M.curve(T, false, nullptr).BwMs;
  T.Items[0].PartialLeftOpen = true;
  double Open = M.curve(T, false, nullptr).BwMs;
  EXPECT_REL_NEAR(Merged, 3200 * 1e-2 / M.SmCount, 1e-3);
  EXPECT_REL_NEAR(Open, 3200 * 8e-2 / M.SmCount, 1e-3);
}

TEST(PartialStores, WordFillFromEvidence) {
  auto Site = [](Json Evidence) {
    Json J = Json::parse(R"({"schema": "sectorscope-launch/1",
        "kernel": "k", "grid": [4, 1, 1], "block": [256, 1, 1],
        "sites": [{"id": 0, "op": "store", "space": "global", "width": 4,
                   "requests": 8, "sectors": 256, "bytes": 1024}]})");
    J["sites"][0]["evidence"] = Evidence;
    return J;
  };
  Profile P = parseProfile(
      Site(Json::parse(R"({"strided": {"word_fill": 0.25}})")), "p.json");
  EXPECT_REL_NEAR(P.Sites[0].WordFill, 0.25, 1e-12);
  EXPECT_TRUE(trafficFromProfile(P).Items[0].PartialLeftOpen);
  P = parseProfile(Site(Json::parse(R"({"false_sharing": {}})")), "p.json");
  EXPECT_EQ(P.Sites[0].WordFill, -1);
  EXPECT_FALSE(trafficFromProfile(P).Items[0].PartialLeftOpen);
  EXPECT_MODEL_ERROR(
      parseProfile(Site(Json::parse(R"({"strided": {"word_fill": 1.5}})")),
                   "p.json"),
      "p.json: sites[0].evidence.strided.word_fill: expected a share in "
      "0..1, got 1.5");
  EXPECT_MODEL_ERROR(
      parseProfile(Site(Json::parse(R"({"strided": {"word_fill": "x"}})")),
                   "p.json"),
      "p.json: sites[0].evidence.strided.word_fill");
}

TEST(PartialStores, SectorsOfStoreSites) {
  Site S;
  S.TheOp = SiteOp::Store;
  S.Requests = 8;
  S.Sectors = 256; // Strided: one 4-byte word per sector.
  S.Bytes = 1024;
  EXPECT_REL_NEAR(partialSectors(S), 256, 1e-12);
  S.Sectors = 40; // Misaligned by a word: 5 sectors, the two ends partial.
  EXPECT_REL_NEAR(partialSectors(S), 16, 1e-12);
  S.Sectors = 32; // Coalesced: full sectors.
  EXPECT_REL_NEAR(partialSectors(S), 0, 1e-12);
  S.Sectors = 256;
  S.TheSpace = Space::Local; // Written back from L1: merged there.
  EXPECT_REL_NEAR(partialSectors(S), 0, 1e-12);
  S.TheSpace = Space::Global;
  S.TheOp = SiteOp::Atomic;
  EXPECT_REL_NEAR(partialSectors(S), 0, 1e-12);
  S.TheOp = SiteOp::Store;
  S.Bytes = 0; // Unknown.
  EXPECT_REL_NEAR(partialSectors(S), 0, 1e-12);
}

TEST(PartialStores, CompletedAtOneTrip) {
  // An upsampled pixel's two neighbours: two store sites on one allocation,
  // as many requests, each writing every other word of its 8 sectors a
  // request: together they fill the sectors at the same trip.
  auto Store = [](int Object, double Requests, double Sectors, double Bytes,
                  double WordFill) {
    Site S;
    S.TheOp = SiteOp::Store;
    S.ObjectId = Object;
    S.Requests = Requests;
    S.Sectors = Sectors;
    S.Bytes = Bytes;
    S.WordFill = WordFill;
    return S;
  };
  Profile P;
  P.Sites = {Store(0, 4, 32, 512, 1), Store(0, 4, 32, 512, 1)};
  EXPECT_EQ(completedInOneTrip(P), (std::vector<bool>{true, true}));
  // The heat map leaves words open: not completed.
  P.Sites[1].WordFill = 0.5;
  EXPECT_EQ(completedInOneTrip(P), (std::vector<bool>{true, false}));
  // No heat map (grid mode): the bytes decide.
  P.Sites[1].WordFill = -1;
  EXPECT_EQ(completedInOneTrip(P), (std::vector<bool>{true, true}));
  // A thread filling its own row word by word: four unrolled copies write
  // one word of each of 32 sectors a request, half of them at one trip.
  P.Sites = {Store(1, 8, 256, 1024, 1), Store(1, 8, 256, 1024, 1),
             Store(1, 8, 256, 1024, 1), Store(1, 8, 256, 1024, 1)};
  EXPECT_EQ(completedInOneTrip(P), std::vector<bool>(4, false));
  // A naive transpose's column store: one word a sector, other warps
  // write the rest.
  P.Sites = {Store(2, 8, 256, 1024, 1)};
  EXPECT_EQ(completedInOneTrip(P), std::vector<bool>{false});
  // Sites of other allocations, or running another number of times, are
  // other trips.
  P.Sites = {Store(0, 4, 32, 512, 1), Store(3, 4, 32, 512, 1),
             Store(0, 8, 32, 512, 1)};
  EXPECT_EQ(completedInOneTrip(P), std::vector<bool>(3, false));
  // A load is never one; nor a store of no known allocation.
  P.Sites = {Store(0, 4, 32, 512, 1), Store(-1, 4, 32, 512, 1)};
  P.Sites[0].TheOp = SiteOp::Load;
  EXPECT_EQ(completedInOneTrip(P), std::vector<bool>(2, false));
}

} // namespace
