// Odd constructs compile at every level without crashing the analyzer:
// printf, device malloc, recursion, switch, goto, volatile, half, char4,
// shuffles, cooperative loads through inline asm, function pointers,
// 3D indices, atomics on shared memory, unreachable code.
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -w %s
// RUN: %wrapper --cuda-device-only -O1 -S -o /dev/null -w %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -w %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O3 -S -o /dev/null -w %s -fplugin-arg-sectorscope-partitions=linear:128:16
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK-NOT: Stack dump
#include <cuda_fp16.h>
#include <cstdio>

__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__global__ void odd(float *a, __half *h, char4 *c, volatile int *v, int n,
                    int mode, float (*fp)(float)) {
  __shared__ int sh[64];
  int i = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x * blockDim.x +
          blockIdx.x * blockDim.x + threadIdx.x + threadIdx.z * 7;
  if (i == 0)
    printf("n=%d\n", n);
  float *m = (float *)malloc(16 * sizeof(float));
  if (m) { m[threadIdx.x & 15] = 1.0f; free(m); }
  switch (mode) {
  case 0: a[i] = fib(n); break;
  case 1: a[i * mode] = 2.0f; break;
  default: goto out;
  }
  h[i] = __float2half(a[i]);
  c[i] = make_char4(1, 2, 3, 4);
  c[2 * i].x = 5;
  v[i * 2] = 3;
  atomicAdd(&sh[threadIdx.x & 63], 1);
  a[i] = __shfl_xor_sync(0xffffffffu, a[i], 1) + (fp ? fp(a[i]) : 0.0f);
  if (n < 0)
    __builtin_unreachable();
out:
  a[i ^ 1] = sh[0];
}
