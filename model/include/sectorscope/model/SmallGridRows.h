//===- SmallGridRows.h - small-grid benchmark rows as kernels ---*- C++ -*-===//
//
// The `small` micro-benchmark (microbench/cuda/Latency.cu) runs chains of
// dependent one-load trips in grids of 1 to one block per SM, 0 to 32 trips
// per thread, timed behind the launch gate. Its empty kernels (0 trips)
// measure the fixed cost of a launch directly, which the streams'
// milliseconds cannot separate from their bytes; the rest are kernels that
// never fill the GPU, predicted as profiled kernels are (a held-out check
// of the latency term where a grid, not the occupancy, sets the warps).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SMALLGRIDROWS_H
#define SECTORSCOPE_MODEL_SMALLGRIDROWS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Traffic.h"

#include <optional>

namespace sectorscope::model {

/// A small-grid chain without a store the model can describe (the parser
/// checks the fields).
bool usableSmallGridRow(const BenchRow &R);

/// A kernel is done when its stores are: the time a store at the end of
/// a kernel adds, from the `small` rows that end in one (`stores` 1, lanes
/// `M` words apart) against their twins without (same blocks, threads,
/// trips): the median difference for full-sector stores (M = 1) and for a
/// column of partial sectors (M = 32). 0 without such rows.
struct StoreDrain {
  double FullMs = 0, PartialMs = 0;
  size_t Pairs = 0;
};
StoreDrain deriveStoreDrain(const BenchData &D);

/// Median time of the rows with no trips (empty kernels): the launch
/// latency. None without such rows.
std::optional<double> emptyKernelMs(const BenchData &D);

/// The row as grid totals: one load item of `N` requests per warp (one per
/// trip), `word_bytes` sectors each, one in flight.
Traffic smallGridTraffic(const BenchRow &R);

} // namespace sectorscope::model

#endif
