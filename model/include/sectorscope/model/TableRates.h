//===- TableRates.h - L2 work on a table of K words -------------*- C++ -*-===//
//
// Work on few addresses is done one request after another at the L2 slices
// that own them. Two micro-benchmarks measure the GPU's rate on a table of K
// words, K = 1 .. 65536, the requests spread uniformly over it:
//   `atomic` (microbench/cuda/HotAtomics.cu): atomic updates, one lane's
//     update each: on the H200 1.4 G/s on one word, 3.9 G/s on 256 words,
//     92 G/s on 65536, the same at every occupancy; also on tables up to
//     256 MiB, where those larger than L2 send every update to DRAM;
//   `hot_load` (the same file): volatile loads, which L1 does
//     not serve, one warp request (one sector) each.
// A kernel's atomics or volatile loads on an allocation of K words are
// bounded by that rate (interpolated in log K; the requests are taken as
// uniform over the allocation, so a skewed histogram is slower than
// predicted). Rates are interpolated only between tables on the same side
// of the L2; past it the bytes of a table, not its words, set the share of
// updates that find their sector in L2, so there a table is taken as its
// bytes in the benchmark's 4-byte words (the per-sector use of that rate is
// BandwidthPredict.cpp's atomicTableMs).
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
  /// The rate on an allocation of Words words and Bytes bytes: by its
  /// words among the measured tables that fit in an L2 of L2Bytes (0:
  /// unknown) while it fits, by its bytes in the benchmark's words among
  /// the larger ones beyond.
  double perMsOnTable(double Words, double Bytes, double L2Bytes) const;
  /// The rate on the largest measured table that fits in an L2 of L2Bytes
  /// (the smallest table's if none does).
  double perMsInL2(double L2Bytes) const;
  /// Whether a table that size lies inside the measured ones (beyond the
  /// largest, the rate is a bound but not the whole cost).
  bool measuredFor(double Words, double Bytes, double L2Bytes) const;
};

/// The word size of the `atomic` and `hot_load` rows.
constexpr double TableRowWordBytes = 4;

/// Per table size, the median over the rows of `Experiment` (occupancies)
/// of operations / (time - launch), an operation being one word of the
/// row's bytes_moved.
TableRates deriveTableRates(const BenchData &D, const char *Experiment,
                            double LaunchMs);

} // namespace sectorscope::model

#endif
