//===- OccupancyCap.h - SECTORSCOPE_OCCUPANCY on a real launch --*- C++ -*-===//
#ifndef SECTORSCOPE_RT_OCCUPANCYCAP_H
#define SECTORSCOPE_RT_OCCUPANCYCAP_H

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

namespace sectorscope::rt {

/// Pads Shmem to cap the launch's active warps per SM, by the rule of
/// common/OccupancyPadding.h, with the device's limits and the CUDA
/// occupancy API. Returns the dynamic shared memory to launch with.
/// BlocksMayWait: the kernel may wait on other blocks (it reads memory
/// through volatile or atomic loads); a cap
/// that would split its one-wave grid (capSplitsOneWave) is then not
/// applied, and Note says why.
size_t capOccupancy(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    uint32_t WarpsPerSm, int Dev, int SmCount,
                    bool BlocksMayWait, std::string &Note);

} // namespace sectorscope::rt

#endif
