// Shared and local memory are not global memory: no warnings for them.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200
// expected-no-diagnostics

__global__ void sharedStrided(float *out, const float *in, int k) {
  __shared__ float s[32 * 33];
  extern __shared__ float dyn[];
  float local[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t * 32] = in[i];
  dyn[t * 8 + 1] = in[i];
  for (int j = 0; j < 64; ++j)
    local[j] = in[i] * j;
  __syncthreads();
  out[i] = s[(t * 33) % 1024] + dyn[t] + local[k & 63];
}
