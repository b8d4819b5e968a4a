//===- Harness.cu - Occupancy control and sweep helpers -------------------===//
#include "common/OccupancyPadding.h"
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

size_t Harness::smemForBlocks(const void *K, int Threads, int Blocks,
                              int &Achieved) {
  int Dev = 0, PerSm = 0, PerBlockOptin = 0, Reserved = 0;
  CK(cudaGetDevice(&Dev));
  CK(cudaDeviceGetAttribute(&PerSm, cudaDevAttrMaxSharedMemoryPerMultiprocessor,
                            Dev));
  CK(cudaDeviceGetAttribute(&PerBlockOptin,
                            cudaDevAttrMaxSharedMemoryPerBlockOptin, Dev));
  CK(cudaDeviceGetAttribute(&Reserved, cudaDevAttrReservedSharedMemoryPerBlock,
                            Dev));
  cudaFuncAttributes Attr;
  CK(cudaFuncGetAttributes(&Attr, K));
  const SharedMemoryLimits L{size_t(PerSm), size_t(PerBlockOptin),
                             size_t(Reserved)};
  const size_t MaxDynamic = L.PerBlockMax - Attr.sharedSizeBytes;
  // Every launch of K sets its own carveout: none is left from the last.
  CK(cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          int(MaxDynamic)));
  CK(cudaFuncSetAttribute(K, cudaFuncAttributePreferredSharedMemoryCarveout,
                          -1));
  auto WholeArrayShared = [&] {
    CK(cudaFuncSetAttribute(K, cudaFuncAttributePreferredSharedMemoryCarveout,
                            100));
    return true;
  };
  auto Occ = [&](size_t S) {
    int B = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&B, K, Threads, S));
    return B;
  };
  // The rule SECTORSCOPE_OCCUPANCY follows (common/OccupancyPadding.h):
  // untouched where the cap does not bind, else an even share of the
  // whole array as shared memory. The grid is not passed: these grids hold
  // exactly the capped blocks on every SM, and the padding is what makes
  // the cap exact whatever order the scheduler fills SMs in.
  const unsigned Warps = unsigned(Blocks) * unsigned((Threads + 31) / 32);
  size_t S = capSharedBytes(Warps, unsigned(Threads), Attr.sharedSizeBytes, 0,
                            0, 0, L, WholeArrayShared, Occ);
  Achieved = Occ(S);
  return S;
}

std::vector<int> warpSweep(int MaxWarps, bool Quick) {
  std::vector<int> W;
  if (Quick) {
    for (int V : {1, 2, 4, 8, 16, 32, 48, 64})
      if (V <= MaxWarps)
        W.push_back(V);
    return W;
  }
  for (int V = 1; V <= MaxWarps; ++V)
    if (V <= 32 || V % 2 == 0)
      W.push_back(V);
  return W;
}

} // namespace sectorscope::mb
