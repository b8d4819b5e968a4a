//===- SparseLinesTest.cpp - DRAM cost of a sector alone in its line ------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/SparseLineRows.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

using namespace sectorscope::model;

namespace {

TEST(SparseLines, FactorFromStrideReadRows) {
  // Stride read rows (lanes 32..64 words apart: a sector per line) timed by
  // the model itself with a known factor: the fit gives it back; lanes
  // closer than a line are not used.
  BenchData D = pureStreamBench(1e-6 / 4000, 2.5e-4, 5e-6);
  BandwidthModel M0 = BandwidthModel::fit(D, {"campprof"});
  EXPECT_TRUE(M0.SparseLineRows == 0 && M0.SparseLineFactor == 1);
  M0.SparseLineFactor = 2.5;
  for (int S : {8, 16, 32, 40, 48, 64}) {
    BenchRow R = volumeRow("stride", Op::Read, false, 4, 64, (1 << 30) / S, 0);
    R.Stride = S;
    R.Blocks = 800;
    R.Threads = 256;
    R.TimeMs =
        S >= 32 ? M0.kernelTime(sparseLineTraffic(R), false, 64, nullptr) : 1;
    R.Index = D.Rows.size();
    D.Rows.push_back(R);
  }
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  EXPECT_EQ(M.SparseLineRows, 4);
  EXPECT_REL_NEAR(M.SparseLineFactor, 2.5, 1e-2);
  MemItem Col;
  Col.SectorsPerRequest = Col.LinesPerRequest = 32;
  MemItem Row;
  Row.SectorsPerRequest = 4;
  EXPECT_TRUE(sparseLineItem(Col) && !sparseLineItem(Row));
  Col.Waits = false; // stores: not charged
  EXPECT_FALSE(sparseLineItem(Col));
}

} // namespace
