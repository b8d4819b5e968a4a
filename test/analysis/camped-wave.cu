// Camping judged on a wave of concurrently running blocks: the partitions
// its sectors land on, under gt200 (30 SMs, 8 partitions of 256 bytes) and
// an H200-like XOR map from Inputs (132 SMs, 2 partitions hashed from bits
// 12..19).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=h200 %s -fplugin-arg-sectorscope-partitions=xor:%S/Inputs/h200-like-map.json

// The CUDA samples' reduce6: each block reads 2 * blockSize contiguous ints
// per grid-stride step; a block of 512 threads covers every partition.
template <class T, unsigned blockSize>
__global__ void reduce6(const T *in, T *out, unsigned n) {
  __shared__ T s[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  unsigned gridSize = blockSize * 2 * gridDim.x;
  T v = 0;
  while (i < n) {
    v += in[i];
    if (i + blockSize < n)
      v += in[i + blockSize];
    i += gridSize;
  }
  s[tid] = v;
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
void runReduce(int threads, const int *in, int *out, unsigned n) {
  switch (threads) {
  case 512:
    reduce6<int, 512><<<64, threads, 512 * sizeof(int)>>>(in, out, n);
    break;
  }
}

// Rodinia bfs: g_cost[tid] with tid = blockIdx.x * 512 + threadIdx.x,
// launched with a run-time block size: a block as wide as its stride.
#define MAX_THREADS_PER_BLOCK 512
__global__ void bfsCost(int *g_cost, const bool *g_mask, int n) {
  int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
  if (tid < n && g_mask[tid])
    g_cost[tid] += 1;
}
void runBfs(int *cost, const bool *mask, int n, int threads) {
  bfsCost<<<(n + 511) / 512, threads>>>(cost, mask, n);
}

// A row per block, rows 16 KB apart, walked by 256 threads: each step of a
// wave covers 1 KB of every row, the same four of eight gt200 partitions.
__global__ void rowSums(const float *a, float *sums) {
  const float *row = a + blockIdx.x * 4096;
  float s = 0;
  for (int c = threadIdx.x; c < 4096; c += blockDim.x)
    s += row[c]; // gt200-warning {{camped load: consecutive blocks are 16384 bytes apart, a multiple of the gt200 partition period (2048 bytes); a wave of 120 blocks (30 SMs x 4 blocks of (256)) touches 4 of 8 memory partitions, 25% of its sectors on partition 0, with blockDim (256) from the launch at camped-wave.cu:68}} gt200-note {{diagonal}}
  if (threadIdx.x == 0)
    sums[blockIdx.x] = s;
}
// The same rows walked by 1024 threads: a step covers 4 KB, all partitions.
__global__ void rowSumsWide(const float *a, float *sums) {
  const float *row = a + blockIdx.x * 4096;
  float s = 0;
  for (int c = threadIdx.x; c < 4096; c += blockDim.x)
    s += row[c];
  if (threadIdx.x == 0)
    sums[blockIdx.x] = s;
}
void runRows(const float *a, float *s) {
  rowSums<<<1024, 256>>>(a, s);
  rowSumsWide<<<1024, 1024>>>(a, s);
}

// A block stride that is a product with blockDim.x (k rows of blockDim.x
// floats per block): a multiple of the period for every block size when k
// is even.
__global__ void rowsOfK(const float *a, float *sums, int k) {
  const float *row = a + blockIdx.x * k * blockDim.x;
  float s = 0;
  for (int c = threadIdx.x; c < k * blockDim.x; c += blockDim.x)
    s += row[c]; // gt200-warning {{likely camped load: consecutive blocks are 4*k*blockDim.x bytes apart, a multiple of the gt200 partition period (2048 bytes) when k is a multiple of 2; a wave of 120 blocks (30 SMs x 4 blocks of (256)) touches 4 of 8 memory partitions}} gt200-note {{diagonal}}
  if (threadIdx.x == 0)
    sums[blockIdx.x] = s;
}
void runRowsOfK(const float *a, float *s, int k) { rowsOfK<<<512, 256>>>(a, s, k); }

// Under the H200-like hash power-of-two pitches spread; a few blocks whose
// offsets flip only unhashed bits (80 KB apart: bits 14 and 16, then 15
// and 17) land on one partition.
__global__ void fewRows(float *a) {
  a[blockIdx.x * 20480 + threadIdx.x] = 0.0f; // h200-warning {{camped store: consecutive blocks are 81920 bytes apart; a wave of 4 blocks (the whole grid, blocks of (256)) touches 1 of 2 memory partitions under the sm_90 map, 100% of its sectors on partition}} h200-note {{diagonal}} gt200-warning {{camped store: consecutive blocks are 81920 bytes apart, a multiple of the gt200 partition period (2048 bytes); a wave of 4 blocks (the whole grid, blocks of (256)) touches 4 of 8 memory partitions}} gt200-note {{diagonal}}
}
void runFewRows(float *a) { fewRows<<<4, 256>>>(a); }
