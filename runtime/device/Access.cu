//===- Access.cu - Heat-map mode: kernel entry and one access -------------===//
//
// __sectorscope_access is called by every active lane of the sampled block
// at an instrumented load, store or atomic. It aggregates across the warp
// itself, the way the memory pipeline does: lanes are grouped by 32-byte
// sector (SectorGroups.cuh), and one lane per distinct sector (or per
// request) does the writing, so a coalesced float load costs one request
// record and four sector records, not 32 of each. Grid mode has its own
// kernels and entry points (AccessGrid.cu): none of its counting code, nor
// the registers it needs, is in here.
//
// Every warp-synchronous step uses the mask of lanes the call site passes
// (those present there, or those the pass knows arrive together), uniformly,
// so the groups never wait on each other. Not __activemask() in here: one
// out-of-line copy serves every site, and the hardware may run lanes that
// called it from different sites together.
//
//===----------------------------------------------------------------------===//
#include "SampleLog.cuh"

using namespace sectorscope_rt;

/// Called once by every thread at the entry of a sample variant: the
/// thread's state (abi.h ss_state). 0: this block runs the original code and
/// pays only this call. Everything that is the same for the whole block is
/// decided here, once, not at every access. (In this file, with the access:
/// both use the sampled block's log cursors, shared memory of this unit.)
/// Grid mode launches the grid variants (AccessGrid.cu), never this one.
extern "C" __device__ uint32_t __sectorscope_enter() {
  ss_launch_header *H = header();
  if (!H || !(cfg().mode & SS_MODE_HEATMAP) || !cfg().log_chunks ||
      !isSampledBlock())
    return 0;
  resetLogCursor();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    redAdd(&H->sampled_blocks, 1);
  return SS_STATE_LOG;
}

/// One request of `Active`'s lanes; `Full` (a constant) when they are all
/// 32: inlined twice, so that the full warp's copy uses the constant full
/// mask. With a mask it cannot prove uniform, ptxas checks before every
/// shuffle and vote that the warp agrees on it, a match.any and a reduction
/// each time.
SS_DEV void logAccess(ss_launch_header *H, uint32_t Site, uint32_t Width,
                      uint32_t OpSpace, const Request &R, bool Full) {
  unsigned Active = Full ? ~0u : R.Active;
  unsigned Leader = Full ? 0 : R.Leader;
  uint64_t PrevKey =
      Full ? __shfl_up_sync(~0u, (unsigned long long)R.Key, 1) // lane 0: own
           : previousKey(Active, R.Key, R.Lane);
  SectorGroups G = groupByKey(Active, R.Key, PrevKey);
  bool SectorLeader = (G.Leaders >> R.Lane) & 1;
  logRequest(H, Site, OpSpace & 0xff, Width, R.Space, R.Addr, Active, G.Peers,
             R.Lane, Leader, SectorLeader, G.Leaders);
  // The leader-only updates above split the warp; ptxas does not rejoin it
  // on its own here, and the program's next access would then run (and be
  // counted) once per fragment: 22 requests for 8 warps' coalesced store.
  // The lanes that came in together leave together, as in the plain code.
  __syncwarp(Active);
}

extern "C" __device__ void
__sectorscope_access(uint32_t Site, const void *Ptr, uint32_t Width,
                     uint32_t OpSpace, uint32_t Lanes, uint32_t State) {
  // Only the sampled block's instrumented copy calls this, with the state
  // __sectorscope_enter gave. The buffer can still be gone: a kernel of this
  // module on another stream that entered while a launch was set may outlive
  // it (runtime/README.md, limitations).
  ss_launch_header *H = header();
  if (!H || !(State & SS_STATE_LOG))
    return;
  Request R = request(Ptr, OpSpace >> 8, Lanes);
  if (R.Active == ~0u)
    logAccess(H, Site, Width, OpSpace, R, /*Full=*/true);
  else
    logAccess(H, Site, Width, OpSpace, R, /*Full=*/false);
}
