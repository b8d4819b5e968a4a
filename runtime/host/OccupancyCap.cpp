//===- OccupancyCap.cpp - Limit a launch's active warps per SM ------------===//
#include "OccupancyCap.h"

#include <algorithm>

namespace sectorscope::rt {

size_t paddedSharedBytes(uint32_t WarpsPerSm, unsigned ThreadsPerBlock,
                         size_t StaticShared, size_t Requested,
                         const SharedMemoryLimits &L) {
  unsigned WarpsPerBlock = std::max(1u, (ThreadsPerBlock + 31) / 32);
  size_t Blocks = std::max<size_t>(1, WarpsPerSm / WarpsPerBlock);
  if (L.PerSm == 0)
    return Requested;
  // B blocks of T bytes fit while B * T <= PerSm; the largest T that still
  // lets B fit keeps B + 1 out.
  size_t PerBlock = L.PerSm / Blocks;
  size_t Overhead = StaticShared + L.Reserved;
  size_t Dynamic = PerBlock > Overhead ? PerBlock - Overhead : 0;
  if (L.PerBlockMax > StaticShared)
    Dynamic = std::min(Dynamic, L.PerBlockMax - StaticShared);
  return std::max(Dynamic, Requested);
}

} // namespace sectorscope::rt
