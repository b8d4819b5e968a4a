// __device__ arrays are global memory too (assumed 256-byte aligned, like
// cudaMalloc'd buffers); __constant__ data is not.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__device__ float table[1 << 20];
__constant__ float coef[4096];

__global__ void fromGlobals(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[i] + table[i + 1] // expected-warning {{misaligned load: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
         + table[i * 3]            // expected-warning {{strided load: consecutive threads are 12 bytes apart; a warp touches 12 sectors per request instead of 4}} expected-note {{consecutive elements}}
         + coef[(i * 32) & 4095];
}
