//===- CoalescingTest.cpp - Sectors per request and their verdicts --------===//
//
// One global site, 4 blocks of 256 threads, heat-map mode: the per-site
// counters, the verdict from them, and the finding it prints.
//
//===----------------------------------------------------------------------===//
#include "TestLaunches.h"

namespace sectorscope::rt::test {
namespace {

// a[blockIdx.x * 256 + threadIdx.x]: 4 sectors per request, the ideal.
TEST(Coalescing, CoalescedLoadIsIdeal) {
  LaunchReport R =
      oneSite("load", 4, [](uint64_t B, uint64_t T) { return B * 256 + T; });
  auto J = launchJson(R);
  expectJson(J, R"j({
    "schema": "sectorscope-launch/1",
    "kernel": "test(float*, float*)",
    "mangled": "_Z4testPfS_",
    "mode": "heatmap",
    "sampled_block": {"x": 0, "y": 0, "z": 0, "in_grid": true},
    "device": {"sm_count": 132, "cc": "9.0"},
    "sampled_blocks": 1})j");
  expectJson(J["sites"][0], R"j({
    "id": 0,
    "file": "k.cu",
    "line": 12,
    "column": 9,
    "function": "test(float*, float*)",
    "op": "load",
    "space": "global",
    "width": 4,
    "mlp": 1,
    "requests": 8,
    "sectors": 32,
    "bytes": 1024,
    "threads": 256,
    "sectors_per_request": 4.0,
    "ideal_sectors_per_request": 4.0,
    "address_range": ["0x7f0000000000", "0x7f00000003ff"],
    "patterns": ["coalesced"],
    "object": {"id": 0, "kind": "cudaMalloc", "base": "0x7f0000000000",
               "name": "a", "site": "main.cu:20:3"}})j");
  // The sampled block's sectors range over its own 1 KiB of the array.
  expectJson(J["objects"][0],
             R"j({"patterns": [], "sectors": 32, "span": 1024})j");
  expectJson(J["heatmap"],
             R"j({"sectors": 32, "words": 256, "global_warps": 8})j");
  EXPECT_TRUE(R.Findings.empty());
}

// q[threadIdx.x * 64]: one word per 256-byte row (GRAMSCHM's q), regular.
TEST(Coalescing, StridedLoad) {
  LaunchReport R =
      oneSite("load", 4, [](uint64_t, uint64_t T) { return T * 64; });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 32.0,
    "ideal_sectors_per_request": 4.0,
    "patterns": ["strided"],
    "evidence": {"strided": {
      "common_gap_share": 1.0,
      "common_sector_gap_bytes": 256,
      "ideal_sectors_per_request": 4.0,
      "ratio": 8.0,
      "regular": true,
      "sectors_per_request": 32.0,
      "word_fill": 0.125,
      "word_mask_period": 1,
      "word_mask_period_share": 1.0}}})j");
  // 256 sectors, 256 bytes apart: from the first to the end of the last.
  expectJson(J["objects"][0],
             R"j({"patterns": ["strided", "..."], "sectors": 256,
                 "span": 65312})j");
  EXPECT_EQ(findingLines(R),
            std::vector<std::string>{
                "k.cu:12:9: strided load in test: 32.0 sectors/request "
                "(ideal 4.0) on a (cudaMalloc at main.cu:20:3)"});
}

// a[threadIdx.x + 1]: every warp straddles one more sector, 5 instead of 4.
TEST(Coalescing, MisalignedLoad) {
  LaunchReport R =
      oneSite("load", 4, [](uint64_t, uint64_t T) { return T + 1; });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 5.0,
    "ideal_sectors_per_request": 4.0,
    "patterns": ["misaligned"],
    "evidence": {"misaligned": {"extra_sectors_per_request": 1.0}}})j");
  // cuThermo's picture: boundary sectors touched by two warps.
  expectJson(J["heatmap"], R"j({
    "sectors": 33,
    "words": 256,
    "sector_warps_histogram": [0, 26, 7]})j");
  EXPECT_EQ(findingLines(R),
            std::vector<std::string>{
                "k.cu:12:9: misaligned load in test: 5.0 sectors/request "
                "(ideal 4.0) on a (cudaMalloc at main.cu:20:3)"});
}

// short a[threadIdx.x + 2]: each warp's 64 bytes reach 4 bytes into the next
// warp's first sector, so 7 of the 17 sectors are read by 2 warps on disjoint
// words. Misaligned, and not false sharing on loads: that takes 3 or more
// warps on one sector (Thresholds.h), which a misaligned range never gives.
TEST(Coalescing, MisalignedShortLoadIsNoFalseSharing) {
  LaunchReport R =
      oneSite("load", 2, [](uint64_t, uint64_t T) { return T + 2; });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 3.0,
    "ideal_sectors_per_request": 2.0,
    "patterns": ["misaligned"]})j");
  expectJson(J["heatmap"], R"j({
    "sectors": 17,
    "sector_warps_histogram": [0, 10, 7]})j");
  EXPECT_EQ(J.dump().find("false_sharing"), std::string::npos);
  EXPECT_EQ(findingLines(R),
            std::vector<std::string>{
                "k.cu:12:9: misaligned load in test: 3.0 sectors/request "
                "(ideal 2.0) on a (cudaMalloc at main.cu:20:3)"});
}

// A gather through a scrambled index: as many sectors as a stride, but no
// regular gap between them, so it is not called strided.
TEST(Coalescing, GatherIsUncoalescedNotStrided) {
  LaunchReport R = oneSite("load", 4, [](uint64_t, uint64_t T) {
    return (T * 2654435761u) % 65521;
  });
  auto J = launchJson(R);
  expectJson(J["sites"][0], R"j({
    "sectors_per_request": 32.0,
    "patterns": ["uncoalesced"],
    "evidence": {"uncoalesced": {"regular": false}}})j");
  EXPECT_EQ(findingLines(R),
            std::vector<std::string>{
                "k.cu:12:9: uncoalesced load in test: 32.0 sectors/request "
                "(ideal 4.0), irregular addresses, on a (cudaMalloc at "
                "main.cu:20:3)"});
}

// float4 loads: the ideal scales with the width (32 lanes x 16 B = 16
// sectors).
TEST(Coalescing, VectorWidthScalesTheIdeal) {
  LaunchReport R = oneSite("load", 16, [](uint64_t, uint64_t T) { return T; });
  expectJson(siteJson(R, 0), R"j({
    "width": 16,
    "sectors_per_request": 16.0,
    "ideal_sectors_per_request": 16.0,
    "patterns": ["coalesced", "..."]})j");
  EXPECT_TRUE(R.Findings.empty());
}

} // namespace
} // namespace sectorscope::rt::test
