//===- ReportTest.cpp - The micro-benchmark JSON report -------------------===//
//
// Every row carries every schema field, bandwidth comes from the best time,
// NaN never reaches the file, and a write error is reported.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/Report.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

Row streamRow() {
  Row R;
  R.Experiment = "stream";
  R.Op = "read";
  R.WordBytes = 16;
  R.BytesMoved = 2e9;
  R.Time = summarize({1.0, 2.0, 0.5});
  R.Dram = true;
  R.Tel.PowerW = std::nan("");
  return R;
}

TEST(Report, RowHasEverySchemaField) {
  json J = toJson(streamRow());
  size_t I = 0;
  for (auto It = J.begin(); It != J.end(); ++It, ++I)
    ;
  EXPECT_EQ(I, rowFields().size());
  for (const auto &F : rowFields())
    EXPECT_TRUE(J.contains(F)) << F;
  EXPECT_EQ(rowFields().size(), 32u);
  EXPECT_EQ(J["gbps"].get<double>(), 4000.0);        // 2e9 B in 0.5 ms.
  EXPECT_EQ(J["median_gbps"].get<double>(), 2000.0); // ... in 1 ms.
  EXPECT_EQ(J["power_w"].get<double>(), 0.0);        // NaN is not JSON.
}

TEST(Report, WritesAndReadsBack) {
  Row R = streamRow();
  DeviceInfo D;
  D.Name = "Test GPU";
  D.Sms = 132;
  Provenance P{"sectorscope-microbench --quick", "2026-01-01T00:00:00Z", "h"};
  json Rep = makeReport(D, P, {R, R});
  EXPECT_EQ(Rep["schema"], ReportSchema);
  EXPECT_EQ(Rep["schema"], "sectorscope-microbench/1");
  EXPECT_EQ(Rep["gpu"]["sm_count"], 132);
  EXPECT_TRUE(Rep["provenance"]["timing"] == "gated" &&
              Rep["provenance"]["date_utc"] == "2026-01-01T00:00:00Z");
  EXPECT_EQ(Rep["rows"].size(), 2u);
  std::string Path = ::testing::TempDir() + "mb-unittest-report.json";
  std::string Err;
  EXPECT_TRUE(writeJsonFile(Path, Rep, Err)) << Err;
  std::ifstream IS(Path);
  json Back = json::parse(IS);
  EXPECT_EQ(Back, Rep);
  EXPECT_FALSE(writeJsonFile("/nonexistent-dir/x.json", Rep, Err));
  EXPECT_EQ(Err, "cannot open '/nonexistent-dir/x.json' for writing (No such "
                 "file or directory)");
}

TEST(Report, UtcNowIsIso8601) {
  std::string Now = utcNow();
  EXPECT_TRUE(Now.size() == 20 && Now.back() == 'Z') << Now;
}

} // namespace
