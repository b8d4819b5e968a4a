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
/// time window and, for one warp in eight, RANGE. 0 (run the original code)
/// when no grid-mode launch is set, which the host never does.
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

/// One request, `Mask` its lanes: the constant full mask for a full warp
/// (inlined twice, so that the full warp's copy folds every check on the
/// mask, and ptxas sees warp-synchronous steps on all lanes, which it
/// does not check at run time).
SS_DEV void countGridRequest(ss_launch_header *H, uint32_t Site, uint32_t Width,
                             uint32_t PassSpace, uint32_t Space, uint64_t Addr,
                             unsigned Mask, unsigned Lane, uint32_t State) {
  bool MaybeGlobal =
      PassSpace == SS_SPACE_GLOBAL || PassSpace == SS_SPACE_GENERIC;
  SectorScan S;
  if (Mask == ~0u && PassSpace != SS_SPACE_GENERIC && Width) {
    // A known space is the same in every lane (a generic run could change
    // spaces): the previous lane's address tells whether the lanes access
    // one run of bytes in lane order (unit-stride loads and stores, vectors
    // included) or one address (a value every lane reads), and otherwise
    // its sector key. Lane 0's previous address is its own.
    uint64_t Prev = __shfl_up_sync(~0u, (unsigned long long)Addr, 1);
    uint64_t Step = Addr - Prev;
    bool Run = __all_sync(~0u, Lane == 0 || Step == Width);
    if (Run || __all_sync(~0u, Step == 0)) {
      uint64_t First = Run ? Addr - Lane * Width : Addr; // lane 0's
      // The bytes after the first: 32 x width - 1 or width - 1.
      uint32_t Span = (Run ? 32 * Width : Width) - 1;
      if (runCountable(State, Site, PassSpace, First, Span)) {
        // No lane branches off in countRun: the warp leaves as it came.
        countRun(State, Site, PassSpace, First, Span, Lane);
        return;
      }
    }
    S = leadersByKey(~0u, sectorKey(Space, Addr), sectorKey(Space, Prev),
                     MaybeGlobal);
  } else if (Mask == ~0u) {
    uint64_t Key = sectorKey(Space, Addr);
    S = leadersByKey(~0u, Key, __shfl_up_sync(~0u, (unsigned long long)Key, 1),
                     MaybeGlobal);
  } else {
    S = scanPartWarp(Mask, Space, Addr, Lane, MaybeGlobal);
  }
  // The first active lane leads; from the lane mask, not with a
  // find-first-set, a slower instruction.
  bool IsLeader = Mask == ~0u ? Lane == 0 : (Mask & lanesBelow()) == 0;
  countRequest(H, State, Site, Width, MaybeGlobal, Space, Addr, Mask, Lane,
               IsLeader, S);
  // As in Access.cu: the lanes that came in together leave together.
  __syncwarp(Mask);
}

extern "C" __device__ void
__sectorscope_access_grid(uint32_t Site, const void *Ptr, uint32_t Width,
                          uint32_t OpSpace, uint32_t Lanes, uint32_t State) {
  ss_launch_header *H = header();
  if (!H)
    return;
  uint32_t PassSpace = OpSpace >> 8;
  auto [Lane, Space, Addr, Active, Leader, Key] =
      request(Ptr, PassSpace, Lanes);
  if (Active == ~0u)
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, ~0u, Lane, State);
  else
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, Active, Lane,
                     State);
}
