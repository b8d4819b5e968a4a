// CUDA's cache-hinted loads and stores, as a CUDA source gets them through
// the wrapper's headers (sm_32_intrinsics.hpp: one inline PTX statement
// each), are sites of their width; __ldcg is served by L2 only (skips_l1),
// and nothing is left uninstrumented (no K record).
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: @__sectorscope_site_table =
// CHECK-SAME: S\090\09_Z1kP6float4PKS_PfPKi\09load\09global\0916\09[[#@LINE+10]]\09
// CHECK-SAME: \091\090\09
// CHECK-SAME: S\091\09_Z1kP6float4PKS_PfPKi\09load\09global\094\09[[#@LINE+9]]\09
// CHECK-SAME: \091\091\09
// CHECK-SAME: S\092\09_Z1kP6float4PKS_PfPKi\09store\09global\0916\09[[#@LINE+8]]\09
// CHECK-SAME: S\093\09_Z1kP6float4PKS_PfPKi\09store\09global\094\09[[#@LINE+9]]\09
// CHECK-NOT: K\09
// CHECK-SAME: \00"
__global__ void k(float4 *out, const float4 *in, float *col, const int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i);
  int f = __ldcg(flags + i);
  __stcs(out + i, v);
  if (f)
    __stcs(col + i, v.x);
}
