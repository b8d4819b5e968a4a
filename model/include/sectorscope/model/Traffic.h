//===- Traffic.h - A kernel's memory traffic, scaled to the grid -*- C++
//-*-===//
//
// What the models consume: bytes moved (sectors x 32) per (op, width) class
// for the whole grid, plus per-warp word and misalignment counts for the GT200
// model. The runtime's counters cover the sampled block(s) only, so every
// count is multiplied by blocks / sampled_blocks: this assumes all blocks do
// the same work, which holds for the regular kernels these models target.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_TRAFFIC_H
#define SECTORSCOPE_MODEL_TRAFFIC_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Profile.h"

#include <vector>

namespace sectorscope::model {

struct TrafficClass {
  Op TheOp = Op::Read;
  int Width = 4;
  double Bytes = 0; ///< Sectors x 32, whole grid.
};

struct Traffic {
  std::vector<TrafficClass> Classes; ///< Non-zero classes only.
  double Blocks = 1, WarpsPerBlock = 1;
  /// Per-warp counts (GT200 model): warp-level requests and the requests
  /// that touch more sectors than an aligned access would (misaligned).
  double ReadWordsPerWarp = 0, ReadMisalignedPerWarp = 0;
  double WriteWordsPerWarp = 0, WriteMisalignedPerWarp = 0;

  double totalWarps() const { return Blocks * WarpsPerBlock; }
  double totalBytes() const;
  double bytes(Op O) const;
  void add(Op O, int Width, double Bytes);
};

/// Builds the grid-wide traffic. Global and local (it lives in device
/// memory) sites count; shared memory does not. An atomic both reads and
/// writes its sectors.
Traffic trafficFromProfile(const Profile &P);

} // namespace sectorscope::model

#endif
