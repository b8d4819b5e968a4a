//===- leave_apart.cuh - Lanes that leave a loop at different trips -------===//
//
// Lanes leave a do-while after different numbers of trips (lane l after
// l % 4 + 1), the block meets at a barrier, and every lane stores
// i + trips, l % 4 + 1 with `next` all zeros. An instrumented store must
// not wait for the lanes of the loop's last trip as a group (each leaver
// saw another group there): that hung the block at the barrier.
//
//===----------------------------------------------------------------------===//
#pragma once

template <int Threads>
__global__ void leaveApart(const int *next, int *out) {
  int i = threadIdx.x, trips = 0;
  do {
    i = next[i];
    ++trips;
  } while (trips <= int(threadIdx.x % 4) && i >= 0);
  __syncthreads();
  out[blockIdx.x * Threads + threadIdx.x] = i + trips;
}
