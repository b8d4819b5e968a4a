// The instrumented module goes through the NVPTX backend: the descriptor is
// a visible constant the host can register by name, pointing at the site
// table by its generic address; the entry check is one load of `launch`, and
// the launch's configuration is read from constant memory (abi.h v8); each
// heat-map access is inlined, a lane's record one 16-byte store, and each
// grid-mode access a full warp's strided request inline (no vote where the
// pass proved the lanes' stride and the warp is one row's lanes, a vote
// otherwise) and other requests a call, with the lanes present, to one
// function per module.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: .global .align 8 .b8 __sectorscope_site_table[
// CHECK: .visible .const .align 8 .u64 __sectorscope_module[43] = {{{[0-9]+}}, generic(__sectorscope_site_table), {{[0-9]+}}, 0, 0,
// CHECK-LABEL: .visible .entry _Z4copyPKfPf__sectorscope_sample(
// CHECK: ld.const.u64 {{%rd[0-9]+}}, [__sectorscope_module+24];
// CHECK: ld.const.u32 {{%r[0-9]+}}, [__sectorscope_module+{{[0-9]+}}];
// CHECK: activemask.b32
// CHECK: st.global.v2.u64
// CHECK-LABEL: .visible .entry _Z4copyPKfPf__sectorscope_grid(
// CHECK: activemask.b32
// CHECK-DAG: vote.sync.all.pred
// CHECK-DAG: __sectorscope_access_grid_rest,
// CHECK-LABEL: .func __sectorscope_access_grid_rest(
// CHECK: match.any.sync.b64
// CHECK-NOT: .func __sectorscope_access

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
