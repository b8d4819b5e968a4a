//===- LaneLogTest.cpp - Requests put back together from lane records -----===//
//
// The sampled block's lanes each log their own accesses; the host must find
// which records were one request. These feed the real decoder records of
// divergent warps, repeated requests and full lanes, written as abi.h says
// the device writes them.
//
//===----------------------------------------------------------------------===//
#include "LaneLog.h"
#include "FakeDevice.h"
#include "TestLaunches.h"

#include <gtest/gtest.h>

namespace sectorscope::rt::test {
namespace {

constexpr uint64_t Base = 0x7f0000000000ull;

LaunchData decode(const FakeDevice &D, std::vector<bool> GenericSites = {}) {
  LaunchData Data;
  std::string Err;
  EXPECT_TRUE(decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err,
                                 std::move(GenericSites)))
      << Err;
  return Data;
}

std::vector<uint64_t> lanes(uint32_t Mask, uint64_t (*Addr)(uint32_t Lane)) {
  std::vector<uint64_t> V;
  for (uint32_t L = 0; L < 32; ++L)
    if ((Mask >> L) & 1)
      V.push_back(Addr(L));
  return V;
}

SiteTable twoLoads() {
  return parseTestTable(siteLine(0, "load", "global", 4, 10, 5) +
                        siteLine(1, "load", "global", 4, 11, 5));
}

// The two halves of a divergent warp interleave their requests at the same
// site; each half's records must be matched with its own.
TEST(LaneLog, DivergentHalvesStayApart) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 1u << 12, nullptr, 16, 4, 32));
  const uint32_t Lo = 0x0000ffffu, Hi = 0xffff0000u;
  auto Row = [](uint32_t L) { return Base + 4 * L; };         // coalesced
  auto Col = [](uint32_t L) { return Base + 4096 + 64 * L; }; // strided
  D.request(0, T, 0, 0, Lo, lanes(Lo, Row));
  D.request(0, T, 0, 0, Hi, lanes(Hi, Col));
  D.request(0, T, 0, 0, Lo, lanes(Lo, Col));
  D.request(1, T, 0, 0, ~0u, lanes(~0u, Row));
  LaunchData Data = decode(D);
  // Lo: 2 sectors (row) + 16 (column); Hi: 16; site 1: 4.
  EXPECT_EQ(Data.Sites[0].requests, 3u);
  EXPECT_EQ(Data.Sites[0].sectors, 34u);
  EXPECT_EQ(Data.Sites[0].threads, 48u);
  EXPECT_EQ(Data.Sites[1].requests, 1u);
  EXPECT_EQ(Data.Sites[1].sectors, 4u);
  EXPECT_EQ(Data.Log.Requests, 4u);
  EXPECT_EQ(Data.Log.Records, 80u);
  EXPECT_EQ(Data.Log.Malformed, 0u);
  EXPECT_EQ(Data.Header.log_dropped, 0u);
}

// A generic site (`y_edge ? &in[...] : &tile[...]`) counts the lanes that
// reached global memory: its shared lanes are not memory traffic, though
// they stay in the heat map. A request with no global lane is not counted.
TEST(LaneLog, GenericSiteCountsItsGlobalLanes) {
  SiteTable T = parseTestTable(siteLine(0, "load", "generic", 4, 10, 5));
  FakeDevice D(testHeader(Mode::Heatmap, 1, 1u << 12, nullptr, 16, 4, 96));
  auto Mixed = [](uint32_t L) { // lane 0 global, the others shared
    return L == 0 ? Base + 4096 : uint64_t(4 * L);
  };
  auto Shared = [](uint32_t L) { return uint64_t(128 + 4 * L); };
  auto Global = [](uint32_t L) { return Base + 4 * L; };
  D.request(0, T, 0, 0, ~0u, lanes(~0u, Mixed));
  D.request(0, T, 1, 0, ~0u, lanes(~0u, Shared));
  D.request(0, T, 2, 0, ~0u, lanes(~0u, Global));
  LaunchData Data = decode(D, {true});
  // The mixed request: 1 lane, 1 sector; the global one: 32 lanes, 4.
  EXPECT_EQ(Data.Sites[0].requests, 2u);
  EXPECT_EQ(Data.Sites[0].threads, 33u);
  EXPECT_EQ(Data.Sites[0].sectors, 5u);
  EXPECT_EQ(Data.Sites[0].bytes, 33u * 4);
  EXPECT_EQ(Data.SiteLog[0].Lines, 2u);
  size_t SharedHeat = 0;
  for (const HeatSector &S : Data.Heat)
    SharedHeat += S.Space == SS_SPACE_SHARED;
  EXPECT_EQ(SharedHeat, 4u + 4u); // offsets 4..124 and 128..252
  // Without the site's space known, every lane counts, as before.
  LaunchData All = decode(D);
  EXPECT_EQ(All.Sites[0].requests, 3u);
  EXPECT_EQ(All.Sites[0].sectors, 1u + 4u + 4u + 4u);
}

