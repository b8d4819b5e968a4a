// A transpose whose static shared tile, 47,200 bytes, leaves less than the
// 4,096 bytes the instrumented sample variant adds under the 48 KiB static
// limit, beside a kernel with a small tile.
#include <cuda_runtime.h>

#define TILE 118
__global__ void bigTile(const float *In, float *Out, int N) {
  __shared__ float Tile[TILE * 100];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Tile[threadIdx.x] = In[I];
  __syncthreads();
  if (I < N)
    Out[I] = Tile[blockDim.x - 1 - threadIdx.x];
}

__global__ void smallTile(const float *In, float *Out, int N) {
  __shared__ float Tile[256];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Tile[threadIdx.x] = In[I];
  __syncthreads();
  if (I < N)
    Out[I] = Tile[blockDim.x - 1 - threadIdx.x];
}

int main() {
  float *A, *B;
  cudaMalloc(&A, 1024 * sizeof(float));
  cudaMalloc(&B, 1024 * sizeof(float));
  bigTile<<<4, 256>>>(A, B, 1024);
  smallTile<<<4, 256>>>(A, B, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
