//===- TableRates.cpp - L2 work on a table of K words ---------------------===//
#include "sectorscope/model/TableRates.h"
#include "sectorscope/model/L2Figures.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

double TableRates::perMs(double Words) const {
  if (ByWords.empty())
    return 0;
  if (Words <= ByWords.front().first)
    return ByWords.front().second;
  if (Words >= ByWords.back().first)
    return ByWords.back().second;
  auto Hi = std::lower_bound(
      ByWords.begin(), ByWords.end(), Words,
      [](const std::pair<double, double> &P, double W) { return P.first < W; });
  auto Lo = Hi - 1;
  double F = std::log(Words / Lo->first) / std::log(Hi->first / Lo->first);
  return std::exp(std::log(Lo->second) +
                  F * (std::log(Hi->second) - std::log(Lo->second)));
}

TableRates deriveTableRates(const BenchData &D, const char *Experiment,
                            double LaunchMs) {
  std::map<double, std::vector<double>> Rates;
  for (const BenchRow *R : D.rowsOf(Experiment))
    if (R->RegionBytes && R->WordBytes > 0 && R->BytesMoved &&
        *R->BytesMoved > 0 && R->TimeMs > LaunchMs)
      Rates[*R->RegionBytes / R->WordBytes].push_back(
          *R->BytesMoved / R->WordBytes / (R->TimeMs - LaunchMs));
  TableRates A;
  for (auto &[Words, V] : Rates)
    A.ByWords.push_back({Words, median(V)});
  return A;
}

} // namespace sectorscope::model
