// 64-bit and unsigned indices, size_t grid-stride loops, pointer bumping.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void sizeT(float *a, const float *b, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    a[i] = b[i * 4]; // expected-warning {{strided load: consecutive threads are 16 bytes apart}} expected-note {{consecutive elements}}
}

__global__ void unsignedIdx(double *a, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i + 3]; // expected-warning {{misaligned load: a warp's first access starts 24 bytes past a 32-byte sector boundary; a warp touches 9 sectors per request instead of 8}} expected-note {{32-byte boundary}}
}

__global__ void bumping(float *a, int rows, int pitch) {
  float *p = a + blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rows; ++r, p += pitch)
    *p += 1.0f;
}
