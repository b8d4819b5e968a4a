//===- Access.cu - One instrumented memory access --------------------------===//
//
// __sectorscope_access is called by every active lane at an instrumented
// load, store or atomic. It aggregates across the warp itself, the way the
// memory pipeline does: lanes are grouped by 32-byte sector with
// __match_any_sync, and one lane per distinct sector (or per request) does
// the atomics, so a coalesced float load costs one request update and four
// sector updates, not 32 of each.
//
// Every warp-synchronous step uses the mask of the lanes that are active
// here (__activemask), uniformly, so the groups never wait on each other.
//
//===----------------------------------------------------------------------===//
#include "HeatMap.cuh"
#include "Partition.cuh"

using namespace sectorscope_rt;

namespace {

typedef unsigned long long u64;

SS_DEV void add(uint64_t *P, uint64_t V) {
  atomicAdd(reinterpret_cast<u64 *>(P), (u64)V);
}

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

SS_DEV uint64_t toShared(const void *P) {
  uint64_t R;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(R) : "l"(P));
  return R;
}
SS_DEV uint64_t toLocal(const void *P) {
  uint64_t R;
  asm("cvta.to.local.u64 %0, %1;" : "=l"(R) : "l"(P));
  return R;
}

/// Bit i: the access covers 4-byte word i of its sector.
SS_DEV uint32_t wordMask(uint64_t Addr, uint32_t Width) {
  uint32_t First = uint32_t(Addr & 31) >> 2;
  uint32_t LastByte = uint32_t(Addr & 31) + (Width ? Width - 1 : 0);
  uint32_t Last = (LastByte > 31 ? 31 : LastByte) >> 2;
  return ((2u << Last) - 1) & ~((1u << First) - 1);
}

} // namespace

extern "C" __device__ void __sectorscope_access(uint32_t Site,
                                                const void *Ptr,
                                                uint32_t Width,
                                                uint32_t OpSpace,
                                                uint32_t Lanes) {
  ss_launch_header *H = header();
  if (!H)
    return;
  uint32_t Op = OpSpace & 0xff;
  uint32_t Space = OpSpace >> 8;
  if (Space == SS_SPACE_GENERIC)
    Space = __nvvm_isspacep_shared(Ptr)  ? SS_SPACE_SHARED
            : __nvvm_isspacep_local(Ptr) ? SS_SPACE_LOCAL
                                         : SS_SPACE_GLOBAL;
  unsigned Lane = laneId();
  uint64_t Addr = reinterpret_cast<uint64_t>(Ptr);
  if (Space == SS_SPACE_SHARED) {
    Addr = toShared(Ptr);
  } else if (Space == SS_SPACE_LOCAL) {
    // Local memory is interleaved by 4-byte words across the lanes of a
    // warp: the same offset in every lane is one contiguous 128-byte line.
    uint64_t Off = toLocal(Ptr);
    Addr = ((Off >> 2) << 7) | (uint64_t(Lane) << 2) | (Off & 3);
  }

  // The lanes of this request: those the pass knows will all get here
  // (abi.h), else those that are here now.
  unsigned Active = Lanes ? Lanes : __activemask();
  unsigned Leader = __ffs(Active) - 1;
  uint64_t Key = (uint64_t(Space) << 62) | (Addr >> 5);
  unsigned Peers = __match_any_sync(Active, (u64)Key);
  bool SectorLeader = Lane == unsigned(__ffs(Peers) - 1);
  unsigned SectorLeaders = __ballot_sync(Active, SectorLeader);
  // The address range names the allocation a site touched: global lanes
  // only (shared and local offsets would look like tiny addresses).
  bool Global = Space == SS_SPACE_GLOBAL;
  uint64_t Lo = warpMin(Active, Global ? Addr : ~0ull);
  uint64_t Hi = warpMax(Active, Global ? Addr + (Width ? Width - 1 : 0) : 0);

  uint32_t NumSites = H->num_sites;
  if (Site >= NumSites) {
    if (Lane == Leader)
      add(&H->site_overflow, 1);
    __syncwarp(Active);
    return;
  }
  uint32_t Mode = H->mode;
  if (Lane == Leader) {
    // Striped by SM in grid mode (abi.h v3): same-address atomics from every
    // SM would serialize in L2.
    uint32_t Stripes = H->site_stripes;
    uint32_t Stripe = Stripes > 1 ? __nvvm_read_ptx_sreg_smid() % Stripes : 0;
    ss_site_counters *C = &table<ss_site_counters>(
        H, H->off_sites)[uint64_t(Stripe) * NumSites + Site];
    unsigned Threads = __popc(Active);
    add(&C->requests, 1);
    add(&C->sectors, __popc(SectorLeaders));
    add(&C->bytes, uint64_t(Width) * Threads);
    add(&C->threads, Threads);
    // Unconditional, so they compile to reductions the warp does not wait
    // for (see setBits).
    atomicMin(reinterpret_cast<u64 *>(&C->addr_min), (u64)Lo);
    atomicMax(reinterpret_cast<u64 *>(&C->addr_max), (u64)Hi);
  }

  // Heat map: the sampled block only, shared and global (local memory is
  // private to a thread: no warp ever shares it).
  // The condition is uniform across the warp (a generic pointer may be
  // local in one lane and not in another): every active lane takes part in
  // the ballots below.
  if ((Mode & SS_MODE_HEATMAP) && H->heat_capacity && isSampledBlock(H)) {
    // The words each sector's lanes cover, OR-ed over the lanes of the
    // sector: eight uniform ballots instead of a reduction per group.
    uint32_t Mine = wordMask(Addr, Width);
    uint32_t Words = 0;
    for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
      if (__ballot_sync(Active, (Mine >> W) & 1) & Peers)
        Words |= 1u << W;
    if (SectorLeader && Space != SS_SPACE_LOCAL)
      heatRecord(H, Key, 1u << (linearTid() / 32), Words, Op);
  }

  // Grid mode: global sectors per memory partition, per time window and per
  // site. Sector leaders of one partition are grouped again so that a
  // request costs one atomic per distinct partition.
  if ((Mode & SS_MODE_GRID) && H->part_count) {
    bool Counts = SectorLeader && Space == SS_SPACE_GLOBAL;
    uint32_t Part = Counts ? partitionOf(H, Addr) : 0xffffffffu;
    unsigned Same = __match_any_sync(Active, Part);
    if (Counts && Lane == unsigned(__ffs(Same & SectorLeaders) - 1)) {
      uint32_t N = __popc(Same & SectorLeaders);
      uint32_t Count = H->part_count;
      if (H->num_windows)
        add(&table<uint64_t>(H, H->off_part_window)[uint64_t(timeWindow(H)) *
                                                        Count +
                                                    Part],
            N);
      add(&table<uint64_t>(H, H->off_part_site)[uint64_t(Site) * Count + Part],
          N);
    }
  }
  // The leader-only updates above split the warp; ptxas does not rejoin it
  // on its own here, and the program's next access would then run (and be
  // counted) once per fragment: 22 requests for 8 warps' coalesced store.
  // The lanes that came in together leave together, as in the plain code.
  __syncwarp(Active);
}
