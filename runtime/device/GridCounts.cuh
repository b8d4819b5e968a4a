//===- GridCounts.cuh - Per-site and per-partition counts, every block -*- CUDA
//-*-===//
//
// Grid mode: every block counts, so this is the hot path of the whole tool.
// The counters are updated with atomics whose result is unused, which
// compile to reductions (RED) the warp does not wait for; what costs is the
// instructions around them and their number, so a request does as few as
// it can:
//  * sector leaders from one shuffle and two votes when the lanes' sectors
//    are ordered by lane (almost every real access: unit and larger
//    strides, rows, columns), match.any only for the others (gathers);
//  * requests and sectors, and lanes missing from a full warp only when
//    some are;
//  * the address range from one warp in eight (the state says which);
//  * one reduction per distinct memory partition, per-partition counts from
//    votes when the model has few partitions (the H200 map has two).
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

/// The lanes below this one (%lanemask_lt).
SS_DEV unsigned lanesBelow() {
  unsigned M;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(M));
  return M;
}

/// The lanes of `Active` that are the first of their sector key: one per
/// distinct key. When the keys are ordered by lane (up or down), equal keys
/// are neighbours, and a lane leads its sector exactly when its key differs
/// from the previous active lane's: one shuffle and two votes. Otherwise
/// lanes are grouped with match.any. Every active lane calls this; the
/// branch depends on votes only, so all take the same side.
SS_DEV unsigned sectorLeaders(unsigned Active, uint64_t Key, unsigned Lane,
                              unsigned Leader) {
  unsigned Below = Active & lanesBelow();
  unsigned Prev = Below ? 31 - __clz(Below) : Lane;
  uint64_t PrevKey = __shfl_sync(Active, (unsigned long long)Key, int(Prev));
  unsigned Up = __ballot_sync(Active, Key > PrevKey);
  unsigned Down = __ballot_sync(Active, Key < PrevKey);
  if (!Up || !Down)
    return Up | Down | (1u << Leader);
  unsigned Peers = __match_any_sync(Active, (unsigned long long)Key);
  return __ballot_sync(Active, Lane == unsigned(__ffs(Peers) - 1));
}

/// Adds `N` global sectors of partition `Part` to the site's and the
/// window's partition tables.
SS_DEV void countPartition(ss_launch_header *H, uint32_t State, uint32_t Stripe,
                           uint32_t Site, uint32_t Part, uint32_t N) {
  uint32_t Count = cfg().part_count;
  uint32_t Windows = cfg().num_windows;
  if (Windows)
    redAdd(
        &table<uint64_t>(H, cfg().off_part_window)
            [(uint64_t(Stripe) * Windows + (State & SS_STATE_INDEX)) * Count +
             Part],
        N);
  redAdd(&table<uint64_t>(H, cfg().off_part_site)
             [(uint64_t(Stripe) * cfg().num_sites + Site) * Count + Part],
         N);
}

/// Models with this many partitions or fewer are counted with one vote per
/// partition instead of match.any on the partition index.
constexpr uint32_t VotedPartitions = 4;

/// `MaybeGlobal`: the pass's space for the site is global or generic, a
/// constant once inlined; shared and local sites skip the global-only parts.
SS_DEV void countRequest(ss_launch_header *H, uint32_t State, uint32_t Site,
                         uint32_t Width, bool MaybeGlobal, uint32_t Space,
                         uint64_t Addr, unsigned Active, unsigned Lane,
                         unsigned Leader, unsigned SectorLeaders) {
  uint32_t NumSites = cfg().num_sites;
  if (Site >= NumSites) {
    if (Lane == Leader)
      redAdd(&H->site_overflow, 1);
    return;
  }
  bool Global = Space == SS_SPACE_GLOBAL;
  // The address range names the allocation a site touched: global lanes
  // only (shared and local offsets would look like tiny addresses). It is a
  // sample (abi.h SS_STATE_RANGE): two more reductions per request were a
  // sixth of grid mode's cost, for a range one warp in eight finds as well.
  bool Range = MaybeGlobal && (State & SS_STATE_RANGE);
  uint64_t Lo = 0, Hi = 0;
  if (Range) {
    Lo = warpMin(Active, Global ? Addr : ~0ull);
    Hi = warpMax(Active, Global ? Addr + (Width ? Width - 1 : 0) : 0);
  }
  // Striped by SM (abi.h v3, partition tables v6): same-address atomics
  // from every SM would serialize in L2. The host makes the stripe count a
  // power of two.
  uint32_t Stripe = __nvvm_read_ptx_sreg_smid() & (cfg().site_stripes - 1);
  if (Lane == Leader) {
    ss_site_counters *C = &table<ss_site_counters>(
        H, cfg().off_sites)[uint64_t(Stripe) * NumSites + Site];
    redAdd(&C->requests, 1);
    redAdd(&C->sectors, __popc(SectorLeaders));
    unsigned Missing = 32 - __popc(Active);
    if (Missing)
      redAdd(&C->threads, Missing);
    if (Range && Lo <= Hi) {
      redMin(&C->addr_min, Lo);
      redMax(&C->addr_max, Hi);
    }
  }
  uint32_t Count = cfg().part_count;
  if (!Count || !MaybeGlobal)
    return;
  bool Counts = ((SectorLeaders >> Lane) & 1) && Global;
  uint32_t Part = Counts ? partitionOf(Addr) : 0xffffffffu;
  if (Count <= VotedPartitions) {
    // The same on every lane: the loop is warp-uniform.
    for (uint32_t P = 0; P < Count; ++P) {
      unsigned N = __popc(__ballot_sync(Active, Part == P));
      if (N && Lane == Leader)
        countPartition(H, State, Stripe, Site, P, N);
    }
    return;
  }
  // Sector leaders of one partition are grouped again so that a request
  // costs one reduction per distinct partition.
  unsigned Same = __match_any_sync(Active, Part);
  if (Counts && Lane == unsigned(__ffs(Same & SectorLeaders) - 1))
    countPartition(H, State, Stripe, Site, Part, __popc(Same & SectorLeaders));
}

} // namespace sectorscope_rt

#endif
