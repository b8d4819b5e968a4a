// Lane and warp ids (tid & 31, tid >> 5): a warp's lanes are 0..31.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void perWarp(float *a, const float *b, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = gid & 31, warp = gid >> 5;
  a[warp * 64 + lane] = b[warp * 32 + lane];
  a[lane * 32 + warp * 1024] = 1.0f; // expected-warning {{strided store: consecutive threads are 128 bytes apart}} expected-note {{consecutive elements}}
  a[gid % 32 + 32 * (gid / 32)] += b[(gid % 64) + 1]; // expected-warning {{misaligned load: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
}
