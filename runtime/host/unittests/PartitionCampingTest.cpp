//===- PartitionCampingTest.cpp - Grid mode's per-partition counts --------===//
//
// Every block counted, sectors per partition per site and per time window,
// and the camping verdicts from them.
//
//===----------------------------------------------------------------------===//
#include "TestLaunches.h"

namespace sectorscope::rt::test {
namespace {

/// 64 blocks of 64 threads under Spec ("uniform": the model "default" means
/// where no calibrated map is installed; the test must not depend on the one
/// in data/). Under a map with partitions: rows at a 2 KiB pitch when
/// Camp (all in partition 0) or at 256 B (spread). Under the uniform model:
/// out[gid] = ..; atomicAdd(&count[Camp ? 0 : block], 1).
LaunchReport camping(const char *Spec, bool Camp) {
  std::string Err;
  auto M = std::string(Spec) == "uniform"
               ? std::optional<PartitionModel>(PartitionModel())
               : PartitionModel::parse(Spec, Err);
  EXPECT_TRUE(M) << Err;
  SiteTable T = parseTestTable(siteLine(0, "store", "global", 4, 60, 3) +
                               siteLine(1, "atomic", "global", 4, 61, 5));
  FakeDevice D(testHeader(Mode::Grid, 2, 0, &*M, 16, 4));
  Dim Grid{64}, Block{64};
  bool Uniform = M->kind() == PartitionModel::Kind::Uniform;
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    if (Uniform)
      return std::vector<Access>{{0, ArrA + 256 * B.X + 4 * Th.X},
                                 {1, ArrB + (Camp ? 0 : 32 * B.X)}};
    uint64_t Off = (Camp ? 2048 : 256) * B.X + 4 * Th.X;
    return std::vector<Access>{{0, ArrA + Off}};
  });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.PartitionModelName = M->name();
  I.SectorBuckets = devicePartitions(*M).SectorBuckets;
  I.ActiveBlocksPerSm = 16;
  return analyze(D, I, T, twoArrays());
}

// CampProf's GT200 map (8 partitions of 256 B): rows at a 2 KiB pitch all
// fall into partition 0.
TEST(PartitionCamping, Gt200RowsAtTwoKiBCamp) {
  LaunchReport R = camping("gt200", true);
  auto J = launchJson(R);
  expectJson(J, R"j({"mode": "grid", "sampled_block": null,
                     "heatmap": null})j");
  expectJson(J["partitions"], R"j({
    "model": "gt200",
    "count": 8,
    "buckets": "partition",
    "bucket_count": 8,
    "blocks_per_window": 16,
    "active_blocks_per_sm": 16,
    "num_windows": 4,
    "windows": [{"window": 0,
                 "counts": [128, 0, "..."],
                 "verdict": {"sectors": 128, "max": 128, "hottest": 0,
                             "used": 1, "skew": 8.0, "share": 1.0,
                             "camped": true, "reason": "skew"}},
                "..."],
    "sites": [{"site": 0, "skew": 8.0, "camped": true}, "..."],
    "skew": 8.0,
    "camped": true})j");
  std::vector<std::string> F = findingLines(R);
  EXPECT_NE(std::find(F.begin(), F.end(),
                      "k.cu:60:3: partition camping at store in test: skew "
                      "8.0 (max/mean over 8 partitions, model gt200) on a "
                      "(cudaMalloc at main.cu:20:3)"),
            F.end());
}

// At a 256 B pitch the rows spread evenly.
TEST(PartitionCamping, Gt200RowsAt256BytesSpread) {
  LaunchReport R = camping("gt200", false);
  expectJson(launchJson(R)["partitions"], R"j({
    "windows": [{"window": 0, "counts": [16, 16, "..."]}, "..."],
    "sites": [{"site": 0, "skew": 1.0, "camped": false}, "..."],
    "skew": 1.0,
    "camped": false})j");
  EXPECT_TRUE(R.Findings.empty());
}

/// The uniform model's verdicts: the partitions object without its 4096
/// buckets per window, and each site's patterns and verdict.
nlohmann::ordered_json uniformVerdicts(const LaunchReport &R) {
  auto J = launchJson(R);
  J["partitions"].erase("windows");
  nlohmann::ordered_json Sites = nlohmann::ordered_json::array();
  for (auto &S : J["sites"])
    Sites.push_back(
        {{"patterns", S["patterns"]}, {"verdict", S["partitions"]["verdict"]}});
  return {{"partitions", J["partitions"]}, {"sites", Sites}};
}

// The uniform model knows no partitions: only all blocks hitting the same
// sector camps (atomicAdd on one counter).
TEST(PartitionCamping, UniformSameSectorCamps) {
  LaunchReport R = camping("uniform", true);
  expectJson(uniformVerdicts(R), R"j({
    "partitions": {"model": "uniform", "count": 1, "buckets": "sector",
                   "bucket_count": 4096, "skew": 26.4, "camped": true},
    "sites": [{"patterns": ["coalesced"]},
              {"patterns": ["coalesced", "camped"],
               "verdict": {"sectors": 128, "max": 128, "hottest": 0,
                           "used": 1, "skew": 1.0, "share": 1.0,
                           "camped": true, "reason": "same_sector"}}]})j");
  std::vector<std::string> F = findingLines(R);
  ASSERT_FALSE(F.empty());
  EXPECT_EQ(F[0].rfind("k.cu:61:5: same-sector camping at atomic in test: "
                       "128 of 128 sector requests of all blocks on one "
                       "sector (model uniform)",
                       0),
            0u)
      << F[0];
}

