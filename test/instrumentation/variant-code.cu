// What each variant carries. The sample variant keeps the kernel's original
// body for the blocks that are not sampled beside the instrumented copy: the
// program's multiply twice. Every block of a grid-mode launch counts, so the
// grid variant carries the instrumented copy alone: once. The heat-map
// access has none of grid mode's counting (no SM id for a stripe, no address
// range reductions) and no warp-wide step: each lane stores its record (one
// 16-byte store) and its count, with no atomic, vote or shuffle.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck --check-prefix=REC %s < %t.ptx
// CHECK-LABEL: .entry _Z5scalePKfPf__sectorscope_sample(
// CHECK-COUNT-2: mul.f32
// CHECK-NOT: mul.f32
// CHECK-LABEL: .entry _Z5scalePKfPf__sectorscope_grid(
// CHECK-COUNT-1: mul.f32
// CHECK-NOT: mul.f32
// REC-LABEL: .entry _Z5scalePKfPf__sectorscope_sample(
// REC-NOT: {{%smid|red.global.m|atom\.|vote|shfl|match|redux}}
// REC: st.global.v2.u64
// REC-NOT: {{%smid|red.global.m|atom\.|vote|shfl|match|redux}}
// REC-LABEL: .entry _Z5scalePKfPf__sectorscope_grid(

__global__ void scale(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x] * 3.0f;
}
