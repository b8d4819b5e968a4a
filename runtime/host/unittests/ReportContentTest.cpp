//===- ReportContentTest.cpp - CSV, overflow, reports without data --------===//
#include "TestLaunches.h"

#include <sstream>

namespace sectorscope::rt::test {
namespace {

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> L;
  std::stringstream SS(Text);
  for (std::string Line; std::getline(SS, Line);)
    L.push_back(Line);
  return L;
}

// The heat map CSV: one row per sector, distinct-warp counts and masks.
TEST(ReportContent, HeatMapCsv) {
  SiteTable T = parseTestTable(siteLine(0, "store", "global", 4, 12, 9) +
                               siteLine(1, "load", "shared", 4, 13, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 2));
  Dim Grid{1}, Block{64};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{{0, ArrA + 8 * Th.X}, {1, 4 * (Th.X % 8)}};
  });
  LaunchInfo I = launchInfo(Mode::Heatmap, Grid, Block);
  I.CsvName = "test-host-1-t1-00000.heat.csv";
  LaunchReport R = analyze(D, I, T, twoArrays());
  std::vector<std::string> Csv = lines(heatCsv(R));
  ASSERT_GE(Csv.size(), 3u);
  EXPECT_EQ(Csv[0], "address,space,object,sector_warps,w0,w1,w2,w3,w4,w5,w6,"
                    "w7,sector_mask,w0_mask,w1_mask,w2_mask,w3_mask,w4_mask,"
                    "w5_mask,w6_mask,w7_mask,ops");
  EXPECT_EQ(Csv[1], "0x7f0000000000,global,0,1,1,0,1,0,1,0,1,0,0x00000001,"
                    "0x00000001,0x00000000,0x00000001,0x00000000,0x00000001,"
                    "0x00000000,0x00000001,0x00000000,s");
  bool SecondWord = false;
  for (const std::string &L : Csv)
    SecondWord |= L.rfind("0x7f0000000100,global,0,1,1,0,1,0,1,0,1,0,"
                          "0x00000002,",
                          0) == 0;
  EXPECT_TRUE(SecondWord);
  EXPECT_EQ(Csv.back(), "0x0,shared,1,2,2,2,2,2,2,2,2,2,0x00000003,"
                        "0x00000003,0x00000003,0x00000003,0x00000003,"
                        "0x00000003,0x00000003,0x00000003,0x00000003,l");
  expectJson(launchJson(R)["heatmap"], R"j({
    "sectors": 17,
    "words": 72,
    "capacity": 262144,
    "records": 128,
    "requests": 4,
    "csv": "test-host-1-t1-00000.heat.csv"})j");
}

// Sectors that ten or more warps touched: two-digit counts, and masks with
// high bits, written as printf would.
TEST(ReportContent, HeatCsvOfManyWarps) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{1024};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{{0, ArrB + 0xabc0 + 4 * (Th.X % 8)}};
  });
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  std::vector<std::string> Csv = lines(heatCsv(R));
  ASSERT_EQ(Csv.size(), 2u);
  EXPECT_EQ(Csv[1], "0x7f000010abc0,global,0,32,32,32,32,32,32,32,32,32,"
                    "0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,"
                    "0xffffffff,0xffffffff,0xffffffff,0xffffffff,l");
}

// A full sample log and an out-of-range site id are counted, not fatal.
// Two records per lane for four warps of 32 lanes: each lane logs its first
// two accesses (one at site 0, its own sector; one at site 5, past the
// table) and drops its third (128 records).
TEST(ReportContent, OverflowIsCounted) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1, 256, nullptr, 16, 4, 128));
  Dim Grid{1}, Block{128};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{
        {0, ArrA + 32 * Th.X}, {5, ArrA}, {0, ArrA + 32 * Th.X + 4}};
  });
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  auto J = launchJson(R);
  EXPECT_EQ(J["overflow"].dump(),
            R"j({"heat_overflow":128,"site_overflow":4})j");
  EXPECT_EQ(J["heatmap"]["sectors"], 128);
  EXPECT_EQ(J["heatmap"]["requests"], 8);
}

/// What the host writes without device data: time mode, a sticky error, a
/// sampled block outside the grid.
LaunchReport noData(const std::string &What) {
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9) + "K\t" +
                               TestKernel + "\tinline_asm=2,texture=1\n");
  LaunchInfo I = launchInfo(What == "time" ? Mode::Time : Mode::Heatmap,
                            Dim{8, 2}, Dim{128});
  if (What == "time") {
    I.TimeMs = 1.25;
    I.ActiveBlocksPerSm = 16;
    PreviousLaunch P;
    P.Kernel = "step(float*)";
    P.Grid[0] = 64, P.Grid[2] = 3;
    P.Block[0] = 128;
    P.KernelLaunch = 7;
    I.Previous = P;
  } else if (What == "sticky")
    I.Error = "kernel failed: cudaErrorLaunchFailure (unspecified launch "
              "failure); launch buffer unreadable: cudaErrorLaunchFailure "
              "(unspecified launch failure)";
  else if (What == "outside") {
    I.Sample[0] = 9;
    I.SampleInGrid = false;
    I.Note = "SECTORSCOPE_BLOCK is outside the grid: nothing sampled";
    I.KernelMs = 0.5;
  }
  return analyzeLaunch(I, &T, nullptr, twoArrays());
}

