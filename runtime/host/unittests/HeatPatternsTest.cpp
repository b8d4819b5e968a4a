//===- HeatPatternsTest.cpp - cuThermo's patterns from the heat map -------===//
//
// Distinct warps per word and per sector of the sampled block: false
// sharing, hot spots, random reuse, shared-memory abuse, and where a verdict
// lands when several sites cover the same sectors.
//
//===----------------------------------------------------------------------===//
#include "TestLaunches.h"

#include <functional>

namespace sectorscope::rt::test {
namespace {

bool anyPattern(const nlohmann::ordered_json &J, const std::string &Name) {
  for (const char *List : {"sites", "objects"})
    for (const auto &X : J[List])
      for (const auto &P : X["patterns"])
        if (P == Name)
          return true;
  return false;
}

// out[lane * 8 + warp] (gemm_v00's C): each sector is written by 8 warps,
// each word by one: false sharing, and a stride.
TEST(HeatPatterns, FalseSharing) {
  LaunchReport R = oneSite(
      "store", 4, [](uint64_t, uint64_t T) { return (T % 32) * 8 + T / 32; });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "op": "store",
    "patterns": ["strided", "false_sharing"],
    "evidence": {"false_sharing": {"false_shared_sectors": 32,
                                   "max_sector_warps": 8,
                                   "written_sectors": 32}}})j");
  expectJson(J["heatmap"], R"j({
    "sector_warps_histogram": [0, 0, 0, 0, 0, 0, 0, 0, 32],
    "word_warps_histogram": [0, 256]})j");
  EXPECT_EQ(findingLines(R),
            (std::vector<std::string>{
                "k.cu:12:9: strided store in test: 32.0 sectors/request "
                "(ideal 4.0) on a (cudaMalloc at main.cu:20:3)",
                "k.cu:12:9: false sharing at store in test: 32 of 32 written "
                "sectors shared by several warps, each word by one, on a "
                "(cudaMalloc at main.cu:20:3)"}));
}

/// C = A * B as cuThermo's gemm_v00 (Section VI-A) computes it, for 64 x 64
/// floats and K = 16, with 32 x 32 blocks: lanes walk rows (threadIdx.x ->
/// row of C), warps walk columns, so each warp reads its own column of B and
/// the 8 warps of a B sector each read one word of it. gemm_v01 swaps the two
/// (lanes on columns): then every warp reads whole rows of B. Sites: A's load
/// at 10:20, B's at 10:40, C's store at 12:9.
LaunchReport gemm(bool LanesOnRows) {
  constexpr uint64_t N = 64, K = 16;
  constexpr uint64_t ArrC = 0x7f0000200000ull;
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 10, 20) +
                               siteLine(1, "load", "global", 4, 10, 40) +
                               siteLine(2, "store", "global", 4, 12, 9));
  // A's requests take 33 log records each: room for all 32 warps.
  FakeDevice D(testHeader(Mode::Heatmap, 3, 1u << 16));
  Dim Grid{2, 2}, Block{32, 32};
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    uint64_t Row = LanesOnRows ? B.X * 32 + Th.X : B.Y * 32 + Th.Y;
    uint64_t Col = LanesOnRows ? B.Y * 32 + Th.Y : B.X * 32 + Th.X;
    std::vector<Access> V;
    for (uint64_t Kk = 0; Kk < K; ++Kk) {
      V.push_back({0, ArrA + 4 * (Row * K + Kk)});
      V.push_back({1, ArrB + 4 * (Kk * N + Col)});
    }
    V.push_back({2, ArrC + 4 * (Row * N + Col)});
    return V;
  });
  AllocationTable Allocs;
  for (auto [Base, Site] :
       {std::pair{ArrA, "main.cu:20:3 a"}, std::pair{ArrB, "main.cu:21:3 b"},
        std::pair{ArrC, "main.cu:22:3 c"}}) {
    Allocation X;
    X.Base = Base;
    X.Size = 1 << 20;
    splitAllocSite(Site, X.Site, X.Name);
    Allocs.add(X);
  }
  return analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T,
                 Allocs.snapshot());
}

