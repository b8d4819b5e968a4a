// Unit stride, but a constant offset moves the warp off a sector boundary.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void plusOne(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i + 1]; // expected-warning {{misaligned load: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-misaligned]}} expected-note {{start each warp on a 32-byte boundary}}
}

__global__ void wholeSector(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i + 8] + b[i - 8] + b[i + 64];
}

__global__ void pointerOffset(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = b + 3;
  a[i] = p[i]; // expected-warning {{misaligned load: a warp's first access starts 12 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4}} expected-note {{32-byte boundary}}
}

__global__ void storeMinusOne(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i - 1] = 0.0f; // expected-warning {{misaligned store: a warp's first access starts 28 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4}} expected-note {{32-byte boundary}}
}
