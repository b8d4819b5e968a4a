//===- AtomicRates.h - atomics on a table of K words ------------*- C++ -*-===//
//
// Atomics on few addresses are done one after another at the L2 slices that
// own them. The `atomic` micro-benchmark (microbench/cuda/HotAtomics.cu)
// measures the GPU's rate of atomic updates (one lane's update each) spread
// uniformly over a table of K words, K = 1 .. 65536: on the H200 1.4 G/s on
// one word, 3.9 G/s on 256 words, 92 G/s on 65536, the same at every
// occupancy. A kernel's atomics on an allocation of K words are bounded by
// that rate (interpolated in log K; the updates are taken as uniform over
// the allocation, so a skewed histogram is slower than predicted).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_ATOMICRATES_H
#define SECTORSCOPE_MODEL_ATOMICRATES_H

#include "sectorscope/model/BenchData.h"

#include <utility>
#include <vector>

namespace sectorscope::model {

struct AtomicRates {
  /// (table words, lane updates per ms over the GPU), by words; empty:
  /// unknown (atomics cost what their bytes and requests cost).
  std::vector<std::pair<double, double>> ByWords;

  bool known() const { return !ByWords.empty(); }
  /// The rate on a table of W words: log-log interpolation between the
  /// measured tables, the nearest one's rate outside them.
  double updatesPerMs(double Words) const;
};

/// Per table size, the median over the rows (occupancies) of updates /
/// (time - launch).
AtomicRates deriveAtomicRates(const BenchData &D, double LaunchMs);

} // namespace sectorscope::model

#endif
