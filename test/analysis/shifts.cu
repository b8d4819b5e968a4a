// Shifts of the thread index are multiplications.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void shifted(float *a, const float *b) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i << 1]; // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{consecutive elements}}
  a[i << 5] = 0.0f; // expected-warning {{strided store: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  a[(i << 2) >> 2] = 1.0f;
}
