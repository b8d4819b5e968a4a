//===- AccessGrid.cu - Grid mode: kernel entry and one access -------------===//
//
// In grid mode the host launches each kernel's grid variant (abi.h
// SS_GRID_KERNEL_SUFFIX): a copy of the instrumented kernel whose entry and
// accesses are these, so the sampled block's log code (Access.cu), and the
// registers it needs, are not in it. Every block counts; GridCounts.cuh
// says how a request stays cheap.
//
//===----------------------------------------------------------------------===//
#include "GridCounts.cuh"

using namespace sectorscope_rt;

/// The thread's state (abi.h ss_state) in a grid variant: GRID, the block's
/// time window and, for one warp in eight, RANGE. 0 (count nothing) when no
/// grid-mode launch is set, which the host never does.
extern "C" __device__ uint32_t __sectorscope_enter_grid() {
  ss_launch_header *H = header();
  if (!H || !(cfg().mode & SS_MODE_GRID))
    return 0;
  unsigned Tid = linearTid();
  if (Tid == 0)
    redAdd(&H->sampled_blocks, 1);
  // Rotated by the block, so that every warp of a block (a site only warp 3
  // runs, say) samples its range in some blocks.
  bool Range = ((Tid / 32 + uint32_t(linearBlock())) & 7) == 0;
  return gridState() | (Range ? SS_STATE_RANGE : 0);
}

/// One request, `Mask` its lanes; `Full` (a constant) when they are all 32:
/// inlined twice, so that the full warp's copy uses the constant full mask,
/// which ptxas does not check at run time before each shuffle and vote.
SS_DEV void countGridRequest(ss_launch_header *H, uint32_t Site, uint32_t Width,
                             uint32_t PassSpace, uint32_t Space, uint64_t Addr,
                             bool Full, unsigned Mask, unsigned Lane,
                             uint32_t State) {
  if (Full)
    Mask = ~0u;
  bool MaybeGlobal =
      PassSpace == SS_SPACE_GLOBAL || PassSpace == SS_SPACE_GENERIC;
  uint64_t Key = sectorKey(Space, Addr);
  unsigned Low = Mask & (0u - Mask);
  SectorScan S;
  // Lanes in one range (a full warp, the first lanes of a loop's tail, a
  // tree reduction's last levels) at a site of known space (a generic run
  // could change spaces): the previous lane's address tells whether they
  // access one run of bytes in lane order (unit-stride loads and stores,
  // vectors included) or one address (a value every lane reads), and
  // otherwise its sector key.
  if (PassSpace != SS_SPACE_GENERIC && Width && ((Mask + Low) & Mask) == 0) {
    unsigned Rel = Full ? Lane : __popc(Mask & lanesBelow());
    unsigned Lanes = Full ? 32 : __popc(Mask);
    // The first lane's previous address is its own (lane 0) or another
    // lane's (undefined): it is not read.
    uint64_t Prev = __shfl_up_sync(Mask, (unsigned long long)Addr, 1);
    uint64_t Step = Addr - Prev;
    bool Run = __all_sync(Mask, Rel == 0 || Step == Width);
    // One address: full warps only, where the vote costs least and such
    // reads are common; a partial warp's check would mostly fail (gathers).
    if (Run || (Full && __all_sync(~0u, Step == 0))) {
      uint64_t First = Run ? Addr - Rel * Width : Addr; // the first lane's
      // The bytes after the first: lanes x width - 1 or width - 1.
      uint32_t Span = (Run ? Lanes * Width : Width) - 1;
      if (runCountable(Site, PassSpace, First, Span)) {
        countRun(State, Site, PassSpace, First, Span, Full, Rel, Lanes);
        // Lanes 0-2's update and lane 0's range branch per lane; ptxas
        // closes such regions with a convergence barrier, but the program's
        // next request must see the warp whole whatever ptxas does. Measured
        // in one call with and without it: 2.62x / 2.62x against 2.84x /
        // 2.70x, the same within noise.
        __syncwarp(Mask);
        return;
      }
    }
    S = leadersByKey(Mask, Key, Rel == 0 ? Key : sectorKey(Space, Prev),
                     MaybeGlobal);
  } else if (Full) {
    S = leadersByKey(~0u, Key, __shfl_up_sync(~0u, (unsigned long long)Key, 1),
                     MaybeGlobal);
  } else {
    S = scanPartWarp(Mask, Key, Lane, MaybeGlobal);
  }
  // The first active lane leads; from the lane mask, not with a
  // find-first-set, a slower instruction.
  bool IsLeader = Full ? Lane == 0 : (Mask & lanesBelow()) == 0;
  countRequest(H, State, Site, Width, MaybeGlobal, Space, Addr, Mask, Lane,
               IsLeader, S);
  // As in Access.cu: the lanes that came in together leave together.
  __syncwarp(Mask);
}

extern "C" __device__ void
__sectorscope_access_grid(uint32_t Site, const void *Ptr, uint32_t Width,
                          uint32_t OpSpace, uint32_t Lanes, uint32_t State) {
  // A zero state: no grid-mode launch was set at entry. The grid variant
  // has no original body to run then (the pass keeps only the instrumented
  // one), so its accesses do nothing.
  ss_launch_header *H = header();
  if (!H || !State)
    return;
  uint32_t PassSpace = OpSpace >> 8;
  auto [Lane, Space, Addr, Active, Leader, Key] =
      request(Ptr, PassSpace, Lanes);
  if (Active == ~0u)
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, /*Full=*/true,
                     Active, Lane, State);
  else
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, /*Full=*/false,
                     Active, Lane, State);
}
