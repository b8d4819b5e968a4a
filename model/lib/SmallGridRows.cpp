//===- SmallGridRows.cpp - small-grid benchmark rows as kernels -----------===//
#include "sectorscope/model/SmallGridRows.h"
#include "sectorscope/model/L1Figures.h"
#include "sectorscope/model/L2Figures.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sectorscope::model {

bool usableSmallGridRow(const BenchRow &R) {
  return R.Experiment == "small" && R.N && R.Blocks && R.Threads &&
         R.WordBytes > 0 && !R.Stores.value_or(0);
}

StoreDrain deriveStoreDrain(const BenchData &D) {
  std::vector<double> Full, Partial;
  for (const BenchRow *S : D.rowsOf("small")) {
    if (!S->Stores.value_or(0) || !S->N || !S->Blocks || !S->Threads)
      continue;
    for (const BenchRow *R : D.rowsOf("small"))
      if (usableSmallGridRow(*R) && *R->N == *S->N &&
          *R->Blocks == *S->Blocks && *R->Threads == *S->Threads) {
        (S->M.value_or(1) > 1 ? Partial : Full)
            .push_back(S->TimeMs - R->TimeMs);
        break;
      }
  }
  StoreDrain S;
  S.FullMs = std::max(0.0, median(Full));
  S.PartialMs = std::max(0.0, median(Partial));
  S.Pairs = Full.size() + Partial.size();
  return S;
}

std::optional<double> emptyKernelMs(const BenchData &D) {
  std::vector<double> T;
  for (const BenchRow *R : D.rowsOf("small"))
    if (usableSmallGridRow(*R) && *R->N == 0)
      T.push_back(R->TimeMs);
  if (T.empty())
    return std::nullopt;
  return median(T);
}

Traffic smallGridTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  MemItem I;
  I.TheOp = Op::Read;
  I.Waits = true;
  // 32 lanes of consecutive words: word-bytes sectors per request.
  I.SectorsPerRequest = std::clamp(double(R.WordBytes), 1.0, 32.0);
  I.Requests = T.totalWarps() * *R.N;
  I.Bytes = I.Requests * I.SectorsPerRequest * 32;
  I.Mlp = 1; // Each trip's address needs the data of the trip before.
  I.LinesPerRequest = linesPerRequest(I.SectorsPerRequest);
  if (I.Requests > 0)
    T.Items.push_back(I);
  return T;
}

} // namespace sectorscope::model
