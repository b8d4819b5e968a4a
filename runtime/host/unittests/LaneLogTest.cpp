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

LaunchData decode(const FakeDevice &D) {
  LaunchData Data;
  std::string Err;
  EXPECT_TRUE(decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err))
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

TEST(LaneLog, WordMasksClipToTheSector) {
  EXPECT_EQ(sectorWordMask(0, 4), 0x01u);
  EXPECT_EQ(sectorWordMask(28, 8), 0x80u);
  EXPECT_EQ(sectorWordMask(0, 16), 0x0fu);
  EXPECT_EQ(sectorWordMask(6, 4), 0x06u);
}

} // namespace
} // namespace sectorscope::rt::test