// False sharing on loads (cuThermo, Section IV-C): in gemm_v00 each sector of
// a row of B is read by 8 warps, each on its own word, so every warp pays for
// the whole sector. The load of B is coalesced by its counters (a broadcast:
// 1 sector a request) and falsely shared by its heat; the store of C is
// falsely shared as before.
TEST(HeatPatterns, FalseSharingOnLoadsInGemmV00) {
  LaunchReport R = gemm(true);
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "column": 20,
    "patterns": ["strided", "hot_spot"]})j");
  expectJson(J["sites"][1], R"j({
    "column": 40,
    "op": "load",
    "patterns": ["coalesced", "false_sharing"],
    "evidence": {"false_sharing": {"false_shared_sectors": 64,
                                   "max_sector_warps": 8,
                                   "read_sectors": 64}},
    "object": {"name": "b"}})j");
  expectJson(J["sites"][2], R"j({
    "column": 9,
    "op": "store",
    "patterns": ["strided", "false_sharing"],
    "evidence": {"false_sharing": {"false_shared_sectors": 128,
                                   "max_sector_warps": 8,
                                   "written_sectors": 128}}})j");
  expectJson(J["objects"][0], R"j({
    "name": "a",
    "patterns": ["hot_spot", "strided"]})j");
  expectJson(J["objects"][1], R"j({
    "name": "b",
    "patterns": ["false_sharing"],
    "evidence": {"false_sharing": {"false_shared_sectors": 64,
                                   "max_sector_warps": 8,
                                   "read_sectors": 64}}})j");
  expectJson(J["objects"][2], R"j({
    "name": "c",
    "patterns": ["false_sharing", "strided"]})j");
  std::vector<std::string> F = findingLines(R);
  ASSERT_EQ(F.size(), 5u);
  EXPECT_EQ(F[0].rfind("k.cu:10:20: strided load in test", 0), 0u) << F[0];
  EXPECT_EQ(F[1].rfind("k.cu:10:20: hot spot at load in test", 0), 0u) << F[1];
  EXPECT_EQ(F[2], "k.cu:10:40: false sharing at load in test: 64 of 64 read "
                  "sectors shared by several warps, each word by one, on b "
                  "(cudaMalloc at main.cu:21:3)");
  EXPECT_EQ(F[3].rfind("k.cu:12:9: strided store in test", 0), 0u) << F[3];
  EXPECT_EQ(F[4], "k.cu:12:9: false sharing at store in test: 128 of 128 "
                  "written sectors shared by several warps, each word by one, "
                  "on c (cudaMalloc at main.cu:22:3)");
}

// gemm_v01 reads whole rows of B in every warp: a hot spot, no false sharing.
TEST(HeatPatterns, GemmV01HotSpotNoFalseSharing) {
  LaunchReport R = gemm(false);
  auto J = launchJson(R);
  EXPECT_EQ(J.dump().find("false_sharing"), std::string::npos);
  expectJson(J["objects"][1], R"j({
    "name": "b",
    "patterns": ["hot_spot"]})j");
  std::vector<std::string> F = findingLines(R);
  ASSERT_FALSE(F.empty());
  EXPECT_EQ(F.back().rfind("k.cu:10:40: hot spot at load in test: 64 of 64 "
                           "sectors touched by up to 32 warps of the sampled "
                           "block on b",
                           0),
            0u)
      << F.back();
}

/// One load site of Width bytes in one block of Warps warps, heat-map mode:
/// each thread reads the addresses Fn(warp, lane) lists.
LaunchReport oneLoadPerBlock(
    uint32_t Width, uint32_t Warps,
    const std::function<std::vector<uint64_t>(uint64_t, uint64_t)> &Fn) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", Width, 20, 7));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{32 * Warps};
  D.run(T, Grid, Block, [&](Dim, Dim Th) {
    std::vector<Access> V;
    for (uint64_t Addr : Fn(Th.X / 32, Th.X % 32))
      V.push_back({0, Addr});
    return V;
  });
  return analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
}

