//===- OccupancyCap.h - Limit a launch's active warps per SM ----*- C++ -*-===//
//
// SECTORSCOPE_OCCUPANCY=<warps> caps the active warps per SM of profiled
// launches, as gpu-benches and CampProf do: the launch asks for more dynamic
// shared memory than the kernel uses, so fewer blocks fit on an SM. The model
// needs a kernel's time at several occupancies to place it in its band.
// Kernels that read their dynamic shared-memory size see the padded size.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_OCCUPANCYCAP_H
#define SECTORSCOPE_RT_OCCUPANCYCAP_H

#include <cstddef>
#include <cstdint>

namespace sectorscope::rt {

struct SharedMemoryLimits {
  size_t PerSm = 0;       ///< shared memory an SM can hand out
  size_t PerBlockMax = 0; ///< the opt-in maximum for one block
  size_t Reserved = 0;    ///< the system's reservation per block
};

/// Dynamic shared memory to ask for so that at most
/// max(1, WarpsPerSm / warps per block) blocks fit on an SM, given the
/// kernel's static shared memory and what the program asked for. Never less
/// than the program's own request (the kernel may need it).
size_t paddedSharedBytes(uint32_t WarpsPerSm, unsigned ThreadsPerBlock,
                         size_t StaticShared, size_t Requested,
                         const SharedMemoryLimits &L);

} // namespace sectorscope::rt

#endif
