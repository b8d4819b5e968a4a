// Every other float: 8 sectors per request instead of 4.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void every_other(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[2 * i]; // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-strided]}} expected-note {{structure of arrays}}
}