// The same site and lanes twice: the n-th record of each lane belongs to the
// n-th request. Lanes 0 and 1 share one sector the first time and touch two
// the second; pairing lane 1's first record with lane 0's second would make
// it 2 + 2.
TEST(LaneLog, RepeatedRequestsPairInOrder) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 1u << 12, nullptr, 16, 4, 32));
  D.request(0, T, 0, 0, 3, {Base, Base + 4});
  D.request(0, T, 0, 0, 3, {Base + 256, Base + 512});
  LaunchData Data = decode(D);
  EXPECT_EQ(Data.Sites[0].requests, 2u);
  EXPECT_EQ(Data.Sites[0].sectors, 3u);
  ASSERT_EQ(Data.Heat.size(), 3u);
  EXPECT_EQ(Data.Heat[0].Addr, Base);
  EXPECT_EQ(Data.Heat[0].WordWarps[0], 1u);
  EXPECT_EQ(Data.Heat[0].WordWarps[1], 1u);
  EXPECT_EQ(Data.Heat[0].WordWarps[2], 0u);
}

// One record per lane: lane 0's second access is dropped, and with it the
// request it would have opened; lane 1's part of that request is dropped
// too, counted as such and not as a malformed record.
TEST(LaneLog, FullLaneDropsItsRequests) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 32, nullptr, 16, 4, 32));
  D.request(1, T, 0, 0, 1, {Base});
  D.request(0, T, 0, 0, 3, {Base + 64, Base + 128});
  LaunchData Data = decode(D);
  EXPECT_EQ(Data.Sites[1].requests, 1u);
  EXPECT_EQ(Data.Sites[0].requests, 0u);
  EXPECT_EQ(Data.Header.log_dropped, 1u);
  EXPECT_EQ(Data.Log.Records, 2u);
  EXPECT_EQ(Data.Log.Malformed, 0u);
}

// Warps are told apart by their rows: the same sector from two warps is one
// heat-map entry with two warps.
TEST(LaneLog, WarpsFromTheirRows) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 1u << 12, nullptr, 16, 4, 64));
  D.request(0, T, 0, 0, 1, {Base});
  D.request(0, T, 1, 0, 1, {Base + 8});
  LaunchData Data = decode(D);
  ASSERT_EQ(Data.Heat.size(), 1u);
  EXPECT_EQ(Data.Heat[0].SectorWarps, 3u);
  EXPECT_EQ(Data.Heat[0].WordWarps[0], 1u);
  EXPECT_EQ(Data.Heat[0].WordWarps[2], 2u);
}

/// A site's lines, re-read sectors and re-read requests.
/// Window: the index in RereadWindows (0: 64 sectors).
void expectLog(const LaunchData &Data, uint32_t Site, uint64_t Lines,
               uint64_t Sectors, uint64_t Requests, size_t Window = 0) {
  ASSERT_LT(Site, Data.SiteLog.size());
  const SiteLogStats &L = Data.SiteLog[Site];
  EXPECT_EQ(L.Lines, Lines) << "site " << Site;
  EXPECT_EQ(L.RereadSectors[Window], Sectors)
      << "site " << Site << ", window " << RereadWindows[Window];
  EXPECT_EQ(L.RereadRequests[Window], Requests)
      << "site " << Site << ", window " << RereadWindows[Window];
}

// The fields of a 16-byte structure read one load each: the first load
// brings the warp's 16 sectors (4 lines), the other three re-read them.
TEST(LaneLog, StructureFieldsRereadTheirSectors) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 1u << 12, nullptr, 16, 4, 32));
  auto Field = [](uint32_t L) { return Base + 16 * L; };
  D.request(0, T, 0, 0, ~0u, lanes(~0u, Field));
  for (uint64_t F = 4; F < 16; F += 4) {
    std::vector<uint64_t> A = lanes(~0u, Field);
    for (uint64_t &X : A)
      X += F;
    D.request(1, T, 0, 0, ~0u, A);
  }
  LaunchData Data = decode(D);
  EXPECT_EQ(Data.SiteLog.size(), 2u);
  expectLog(Data, 0, 4, 0, 0);
  expectLog(Data, 1, 12, 48, 3);
}

