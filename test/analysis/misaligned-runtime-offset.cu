// Offsets only known at run time: no misaligned warning.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

__global__ void runtimeOffset(float *a, const float *b, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i + k];
}

__global__ void runtimePointer(float *a, const float *b, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = b + k;
  a[i] = p[i];
}

__global__ void loopOffset(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += b[i + k];
  a[i] = s;
}
