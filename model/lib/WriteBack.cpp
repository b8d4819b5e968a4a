//===- WriteBack.cpp - The dirty L2 a kernel inherits ---------------------===//
#include "sectorscope/model/WriteBack.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace sectorscope::model {

double writeBackBytes(double Dirty, double Alloc, double L2Bytes,
                      double Share) {
  if (!(Dirty > 0) || !(Alloc > 0) || !(L2Bytes > 0) || !(Share > 0))
    return 0;
  double Held = std::min(Dirty, Share * L2Bytes);
  return std::min(Held, Alloc * Held / L2Bytes);
}

WriteBackFit fitWriteBack(const BenchData &D, double L2Bytes) {
  WriteBackFit F;
  if (!(L2Bytes > 0))
    return F;
  using Key = std::tuple<double, double, double, double>;
  auto KeyOf = [](const BenchRow &R) {
    return Key{R.Stride, R.Mlp.value_or(0), R.Warps, R.N.value_or(0)};
  };
  std::map<Key, double> Clean;
  std::vector<const BenchRow *> Dirty;
  for (const BenchRow *R : D.rowsOf("dirty")) {
    if (!R->PriorWriteBytes || !R->FootprintBytes || *R->FootprintBytes <= 0)
      continue;
    if (*R->PriorWriteBytes == 0)
      Clean[KeyOf(*R)] = R->TimeMs;
    else
      Dirty.push_back(R);
  }
  struct Pt {
    double T0, T, Dirty, Alloc;
  };
  std::vector<Pt> Pts;
  for (const BenchRow *R : Dirty) {
    auto It = Clean.find(KeyOf(*R));
    if (It != Clean.end())
      Pts.push_back(
          {It->second, R->TimeMs, *R->PriorWriteBytes, *R->FootprintBytes});
  }
  if (Pts.size() < 2)
    return F;
  double BestScore = 1e300;
  for (int I = 5; I <= 20; ++I) {
    double Share = I / 20.0, Num = 0, Den = 0;
    for (const Pt &P : Pts) {
      double W = writeBackBytes(P.Dirty, P.Alloc, L2Bytes, Share) / P.T;
      Num += W * (P.T - P.T0) / P.T;
      Den += W * W;
    }
    if (!(Den > 0))
      continue;
    double Rate = std::max(0.0, Num / Den), Score = 0;
    for (const Pt &P : Pts) {
      double E = std::log(
          (P.T0 + Rate * writeBackBytes(P.Dirty, P.Alloc, L2Bytes, Share)) /
          P.T);
      Score += E * E;
    }
    if (Score < BestScore) {
      BestScore = Score;
      F.MsPerByte = Rate;
      F.Share = Share;
    }
  }
  if (!(F.MsPerByte > 0))
    return WriteBackFit{};
  double LogSum = 0;
  for (const Pt &P : Pts) {
    double Pred =
        P.T0 + F.MsPerByte * writeBackBytes(P.Dirty, P.Alloc, L2Bytes, F.Share);
    LogSum += std::log(std::max(std::abs(Pred - P.T) / P.T, 1e-4));
  }
  F.Rows = Pts.size();
  F.GeomeanRelErr = std::exp(LogSum / (double)Pts.size());
  return F;
}

} // namespace sectorscope::model
