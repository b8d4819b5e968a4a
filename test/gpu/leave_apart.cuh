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

#include "ss_test_host.h"

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

/// Runs leaveApart on `blocks` blocks, with `next` and `out` device buffers
/// of at least blocks * Threads ints; the values that differ from the plain
/// program's.
template <int Threads>
int leaveApartMismatches(int blocks, void *next, void *out) {
  const int n = blocks * Threads;
  SS_CUDA(cudaMemset(next, 0, n * sizeof(int)));
  SS_CUDA(cudaMemset(out, 0xff, n * sizeof(int)));
  leaveApart<Threads><<<blocks, Threads>>>(static_cast<const int *>(next),
                                           static_cast<int *>(out));
  SS_CUDA(cudaDeviceSynchronize());
  std::vector<int> left(n);
  SS_CUDA(cudaMemcpy(left.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int t = 0; t < n; ++t)
    wrong += left[t] != t % Threads % 4 + 1;
  return wrong;
}
