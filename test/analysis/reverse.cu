// Reversed unit stride is coalesced.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void reverse(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[n - 1 - i] = b[i];
  a[blockIdx.x * 1024 + 1023 - (int)threadIdx.x] = 1.0f;
  a[blockIdx.x * 1024 + 1024 - (int)threadIdx.x] = 2.0f; // expected-warning {{misaligned store: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
  a[-2 * i] = 3.0f; // expected-warning {{strided store: consecutive threads are 8 bytes apart in descending order; a warp touches 9 sectors per request instead of 4}} expected-note {{consecutive elements}}
}
