// Where a block closes the region its immediate dominator's branch opened
// (a store after a loop whose trip count differs per lane), the lanes active
// at the branch are captured and passed to the runtime, which waits for all
// of them, as the plain program's reconvergence would: the store counts one
// request per warp. Straight-line accesses and joins that do not
// post-dominate the branch (an early return) pass 0 (the lanes present).
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-no-analyze %s -o %t.ll
// RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=0 -S %t.ll -o - | FileCheck %s
// RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=0 -S %t.ll -o - | grep -c 'call i32 @llvm.nvvm.activemask' | FileCheck --check-prefix=ONE %s
// Once in the kernel, once in its grid variant (abi.h v7):
// ONE: 2

__global__ void rows(const int *ptr, const float *v, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n)
    return;
  float s = 0.0f;
  for (int j = ptr[r]; j < ptr[r + 1]; ++j)
    s += v[j];
  y[r] = s;
}

__global__ void straight(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i] * 2.0f;
}

// CHECK-LABEL: define {{.*}} @_Z4rowsPKiPKfPfi__sectorscope_sample(
// The loads before the loop: the lanes present.
// CHECK: call void @__sectorscope_access(i32 0, ptr {{.*}}, i32 4, i32 0, i32 0, i32 %sectorscope.{{take|state}})
// CHECK: [[LANES:%.*]] = call i32 @llvm.nvvm.activemask()
// The store after the loop: the lanes captured at the branch.
// CHECK: call void @__sectorscope_access(i32 {{[0-9]+}}, ptr {{.*}}, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// The loads in the loop: the lanes present.
// CHECK: call void @__sectorscope_access({{.*}}, i32 4, i32 0, i32 0, i32 %sectorscope.{{take|state}})
// CHECK-LABEL: define {{.*}} @_Z8straightPKfPf__sectorscope_sample(
// CHECK-NOT: @llvm.nvvm.activemask
// CHECK: call void @__sectorscope_access({{.*}}, i32 4, i32 1, i32 0, i32 %sectorscope.{{take|state}})
// CHECK: ret void
