// What each variant carries. The sample variant keeps the kernel's original
// body for the blocks that are not sampled beside the instrumented copy: the
// program's multiply twice. Every block of a grid-mode launch counts, so the
// grid variant carries the instrumented copy alone: once. The heat-map
// access has none of grid mode's counting (no SM id for a stripe, no address
// range reductions) and reserves a request's log records with one shared
// atomic add, no compare-and-swap loop: one in the full warp's copy of the
// request's code, one in the partial warp's.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// CHECK-LABEL: .entry _Z5scalePKfPf__sectorscope_sample(
// CHECK-COUNT-2: mul.f32
// CHECK-NOT: mul.f32
// CHECK-LABEL: .entry _Z5scalePKfPf__sectorscope_grid(
// CHECK-COUNT-1: mul.f32
// CHECK-NOT: mul.f32
// CHECK-LABEL: .func __sectorscope_access(
// CHECK-NOT: {{%smid|red.global.min|red.global.max|atom.shared.cas}}
// CHECK-COUNT-2: atom.shared.add.u32
// CHECK-NOT: {{%smid|red.global.min|red.global.max|atom.shared.cas|atom.shared.add}}
// CHECK-LABEL: .func __sectorscope_access_grid(

__global__ void scale(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x] * 3.0f;
}
