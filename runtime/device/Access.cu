//===- Access.cu - Heat-map mode: kernel entry and one access -------------===//
//
// __sectorscope_access is called by every active lane of the sampled block
// at an instrumented load, store or atomic. Each lane writes its own record
// (SampleLog.cuh); the host groups them into requests and sectors. Grid mode
// has its own kernels and entry points (AccessGrid.cu): none of its counting
// code, nor the registers it needs, is in here.
//
// The request's lanes are the mask the call site passes (those the pass knows
// arrive together), or else those present here (__activemask()): every lane
// of a request writes the same mask, which is how the host finds them.
//
//===----------------------------------------------------------------------===//
#include "SampleLog.cuh"

using namespace sectorscope_rt;

/// Called once by every thread at the entry of a sample variant: the
/// thread's state (abi.h ss_state). 0: this block runs the original code and
/// pays only this call. Everything that is the same for the whole block is
/// decided here, once, not at every access. (In this file, with the access:
/// both use the lanes' cursors, shared memory of this unit.) Grid mode
/// launches the grid variants (AccessGrid.cu), never this one.
extern "C" __device__ uint32_t __sectorscope_enter() {
  ss_launch_header *H = header();
  if (!H || !(cfg().mode & SS_MODE_HEATMAP) || !cfg().log_lane_records ||
      !isSampledBlock())
    return 0;
  resetLaneCursor();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    redAdd(&H->sampled_blocks, 1);
  return SS_STATE_LOG;
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
  Request R = request(Ptr, OpSpace >> SS_SPACE_SHIFT, Lanes);
  logLane(H, Site, OpSpace & 0xff, Width, R.Space, R.Addr, R.Active, R.Lane);
  // A lane whose log is full skips its store: the lanes that came in
  // together leave together, as in the plain code, so that the program's
  // next access is one request again and not one per fragment.
  __syncwarp(R.Active);
}
