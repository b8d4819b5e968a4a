//===- LaunchTiming.cpp - Time one kernel launch with events --------------===//
#include "LaunchTiming.h"

#include "Runtime.h"

#include "common/LaunchGate.h"

#include <algorithm>
#include <thread>

namespace sectorscope::rt {

cudaError_t launchAs(LaunchKind Kind, const void *Func, dim3 Grid, dim3 Block,
                     void **Args, size_t Shmem, cudaStream_t Stream) {
  return Kind == LaunchKind::Cooperative
             ? cudaLaunchCooperativeKernel(Func, Grid, Block, Args, Shmem,
                                           Stream)
             : cudaLaunchKernel(Func, Grid, Block, Args, Shmem, Stream);
}

TimedLaunch::TimedLaunch(LaunchKind Kind, const void *Func, dim3 Grid,
                         dim3 Block, void **Args, size_t Shmem,
                         cudaStream_t Stream)
    : Stream(Stream) {
  Events = cudaEventCreate(&Start) == cudaSuccess &&
           cudaEventCreate(&Stop) == cudaSuccess;
  // The stream waits at the gate until start, kernel and stop are queued:
  // the events time the kernel, not the host's launch call (LaunchGate.h).
  LaunchGate Gate;
  if (Events) {
    Gate.close(Stream);
    cudaEventRecord(Start, Stream);
  }
  Launched = launchAs(Kind, Func, Grid, Block, Args, Shmem, Stream);
  if (Events)
    cudaEventRecord(Stop, Stream);
}

TimedLaunch::~TimedLaunch() {
  if (Start)
    cudaEventDestroy(Start);
  if (Stop)
    cudaEventDestroy(Stop);
}

bool TimedLaunch::finishedWithin(std::chrono::milliseconds Limit) const {
  auto Deadline = std::chrono::steady_clock::now() + Limit;
  // Short sleeps first: most kernels a profiler waits for take microseconds
  // to milliseconds.
  auto Nap = std::chrono::microseconds(10);
  for (;;) {
    cudaError_t E = Events ? cudaEventQuery(Stop) : cudaStreamQuery(Stream);
    if (E != cudaErrorNotReady)
      return true; // done, or failed: finish() says which
    if (std::chrono::steady_clock::now() >= Deadline)
      return false;
    std::this_thread::sleep_for(Nap);
    Nap = std::min<std::chrono::microseconds>(2 * Nap,
                                              std::chrono::milliseconds(1));
  }
}

void TimedLaunch::finish(std::optional<double> &Ms, std::string &Error) {
  cudaError_t SyncErr =
      Events ? cudaEventSynchronize(Stop) : cudaStreamSynchronize(Stream);
  float F = 0;
  if (Events && Launched == cudaSuccess && SyncErr == cudaSuccess &&
      cudaEventElapsedTime(&F, Start, Stop) == cudaSuccess)
    Ms = double(F);
  if (Launched != cudaSuccess)
    Error = cudaMsg("launch failed", Launched);
  else if (SyncErr != cudaSuccess)
    Error = cudaMsg("kernel failed", SyncErr);
}

} // namespace sectorscope::rt
