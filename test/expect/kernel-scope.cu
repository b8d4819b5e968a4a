// Kernel expectations: on the kernel's line or the line before its
// definition; `clean` forbids every finding in the kernel, `no-camping` the
// camped ones.
// RUN: not %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

// sectorscope-expect-kernel: clean
__global__ void tidy(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i];
}

__global__ void untidy(float *a, const float *b) { // sectorscope-expect-kernel: clean
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[2 * i];
}

// sectorscope-expect-kernel: no-camping
__global__ void
total(float *sum, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sum[1024 + blockIdx.x * 64 + 2 * threadIdx.x] = b[i];
  if (threadIdx.x == 0)
    atomicAdd(sum, b[i]);
}

// sectorscope-expect-kernel: clean
struct NotAKernel {};

// CHECK: kernel-scope.cu:26:1: error: 'sectorscope-expect-kernel:' must be on the line of a kernel definition or on the line before it
// CHECK: kernel-scope.cu:14:10: error: expected clean in kernel 'untidy', found strided load: consecutive threads are 8 bytes apart{{.*}} [sectorscope-expect]
// CHECK: kernel-scope.cu:23:5: error: expected no-camping in kernel 'total', found camped atomic: every block updates the same bytes{{.*}} [sectorscope-expect]
