//===- TableRates.cpp - L2 work on a table of K words ---------------------===//
#include "sectorscope/model/TableRates.h"
#include "sectorscope/model/L2Figures.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

using RateRow = std::pair<double, double>;
using RowIt = std::vector<RateRow>::const_iterator;

/// Log-log interpolation of the rows [First, Last) (by words) at Words; the
/// nearest row's rate outside them; 0 without rows.
static double interpolate(RowIt First, RowIt Last, double Words) {
  if (First == Last)
    return 0;
  if (Words <= First->first)
    return First->second;
  if (Words >= (Last - 1)->first)
    return (Last - 1)->second;
  auto Hi =
      std::lower_bound(First, Last, Words,
                       [](const RateRow &P, double W) { return P.first < W; });
  auto Lo = Hi - 1;
  double F = std::log(Words / Lo->first) / std::log(Hi->first / Lo->first);
  return std::exp(std::log(Lo->second) +
                  F * (std::log(Hi->second) - std::log(Lo->second)));
}

double TableRates::perMs(double Words) const {
  return interpolate(ByWords.begin(), ByWords.end(), Words);
}

/// A table that fits in L2 is served by the slices, one larger by DRAM:
/// rates are interpolated only between measured tables on the same side.
static bool fitsInL2(double Bytes, double L2Bytes) {
  return L2Bytes <= 0 || Bytes <= L2Bytes;
}

/// The first measured table that does not fit in L2 (rows are by words).
static RowIt firstPastL2(const std::vector<RateRow> &Rows, double L2Bytes) {
  return std::partition_point(Rows.begin(), Rows.end(), [&](const RateRow &R) {
    return fitsInL2(R.first * TableRowWordBytes, L2Bytes);
  });
}

double TableRates::perMsOnTable(double Words, double Bytes,
                                double L2Bytes) const {
  RowIt Split = firstPastL2(ByWords, L2Bytes);
  // Past L2 a table is taken as its bytes in the benchmark's words.
  bool Fits = fitsInL2(Bytes, L2Bytes);
  RowIt First = Fits ? ByWords.begin() : Split;
  RowIt Last = Fits ? Split : ByWords.end();
  if (First == Last)
    return perMs(Words);
  return interpolate(First, Last, Fits ? Words : Bytes / TableRowWordBytes);
}

double TableRates::perMsInL2(double L2Bytes) const {
  if (ByWords.empty())
    return 0;
  RowIt Split = firstPastL2(ByWords, L2Bytes);
  return (Split == ByWords.begin() ? Split : Split - 1)->second;
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