// A broadcast: all lanes of all 8 warps read the same word, a[k] for k =
// 0..63. Every word of its 8 sectors is read by every warp: a hot spot (data
// every warp reads), not false sharing, which needs each word read by one.
TEST(HeatPatterns, BroadcastIsNoFalseSharing) {
  LaunchReport R = oneLoadPerBlock(4, 8, [](uint64_t, uint64_t) {
    std::vector<uint64_t> V;
    for (uint64_t K = 0; K < 64; ++K)
      V.push_back(ArrA + 4 * K);
    return V;
  });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 1.0,
    "patterns": ["coalesced", "hot_spot"]})j");
  expectJson(J["heatmap"], R"j({
    "sector_warps_histogram": [0, 0, 0, 0, 0, 0, 0, 0, 8],
    "word_warps_histogram": [0, 0, 0, 0, 0, 0, 0, 0, 64]})j");
  EXPECT_FALSE(anyPattern(J, "false_sharing"));
}

// Lane 0 of each of 16 warps reads its own 8-byte header, h[warp]
// (warp_broadcast_smem's header[row]): 4 warps share each sector of h, each
// on its own two words, and each warp's request fetches the whole sector for
// 8 bytes of it. That is cuThermo's false sharing on loads, as in gemm_v00
// (where each warp's lanes all read one word), although every request is
// coalesced.
TEST(HeatPatterns, OneLanePerWarpOnNeighbouringWordsIsFalseSharing) {
  LaunchReport R = oneLoadPerBlock(8, 16, [](uint64_t Warp, uint64_t Lane) {
    return Lane == 0 ? std::vector<uint64_t>{ArrA + 8 * Warp}
                     : std::vector<uint64_t>{};
  });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 1.0,
    "patterns": ["coalesced", "false_sharing"],
    "evidence": {"false_sharing": {"false_shared_sectors": 4,
                                   "max_sector_warps": 4,
                                   "read_sectors": 4}}})j");
}

// y[i] = a[i + 1] * a[0]: a[0]'s sector is read by all 8 warps. The verdict
// sits on the site that reads it (30:17), not on a[i + 1] whose range merely
// covers that sector.
TEST(HeatPatterns, HotSpotOnTheNarrowestSite) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 30, 10) +
                               siteLine(1, "load", "global", 4, 30, 17) +
                               siteLine(2, "store", "global", 4, 30, 5));
  FakeDevice D(testHeader(Mode::Heatmap, 3));
  Dim Grid{2}, Block{256};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{
        {0, ArrA + 4 * (1 + Th.X)}, {1, ArrA}, {2, ArrB + 4 * Th.X}};
  });
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({"column": 10, "patterns": ["misaligned"]})j");
  expectJson(J["sites"][1], R"j({
    "column": 17,
    "patterns": ["coalesced", "hot_spot"],
    "evidence": {"hot_spot": {"hot_sectors": 1, "hot_threshold_warps": 4,
                              "max_word_warps": 8, "sectors": 1}}})j");
  expectJson(J["sites"][2], R"j({
    "column": 5,
    "object": {"id": 1, "kind": "cudaMalloc", "base": "0x7f0000100000",
               "name": null}})j");
  expectJson(J["objects"][0],
             R"j({"patterns": ["hot_spot", "misaligned", "..."]})j");
  std::vector<std::string> F = findingLines(R);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(F[0].rfind("k.cu:30:10: misaligned load", 0), 0u) << F[0];
  EXPECT_EQ(F[1], "k.cu:30:17: hot spot at load in test: 1 of 1 sectors "
                  "touched by up to 8 warps of the sampled block on a "
                  "(cudaMalloc at main.cu:20:3)");
}

// spmv's x[col[j]] with skewed columns: many sectors shared by an uneven
// number of warps. The dense range looks regular by gaps, but the uneven
// sharing keeps it from being called strided.
TEST(HeatPatterns, RandomHot) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 40, 12));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    std::vector<Access> V;
    uint64_t X = Th.X * 7919 + 17;
    for (int K = 0; K < 4; ++K) {
      X = (X * 6364136223846793005ull + 1442695040888963407ull);
      uint64_t R = (X >> 33) % 1024;
      V.push_back({0, ArrB + 4 * (R * R / 1024)});
    }
    return V;
  });
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  expectJson(siteJson(R, 0), R"j({
    "patterns": ["uncoalesced", "random_hot"],
    "evidence": {"random_hot": {"max_word_warps": 8, "min_word_warps": 2,
                                "sectors": 128, "shared_sectors": 96,
                                "variation": 0.421}}})j");
  std::vector<std::string> F = findingLines(R);
  EXPECT_NE(std::find(F.begin(), F.end(),
                      "k.cu:40:12: random hot load in test: 96 of 128 sectors "
                      "shared by 2-8 warps, irregularly, on allocation "
                      "0x7f0000100000 of 1048576 bytes (cudaMalloc at "
                      "main.cu:21:3)"),
            F.end());
}

