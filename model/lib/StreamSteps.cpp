//===- StreamSteps.cpp - Round trips of loads from separate streams -------===//
#include "sectorscope/model/StreamSteps.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace sectorscope::model {

double StreamSteps::factor(double K) const {
  if (Factors.empty() || !(K > 1))
    return 1;
  double Lo = 1, FLo = 1;
  for (const auto &[Streams, F] : Factors) {
    if (K <= Streams) {
      double T = std::log2(K / Lo) / std::log2(Streams / Lo);
      return FLo + T * (F - FLo);
    }
    Lo = Streams;
    FLo = F;
  }
  return FLo;
}

StreamSteps fitStreamSteps(const BenchData &D) {
  StreamSteps S;
  using Key = std::tuple<int, double, double, double>;
  std::map<Key, const BenchRow *> Side, Apart;
  double Best = 0;
  for (const BenchRow *R : D.rowsOf("streams")) {
    if (!R->Mlp || !R->N || !R->BytesMoved || !(R->TimeMs > 0) ||
        !(R->Warps > 0) || *R->Mlp < 2)
      continue;
    Key K{R->WordBytes, R->Stride, *R->Mlp, R->Warps};
    if (*R->N == 1)
      Side[K] = R;
    else if (*R->N == *R->Mlp)
      Apart[K] = R;
    else
      continue;
    Best = std::max(Best, *R->BytesMoved / R->TimeMs);
  }
  std::map<double, std::pair<double, size_t>> LogSum; // streams -> sum, n
  for (const auto &[K, A] : Apart) {
    auto It = Side.find(K);
    if (It == Side.end())
      continue;
    const BenchRow *B = It->second;
    if (*B->BytesMoved / B->TimeMs >= 0.5 * Best)
      continue;
    auto &[Sum, N] = LogSum[*A->N];
    Sum += std::log(A->TimeMs / B->TimeMs);
    ++N;
  }
  for (const auto &[Streams, SN] : LogSum) {
    // A measured slowdown only: a ratio below 1 is noise, not a gain.
    S.Factors.push_back(
        {Streams, std::max(1.0, std::exp(SN.first / double(SN.second)))});
    S.Rows += SN.second;
  }
  return S;
}

} // namespace sectorscope::model
