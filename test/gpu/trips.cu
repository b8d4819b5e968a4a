// Trip sites (abi.h SS_OP_TRIP): a loop without memory accesses whose trip
// count comes from memory. A warp makes as many trips as its busiest lane;
// the lanes of each trip are those still in the loop. Checked in the
// sampled block (heat-map mode) and over the grid, with the kernel's
// results the same as the plain build's.
#include "ss_test_host.h"

#include <vector>

constexpr int Threads = 128, Blocks = 6, N = Threads * Blocks;

// Lane t of the grid iterates n[t] times; the body touches no memory.
__global__ void series(const int *n, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int trips = n[t];
  float v = 1.0f;
#pragma unroll 1
  for (int i = 0; i < trips; ++i)
    v = v * 0.75f + float(i);
  out[t] = v;
}

static int tripsOf(int t) { return (t * 7) % 23 + (t / 32) % 3; }

int main() {
  std::vector<int> n(N);
  for (int t = 0; t < N; ++t)
    n[t] = tripsOf(t);
  int *dn;
  float *out;
  SS_CUDA(cudaMalloc(&dn, N * sizeof(int)));
  SS_CUDA(cudaMalloc(&out, N * sizeof(float)));
  SS_CUDA(cudaMemcpy(dn, n.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  std::vector<float> want(N);
  for (int t = 0; t < N; ++t) {
    float v = 1.0f;
    for (int i = 0; i < n[t]; ++i)
      v = v * 0.75f + float(i);
    want[t] = v;
  }
  auto checkResults = [&](const char *what) {
    std::vector<float> got(N);
    SS_CUDA(cudaMemcpy(got.data(), out, N * sizeof(float),
                       cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int t = 0; t < N; ++t)
      wrong += got[t] != want[t];
    SS_CHECK(wrong == 0, "%s: %d results differ", what, wrong);
  };
  // Per block: warps' trips (the busiest lane's) and lanes' trips.
  auto expected = [&](int b, uint64_t &warpTrips, uint64_t &laneTrips) {
    for (int w = 0; w < Threads / 32; ++w) {
      int most = 0;
      for (int l = 0; l < 32; ++l) {
        int t = b * Threads + w * 32 + l;
        most = std::max(most, n[t]);
        laneTrips += n[t];
      }
      warpTrips += most;
    }
  };
  if (!ss::active()) {
    series<<<Blocks, Threads>>>(dn, out);
    SS_CUDA(cudaDeviceSynchronize());
    checkResults("plain");
    return ss::finish("trips (plain build)");
  }
  int trip = ss::find_site("series", "trip");
  ss::cfg().mode = SS_MODE_HEATMAP;
  ss::cfg().sample[0] = 3;
  series<<<Blocks, Threads>>>(dn, out);
  SS_CUDA(cudaDeviceSynchronize());
  checkResults("heatmap");
  uint64_t warps = 0, lanes = 0;
  expected(3, warps, lanes);
  ss_site_counters c = ss::counters(trip);
  printf("heatmap: block 3 trips %llu (want %llu), lanes %llu (want %llu)\n",
         (unsigned long long)c.requests, (unsigned long long)warps,
         (unsigned long long)c.threads, (unsigned long long)lanes);
  SS_CHECK(c.requests == warps && c.threads == lanes, "sampled block's trips");
  SS_CHECK(c.sectors == 0, "a trip has no sectors");

  ss::cfg().mode = SS_MODE_GRID;
  ss::cfg().site_stripes = 4;
  series<<<Blocks, Threads>>>(dn, out);
  SS_CUDA(cudaDeviceSynchronize());
  checkResults("grid");
  warps = lanes = 0;
  for (int b = 0; b < Blocks; ++b)
    expected(b, warps, lanes);
  c = ss::counters(trip);
  printf("grid: trips %llu (want %llu), lanes %llu (want %llu)\n",
         (unsigned long long)c.requests, (unsigned long long)warps,
         (unsigned long long)c.threads, (unsigned long long)lanes);
  SS_CHECK(c.requests == warps && c.threads == lanes, "grid's trips");
  return ss::finish("trips");
}
