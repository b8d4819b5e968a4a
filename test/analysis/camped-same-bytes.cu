// Under every model: stores and atomics whose address does not depend on
// the block index, executed by every block, camp on the same bytes.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=expected,gt200 %s -fplugin-arg-sectorscope-partitions=gt200

__global__ void sameBytes(float *out, const float *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[threadIdx.x] = in[i]; // expected-warning {{camped store: every block writes the same bytes (the address does not depend on blockIdx); all blocks queue on one memory partition}} expected-note {{reduce within each block first}}
  if (i < n)
    atomicAdd(count, 1); // expected-warning {{camped atomic: every block updates the same bytes}} expected-note {{reduce within each block first}}
}

// Only some blocks write: not camped.
__global__ void someBlocks(float *out, int *flag, float v) {
  if (blockIdx.x == 0)
    out[threadIdx.x] = v;
  if (blockIdx.x != gridDim.x - 1)
    return;
  atomicExch(flag, 1);
}

// Each block its own slot: not camped; loads never camp on same bytes.
__global__ void perBlock(float *out, const float *table, float v) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + table[threadIdx.x];
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// Data-dependent guards: who writes is unknown.
__global__ void lastBlock(unsigned *done, float *result, float v) {
  __shared__ bool last;
  if (threadIdx.x == 0)
    last = atomicInc(done, gridDim.x) == gridDim.x - 1; // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx, one lane per block)}} expected-note {{reduce within each block first}}
  __syncthreads();
  if (last)
    *result = v;
}

// Every launch of it in this file runs one block: no block queues behind
// another, whatever the address.
__global__ void oneBlockOnly(float *out, const float *in) {
  out[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
void launchOneBlock(float *o, const float *in) {
  oneBlockOnly<<<1, 256>>>(o, in);
}

// One of its launches runs many blocks: that one camps.
__global__ void oneAndMany(float *out, const float *in) {
  out[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x]; // expected-warning {{camped store: every block writes the same bytes}} expected-note {{reduce within each block first}}
}
void launchBoth(float *o, const float *in, int n) {
  oneAndMany<<<1, 256>>>(o, in);
  oneAndMany<<<n, 256>>>(o, in);
}
