//===- AccessGrid.cu - Grid mode: kernel entry and one access -------------===//
//
// In grid mode the host launches each kernel's grid variant (abi.h
// SS_GRID_KERNEL_SUFFIX): a copy of the instrumented kernel whose entry and
// accesses are these, so the sampled block's log code (Access.cu), and the
// registers it needs, are not in it. Every block counts, in shared memory,
// and adds its counts to the launch buffer once, as it ends; GridCounts.cuh
// says how a request stays cheap.
//
//===----------------------------------------------------------------------===//
#include "GridCounts.cuh"

using namespace sectorscope_rt;

/// The thread's state (abi.h ss_state) in a grid variant: GRID, the block's
/// time window and, for one warp in eight, RANGE. 0 (run the original code)
/// when no grid-mode launch is set, which the host never does. The block's
/// counts (`Words` u32 at shared address `Counts`) start at zero: shared
/// memory is not cleared between blocks. Every thread is here, at the entry:
/// the barrier is safe.
extern "C" __device__ uint32_t __sectorscope_enter_grid(uint32_t Counts,
                                                        uint32_t Words) {
  ss_launch_header *H = header();
  if (!H || !(H->mode & SS_MODE_GRID))
    return 0;
  unsigned Tid = linearTid();
  if (Words) {
    unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
    for (uint32_t I = Tid; I < Words; I += Threads)
      sharedZero(Counts + 4 * I);
    __syncthreads();
  }
  if (Tid == 0)
    redAdd(&H->sampled_blocks, 1);
  // Rotated by the block, so that every warp of a block (a site only warp 3
  // runs, say) samples its range in some blocks.
  bool Range = ((Tid / 32 + uint32_t(linearBlock())) & 7) == 0;
  return SS_STATE_GRID | (Range ? SS_STATE_RANGE : 0) |
         (timeWindow(H) & SS_STATE_INDEX);
}

extern "C" __device__ void
__sectorscope_access_grid(uint32_t Site, const void *Ptr, uint32_t Width,
                          uint32_t OpSpace, uint32_t Lanes, uint32_t State,
                          uint32_t Slot) {
  ss_launch_header *H = header();
  if (!H)
    return;
  unsigned Lane = laneId();
  uint32_t PassSpace = OpSpace >> 8, Space;
  uint64_t Addr = spaceAddress(Ptr, PassSpace, Lane, Space);
  // The lanes of this request: those the pass knows will all get here
  // (abi.h), else those that are here now.
  unsigned Active = Lanes ? Lanes : __activemask();
  unsigned Leader = __ffs(Active) - 1;
  uint64_t Key = (uint64_t(Space) << 62) | (Addr >> 5);
  unsigned SectorLeaders = sectorLeaders(Active, Key, Lane, Leader);
  bool MaybeGlobal =
      PassSpace == SS_SPACE_GLOBAL || PassSpace == SS_SPACE_GENERIC;
  // The slot is a constant at each inlined site: one side remains.
  if (Slot != ~0u)
    countRequestInBlock(H, State, Site, Slot, Width, MaybeGlobal, Space, Addr,
                        Active, Lane, Leader, SectorLeaders);
  else
    countRequest(H, State, Site, Width, MaybeGlobal, Space, Addr, Active, Lane,
                 Leader, SectorLeaders);
  // As in Access.cu: the lanes that came in together leave together.
  __syncwarp(Active);
}

/// At the grid variant's one return, by every thread: the threads that leave
/// together add themselves to the count of those gone (the word after the
/// slots), and the group that completes it moves the block's counts, a slot
/// per lane, to the launch buffer. Each group's fence and warp barrier put
/// its lanes' shared-memory counts before its addition; the last group's
/// fence and barrier put everyone's before its reads.
extern "C" __device__ void __sectorscope_exit_grid(uint32_t State,
                                                   uint32_t Counts,
                                                   uint32_t NumSlots,
                                                   const uint32_t *SiteIds) {
  if (!State || !NumSlots)
    return;
  ss_launch_header *H = header();
  unsigned Active = __activemask();
  unsigned Lane = laneId();
  unsigned Leader = __ffs(Active) - 1;
  unsigned N = __popc(Active);
  __threadfence_block();
  __syncwarp(Active);
  uint32_t Gone = 0;
  if (Lane == Leader)
    Gone = sharedAtomAdd(Counts + 4 * SS_GRID_SLOT_WORDS * NumSlots, N) + N;
  Gone = __shfl_sync(Active, Gone, Leader);
  if (Gone != blockDim.x * blockDim.y * blockDim.z)
    return;
  __threadfence_block();
  __syncwarp(Active);
  for (uint32_t S = __popc(Active & lanesBelow()); S < NumSlots; S += N)
    flushSlot(H, State, Counts + 4 * SS_GRID_SLOT_WORDS * S, SiteIds[S]);
}
