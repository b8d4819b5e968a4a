// A CUDA kernel through the wrapper at -O2: every access of the instrumented
// copy is a site with its own source position (shared memory classified
// statically; atomicAdd at the user's call, not in clang's wrapper header),
// the runtime is linked (the entry check inlined, the heat-map access
// inlined, or one function on request; grid mode's full-warp strided path
// inlined, the rest one function), and the descriptor is filled.
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -mllvm -sectorscope-inline-access=false %s -o - | FileCheck %s -DABI=%abi --check-prefixes=CHECK,CALL
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s -DABI=%abi --check-prefixes=CHECK,INLINE

// CHECK: @__sectorscope_site_table = internal addrspace(1) constant
// CHECK-SAME: S\090\09_Z1kPfPKfi\09load\09global\094\0937\0921\091\09{{[0-9]+}}\091\090\09k\09{{[^\\]*}}device-O2.cu\0A
// CHECK-SAME: S\091\09_Z1kPfPKfi\09store\09shared\094\0937\0919\091\09{{[0-9]+}}\090\090\09k\09
// CHECK-SAME: S\092\09_Z1kPfPKfi\09load\09shared\094\0940\0912\091\09{{[0-9]+}}\091\090\09k\09
// CHECK-SAME: S\093\09_Z1kPfPKfi\09store\09global\094\0940\0910\091\09{{[0-9]+}}\090\090\09k\09
// CHECK-SAME: S\094\09_Z1kPfPKfi\09atomic\09global\094\0941\093\091\09{{[0-9]+}}\09{{[01]}}\090\09k\09
// CHECK: @__sectorscope_module = {{.*}}{ i32 [[ABI]], i32 5,
// The kernel stays as compiled (abi.h v11); its sample variant runs the sites.
// CHECK-LABEL: define {{.*}}void @_Z1kPfPKfi(
// CHECK-NOT: sectorscope
// CHECK: ret void
// CHECK-LABEL: define {{.*}}void @_Z1kPfPKfi__sectorscope_sample(
// CHECK-NEXT: load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @__sectorscope_module to ptr), i64 24)
// INLINE-NOT: call {{.*}}@__sectorscope_access(
// CALL-NOT: call {{.*}}@__sectorscope_enter
// CALL: call void @__sectorscope_access(i32 0,
// CHECK: atomicrmw fadd
// CHECK-LABEL: define {{.*}}void @_Z1kPfPKfi__sectorscope_grid(
// CHECK: call void @__sectorscope_access_grid{{(_rest)?}}(i32 {{(noundef )?}}0,
// CALL: define internal void @__sectorscope_access(
// INLINE-NOT: define {{.*}}@__sectorscope_access(
// CHECK: define internal void @__sectorscope_access_grid_rest(
// CHECK: match.any.sync

__global__ void k(float *a, const float *b, int n) {
  __shared__ float sh[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sh[threadIdx.x] = b[i];
  __syncthreads();
  if (i < n)
    a[i] = sh[255 - threadIdx.x];
  atomicAdd(a, 1.0f);
}
