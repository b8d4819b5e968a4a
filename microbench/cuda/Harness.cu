//===- Harness.cu - Occupancy control and sweep helpers -------------------===//
#include "Common.cuh"

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
  CK(cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          PerBlockOptin));
  CK(cudaFuncSetAttribute(K, cudaFuncAttributePreferredSharedMemoryCarveout,
                          100));
  auto Occ = [&](long S) {
    int B = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&B, K, Threads,
                                                     size_t(S)));
    return B;
  };
  // Start at an even share of the SM's shared memory, then walk until
  // exactly Blocks fit (rounding and the per-block reserve move the edge).
  long S = long(PerSm) / Blocks - Reserved;
  if (S > PerBlockOptin)
    S = PerBlockOptin;
  if (S < 0)
    S = 0;
  const long Step = 128;
  while (S + Step <= PerBlockOptin && Occ(S) > Blocks)
    S += Step;
  while (S >= Step && Occ(S) < Blocks)
    S -= Step;
  Achieved = Occ(S);
  return size_t(S);
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