// Per-block counters do not camp.
TEST(PartitionCamping, UniformPerBlockCountersSpread) {
  LaunchReport R = camping("uniform", false);
  expectJson(uniformVerdicts(R), R"j({
    "partitions": {"skew": 2.4, "camped": false},
    "sites": [{}, {"patterns": ["coalesced"]}]})j");
  EXPECT_TRUE(R.Findings.empty());
}

// Every block reading the same few bytes (a filter's weights) is in one
// partition, but L1 serves the reads: not camped. Writing them is, and so
// is reading rows of a 2 KiB pitch, which span far more than a granule.
TEST(PartitionCamping, ReadsOfOneGranuleDoNotCamp) {
  std::string Err;
  std::optional<PartitionModel> Gt200 = PartitionModel::parse("gt200", Err);
  ASSERT_TRUE(Gt200) << Err;
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 50, 7) +
                               siteLine(1, "store", "global", 4, 51, 7) +
                               siteLine(2, "load", "global", 4, 52, 7));
  FakeDevice D(testHeader(Mode::Grid, 3, 0, &*Gt200, 16, 4));
  Dim Grid{64}, Block{64};
  D.run(T, Grid, Block, [](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + 4 * (Th.X % 16)},
                               {1, ArrB + 4 * (Th.X % 16)},
                               {2, ArrA + 2048 * B.X + 4 * Th.X}};
  });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.PartitionModelName = "gt200";
  LaunchReport R = analyze(D, I, T, twoArrays());
  expectJson(launchJson(R)["partitions"]["sites"], R"j([
    {"site": 0, "skew": 8.0, "camped": false},
    {"site": 1, "skew": 8.0, "camped": true},
    {"site": 2, "skew": 8.0, "camped": true}])j");
}

// Under the uniform model a sector every block reads is a hot spot, not
// camping; every block adding to it camps (UniformSameSectorCamps).
TEST(PartitionCamping, UniformSameSectorReadsDoNotCamp) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 50, 7));
  PartitionModel Uniform;
  FakeDevice D(testHeader(Mode::Grid, 1, 0, &Uniform, 16, 4));
  Dim Grid{64}, Block{64};
  D.run(T, Grid, Block,
        [](Dim, Dim) { return std::vector<Access>{{0, ArrA}}; });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.SectorBuckets = true;
  LaunchReport R = analyze(D, I, T, twoArrays());
  expectJson(uniformVerdicts(R), R"j({
    "sites": [{"patterns": ["coalesced"],
               "verdict": {"max": 128, "used": 1, "camped": false,
                           "reason": null}}]})j");
  EXPECT_TRUE(R.Findings.empty());
}

// Grid mode has no heat map: too many sectors per request is "uncoalesced"
// with unknown regularity.
TEST(PartitionCamping, GridModeCannotTellStrideFromGather) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 70, 9));
  PartitionModel Uniform;
  FakeDevice D(testHeader(Mode::Grid, 1, 0, &Uniform, 16, 4));
  Dim Grid{8}, Block{64};
  D.run(T, Grid, Block, [](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + 256 * (B.X * 64 + Th.X)}};
  });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.SectorBuckets = true;
  LaunchReport R = analyze(D, I, T, twoArrays());
  auto J = launchJson(R);
  expectJson(J, R"j({"mode": "grid", "sampled_blocks": 8})j");
  expectJson(J["sites"][0], R"j({
    "requests": 16,
    "sectors_per_request": 32.0,
    "patterns": ["uncoalesced"],
    "evidence": {"uncoalesced": {"regular": null}}})j");
  EXPECT_EQ(findingLines(R),
            std::vector<std::string>{
                "k.cu:70:9: uncoalesced load in test: 32.0 sectors/request "
                "(ideal 4.0) (grid mode: stride or gather unknown), on a "
                "(cudaMalloc at main.cu:20:3)"});
}

// A grid-mode launch's tables have rows for its kernel's sites alone, which
// come after another kernel's in the module's table (abi.h): the counts
// land on the kernel's own ids and source lines, not on the other's.
TEST(PartitionCamping, GridTablesCoverTheKernelsSites) {
  SiteTable T =
      parseTestTable(siteLine(0, "load", "global", 8, 10, 1, "_Z5otherv") +
                     siteLine(1, "load", "global", 8, 11, 1, "_Z5otherv") +
                     siteLine(2, "store", "global", 4, 60, 3) +
                     siteLine(3, "atomic", "global", 4, 61, 5));
  SiteRange Sites = T.kernelSites(TestKernel);
  ASSERT_EQ(Sites.First, 2u);
  ASSERT_EQ(Sites.Count, 2u);
  std::string Err;
  std::optional<PartitionModel> Gt200 = PartitionModel::parse("gt200", Err);
  ASSERT_TRUE(Gt200) << Err;
  FakeDevice D(testHeader(Mode::Grid, Sites.Count, 0, &*Gt200, 16, 4));
  D.countSitesFrom(Sites.First);
  Dim Grid{64}, Block{64};
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + 2048 * B.X + 4 * Th.X},
                               {1, ArrB + 256 * B.X}};
  });
  EXPECT_EQ(D.header().num_sites, 2u);
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.PartitionModelName = "gt200";
  LaunchReport R = analyze(D, I, T, twoArrays(), Sites.First);
  auto J = launchJson(R);
  expectJson(J["sites"], R"j([
    {"id": 2, "op": "store", "line": 60, "column": 3, "requests": 128},
    {"id": 3, "op": "atomic", "line": 61, "column": 5, "requests": 128}])j");
  EXPECT_EQ(J["sites"].size(), 2u);
  expectJson(J["partitions"]["sites"], R"j([
    {"site": 2, "skew": 8.0, "camped": true},
    {"site": 3, "camped": false}])j");
  EXPECT_EQ(J["overflow"]["site_overflow"], 0);
}

} // namespace
} // namespace sectorscope::rt::test
