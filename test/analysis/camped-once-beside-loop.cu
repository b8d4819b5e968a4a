// Selected lanes updating the same bytes once, beside a loop over global
// memory, are not camped: one update per block or warp queues at one
// address, against the loop's requests (a grid-stride sum finished by one
// atomicAdd per block, a last-block ticket). In a loop, or by whole warps,
// or where no global access repeats, they still are.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200

__device__ float blockSum(float v) {
  __shared__ float s[32];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    s[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x] : 0.0f;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

// One atomicAdd per block after a grid-stride loop: clean.
__global__ void gridStrideNorm(float *out, const float *data, size_t n) {
  float acc = 0.0f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    acc += data[i] * data[i];
  acc = blockSum(acc);
  if (threadIdx.x == 0)
    atomicAdd(out, acc);
}

// One atomicAdd per warp after the loop: clean.
__global__ void perWarpAtomic(float *out, const float *data, size_t n) {
  float acc = 0.0f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    acc += data[i];
  for (int o = 16; o > 0; o >>= 1)
    acc += __shfl_down_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, acc);
}

// A grid-stride sum per block, then a ticket whose last holder combines the
// partials: the ticket is clean.
__global__ void ticket(float *partial, unsigned *count, float *total,
                       const float *in, int n) {
  __shared__ bool last;
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    acc += in[i];
  acc = blockSum(acc);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = acc;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    last = atomicInc(count, gridDim.x) == gridDim.x - 1;
  __syncthreads();
  if (last && threadIdx.x == 0)
    *total = partial[0]; // a data-dependent guard: not every block
}

// The selected lane updates the same bytes on every trip: camped.
__global__ void atomicInLoop(float *out, const float *data, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    float v = data[(size_t)r * cols + blockIdx.x * blockDim.x + threadIdx.x];
    v = blockSum(v);
    if (threadIdx.x == 0)
      atomicAdd(out, v); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx, one lane per block)}} expected-note {{reduce within each block first}}
  }
}

// Whole warps update the same bytes after the loop: camped.
__global__ void wholeWarpsAfterLoop(float *hist, const float *data, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    acc += data[i];
  atomicAdd(&hist[threadIdx.x], acc); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx)}} expected-note {{reduce within each block first}}
}
