//===- Stats.cpp - Summaries of repeated timings --------------------------===//
#include "microbench/host/Stats.h"

#include <algorithm>

namespace sectorscope::mb {

TimingSummary summarize(std::vector<double> Ms) {
  TimingSummary S;
  if (Ms.empty())
    return S;
  std::sort(Ms.begin(), Ms.end());
  size_t N = Ms.size();
  S.Runs = int(N);
  S.BestMs = Ms.front();
  S.MaxMs = Ms.back();
  S.MedianMs = N % 2 ? Ms[N / 2] : 0.5 * (Ms[N / 2 - 1] + Ms[N / 2]);
  return S;
}

double gbps(double Bytes, double Ms) {
  return Ms > 0 ? Bytes / (Ms * 1e-3) / 1e9 : 0.0;
}

} // namespace sectorscope::mb
