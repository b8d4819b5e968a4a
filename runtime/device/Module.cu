//===- Module.cu - The module descriptor and the sampling decision --------===//
#include "Device.cuh"

using namespace sectorscope_rt;

// One per device module. The pass replaces the initializer with the real
// number of sites and the site table; the host registers the variable
// (__cudaRegisterVar) and sets `launch` before each instrumented launch.
extern "C" __device__ ss_module __sectorscope_module = {SS_ABI_VERSION, 0, 0,
                                                        0, 0};

/// Called once by every thread at the entry of an instrumented kernel: should
/// this block run the instrumented copy? Blocks that answer no run the
/// original code and pay only this call.
extern "C" __device__ int __sectorscope_enter() {
  ss_launch_header *H = header();
  if (!H)
    return 0;
  uint32_t Mode = H->mode;
  bool Take = (Mode & SS_MODE_GRID) ||
              ((Mode & SS_MODE_HEATMAP) && isSampledBlock(H));
  if (Take && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    atomicAdd(reinterpret_cast<unsigned long long *>(&H->sampled_blocks), 1ull);
  return Take;
}
