//===- GridCounts.cuh - Per-site and per-partition counts ---- -*- CUDA -*-===//
//
// Grid mode: every block counts, so this is the hot path of the whole tool.
// The counters are updated with atomics whose result is unused, which
// compile to reductions (RED) the warp does not wait for; what costs is the
// instructions around them and their number, so a request does as few as
// it can:
//  * an address the same in every lane counted from the address alone,
//    whatever lanes are there (AccessGrid.cu);
//  * a full warp's contiguous run in lane order (most requests) from three
//    shuffles and one vote, its sectors, granule, partition and range from
//    its start, its counters updated by lanes 0-2 at once (abi.h);
//  * otherwise sector leaders from one shuffle and two votes when the
//    lanes' sectors are ordered by lane (strides, rows, columns),
//    match.any only for the others (gathers);
//  * full warps in a copy of the path with the constant full mask, which
//    ptxas does not check at run time before each shuffle and vote;
//  * requests and sectors, and lanes missing from a full warp only when
//    some are;
//  * the address range from one warp in eight (the state says which);
//  * the stripe and window-table row from the state, the tables'
//    addresses from the configuration (abi.h), not recomputed per
//    request;
//  * a request in one partition granule (nearly all: the H200's granule is
//    4 KiB) finds its partition once, in its leader; the others one
//    reduction per distinct partition, counted from votes when the model
//    has few partitions (the H200 map has two).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_GRIDCOUNTS_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_GRIDCOUNTS_CUH

#include "Partition.cuh"
#include "SectorGroups.cuh"

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

/// What one request touches.
struct SectorScan {
  unsigned Leaders; ///< the first lane of each distinct sector
  unsigned Sectors; ///< how many distinct sectors
  bool OneGranule;  ///< all in one partition granule (and one space)
};

/// Two sector keys in different partition granules (or spaces).
SS_DEV bool granuleDiffers(uint64_t Key, uint64_t OtherKey) {
  uint64_t Mask = (cfg().part_granule_mask >> 5) | (3ull << 62);
  return ((Key ^ OtherKey) & Mask) != 0;
}

/// Sector leaders from each lane's key and the key of the active lane before
/// it (`PrevKey`), grouped as SectorGroups.cuh says. With `Granule` (a site
/// that may touch global memory), a third vote says whether every key is in
/// one partition granule (abi.h part_granule_log2): when each key's granule
/// equals its neighbour's, all are equal, in any order.
/// `Mask` is the request's lanes, the constant full mask when they are all
/// there: with a mask it cannot prove uniform, ptxas checks before every
/// shuffle and vote that the warp agrees on it (a match.any and a reduction
/// each time).
SS_DEV SectorScan leadersByKey(unsigned Mask, uint64_t Key, uint64_t PrevKey,
                               bool Granule) {
  SectorScan S;
  S.OneGranule = Granule && !__any_sync(Mask, granuleDiffers(Key, PrevKey));
  S.Leaders = groupByKey(Mask, Key, PrevKey).Leaders;
  S.Sectors = __popc(S.Leaders);
  return S;
}

/// Lanes missing: the previous active lane's key by an indexed shuffle.
SS_DEV SectorScan scanPartWarp(unsigned Active, uint64_t Key, unsigned Lane,
                               bool Granule) {
  return leadersByKey(Active, Key, previousKey(Active, Key, Lane), Granule);
}

/// A grid-mode thread's state (abi.h): GRID, its stripe and its row of
/// the window table, found once at kernel entry.
SS_DEV uint32_t gridState() {
  uint32_t Stripes = cfg().site_stripes ? cfg().site_stripes : 1;
  uint32_t Stripe = __nvvm_read_ptx_sreg_smid() & (Stripes - 1);
  uint32_t Windows = cfg().num_windows ? cfg().num_windows : 1;
  return SS_STATE_GRID |
         ((Stripe & SS_STATE_STRIPE_MASK) << SS_STATE_STRIPE_SHIFT) |
         ((Stripe * Windows + timeWindow()) & SS_STATE_WINDOW_ROW);
}

