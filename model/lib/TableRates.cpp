//===- TableRates.cpp - L2 work on a table of K words ---------------------===//
#include "sectorscope/model/TableRates.h"
#include "sectorscope/model/L2Figures.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

/// Log-log interpolation of Rows (by words) at Words; the nearest row's
/// rate outside them; 0 without rows.
static double interpolate(const std::vector<std::pair<double, double>> &Rows,
                          double Words) {
  if (Rows.empty())
    return 0;
  if (Words <= Rows.front().first)
    return Rows.front().second;
  if (Words >= Rows.back().first)
    return Rows.back().second;
  auto Hi = std::lower_bound(
      Rows.begin(), Rows.end(), Words,
      [](const std::pair<double, double> &P, double W) { return P.first < W; });
  auto Lo = Hi - 1;
  double F = std::log(Words / Lo->first) / std::log(Hi->first / Lo->first);
  return std::exp(std::log(Lo->second) +
                  F * (std::log(Hi->second) - std::log(Lo->second)));
}

double TableRates::perMs(double Words) const {
  return interpolate(ByWords, Words);
}

/// A table that fits in L2 is served by the slices, one larger by DRAM:
/// rates are interpolated only between measured tables on the same side.
static bool fitsInL2(double Bytes, double L2Bytes) {
  return L2Bytes <= 0 || Bytes <= L2Bytes;
}

double TableRates::perMsOnTable(double Words, double Bytes,
                                double L2Bytes) const {
  const bool Fits = fitsInL2(Bytes, L2Bytes);
  std::vector<std::pair<double, double>> Side;
  for (const auto &Row : ByWords)
    if (fitsInL2(Row.first * TableRowWordBytes, L2Bytes) == Fits)
      Side.push_back(Row);
  if (Side.empty())
    return perMs(Words);
  // Past L2 a table is taken as its bytes in the benchmark's words.
  return interpolate(Side, Fits ? Words : Bytes / TableRowWordBytes);
}

double TableRates::perMsInL2(double L2Bytes) const {
  double Rate = ByWords.empty() ? 0 : ByWords.front().second;
  for (auto &[Words, R] : ByWords)
    if (fitsInL2(Words * TableRowWordBytes, L2Bytes))
      Rate = R;
  return Rate;
}

bool TableRates::measuredFor(double Words, double Bytes, double L2Bytes) const {
  if (!known())
    return false;
  double Key = fitsInL2(Bytes, L2Bytes) ? Words : Bytes / TableRowWordBytes;
  return Key <= ByWords.back().first;
}

TableRates deriveTableRates(const BenchData &D, const char *Experiment,
                            double LaunchMs) {
  std::map<double, std::vector<double>> Rates;
  for (const BenchRow *R : D.rowsOf(Experiment))
    if (R->RegionBytes && R->WordBytes == TableRowWordBytes && R->BytesMoved &&
        *R->BytesMoved > 0 && R->TimeMs > LaunchMs)
      Rates[*R->RegionBytes / R->WordBytes].push_back(
          *R->BytesMoved / R->WordBytes / (R->TimeMs - LaunchMs));
  TableRates A;
  for (auto &[Words, V] : Rates)
    A.ByWords.push_back({Words, median(V)});
  return A;
}

} // namespace sectorscope::model
