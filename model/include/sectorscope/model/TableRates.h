//===- TableRates.h - L2 work on a table of K words -------------*- C++ -*-===//
//
// Work on few addresses is done one request after another at the L2 slices
// that own them. Two micro-benchmarks measure the GPU's rate on a table of K
// words, K = 1 .. 65536, the requests spread uniformly over it:
//   `atomic` (microbench/cuda/HotAtomics.cu): atomic updates, one lane's
//     update each: on the H200 1.4 G/s on one word, 3.9 G/s on 256 words,
//     92 G/s on 65536, the same at every occupancy;
//   `hot_load` (the same file): volatile loads, which L1 does
//     not serve, one warp request (one sector) each.
// A kernel's atomics or volatile loads on an allocation of K words are
// bounded by that rate (interpolated in log K; the requests are taken as
// uniform over the allocation, so a skewed histogram is slower than
// predicted).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_TABLERATES_H
#define SECTORSCOPE_MODEL_TABLERATES_H

#include "sectorscope/model/BenchData.h"

#include <utility>
#include <vector>

namespace sectorscope::model {

struct TableRates {
  /// (table words, operations per ms over the GPU), by words; empty:
  /// unknown (the operations cost what their bytes and requests cost).
  std::vector<std::pair<double, double>> ByWords;

  bool known() const { return !ByWords.empty(); }
  /// The rate on a table of W words: log-log interpolation between the
  /// measured tables, the nearest one's rate outside them.
  double perMs(double Words) const;
};

/// Per table size, the median over the rows of `Experiment` (occupancies)
/// of operations / (time - launch), an operation being one word of the
/// row's bytes_moved.
TableRates deriveTableRates(const BenchData &D, const char *Experiment,
                            double LaunchMs);

} // namespace sectorscope::model

#endif
