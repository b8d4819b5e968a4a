//===- OccupancyCap.cpp - SECTORSCOPE_OCCUPANCY on a real launch ----------===//
#include "OccupancyCap.h"

#include "common/OccupancyPadding.h"

#include <algorithm>

namespace sectorscope::rt {

size_t capOccupancy(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    uint32_t WarpsPerSm, int Dev, int SmCount,
                    bool BlocksMayWait, std::string &Note) {
  // A failure here must not leave an error the program would read as its own.
  bool PendingBefore = cudaPeekAtLastError() != cudaSuccess;
  auto Clear = [&] {
    if (!PendingBefore)
      (void)cudaGetLastError();
  };
  cudaFuncAttributes Attr;
  int PerSm = 0, PerBlock = 0, Reserved = 0;
  if (cudaFuncGetAttributes(&Attr, Func) != cudaSuccess ||
      cudaDeviceGetAttribute(&PerSm,
                             cudaDevAttrMaxSharedMemoryPerMultiprocessor,
                             Dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&PerBlock, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                             Dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&Reserved, cudaDevAttrReservedSharedMemoryPerBlock,
                             Dev) != cudaSuccess) {
    Clear();
    return Shmem;
  }
  SharedMemoryLimits L{size_t(PerSm), size_t(PerBlock), size_t(Reserved)};
  const int Threads = int(Block.x * Block.y * Block.z);
  auto WholeArrayShared = [&] {
    size_t MaxDynamic = L.PerBlockMax > Attr.sharedSizeBytes
                            ? L.PerBlockMax - Attr.sharedSizeBytes
                            : 0;
    return cudaFuncSetAttribute(Func,
                                cudaFuncAttributePreferredSharedMemoryCarveout,
                                100) == cudaSuccess &&
           cudaFuncSetAttribute(Func,
                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                int(MaxDynamic)) == cudaSuccess;
  };
  // An occupancy query that fails counts as no block: padding stops there.
  auto Occupancy = [&](size_t Bytes) {
    int B = 0;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&B, Func, Threads,
                                                         Bytes) == cudaSuccess
               ? B
               : 0;
  };
  const unsigned long long GridBlocks =
      (unsigned long long)Grid.x * Grid.y * Grid.z;
  if (BlocksMayWait &&
      capSplitsOneWave(WarpsPerSm, unsigned(Threads), GridBlocks,
                       unsigned(std::max(SmCount, 0)), Occupancy(Shmem))) {
    Clear();
    Note = "occupancy cap of " + std::to_string(WarpsPerSm) +
           " warps/SM not applied: the grid's " + std::to_string(GridBlocks) +
           " blocks are all resident as launched, not under the cap, and "
           "the kernel reads what other blocks may write while it runs "
           "(volatile or atomic loads): blocks that "
           "wait on one another would never finish";
    return Shmem;
  }
  size_t Padded = capSharedBytes(
      WarpsPerSm, unsigned(Threads), Attr.sharedSizeBytes, Shmem, GridBlocks,
      unsigned(std::max(SmCount, 0)), L, WholeArrayShared, Occupancy);
  Clear();
  return Padded;
}

} // namespace sectorscope::rt
