// A load whose lanes are 32 floats apart: 32 sectors per request.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void strided(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i * 32]; // expected-warning {{strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}
