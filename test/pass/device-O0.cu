// At -O0 kernels are optnone noinline and every variable lives in an alloca:
// the pass still runs (it is required), the accesses to those allocas are
// local-space sites, and helpers are cloned rather than inlined (a clone
// gets the address of the kernel's state, which then stays an alloca).
// RUN: %wrapper --cuda-device-only -O0 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: @__sectorscope_site_table =
// CHECK-SAME: _Z1kPf\09store\09local\098\09
// CHECK-SAME: _Z1kPf\09load\09generic\094\0917\0950\091\09twice\09
// CHECK-LABEL: define {{.*}}void @_Z1kPf(
// CHECK-NEXT: %[[STATE:[0-9]+]] = alloca i32, align 4
// CHECK: call {{.*}}i64 @llvm.nvvm.ldg.global.i.i64.p0({{.*}}@__sectorscope_module
// CHECK: store i32 %{{[0-9]+}}, ptr %[[STATE]], align 4
// CHECK: call {{.*}}@_Z5twicePf.sectorscope._Z1kPf(ptr noundef %{{[0-9]+}}, ptr %[[STATE]])
// CHECK-LABEL: define internal {{.*}}@_Z5twicePf.sectorscope._Z1kPf(ptr noundef %0, ptr %1)

__device__ float twice(float *p) { return 2.0f * *p; }

__global__ void k(float *a) { a[threadIdx.x] = twice(a); }