SS_DEV uint32_t stateStripe(uint32_t State) {
  return (State >> SS_STATE_STRIPE_SHIFT) & SS_STATE_STRIPE_MASK;
}

/// Adds `N` global sectors of partition `Part` to the window's and the
/// site's partition tables; `SiteRow` = stripe x num_sites + site. The host
/// keeps every index below 2^31 and, in grid mode, at least one window
/// (abi.h): 32-bit arithmetic and no checks here.
SS_DEV void countPartition(uint32_t State, uint32_t SiteRow, uint32_t Part,
                           uint32_t N) {
  uint32_t Count = cfg().part_count;
  redAdd(reinterpret_cast<uint64_t *>(cfg().dev_part_window) +
             ((State & SS_STATE_WINDOW_ROW) * Count + Part),
         N);
  redAdd(reinterpret_cast<uint64_t *>(cfg().dev_part_site) +
             (SiteRow * Count + Part),
         N);
}

/// Models with this many partitions or fewer are counted with one vote per
/// partition instead of match.any on the partition index.
constexpr uint32_t VotedPartitions = 4;

/// The partition counts of a request whose sectors span several granules
/// (a column walk, a gather): every sector leader finds its own partition.
SS_DEV void countSpreadPartitions(ss_site_counters *C, uint32_t State,
                                  uint32_t SiteRow, bool Global, uint64_t Addr,
                                  unsigned Active, unsigned Lane, bool IsLeader,
                                  unsigned SectorLeaders) {
  // A generic site's shared or local sectors have no partition.
  unsigned Elsewhere = __ballot_sync(Active, !Global) & SectorLeaders;
  if (Elsewhere && IsLeader)
    redAdd(&C->sectors, __popc(Elsewhere));
  uint32_t Count = cfg().part_count;
  bool Counts = ((SectorLeaders >> Lane) & 1) && Global;
  uint32_t Part = Counts ? partitionOf(Addr) : 0xffffffffu;
  if (Count <= VotedPartitions) {
    // The same on every lane: the loop is warp-uniform.
    for (uint32_t P = 0; P < Count; ++P) {
      unsigned N = __popc(__ballot_sync(Active, Part == P));
      if (N && IsLeader)
        countPartition(State, SiteRow, P, N);
    }
    return;
  }
  // Sector buckets: two leaders share one only 128 KiB apart, so grouping
  // them would cost more than the reduction each makes.
  if (cfg().part_sector_buckets) {
    if (Counts)
      countPartition(State, SiteRow, Part, 1);
    return;
  }
  // Sector leaders of one partition are grouped again so that a request
  // costs one reduction per distinct partition.
  unsigned Same = __match_any_sync(Active, Part) & SectorLeaders;
  if (Counts && (Same & lanesBelow()) == 0)
    countPartition(State, SiteRow, Part, __popc(Same));
}

/// The site's counters in the thread's stripe (abi.h): same-address
/// atomics from every SM would serialize in L2.
SS_DEV uint32_t siteRow(uint32_t State, uint32_t Site) {
  return stateStripe(State) * cfg().num_sites + Site;
}
SS_DEV ss_site_counters *siteCounters(uint32_t SiteRow) {
  return reinterpret_cast<ss_site_counters *>(cfg().dev_sites) + SiteRow;
}

/// Most requests of real kernels are a full warp at a site of known space
/// whose lanes are one stride apart: unit-stride loads and stores (vectors
/// included), one address all lanes read, rows and columns. Those within
/// 32 bytes of each other touch every sector of [First, First + Span]; such
/// a run is counted by countRun when it also lies in one partition granule
/// of a one-mask map (abi.h part_run_offsets). Uniform over the warp. The
/// caller has checked the site against the table.
SS_DEV bool runCountable(uint32_t PassSpace, uint64_t First, uint32_t Span) {
  if (PassSpace != SS_SPACE_GLOBAL)
    return true;
  // The run's offset in its granule must leave room for the run (all 32
  // bits of the offset for a granule of 4 GiB or more: a run that crosses
  // 2^32 is then taken as crossing). 0: no global run is counted here.
  uint32_t InGranule = cfg().part_run_offsets;
  return InGranule > Span && (uint32_t(First) & InGranule) <= InGranule - Span;
}

