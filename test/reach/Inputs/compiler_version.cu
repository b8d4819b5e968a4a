// Older CUDA code picks the warp intrinsics by nvcc's version macros: the
// legacy __shfl_down has no sm_70+ form clang can select. With the macros
// from the toolkit the *_sync branch is taken, as with nvcc. The host part
// prints them, and runs without a GPU.
#include <cstdio>

__device__ float warpSum(float Val) {
#if __CUDACC_VER_MAJOR__ >= 9
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Val += __shfl_down_sync(0xffffffffu, Val, Offset);
#else
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Val += __shfl_down(Val, Offset);
#endif
  return Val;
}

__global__ void sums(const float *In, float *Out) {
  Out[threadIdx.x] = warpSum(In[threadIdx.x]);
}

// nvcc's __CUDACC__ is 1: `#if __CUDACC__` is a test, not an error.
#if __CUDACC__
constexpr int CudaccValue = __CUDACC__;
#else
constexpr int CudaccValue = 0;
#endif

int main() {
  std::printf("nvcc %d.%d.%d nvcc-only %d cudacc %d\n", __CUDACC_VER_MAJOR__,
              __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__,
#ifdef __NVCC__
              1
#else
              0
#endif
              ,
              CudaccValue);
  return 0;
}
