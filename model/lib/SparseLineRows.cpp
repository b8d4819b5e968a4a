//===- SparseLineRows.cpp - stride read rows as kernels
//----------------------===//
#include "sectorscope/model/SparseLineRows.h"
#include "sectorscope/model/BandwidthModel.h"

#include <cmath>

namespace sectorscope::model {

bool usableSparseLineRow(const BenchRow &R) {
  // Lanes `stride` words apart: a line (128 bytes) or more.
  return R.Experiment == "stride" && R.TheOp == Op::Read && R.WordBytes > 0 &&
         R.Stride * R.WordBytes >= 128 && R.Blocks && R.Threads &&
         R.BytesMoved && *R.BytesMoved > 0 && R.Warps > 0 && benchRowMlp(R) > 0;
}

Traffic sparseLineTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  MemItem I;
  I.TheOp = Op::Read;
  I.Waits = true;
  I.Requests = *R.BytesMoved / (32.0 * R.WordBytes);
  I.SectorsPerRequest = 32;
  I.LinesPerRequest = 32;
  I.Bytes = I.Requests * 32 * 32;
  I.Mlp = benchRowMlp(R);
  T.Items.push_back(I);
  return T;
}

bool sparseLineItem(const MemItem &I) {
  return I.Waits && !I.Local && I.SectorsPerRequest > 0 &&
         I.LinesPerRequest >= I.SectorsPerRequest;
}

} // namespace sectorscope::model