// A neighbour's element (x[i + 1] after x[i]): four of the five sectors
// are re-read, so the request still waits for the fifth.
TEST(LaneLog, ShiftedLoadRereadsPart) {
  SiteTable T = twoLoads();
  FakeDevice D(testHeader(Mode::Heatmap, 2, 1u << 12, nullptr, 16, 4, 32));
  D.request(0, T, 0, 0, ~0u,
            lanes(~0u, [](uint32_t L) { return Base + 4 * L; }));
  D.request(1, T, 0, 0, ~0u,
            lanes(~0u, [](uint32_t L) { return Base + 4 + 4 * L; }));
  LaunchData Data = decode(D);
  EXPECT_EQ(Data.Sites[1].sectors, 5u);
  expectLog(Data, 1, 2, 4, 0);
}

// A window holds a warp's last W loaded sectors: 32 new ones in between
// keep a row's sectors, 64 push them out of the 64-sector window but not of
// the 128-sector one. Another warp's loads and the warp's own stores never
// enter it.
TEST(LaneLog, RereadsOnlyWithinTheWarpsRecentLoads) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 10, 5) +
                               siteLine(1, "load", "global", 4, 11, 5) +
                               siteLine(2, "store", "global", 4, 12, 5));
  FakeDevice D(testHeader(Mode::Heatmap, 3, 1u << 12, nullptr, 16, 4, 64));
  auto Row = [](uint64_t At) {
    std::vector<uint64_t> V;
    for (uint32_t L = 0; L < 32; ++L)
      V.push_back(At + 4 * L);
    return V;
  };
  auto Column = [](uint64_t At) {
    std::vector<uint64_t> V;
    for (uint32_t L = 0; L < 32; ++L)
      V.push_back(At + 4096 * L);
    return V;
  };
  static_assert(RereadWindows[0] == 64 && RereadWindows[1] == 128,
                "the column walks below fill the first window, not the second");
  D.request(0, T, 0, 0, ~0u, Row(Base));
  D.request(1, T, 0, 0, ~0u, Column(Base + (1 << 20)));
  D.request(0, T, 0, 0, ~0u, Row(Base)); // 4 sectors re-read
  D.request(1, T, 0, 0, ~0u, Column(Base + (2 << 20)));
  D.request(1, T, 0, 0, ~0u, Column(Base + (3 << 20)));
  D.request(0, T, 0, 0, ~0u, Row(Base)); // gone
  D.request(2, T, 0, 0, ~0u, Row(Base + 512));
  D.request(0, T, 0, 0, ~0u, Row(Base + 512)); // a store brings nothing
  D.request(0, T, 1, 0, ~0u, Row(Base + 512)); // another warp: nothing
  LaunchData Data = decode(D);
  expectLog(Data, 0, 5, 4, 1);
  expectLog(Data, 1, 96, 0, 0);
  expectLog(Data, 2, 1, 0, 0);
  // 128 sectors: the third row read finds the first still there.
  expectLog(Data, 0, 5, 8, 2, 1);
  expectLog(Data, 1, 96, 0, 0, 1);
}

// Long runs: a warp loads 1000 sectors, the same 1000 again, then the last
// 50 a third time. Only the 1024-sector window still holds the first pass
// at the second; every window holds the second pass's last 50, which the
// smaller windows took in again. The windows drop sectors they no longer
// reach many times over on the way (their tables keep 4 W + 64 at most).
TEST(LaneLog, LongRunsKeepEachWindowsLastSectors) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 10, 5));
  FakeDevice D(testHeader(Mode::Heatmap, 1, 1u << 18, nullptr, 16, 4, 32));
  auto One = [](uint64_t Sector) {
    return std::vector<uint64_t>(32, Base + 32 * Sector);
  };
  for (uint64_t S = 0; S < 1000; ++S)
    D.request(0, T, 0, 0, ~0u, One(S));
  for (uint64_t S = 0; S < 1000; ++S)
    D.request(0, T, 0, 0, ~0u, One(S));
  for (uint64_t S = 950; S < 1000; ++S)
    D.request(0, T, 0, 0, ~0u, One(S));
  LaunchData Data = decode(D);
  static_assert(NumRereadWindows == 5 && RereadWindows[4] == 1024,
                "windows of 64..1024 sectors");
  for (size_t K = 0; K < 4; ++K)
    expectLog(Data, 0, 2050, 50, 50, K);
  expectLog(Data, 0, 2050, 1050, 1050, 4);
}

TEST(LaneLog, WordMasksClipToTheSector) {
  EXPECT_EQ(sectorWordMask(0, 4), 0x01u);
  EXPECT_EQ(sectorWordMask(28, 8), 0x80u);
  EXPECT_EQ(sectorWordMask(0, 16), 0x0fu);
  EXPECT_EQ(sectorWordMask(6, 4), 0x06u);
}

} // namespace
} // namespace sectorscope::rt::test
