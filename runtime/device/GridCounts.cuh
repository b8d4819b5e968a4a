//===- GridCounts.cuh - Per-site and per-partition counts, every block -*- CUDA -*-===//
//
// Grid mode: every block counts. The counters are updated with atomics whose
// result is unused, which compile to reductions (RED) the warp does not wait
// for; what costs is their number, so a request does as few as it can:
// requests and sectors, the address range of global requests, lanes missing
// from a full warp only when some are, and one per distinct memory
// partition for the per-site and per-window partition tables.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_GRIDCOUNTS_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_GRIDCOUNTS_CUH

#include "Partition.cuh"

namespace sectorscope_rt {

// clang 19's __reduce_{min,max}_sync pass (mask, value) to builtins that
// take (value, mask): redux.sync then runs with the value as member mask
// (illegal instruction or hang on the GPU). Call the builtins directly, in
// their own order: redux.sync.op dst, src, membermask.
SS_DEV unsigned reduceMin(unsigned Mask, unsigned V) {
  return __nvvm_redux_sync_umin(V, Mask);
}
SS_DEV unsigned reduceMax(unsigned Mask, unsigned V) {
  return __nvvm_redux_sync_umax(V, Mask);
}

/// 64-bit minimum and maximum over the active lanes from 32-bit reductions
/// (redux.sync has no 64-bit form): high halves first, then the low halves of
/// the lanes that hold the extreme high half.
SS_DEV uint64_t warpMin(unsigned Active, uint64_t V) {
  unsigned Hi = reduceMin(Active, unsigned(V >> 32));
  unsigned Lo =
      reduceMin(Active, unsigned(V >> 32) == Hi ? unsigned(V) : 0xffffffffu);
  return (uint64_t(Hi) << 32) | Lo;
}
SS_DEV uint64_t warpMax(unsigned Active, uint64_t V) {
  unsigned Hi = reduceMax(Active, unsigned(V >> 32));
  unsigned Lo = reduceMax(Active, unsigned(V >> 32) == Hi ? unsigned(V) : 0u);
  return (uint64_t(Hi) << 32) | Lo;
}

SS_DEV void countRequest(ss_launch_header *H, uint32_t State, uint32_t Site,
                         uint32_t Width, uint32_t Space, uint64_t Addr,
                         unsigned Active, unsigned Lane, unsigned Leader,
                         bool SectorLeader, unsigned SectorLeaders) {
  uint32_t NumSites = H->num_sites;
  if (Site >= NumSites) {
    if (Lane == Leader)
      redAdd(&H->site_overflow, 1);
    return;
  }
  bool Global = Space == SS_SPACE_GLOBAL;
  // The address range names the allocation a site touched: global lanes
  // only (shared and local offsets would look like tiny addresses).
  uint64_t Lo = warpMin(Active, Global ? Addr : ~0ull);
  uint64_t Hi = warpMax(Active, Global ? Addr + (Width ? Width - 1 : 0) : 0);
  // Striped by SM (abi.h v3, partition tables v6): same-address atomics
  // from every SM would serialize in L2. The host makes the stripe count a
  // power of two.
  uint32_t Stripe = __nvvm_read_ptx_sreg_smid() & (H->site_stripes - 1);
  if (Lane == Leader) {
    ss_site_counters *C = &table<ss_site_counters>(
        H, H->off_sites)[uint64_t(Stripe) * NumSites + Site];
    redAdd(&C->requests, 1);
    redAdd(&C->sectors, __popc(SectorLeaders));
    unsigned Missing = 32 - __popc(Active);
    if (Missing)
      redAdd(&C->threads, Missing);
    if (Lo <= Hi) {
      redMin(&C->addr_min, Lo);
      redMax(&C->addr_max, Hi);
    }
  }
  uint32_t Count = H->part_count;
  if (!Count)
    return;
  // Sector leaders of one partition are grouped again so that a request
  // costs one atomic per distinct partition.
  bool Counts = SectorLeader && Global;
  uint32_t Part = Counts ? partitionOf(H, Addr) : 0xffffffffu;
  unsigned Same = __match_any_sync(Active, Part);
  if (Counts && Lane == unsigned(__ffs(Same & SectorLeaders) - 1)) {
    uint32_t N = __popc(Same & SectorLeaders);
    if (H->num_windows)
      redAdd(&table<uint64_t>(H, H->off_part_window)
              [(uint64_t(Stripe) * H->num_windows + (State & SS_STATE_INDEX)) *
                   Count +
               Part],
          N);
    redAdd(&table<uint64_t>(H, H->off_part_site)
            [(uint64_t(Stripe) * NumSites + Site) * Count + Part],
        N);
  }
}

} // namespace sectorscope_rt

#endif
