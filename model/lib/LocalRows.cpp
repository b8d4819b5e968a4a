//===- LocalRows.cpp - local-memory benchmark rows as kernels -------------===//
#include "sectorscope/model/LocalRows.h"
#include "sectorscope/model/L1Figures.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

bool usableLocalRow(const BenchRow &R) {
  return R.Experiment == "local" && R.N && *R.N >= 1 && R.M && *R.M >= 1 &&
         R.Blocks && R.Threads && R.Warps > 0;
}

Traffic localTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  // Element i of lane l is word 32 i + l of the warp's window: M distinct
  // elements are M lines, each with its lanes in all four sectors up to
  // M = 8 (lanes M apart), two sectors at M = 16.
  const double Spr = std::min(32.0, 4 * *R.M);
  for (Op O : {Op::Read, Op::Write}) {
    MemItem I;
    I.TheOp = O;
    I.Waits = O == Op::Read;
    I.Local = true;
    I.SectorsPerRequest = Spr;
    I.Requests = T.totalWarps() * *R.N;
    I.Bytes = I.Requests * Spr * 32;
    I.Mlp = 1; // The next trip's index needs this trip's value.
    I.LinesPerRequest = linesPerRequest(Spr);
    T.Items.push_back(I);
  }
  return T;
}

} // namespace sectorscope::model
