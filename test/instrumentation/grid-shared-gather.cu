// Grid mode counts a full warp's shared-memory gather (a histogram's bins)
// on its inlined short path by sorting the sector keys over the lanes (a
// bitonic network of butterfly shuffles), not with match.any, which holds
// the SM about two cycles per distinct key. Global gathers still group
// their lanes with match.any in the out-of-line function.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry _Z4histPKjPj__sectorscope_grid(
// CHECK-COUNT-15: shfl.sync.bfly.b32
// CHECK-NOT: match.any
// CHECK: .func __sectorscope_access_grid_rest(
// CHECK: match.any.sync

__global__ void hist(const unsigned *in, unsigned *out) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 255], 1u);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = bins[threadIdx.x];
}
