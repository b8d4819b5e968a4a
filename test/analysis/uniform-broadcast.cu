// Every lane reads the same address: a broadcast, one sector. Silent.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200
// expected-no-diagnostics

__global__ void broadcast(float *a, const float *b, const float *coef, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[0] + b[blockIdx.x] + b[k] + coef[threadIdx.y] + b[blockIdx.x * 2 + 1];
}

__global__ void rowOfBlock(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < n; ++j)
    s += b[blockIdx.y * n + j];
  a[i] = s;
}
