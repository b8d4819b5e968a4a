// Warp reductions as CUDA declares them, __reduce_*_sync(mask, value), and
// through cooperative groups' reduce over a tile.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void sums(const int *in, int *out) {
  int v = in[threadIdx.x];
  out[0] = __reduce_add_sync(0xffffffffu, unsigned(v));
  out[1] = __reduce_max_sync(0xffffffffu, v);
}

__global__ void tile_max(const int *in, int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  out[threadIdx.x / 32] = cg::reduce(tile, in[threadIdx.x], cg::greater<int>());
}
