//===- StreamSteps.h - Round trips of loads from separate streams -*- C++
//-*-===//
//
// The latency rows time a warp's loads side by side: the M loads of a trip
// fall in the same DRAM pages. Kernels mostly read M arrays at one index,
// and each of those loads opens a page of its own: on the H200 the round
// trip of 2 to 8 such loads is 12-23% longer at the occupancies where the
// round trip sets the time, and the difference fades where bandwidth does.
// The `streams` rows measure both layouts of the same chains in one run.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_STREAMSTEPS_H
#define SECTORSCOPE_MODEL_STREAMSTEPS_H

#include "sectorscope/model/BenchData.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace sectorscope::model {

/// Round trip of a trip whose loads read K separate streams, in units of
/// the same loads side by side: (K, factor) by K ascending.
struct StreamSteps {
  std::vector<std::pair<double, double>> Factors;
  size_t Rows = 0; ///< Row pairs the factors come from.
  bool known() const { return !Factors.empty(); }
  /// The factor for K streams: 1 for one, log-linear in K between the
  /// measured counts, the largest count's beyond it.
  double factor(double K) const;
};

/// From the `streams` rows: per stream count, the geometric mean of the
/// time ratio of each chain (word bytes, lane stride, mlp, warps) in
/// separate streams to its twin side by side, over the chains whose twin
/// moves less than half the group's best rate (the round trip, not
/// bandwidth, sets their time).
StreamSteps fitStreamSteps(const BenchData &D);

} // namespace sectorscope::model

#endif
