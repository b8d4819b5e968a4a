//===- OccupancyCap.h - SECTORSCOPE_OCCUPANCY on a real launch --*- C++ -*-===//
#ifndef SECTORSCOPE_RT_OCCUPANCYCAP_H
#define SECTORSCOPE_RT_OCCUPANCYCAP_H

#include <cuda_runtime_api.h>

#include <cstdint>

namespace sectorscope::rt {

/// Pads Shmem to cap the launch's active warps per SM, by the rule of
/// common/OccupancyPadding.h, with the device's limits and the CUDA
/// occupancy API. Returns the dynamic shared memory to launch with.
size_t capOccupancy(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    uint32_t WarpsPerSm, int Dev, int SmCount);

} // namespace sectorscope::rt

#endif