/// s[t] = ...; ... = s[Abuse ? t : transposed(t)]
LaunchReport sharedRoundTrip(bool Abuse) {
  SiteTable T = parseTestTable(siteLine(0, "store", "shared", 4, 50, 7) +
                               siteLine(1, "load", "shared", 4, 51, 14));
  FakeDevice D(testHeader(Mode::Heatmap, 2));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [&](Dim, Dim Th) {
    uint64_t Tr = (Th.X % 16) * 16 + Th.X / 16;
    return std::vector<Access>{{0, 0x400 + 4 * Th.X},
                               {1, 0x400 + 4 * (Abuse ? Th.X : Tr)}};
  });
  return analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
}

const char SmemAbuseFinding[] =
    "k.cu:50:7: shared memory abuse at store in test: 256 of 256 shared words "
    "touched by a single warp (thread-private data)";

// s[tid] written and read back by the same thread: thread-private data in
// shared memory (PASTA's Y_shr).
TEST(HeatPatterns, SharedMemoryAbuse) {
  LaunchReport R = sharedRoundTrip(true);
  expectJson(siteJson(R, 0), R"j({
    "space": "shared",
    "patterns": ["smem_abuse"],
    "evidence": {"smem_abuse": {"private_words": 256, "sectors": 32,
                                "words": 256}},
    "object": {"id": 0, "kind": "shared"}})j");
  std::vector<std::string> F = findingLines(R);
  ASSERT_FALSE(F.empty());
  EXPECT_EQ(F[0], SmemAbuseFinding);
}

// A transposed read shares words between warps: no verdict.
TEST(HeatPatterns, SharedWordsAreNoAbuse) {
  LaunchReport R = sharedRoundTrip(false);
  auto J = launchJson(R);
  EXPECT_FALSE(anyPattern(J, "smem_abuse"));
  expectJson(J["sites"][0], R"j({"object": {"kind": "shared"}})j");
  EXPECT_TRUE(R.Findings.empty());
}

// A shared site without a range (a device that wrote none) still gets the
// block's shared-memory heat.
TEST(HeatPatterns, SharedSiteWithoutRange) {
  SiteTable T = parseTestTable(siteLine(0, "store", "shared", 4, 50, 7));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block,
        [](Dim, Dim Th) { return std::vector<Access>{{0, 0x400 + 4 * Th.X}}; });
  auto *C = reinterpret_cast<ss_site_counters *>(
      const_cast<uint8_t *>(D.bytes().data()) + D.header().off_sites);
  C->addr_min = C->addr_max = ~uint64_t(0);
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  expectJson(siteJson(R, 0), R"j({
    "address_range": null,
    "patterns": ["smem_abuse", "..."],
    "object": {"id": 0, "kind": "shared"}})j");
  EXPECT_EQ(findingLines(R), std::vector<std::string>{SmemAbuseFinding});
}

// A device that never wrote the address range (addr_min still ~0): no
// range, no object, but the counters still count.
TEST(HeatPatterns, UnwrittenRangeIsNotUsed) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{64};
  D.run(T, Grid, Block,
        [](Dim, Dim Th) { return std::vector<Access>{{0, ArrA + 4 * Th.X}}; });
  auto *C = reinterpret_cast<ss_site_counters *>(
      const_cast<uint8_t *>(D.bytes().data()) + D.header().off_sites);
  C->addr_min = C->addr_max = ~uint64_t(0);
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 4.0,
    "address_range": null,
    "patterns": ["coalesced", "..."],
    "object": null})j");
  expectJson(J["objects"][0], R"j({"kind": "cudaMalloc", "sites": []})j");
}

} // namespace
} // namespace sectorscope::rt::test
