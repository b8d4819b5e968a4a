// 1-byte elements: a warp needs one sector.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void bytes(unsigned char *c, const unsigned char *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = d[i];
  c[i] = d[i + 1]; // expected-warning {{misaligned load: a warp's first access starts 1 byte past a 32-byte sector boundary; a warp touches 2 sectors per request instead of 1}} expected-note {{32-byte boundary}}
  c[2 * i] = 0; // expected-warning {{strided store: consecutive threads are 2 bytes apart; a warp touches 2 sectors per request instead of 1}} expected-note {{consecutive elements}}
  c[i + 32] = d[i + 64];
}
