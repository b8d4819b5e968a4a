//===- Module.cu - The module descriptor and the sampling decision --------===//
#include "Partition.cuh"

using namespace sectorscope_rt;

// One per device module. The pass replaces the initializer with the real
// number of sites and the site table; the host registers the variable
// (__cudaRegisterVar) and sets `launch` before each instrumented launch.
extern "C" __device__ ss_module __sectorscope_module = {SS_ABI_VERSION, 0, 0,
                                                        0, 0};

/// Called once by every thread at the entry of an instrumented kernel: the
/// thread's state (abi.h ss_state). 0: this block runs the original code and
/// pays only this call. Everything that is the same for the whole block is
/// decided here, once, not at every access.
extern "C" __device__ uint32_t __sectorscope_enter() {
  ss_launch_header *H = header();
  if (!H)
    return 0;
  uint32_t Mode = H->mode;
  uint32_t State = 0;
  if (Mode & SS_MODE_GRID)
    State = SS_STATE_GRID | (timeWindow(H) & SS_STATE_INDEX);
  else if ((Mode & SS_MODE_HEATMAP) && H->log_chunks && isSampledBlock(H))
    State = SS_STATE_LOG;
  if (State && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    atomicAdd(reinterpret_cast<unsigned long long *>(&H->sampled_blocks), 1ull);
  return State;
}
