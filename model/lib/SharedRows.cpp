//===- SharedRows.cpp - shared-memory benchmark rows as kernels -----------===//
#include "sectorscope/model/SharedRows.h"

namespace sectorscope::model {

bool usableSharedRow(const BenchRow &R) {
  return R.Experiment == "shared" && R.N && *R.N >= 1 && R.M && *R.M >= 1 &&
         R.Mlp && *R.Mlp >= 1 && R.Blocks && R.Threads && R.Warps > 0;
}

Traffic sharedTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  const double Requests = T.totalWarps() * *R.N * *R.Mlp;
  T.SharedWavefronts = T.SharedLoadWavefronts = Requests * *R.M;
  T.SharedLoadSteps = T.totalWarps() * *R.N;
  return T;
}

} // namespace sectorscope::model