/// The sectors of [First, First + Span] when every one is touched.
SS_DEV uint32_t runSectors(uint64_t First, uint32_t Span) {
  return ((uint32_t(First) & 31) + Span) / 32 + 1;
}

/// No second site: the request counts for its own site alone.
constexpr uint32_t NoTwin = ~0u;

/// A full warp's counting lanes for a site and its twin (a store of the
/// address the site loaded, __sectorscope_access_grid_pair): lanes below
/// `PerSite` count `Site`, the next `PerSite` lanes `Twin`. `Slot` is the
/// lane's place among its site's lanes, `PerSite` or more when it counts
/// nothing.
struct CountingLane {
  uint32_t Site;
  unsigned Slot;
};
SS_DEV CountingLane countingLane(uint32_t Site, uint32_t Twin, unsigned Lane,
                                 unsigned PerSite) {
  if (Twin != NoTwin && Lane >= PerSite)
    return {Twin, Lane - PerSite};
  return {Site, Lane};
}

/// Widens a site's address range (abi.h addr_min, addr_max) to [Lo, Hi].
SS_DEV void widenRange(ss_site_counters *C, uint64_t Lo, uint64_t Hi) {
  redMin(&C->addr_min, Lo);
  redMax(&C->addr_max, Hi);
}

/// A request runCountable accepted, `Sectors` of them from `Lanes` lanes,
/// `Rel` this lane's place among them: its start gives its partition and
/// range with no further votes. In a full warp lanes 0-2 update one counter
/// each, in one instruction, where one lane would run three: requests, then
/// sectors, or for global sectors (counted in the partition rows only,
/// abi.h) the window's and the site's cells of the run's partition; lanes
/// 3-5 do the same for a `Twin`. Otherwise the first lane updates them, and
/// the lanes missing, for each site: no vote or shuffle, so a run-time mask
/// costs no agreement check.
SS_DEV void countRun(uint32_t State, uint32_t Site, uint32_t PassSpace,
                     uint64_t First, uint32_t Span, uint32_t Sectors, bool Full,
                     unsigned Rel, unsigned Lanes, uint32_t Twin = NoTwin) {
  bool Global = PassSpace == SS_SPACE_GLOBAL;
  bool Range = Global && (State & SS_STATE_RANGE);
  uint32_t Part = Global ? maskedParity(First, cfg().part_masks[0]) : 0;
  if (!Full) {
    if (Rel == 0)
      for (uint32_t S : {Site, Twin}) {
        if (S == NoTwin)
          break;
        uint32_t Row = siteRow(State, S);
        ss_site_counters *C = siteCounters(Row);
        redAdd(&C->requests, 1);
        redAdd(&C->threads, 32 - Lanes);
        if (Global)
          countPartition(State, Row, Part, Sectors);
        else
          redAdd(&C->sectors, Sectors);
        if (Range)
          widenRange(C, First, First + Span);
      }
    return;
  }
  unsigned PerSite = Global ? 3u : 2u;
  CountingLane L = countingLane(Site, Twin, Rel, PerSite);
  uint32_t Row = siteRow(State, L.Site);
  ss_site_counters *C = siteCounters(Row);
  uint64_t *P = &C->requests + L.Slot;
  if (Global) {
    uint32_t Cell =
        (L.Slot == 1 ? State & SS_STATE_WINDOW_ROW : Row) * cfg().part_count +
        Part;
    uint64_t Table = L.Slot == 1 ? cfg().dev_part_window : cfg().dev_part_site;
    P = L.Slot == 0 ? &C->requests : reinterpret_cast<uint64_t *>(Table) + Cell;
  }
  if (L.Slot < PerSite)
    redAdd(P, L.Slot == 0 ? 1 : Sectors);
  if (Range && L.Slot == 0)
    widenRange(C, First, First + Span);
}

