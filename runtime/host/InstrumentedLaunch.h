//===- InstrumentedLaunch.h - One profiled launch of a variant --*- C++ -*-===//
#ifndef SECTORSCOPE_RT_INSTRUMENTEDLAUNCH_H
#define SECTORSCOPE_RT_INSTRUMENTEDLAUNCH_H

#include "Runtime.h"

namespace sectorscope::rt {

/// Runs a selected launch of K in heat-map or grid mode on device D, whose
/// LaunchLock the caller holds: sets up the launch buffer, launches K's
/// variant for the mode, and once the kernel ends (PendingLaunch.h) reads the
/// buffer back and reports. Where the variant cannot run, launches Func
/// itself and reports why. Returns the launch's result, as cudaLaunchKernel
/// would.
cudaError_t instrumentedLaunch(Runtime &R, PerDevice &D, KernelState &K,
                               LaunchInfo &Info, const void *Func, dim3 Grid,
                               dim3 Block, void **Args, size_t Shmem,
                               cudaStream_t Stream);

} // namespace sectorscope::rt

#endif
