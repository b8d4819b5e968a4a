//===- LaunchTiming.cpp - Time one kernel launch with events --------------===//
#include "LaunchTiming.h"

#include "Runtime.h"

#include "common/LaunchGate.h"

namespace sectorscope::rt {

cudaError_t launchAs(LaunchKind Kind, const void *Func, dim3 Grid, dim3 Block,
                     void **Args, size_t Shmem, cudaStream_t Stream) {
  return Kind == LaunchKind::Cooperative
             ? cudaLaunchCooperativeKernel(Func, Grid, Block, Args, Shmem,
                                           Stream)
             : cudaLaunchKernel(Func, Grid, Block, Args, Shmem, Stream);
}

cudaError_t timedLaunch(LaunchKind Kind, const void *Func, dim3 Grid,
                        dim3 Block, void **Args, size_t Shmem,
                        cudaStream_t Stream, std::optional<double> &Ms,
                        std::string &Error) {
  cudaError_t SyncErr;
  cudaEvent_t Start = nullptr, Stop = nullptr;
  bool Events = cudaEventCreate(&Start) == cudaSuccess &&
                cudaEventCreate(&Stop) == cudaSuccess;
  // The stream waits at the gate until start, kernel and stop are queued:
  // the events time the kernel, not the host's launch call (LaunchGate.h).
  LaunchGate Gate;
  if (Events) {
    Gate.close(Stream);
    cudaEventRecord(Start, Stream);
  }
  cudaError_t E = launchAs(Kind, Func, Grid, Block, Args, Shmem, Stream);
  SyncErr = cudaSuccess;
  if (Events) {
    cudaEventRecord(Stop, Stream);
    Gate.open();
    SyncErr = cudaEventSynchronize(Stop);
    float F = 0;
    if (E == cudaSuccess && SyncErr == cudaSuccess &&
        cudaEventElapsedTime(&F, Start, Stop) == cudaSuccess)
      Ms = double(F);
  } else {
    SyncErr = cudaStreamSynchronize(Stream);
  }
  if (Start)
    cudaEventDestroy(Start);
  if (Stop)
    cudaEventDestroy(Stop);
  if (E != cudaSuccess)
    Error = cudaMsg("launch failed", E);
  else if (SyncErr != cudaSuccess)
    Error = cudaMsg("kernel failed", SyncErr);
  return E;
}

} // namespace sectorscope::rt
