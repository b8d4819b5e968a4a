// Thread indices through cooperative groups: thread_rank() of the grid and
// of the block are polynomials of the launch indices.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify -isystem %compat/include/cccl %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void gridRank(float *a, const float *b) {
  unsigned long long r = cg::this_grid().thread_rank();
  a[r] = b[r * 4]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

__global__ void blockRank(float *a, const float *b) {
  unsigned r = cg::this_thread_block().thread_rank();
  a[blockIdx.x * 1024 + r] = b[blockIdx.x * 1024 + r * 2]; // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// A 16x16 block: thread_rank() runs over x then y, so lanes are
// consecutive ranks: coalesced.
__global__ void blockRank2D(float *a, const float *b) {
  unsigned r = cg::this_thread_block().thread_rank();
  a[blockIdx.x * 256 + r] = b[blockIdx.x * 256 + r];
}
void runRank2D(float *a, const float *b) { blockRank2D<<<64, dim3(16, 16)>>>(a, b); }
