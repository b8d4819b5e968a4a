// The same findings at -O1 and -O3 as at -O0 and -O2.
// RUN: %wrapper --cuda-device-only -O1 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O3 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -Os -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -g -S -o /dev/null -Xclang -verify %s

__device__ __noinline__ float load2(const float *p, int i) { return p[i]; }

__global__ void levels(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    a[i * 8 + k % 8] += b[i + 1]; // expected-warning {{strided load: consecutive threads are 32 bytes apart}} expected-note {{consecutive elements}} expected-warning {{misaligned load: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
  a[i] = load2(b, i);
}
