//===- SectorGroups.cuh - A request's lanes grouped by sector --*- CUDA -*-===//
//
// Both modes group a request's lanes by the sector they touch. match.any
// does it in one instruction but is among the slowest the warp can issue,
// and it sat on every request's critical path. Most requests' sectors are
// ordered by lane (unit strides, rows, columns, one address): then equal
// keys are neighbours, a lane leads its group exactly when its key differs
// from the previous active lane's, and two votes find the leaders.
// match.any remains for the others (gathers).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_SECTORGROUPS_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_SECTORGROUPS_CUH

#include "Device.cuh"

namespace sectorscope_rt {

/// The lanes below this one (%lanemask_lt).
SS_DEV unsigned lanesBelow() {
  unsigned M;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(M));
  return M;
}

/// The lanes above this one (%lanemask_gt).
SS_DEV unsigned lanesAbove() {
  unsigned M;
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(M));
  return M;
}

/// A request's sector groups, seen from one lane.
struct SectorGroups {
  unsigned Leaders; ///< the first lane of each distinct key
  unsigned Peers;   ///< this lane's group: the lanes with its key
  bool Ordered;     ///< keys were ordered by lane (Peers is then cheap)
};

/// Groups `Mask`'s lanes by `Key`; `PrevKey` is the key of the active lane
/// before this one (its own key in the first). `Mask` is the same in every
/// lane of the request. The branch depends on votes only.
SS_DEV SectorGroups groupByKey(unsigned Mask, uint64_t Key, uint64_t PrevKey) {
  SectorGroups G;
  unsigned Up = __ballot_sync(Mask, Key > PrevKey);
  unsigned Down = __ballot_sync(Mask, Key < PrevKey);
  G.Ordered = !Up || !Down;
  if (G.Ordered) {
    G.Leaders = Up | Down | (Mask & (0u - Mask));
    // The group runs from the last leader at or below this lane to the
    // lane before the next leader above it.
    unsigned Above = G.Leaders & lanesAbove();
    unsigned Mine = 31 - __clz(G.Leaders & ~lanesAbove());
    unsigned BelowNext = Above ? (Above & (0u - Above)) - 1 : ~0u;
    G.Peers = Mask & BelowNext & ~((1u << Mine) - 1);
  } else {
    G.Peers = __match_any_sync(Mask, (unsigned long long)Key);
    G.Leaders = __ballot_sync(Mask, (G.Peers & lanesBelow()) == 0);
  }
  return G;
}

/// The key of the active lane before this one (this lane's own in the
/// first), by an indexed shuffle: any mask.
SS_DEV uint64_t previousKey(unsigned Mask, uint64_t Key, unsigned Lane) {
  unsigned Below = Mask & lanesBelow();
  unsigned Prev = Below ? 31 - __clz(Below) : Lane;
  return __shfl_sync(Mask, (unsigned long long)Key, int(Prev));
}

} // namespace sectorscope_rt

#endif
