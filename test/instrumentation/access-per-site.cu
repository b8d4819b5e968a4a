// What each site costs in each variant. Grid mode inlines a full warp's
// short paths (one stride; shared and local gathers) at each site and calls
// one function per module for the rest: that function's code appears once,
// the same whatever the number of sites, so the grid variant grows by the
// short paths and a call per site. The heat-map access is inlined: a lane's record, one
// 16-byte store, at every site. 64 loads and a store are 65 calls in the
// grid variant and 65 records in the sample variant, each given the lanes
// present at the site (the grid variant's short paths inlined: a limit of
// none on sites outside loops).
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -DSITES=1 %s -o %t.1.ptx
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -DSITES=64 -mllvm -sectorscope-max-inlined-sites-outside-loops=0 %s -o %t.64.ptx
// RUN: sed -n '/^.func __sectorscope_access_grid_rest(/,/^}/p' %t.1.ptx | wc -l > %t.1.count
// RUN: sed -n '/^.func __sectorscope_access_grid_rest(/,/^}/p' %t.64.ptx | wc -l > %t.64.count
// RUN: diff %t.1.count %t.64.count
// RUN: grep -c '^[[:space:]]*__sectorscope_access_grid_rest, *$' %t.64.ptx | FileCheck --check-prefix=CALLS %s
// RUN: grep -c 'st.global.v2.u64' %t.64.ptx | FileCheck --check-prefix=CALLS %s
// RUN: FileCheck %s < %t.64.ptx
// Past -sectorscope-max-inlined-sites a function calls the whole access, in
// both variants.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -DSITES=64 -mllvm -sectorscope-max-inlined-sites=16 %s -o %t.cap.ptx
// RUN: FileCheck --check-prefix=CAP %s < %t.cap.ptx
// RUN: FileCheck --check-prefix=CAP-SAMPLE %s < %t.cap.ptx
// The default limit is 128 sites: 128 loads and a store call.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -DSITES=128 %s -o %t.129.ptx
// RUN: FileCheck --check-prefix=CAP %s < %t.129.ptx
// RUN: FileCheck --check-prefix=CAP-SAMPLE %s < %t.129.ptx
// The unrolled loads are straight-line code, each run once a thread: with
// more than 32 such sites in a function (the default limit), the grid
// variant calls the whole access at each instead of inlining its short path.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -DSITES=64 %s -o %t.straight.ptx
// RUN: grep -c '^[[:space:]]*__sectorscope_access_grid, *$' %t.straight.ptx | FileCheck --check-prefix=CALLS %s
// RUN: FileCheck --check-prefix=CAP %s < %t.straight.ptx
// RUN: FileCheck --check-prefix=INLINED-SAMPLE %s < %t.straight.ptx
// Up to the limit, the sample variant's accesses are inlined.
// RUN: FileCheck --check-prefix=INLINED-SAMPLE %s < %t.64.ptx
// CAP-LABEL: .entry _Z4manyPKfPf__sectorscope_grid(
// CAP-NOT: vote.sync.all
// CAP: __sectorscope_access_grid,
// CAP-NOT: vote.sync.all
// CAP: .func __sectorscope_access_grid_rest(
// CAP: .func __sectorscope_access_grid(
// CAP-SAMPLE-LABEL: .entry _Z4manyPKfPf__sectorscope_sample(
// CAP-SAMPLE-COUNT-64: __sectorscope_access,
// CAP-SAMPLE-LABEL: .entry _Z4manyPKfPf__sectorscope_grid(
// INLINED-SAMPLE-LABEL: .entry _Z4manyPKfPf__sectorscope_sample(
// INLINED-SAMPLE-NOT: __sectorscope_access,
// INLINED-SAMPLE-LABEL: .entry _Z4manyPKfPf__sectorscope_grid(
// CALLS: {{^}}65{{$}}
// CHECK-LABEL: .entry _Z4manyPKfPf__sectorscope_sample(
// CHECK-NOT: call.uni
// CHECK-LABEL: .entry _Z4manyPKfPf__sectorscope_grid(
// CHECK-COUNT-65: activemask.b32
// CHECK-NOT: activemask.b32
// CHECK-LABEL: .func __sectorscope_access_grid_rest(
// CHECK-NOT: .func __sectorscope_access

__global__ void many(const float *in, float *out) {
  float v = 0;
#pragma unroll
  for (int k = 0; k < SITES; ++k)
    v += in[k * 32 + threadIdx.x];
  out[threadIdx.x] = v;
}
