// 2D blocks with threadIdx.y: lanes are consecutive threadIdx.x, warps
// are rows of the block (blockDim.x a multiple of 32).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=expected,gt200 %s -fplugin-arg-sectorscope-partitions=gt200

#define T 16
__global__ void tiledMatmul(float *C, const float *A, const float *B, int N) {
  __shared__ float As[T][T], Bs[T][T];
  int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  float s = 0;
  for (int k = 0; k < N / T; ++k) {
    As[threadIdx.y][threadIdx.x] = A[row * N + k * T + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(k * T + threadIdx.y) * N + col];
    __syncthreads();
    for (int j = 0; j < T; ++j)
      s += As[threadIdx.y][j] * Bs[j][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = s;
}

__global__ void swappedRoles(float *out, const float *in) {
  // threadIdx.y is the fast index here: consecutive lanes are 64 rows apart.
  // Lanes 256 bytes apart cover all eight gt200 partitions: not camped.
  out[(blockIdx.x * 32 + threadIdx.x) * 64 + threadIdx.y] = in[blockIdx.x * 32 + threadIdx.x]; // expected-warning {{strided store: consecutive threads are 256 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// Rows of the block 2048 bytes apart, blocks 8192 bytes apart: under gt200
// every row of every block starts on partition 0.
__global__ void rowsOnOnePartition(float *out) {
  out[blockIdx.x * 2048 + threadIdx.y * 512 + threadIdx.x] = 0.0f; // gt200-warning {{camped store: consecutive blocks are 8192 bytes apart}} gt200-note {{diagonal}}
}
