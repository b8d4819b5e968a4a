//===- Stats.h - Summaries of repeated timings ------------------*- C++ -*-===//
#ifndef SECTORSCOPE_MICROBENCH_STATS_H
#define SECTORSCOPE_MICROBENCH_STATS_H

#include <vector>

namespace sectorscope::mb {

struct TimingSummary {
  double BestMs = 0;
  double MedianMs = 0;
  double MaxMs = 0;
  int Runs = 0;
};

/// Best, median (mean of the middle two for even counts) and worst of
/// \p Ms. Empty input gives an all-zero summary.
TimingSummary summarize(std::vector<double> Ms);

/// Bandwidth in GB/s (1e9 bytes per second) of \p Bytes moved in \p Ms.
double gbps(double Bytes, double Ms);

} // namespace sectorscope::mb

#endif
