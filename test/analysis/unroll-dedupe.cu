// An unrolled loop yields one access per iteration; one warning per source
// access.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O3 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void unrolled(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    a[i * 4 + k] = 0.0f; // expected-warning {{strided store: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{consecutive elements}}
#pragma unroll
  for (int k = 0; k < 8; ++k)
    a[k * 1024 + i] = b[k * 1024 + i];
}
