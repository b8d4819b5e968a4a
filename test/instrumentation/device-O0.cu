// At -O0 kernels are optnone noinline and every variable lives in an alloca:
// the pass still runs (it is required), the accesses to those allocas are
// local-space sites, and helpers are cloned rather than inlined (a clone
// gets the kernel's state, by value since ABI v6).
// RUN: %wrapper --cuda-device-only -O0 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: @__sectorscope_site_table =
// CHECK-SAME: _Z1kPf\09store\09local\098\09
// CHECK-SAME: _Z1kPf\09load\09generic\094\0916\0950\091\09{{[0-9]+}}\091\090\09twice\09
// CHECK-LABEL: define {{.*}}void @_Z1kPf(
// CHECK: load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @__sectorscope_module to ptr), i64 24)
// CHECK: %[[C:[0-9]+]] = icmp ne i32 %[[STATE:[0-9]+]], 0
// CHECK: call {{.*}}@_Z5twicePf.sectorscope._Z1kPf(ptr noundef %{{[0-9]+}}, i32 %[[STATE]])
// CHECK-LABEL: define internal {{.*}}@_Z5twicePf.sectorscope._Z1kPf(ptr noundef %0, i32 %1)

__device__ float twice(float *p) { return 2.0f * *p; }

__global__ void k(float *a) { a[threadIdx.x] = twice(a); }
