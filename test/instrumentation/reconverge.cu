// Where a block closes the region a branch above it in its own loop opened
// (a store after a loop whose trip count differs per lane, behind the
// loop's zero-trip test), the lanes active at the branch are captured and
// passed to the runtime, which waits for all of them, as the plain
// program's reconvergence would: the store counts one request per warp.
// Straight-line accesses, joins that do not post-dominate the branch (an
// early return) and a store after a do-while (whose only branch above it
// is the loop's own, run once per trip with that trip's lanes) pass the
// lanes present at the access, read just before the call.
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-no-analyze %s -o %t.ll
// RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=0 -S %t.ll -o - | FileCheck %s
// RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=0 -S %t.ll -o - | awk '/call i32 @llvm.nvvm.activemask/ { getline next_line; if (next_line !~ /__sectorscope_access/) n++ } END { print n }' | FileCheck --check-prefix=ONE %s
// Lanes captured at a branch, not at an access: once in the kernel, once in
// its grid variant (abi.h v7):
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

// Lanes captured at the do-while's latch would differ from leaver to
// leaver: the first to leave would wait for a mask the later ones never
// give, and with a __syncthreads() after the loop the block would hang.
__global__ void untilDone(const int *next, int *out) {
  int i = threadIdx.x;
  do {
    i = next[i];
  } while (i >= 0);
  __syncthreads();
  out[threadIdx.x] = i;
}

__global__ void straight(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i] * 2.0f;
}

// CHECK-LABEL: define {{.*}} @_Z4rowsPKiPKfPfi__sectorscope_sample(
// The loads before the loop: the lanes present.
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr {{.*}}, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr {{.*}}, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK: [[LANES:%.*]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: br i1
// The store after the loop: the lanes captured at the branch.
// CHECK: call void @__sectorscope_access(i32 {{[0-9]+}}, ptr {{.*}}, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// The loads in the loop: the lanes present.
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access({{.*}}, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK-LABEL: define {{.*}} @_Z9untilDonePKiPi__sectorscope_sample(
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access({{.*}}, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK: call void @llvm.nvvm.barrier0()
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access({{.*}}, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK-LABEL: define {{.*}} @_Z8straightPKfPf__sectorscope_sample(
// CHECK-NOT: @llvm.nvvm.activemask
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access({{.*}}, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK-NOT: @llvm.nvvm.activemask
// CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
// CHECK-NEXT: call void @__sectorscope_access({{.*}}, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
// CHECK: ret void
