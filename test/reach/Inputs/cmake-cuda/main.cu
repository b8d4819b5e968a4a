// Cooperative groups in a CMake CUDA project.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void warp_sums(const float *In, float *Out) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  float V = In[Block.thread_rank()];
  for (int Offset = Warp.size() / 2; Offset > 0; Offset /= 2)
    V += Warp.shfl_down(V, Offset);
  if (Warp.thread_rank() == 0)
    Out[Warp.meta_group_rank()] = V;
}

int main() {
  float *In, *Out;
  cudaMalloc(&In, 256 * sizeof(float));
  cudaMalloc(&Out, 8 * sizeof(float));
  warp_sums<<<1, 256>>>(In, Out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
