//===- LaunchTiming.h - Time one kernel launch with events -----*- C++ -*-===//
#ifndef SECTORSCOPE_RT_LAUNCHTIMING_H
#define SECTORSCOPE_RT_LAUNCHTIMING_H

#include <cuda_runtime_api.h>

#include <optional>
#include <string>

namespace sectorscope::rt {

/// How the program launched the kernel: cudaLaunchKernel (and <<<>>>) or
/// cudaLaunchCooperativeKernel, whose blocks may synchronize as a grid.
enum class LaunchKind { Plain, Cooperative };

/// Launches as the program did.
cudaError_t launchAs(LaunchKind Kind, const void *Func, dim3 Grid, dim3 Block,
                     void **Args, size_t Shmem, cudaStream_t Stream);

/// Times a launch with events on its stream, into Ms; a failed launch or
/// kernel is recorded in Error. Returns the launch's result.
cudaError_t timedLaunch(LaunchKind Kind, const void *Func, dim3 Grid,
                        dim3 Block, void **Args, size_t Shmem,
                        cudaStream_t Stream, std::optional<double> &Ms,
                        std::string &Error);

} // namespace sectorscope::rt

#endif