// The launch before this one on the device (the L2 it leaves).
TEST(ReportContent, TimeModeReport) {
  auto J = launchJson(noData("time"));
  expectJson(J, R"j({
    "previous_launch": {"kernel": "step(float*)", "kernel_launch": 7,
                        "grid": {"x": 64, "y": 1, "z": 3},
                        "block": {"x": 128, "y": 1, "z": 1}},
    "mode": "time",
    "sampled_block": null,
    "occupancy": {"active_blocks_per_sm": 16, "active_warps_per_sm": 64},
    "time_ms": 1.25,
    "kernel_ms": null,
    "error": null,
    "not_instrumented": {"inline_asm": 2, "texture": 1},
    "sites": [],
    "objects": [],
    "heatmap": null,
    "partitions": null,
    "overflow": null})j");
  // The keys' order is the report's layout.
  std::vector<std::string> Keys;
  for (const auto &[K, V] : J.items())
    Keys.push_back(K);
  auto At = [&](const char *K) {
    return std::find(Keys.begin(), Keys.end(), K) - Keys.begin();
  };
  EXPECT_EQ(At("sampled_block"), At("mode") + 1);
  EXPECT_EQ(At("time_ms"), At("occupancy") + 1);
  EXPECT_EQ(At("kernel_ms"), At("time_ms") + 1);
  EXPECT_EQ(At("error"), At("kernel_ms") + 1);
  EXPECT_EQ(At("sites"), At("not_instrumented") + 1);
  EXPECT_EQ(At("objects"), At("sites") + 1);
  EXPECT_EQ(At("heatmap"), At("objects") + 1);
  EXPECT_EQ(At("partitions"), At("heatmap") + 1);
  EXPECT_EQ(At("overflow"), At("partitions") + 1);
}

// Null when the runtime saw no launch before; a sticky error is reported.
TEST(ReportContent, StickyErrorReport) {
  expectJson(launchJson(noData("sticky")), R"j({
    "previous_launch": null,
    "occupancy": null,
    "error": "kernel failed: cudaErrorLaunchFailure (unspecified launch failure); launch buffer unreadable: cudaErrorLaunchFailure (unspecified launch failure)",
    "sites": []})j");
}

// A trip site (abi.h SS_OP_TRIP) is reported under "loops", with the
// trips warps made, and is no memory site. Lane l of each warp makes
// l % 4 + 1 trips, so each warp makes 4: 32, 24, 16 and 8 lanes.
TEST(ReportContent, TripSitesAreLoops) {
  std::string Trip = siteLine(1, "trip", "global", 0, 20, 3);
  Trip.replace(Trip.find("\t1\t1\t1\t"), 7, "\t1\t9\t0\t");
  SiteTable T = parseTestTable(siteLine(0, "load", "global", 4, 12, 9) + Trip);
  for (Mode M : {Mode::Heatmap, Mode::Grid}) {
    FakeDevice D(testHeader(M, 2));
    Dim Grid{2}, Block{64};
    D.run(T, Grid, Block, [](Dim, Dim Th) {
      std::vector<Access> A{{0, ArrA + 4 * Th.X}};
      A.insert(A.end(), Th.X % 4 + 1, Access{1, 0});
      return A;
    });
    LaunchReport R = analyze(D, launchInfo(M, Grid, Block), T, twoArrays());
    nlohmann::ordered_json J = launchJson(R);
    uint64_t Blocks = M == Mode::Grid ? 2 : 1;
    ASSERT_EQ(J["sites"].size(), 1u);
    expectJson(J["loops"][0],
               R"j({"id": 1, "line": 20, "work": 9, "trips": )j" +
                   std::to_string(8 * Blocks) + R"j(, "threads": )j" +
                   std::to_string(160 * Blocks) + "}");
  }
}

TEST(ReportContent, SampledBlockOutsideTheGrid) {
  expectJson(launchJson(noData("outside")), R"j({
    "sampled_block": {"x": 9, "in_grid": false},
    "kernel_ms": 0.5,
    "error": null,
    "note": "SECTORSCOPE_BLOCK is outside the grid: nothing sampled"})j");
}

} // namespace
} // namespace sectorscope::rt::test
