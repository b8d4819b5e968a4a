// LLVM 19 emits every direct call as call.uni, the instrumented access's in
// divergent code too. PTX's .uni says only that the active threads agree on
// the call's target and guard, which a direct call's always do, and CUDA
// 13's ptxas makes the same code for call.uni and call: the cubins are
// byte-identical, so the shim leaves the PTX as it is. Should a ptxas ever
// tell them apart, this fails.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.uni.ptx
// RUN: sed -E '/call\.uni *$/{N;s/call\.uni( *\n[[:space:]]*__sectorscope_)/call\1/}' %t.uni.ptx > %t.call.ptx
// RUN: not diff %t.uni.ptx %t.call.ptx > %t.diff
// RUN: FileCheck --check-prefix=REWRITTEN %s < %t.diff
// REWRITTEN: < {{[[:space:]]*}}call.uni
// REWRITTEN: > {{[[:space:]]*}}call{{ *$}}
// RUN: %compat/bin/ptxas -arch=sm_90 -O3 %t.uni.ptx -o %t.uni.cubin
// RUN: %compat/bin/ptxas -arch=sm_90 -O3 %t.call.ptx -o %t.call.cubin
// RUN: cmp %t.uni.cubin %t.call.cubin

// Both sides of a branch load, each through its own site.
__global__ void diverge(const float *a, const double *b, float *out) {
  int lane = threadIdx.x % 32;
  float v;
  if (lane < 16)
    v = a[threadIdx.x];
  else
    v = float(b[threadIdx.x]);
  out[threadIdx.x] = v;
}
