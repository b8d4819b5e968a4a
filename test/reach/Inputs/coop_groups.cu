// Cooperative groups, CUB and Thrust: CUDA 13 keeps the last two (and the
// libcu++ that cooperative groups need) in include/cccl.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/warp/warp_reduce.cuh>
#include <thrust/device_ptr.h>

namespace cg = cooperative_groups;

__global__ void block_sum(const float *In, float *Out) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  float V = In[Block.group_index().x * Block.size() + Block.thread_rank()];
  float S = cg::reduce(Warp, V, cg::plus<float>());
  if (Warp.thread_rank() == 0)
    atomicAdd(Out, S);
}

__global__ void warp_sum(const float *In, float *Out) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage Temp;
  float S = WarpReduce(Temp).Sum(In[threadIdx.x]);
  if (threadIdx.x == 0)
    *thrust::device_pointer_cast(Out) = S;
}
