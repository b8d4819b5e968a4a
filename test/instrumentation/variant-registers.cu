// A kernel without launch bounds gets a register cap in its instrumented
// variants, so that any block size still launches (64 by default); the
// developer flag sets it, 0 removes it. A kernel with launch bounds keeps
// its own.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s -DCAP=64
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -mllvm -sectorscope-variant-max-registers=40 %s -o - | FileCheck %s -DCAP=40
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -mllvm -sectorscope-variant-max-registers=0 %s -o - | FileCheck %s --check-prefix=NOCAP

// CHECK-LABEL: .visible .entry _Z7boundedPKfPf__sectorscope_sample(
// CHECK: .maxntid 128, 1, 1
// CHECK-NOT: .maxnreg
// CHECK-LABEL: .visible .entry _Z7boundedPKfPf__sectorscope_grid(
// CHECK: .maxntid 128, 1, 1
// CHECK-NOT: .maxnreg
// CHECK-LABEL: .visible .entry _Z9unboundedPKfPf__sectorscope_sample(
// CHECK-NEXT: .param
// CHECK: .maxnreg [[CAP]]
// CHECK-LABEL: .visible .entry _Z9unboundedPKfPf__sectorscope_grid(
// CHECK-NEXT: .param
// CHECK: .maxnreg [[CAP]]
// NOCAP-NOT: .maxnreg

__global__ void __launch_bounds__(128) bounded(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}

__global__ void unbounded(const float *in, float *out) {
  out[threadIdx.x] = in[127 - threadIdx.x];
}
