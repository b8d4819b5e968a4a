// The instrumented module goes through the NVPTX backend: the descriptor is
// a visible global the host can register by name, pointing at the site table
// by its generic address; the entry check is one load of `launch`.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: .global .align 8 .b8 __sectorscope_site_table[
// CHECK: .visible .global .align 8 .u64 __sectorscope_module[4] = {{{[0-9]+}}, generic(__sectorscope_site_table), {{[0-9]+}}, 0};
// CHECK-LABEL: .visible .entry _Z4copyPKfPf(
// CHECK: mov.u64 [[M:%rd[0-9]+]], __sectorscope_module;
// CHECK: ld.global.nc.u64 {{.*}}[{{%rd[0-9]+}}+24];
// CHECK: match.any.sync.b64
// CHECK-NOT: .func __sectorscope

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
