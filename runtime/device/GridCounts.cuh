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

/// This block's stripe of the grid-mode tables (abi.h v3, partition tables
/// v6): same-address atomics from every SM would serialize in L2. The host
/// makes the stripe count a power of two.
SS_DEV uint32_t stripeOf(const ss_launch_header *H) {
  return __nvvm_read_ptx_sreg_smid() & (H->site_stripes - 1);
}

/// N sectors of partition `Part`, for this block's time window and the site.
SS_DEV void countPartition(ss_launch_header *H, uint32_t State,
                           uint32_t Stripe, uint32_t Site, uint32_t Part,
                           uint64_t N) {
  uint32_t Count = H->part_count;
  if (H->num_windows)
    redAdd(&table<uint64_t>(H, H->off_part_window)
            [(uint64_t(Stripe) * H->num_windows + (State & SS_STATE_INDEX)) *
                 Count +
             Part],
        N);
  redAdd(&table<uint64_t>(H, H->off_part_site)
          [(uint64_t(Stripe) * H->num_sites + Site) * Count + Part],
      N);
}

/// The lanes of `Active` with `Counts` set each hold one sector, of
/// partition `Part`: one count per distinct partition. Warp-synchronous over
/// `Active`.
SS_DEV void countLanePartitions(ss_launch_header *H, uint32_t State,
                                uint32_t Stripe, uint32_t Site,
                                unsigned Active, unsigned Lane, bool Counts,
                                uint32_t Part) {
  unsigned Counting = __ballot_sync(Active, Counts);
  if (H->part_count == 2) {
    // Two partitions (the H200's map): one more vote instead of grouping
    // the lanes.
    unsigned Ones = __ballot_sync(Active, Counts && Part == 1);
    if (Lane == unsigned(__ffs(Active) - 1)) {
      unsigned N1 = __popc(Ones), N0 = __popc(Counting) - N1;
      if (N0)
        countPartition(H, State, Stripe, Site, 0, N0);
      if (N1)
        countPartition(H, State, Stripe, Site, 1, N1);
    }
    return;
  }
  unsigned Same = __match_any_sync(Active, Counts ? Part : 0xffffffffu);
  if (Counts && Lane == unsigned(__ffs(Same & Counting) - 1))
    countPartition(H, State, Stripe, Site, Part, __popc(Same & Counting));
}

/// A lane-strided request (Access.cu): lane l accesses A0 + l * Stride.
struct StridedLanes {
  bool Valid = false;
  uint64_t A0 = 0;
  int64_t Stride = 0;
};

SS_DEV void countRequest(ss_launch_header *H, uint32_t State, uint32_t Site,
                         uint32_t Width, uint32_t Space, uint64_t Addr,
                         unsigned Active, unsigned Lane, unsigned Leader,
                         bool SectorLeader, unsigned SectorLeaders,
                         StridedLanes Strided) {
  uint32_t NumSites = H->num_sites;
  if (Site >= NumSites) {
    if (Lane == Leader)
      redAdd(&H->site_overflow, 1);
    return;
  }
  bool Global = Space == SS_SPACE_GLOBAL;
  // The address range names the allocation a site touched: global lanes
  // only (shared and local offsets would look like tiny addresses). A
  // strided request's lanes are all in one space; its ends are lanes 0
  // and 31.
  uint64_t Lo, Hi;
  if (Strided.Valid) {
    uint64_t Last = Strided.A0 + uint64_t(Strided.Stride) * 31;
    Lo = Global ? (Strided.Stride < 0 ? Last : Strided.A0) : ~0ull;
    Hi = Global ? (Strided.Stride < 0 ? Strided.A0 : Last) : 0;
  } else {
    Lo = warpMin(Active, Global ? Addr : ~0ull);
    Hi = warpMax(Active, Global ? Addr : 0);
  }
  Hi += Hi >= Lo && Width ? Width - 1 : 0;
  uint32_t Stripe = stripeOf(H);
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
  if (!H->part_count)
    return;
  bool Counts = SectorLeader && Global;
  countLanePartitions(H, State, Stripe, Site, Active, Lane, Counts,
                      Counts ? partitionOf(H, Addr) : 0xffffffffu);
}

} // namespace sectorscope_rt

#endif
