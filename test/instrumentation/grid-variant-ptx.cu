// Every grid variant reaches PTX as a kernel (.entry) with its kernel's
// launch bounds, at -O0 and -O2. LLVM 19's NVPTX backend caches annotations
// by Function address: a copy placed where a deleted function had lived was
// emitted as a .func (the host's launch: "named symbol not found") or lost
// its .maxntid (instrumentation/KernelCloner.cpp, cloneKernelAtFreshAddress). Device
// functions inlined at -O2 and always-inline wrappers at -O0 are what gets
// deleted before the pass runs.
// RUN: %wrapper --cuda-device-only -O0 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry _Z5firstPKfPf(
// CHECK: .maxntid 256, 1, 1
// CHECK-LABEL: .visible .entry _Z6secondPKfPf(
// CHECK-NOT: .maxntid
// CHECK-LABEL: .visible .entry _Z5thirdPKfPf(
// CHECK: .maxntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 4
// CHECK-LABEL: .visible .entry _Z5firstPKfPf__sectorscope_sample(
// CHECK: .maxntid 256, 1, 1
// CHECK-LABEL: .visible .entry _Z5firstPKfPf__sectorscope_grid(
// CHECK: .maxntid 256, 1, 1
// CHECK-LABEL: .visible .entry _Z6secondPKfPf__sectorscope_sample(
// CHECK-NOT: .maxntid
// CHECK-LABEL: .visible .entry _Z6secondPKfPf__sectorscope_grid(
// CHECK-NOT: .maxntid
// CHECK-LABEL: .visible .entry _Z5thirdPKfPf__sectorscope_sample(
// CHECK: .maxntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 4
// CHECK-LABEL: .visible .entry _Z5thirdPKfPf__sectorscope_grid(
// CHECK: .maxntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 4

__device__ float get(const float *p, int i) { return p[i] * 2.0f; }

__global__ void __launch_bounds__(256) first(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = get(in, i) + get(in, i + 1);
}

__global__ void second(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = atomicAdd(out + i, get(in, 2 * i));
}

__global__ void __launch_bounds__(128, 4) third(const float *in, float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}
