//===- CompareTest.cpp - Run-to-run agreement of two reports --------------===//
//
// Rows are matched on configuration; the median relative difference of
// median_ms is taken over DRAM rows.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/Compare.h"
#include "microbench/host/Report.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

json rowOf(const char *Experiment, int WordBytes, double Ms, bool Dram) {
  Row R;
  R.Experiment = Experiment;
  R.Op = "read";
  R.WordBytes = WordBytes;
  R.Dram = Dram;
  R.Time = summarize({Ms});
  return toJson(R);
}

TEST(Compare, MedianDifferenceOverDramRows) {
  json A, B;
  A["rows"] = {rowOf("stream", 16, 1.0, true), rowOf("stream", 4, 2.0, true),
               rowOf("hot_region", 16, 1.0, false)};
  B["rows"] = {rowOf("stream", 16, 1.02, true), rowOf("stream", 4, 2.02, true),
               rowOf("hot_region", 16, 1.5, false),
               rowOf("gt200", 4, 1.0, true)};
  json S;
  std::string Err;
  EXPECT_TRUE(compareReports(A, B, S, Err)) << Err;
  EXPECT_EQ(S["dram"]["rows"], 2);
  EXPECT_EQ(S["unmatched_rows"], 1);
  double Med = S["dram"]["median_rel_diff"].get<double>();
  EXPECT_LT(std::fabs(Med - 0.015), 1e-9);
  EXPECT_LT(std::fabs(S["all"]["max_rel_diff"].get<double>() - 0.5), 1e-9);
  EXPECT_FALSE(compareReports(json::object(), B, S, Err));
  EXPECT_EQ(Err, "report without a 'rows' array");
}

} // namespace
