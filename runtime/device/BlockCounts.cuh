//===- BlockCounts.cuh - Grid mode's counts, added up per block -*- CUDA
//-*-===//
//
// In grid mode every request of every block is counted, and reductions on
// global counters serialize in L2 when a whole SM's warps hit the same few
// addresses: a loop of shared-memory accesses cost 90 times its own time.
// So each block adds up its counts of the kernel's first BlockSites sites,
// and of its time window's partitions, in shared memory, where the
// reductions stay on the SM, and the last of its threads to leave adds the
// block's totals to the global tables (abi.h __sectorscope_exit_grid). Sites
// and partitions beyond these bounds are counted in the global tables
// directly, as before.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_BLOCKCOUNTS_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_BLOCKCOUNTS_CUH

#include "Device.cuh"

namespace sectorscope_rt {

/// Sites, counted from the kernel's first, whose counters a block keeps.
constexpr uint32_t BlockSites = 64;
/// Partitions of the block's time window it keeps.
constexpr uint32_t BlockWindowParts = 16;
/// Partitions per site it keeps (the measured H100 and H200 maps have two).
constexpr uint32_t BlockSiteParts = 2;

/// The counters of ss_site_counters a block keeps, in its order.
enum BlockCounter : uint32_t {
  CountRequests = 0,
  CountSectors = 1,
  CountThreads = 3
};
constexpr uint32_t BlockCounterSlots = 4; // bytes (the host's) is unused

static __shared__ uint64_t BlockSite[BlockSites][BlockCounterSlots];
static __shared__ uint64_t BlockWindow[BlockWindowParts];
static __shared__ uint64_t BlockSitePart[BlockSites][BlockSiteParts];
/// Threads of the block that have not left yet.
static __shared__ uint32_t BlockThreadsLeft;

/// At the grid variant's entry, by every thread of the block before any
/// access: the block's counters zeroed and its threads counted.
SS_DEV void resetBlockCounts() {
  unsigned Tid = linearTid();
  unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
  for (unsigned I = Tid; I < BlockSites * BlockCounterSlots; I += Threads)
    (&BlockSite[0][0])[I] = 0;
  for (unsigned I = Tid; I < BlockWindowParts; I += Threads)
    BlockWindow[I] = 0;
  for (unsigned I = Tid; I < BlockSites * BlockSiteParts; I += Threads)
    (&BlockSitePart[0][0])[I] = 0;
  if (Tid == 0)
    BlockThreadsLeft = Threads;
  __syncthreads();
}

/// Where a site's counter is added to: the block's copy for the kernel's
/// first BlockSites sites (`Local` counts from the kernel's first), else the
/// global table's row. A generic address, so that a lane picks either with
/// no branch (GridCounts.cuh: lanes 0-2 update different counters at once).
SS_DEV uint64_t *siteCounter(ss_site_counters *Global, uint32_t Local,
                             BlockCounter Which) {
  return Local < BlockSites ? &BlockSite[Local][Which]
                            : &Global->requests + Which;
}

SS_DEV uint64_t *windowCounter(uint64_t *Global, uint32_t Part) {
  return Part < BlockWindowParts ? &BlockWindow[Part] : Global;
}

SS_DEV uint64_t *sitePartCounter(uint64_t *Global, uint32_t Local,
                                 uint32_t Part) {
  return Local < BlockSites && Part < BlockSiteParts
             ? &BlockSitePart[Local][Part]
             : Global;
}

/// A reduction on a generic address: shared memory (the block's counters)
/// or global (the tables).
SS_DEV void redAddAny(uint64_t *P, uint64_t V) {
  asm volatile("red.add.u64 [%0], %1;" ::"l"(P), "l"(V) : "memory");
}

} // namespace sectorscope_rt

#endif
