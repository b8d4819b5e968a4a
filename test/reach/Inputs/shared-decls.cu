// Shared-memory declarations in the forms clang 19 accepts, next to the
// forms nvcc also accepts and clang 19 rejects (under REJECTED).
#include <cuda/barrier>

using BlockBarrier = cuda::barrier<cuda::thread_scope_block>;

#ifndef REJECTED
// An alignment on a block-scope __shared__ array: alignas first, or
// CUDA's __align__ anywhere.
__global__ void tiles(const float *In, float *Out) {
  alignas(16) __shared__ float A[4][32];
  __shared__ __align__(16) float B[4][32];
  A[threadIdx.y][threadIdx.x] = In[threadIdx.x];
  B[threadIdx.y][threadIdx.x] = In[threadIdx.x + 32];
  __syncthreads();
  Out[threadIdx.x] = A[0][threadIdx.x] + B[1][threadIdx.x];
}

// A block barrier in shared storage of its size and alignment: the storage
// has no destructor, so clang accepts it as a __shared__ variable.
__global__ void arrive(float *Out) {
  alignas(BlockBarrier) __shared__ unsigned char Storage[sizeof(BlockBarrier)];
  BlockBarrier &Bar = *reinterpret_cast<BlockBarrier *>(Storage);
  if (threadIdx.x == 0)
    init(&Bar, blockDim.x);
  __syncthreads();
  Bar.arrive_and_wait();
  Out[threadIdx.x] = 1.0f;
}
#else
__global__ void rejected(float *Out) {
  __shared__ alignas(16) float A[32];
  __shared__ BlockBarrier Bar;
  A[threadIdx.x] = 1.0f;
  Out[threadIdx.x] = A[31 - threadIdx.x];
}
#endif
