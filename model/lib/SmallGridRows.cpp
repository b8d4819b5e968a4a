//===- SmallGridRows.cpp - small-grid benchmark rows as kernels -----------===//
#include "sectorscope/model/SmallGridRows.h"
#include "sectorscope/model/L1Figures.h"

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
  auto Median = [](std::vector<double> V) {
    if (V.empty())
      return 0.0;
    std::sort(V.begin(), V.end());
    size_t H = V.size() / 2;
    return std::max(0.0, V.size() % 2 ? V[H] : 0.5 * (V[H - 1] + V[H]));
  };
  StoreDrain S;
  S.FullMs = Median(Full);
  S.PartialMs = Median(Partial);
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
  std::sort(T.begin(), T.end());
  size_t H = T.size() / 2;
  return T.size() % 2 ? T[H] : 0.5 * (T[H - 1] + T[H]);
}

Traffic smallGridTraffic(const BenchRow &R) {
  Traffic T;
  T.Blocks = *R.Blocks;
  T.WarpsPerBlock = std::ceil(*R.Threads / 32.0);
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
