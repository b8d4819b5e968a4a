// A block reduction finished by one atomic per block on one address: every
// block updates the same bytes (block stride 0 on an atomic), camped under
// every model.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200

__global__ void reduce(const float *in, float *sum, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, s[0]); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx, one lane per block); all blocks queue on one memory partition [sectorscope-camped]}} expected-note {{reduce within each block first}}
}

// Per-block partial sums: clean.
__global__ void partials(const float *in, float *part, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    part[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}

// A kernel that never reads blockIdx or gridDim runs as one block: its
// lane-0 store is no camping under any model.
__global__ void singleBlock(const float *in, float *out, int n) {
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += in[i];
  if (threadIdx.x == 0)
    out[0] = s;
}
