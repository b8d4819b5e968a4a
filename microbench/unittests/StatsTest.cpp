//===- StatsTest.cpp - Best, median and max of repeated timings -----------===//
#include "microbench/host/Stats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::mb;

namespace {

TEST(Stats, SummaryOfOddAndEvenCounts) {
  TimingSummary S = summarize({3.0, 1.0, 2.0});
  EXPECT_TRUE(S.BestMs == 1.0 && S.MedianMs == 2.0 && S.MaxMs == 3.0 &&
              S.Runs == 3);
  TimingSummary E = summarize({4.0, 1.0, 2.0, 3.0});
  EXPECT_EQ(E.MedianMs, 2.5);
  EXPECT_EQ(summarize({}).Runs, 0);
}

TEST(Stats, Bandwidth) {
  EXPECT_LT(std::fabs(gbps(2e9, 1000.0) - 2.0), 1e-12);
  EXPECT_EQ(gbps(1e9, 0), 0);
}

} // namespace
