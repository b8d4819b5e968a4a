// 8-byte elements: a warp needs eight sectors.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void doubles(double *d, const double *e, const long long *l) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = e[i] + (double)l[i];
  d[i] += e[i + 1]; // expected-warning {{misaligned load: a warp's first access starts 8 bytes past a 32-byte sector boundary; a warp touches 9 sectors per request instead of 8}} expected-note {{32-byte boundary}}
  d[i] += e[2 * i]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 8}} expected-note {{consecutive elements}}
  d[i] += e[i + 4];
}