/// A full warp's global request at a one-mask map (abi.h part_run_offsets)
/// whose sectors lie in several partition granules, `Sectors` of them,
/// `Ones` in partition 1: lanes 0-4 update one counter each (requests, then
/// the window's and the site's cells of partitions 0 and 1), lanes 5-9 the
/// same for a `Twin`. [Lo, Hi] is the bytes touched, for the range.
SS_DEV void countPartitionPair(uint32_t State, uint32_t Site, uint32_t Twin,
                               unsigned Lane, uint32_t Sectors, uint32_t Ones,
                               uint64_t Lo, uint64_t Hi) {
  CountingLane L = countingLane(Site, Twin, Lane, 5);
  uint32_t Row = siteRow(State, L.Site);
  ss_site_counters *C = siteCounters(Row);
  // A one-partition map has no cell for partition 1, and no sector in it.
  uint32_t Part = L.Slot >= 3;
  uint32_t N = Part ? Ones : Sectors - Ones;
  if (L.Slot == 0) {
    redAdd(&C->requests, 1);
  } else if (L.Slot < 5 && N) {
    bool Window = L.Slot & 1;
    uint32_t Cell =
        (Window ? State & SS_STATE_WINDOW_ROW : Row) * cfg().part_count + Part;
    uint64_t Table = Window ? cfg().dev_part_window : cfg().dev_part_site;
    redAdd(reinterpret_cast<uint64_t *>(Table) + Cell, N);
  }
  if ((State & SS_STATE_RANGE) && L.Slot == 0) {
    redMin(&C->addr_min, Lo);
    redMax(&C->addr_max, Hi);
  }
}

/// `MaybeGlobal`: the pass's space for the site is global or generic, a
/// constant once inlined; shared and local sites skip the global-only parts.
/// `H` only for the overflow count: the tables are reached through the
/// configuration's device addresses (abi.h).
SS_DEV void countRequest(ss_launch_header *H, uint32_t State, uint32_t Site,
                         uint32_t Width, bool MaybeGlobal, uint32_t Space,
                         uint64_t Addr, unsigned Active, unsigned Lane,
                         bool IsLeader, SectorScan S) {
  uint32_t NumSites = cfg().num_sites;
  if (Site >= NumSites) {
    if (IsLeader)
      redAdd(&H->site_overflow, 1);
    return;
  }
  bool Global = Space == SS_SPACE_GLOBAL;
  uint32_t SiteRow = siteRow(State, Site);
  ss_site_counters *C = siteCounters(SiteRow);
  // The address range names the allocation a site touched: global lanes
  // only (shared and local offsets would look like tiny addresses). It is a
  // sample (abi.h SS_STATE_RANGE): two more reductions per request were a
  // sixth of grid mode's cost, for a range one warp in eight finds as well.
  if (MaybeGlobal && (State & SS_STATE_RANGE)) {
    uint64_t Lo = warpMin(Active, Global ? Addr : ~0ull);
    uint64_t Hi = warpMax(Active, Global ? Addr + (Width ? Width - 1 : 0) : 0);
    if (IsLeader && Global && Lo <= Hi)
      widenRange(C, Lo, Hi);
  }
  bool Partitioned = MaybeGlobal && cfg().part_count;
  // Global sectors are counted once, in the partition table when there is
  // one (the host adds the site's row to its sectors, abi.h), others in
  // `sectors`.
  if (IsLeader) {
    redAdd(&C->requests, 1);
    if (Active != ~0u)
      redAdd(&C->threads, 32 - __popc(Active));
    // One granule, one space: the leader's partition is every sector's.
    if (Partitioned && S.OneGranule && Global)
      countPartition(State, SiteRow, partitionOf(Addr), S.Sectors);
    else if (!Partitioned || S.OneGranule)
      redAdd(&C->sectors, S.Sectors);
  }
  if (Partitioned && !S.OneGranule)
    countSpreadPartitions(C, State, SiteRow, Global, Addr, Active, Lane,
                          IsLeader, S.Leaders);
}

} // namespace sectorscope_rt

#endif
