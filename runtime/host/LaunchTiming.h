//===- LaunchTiming.h - Time one kernel launch with events -----*- C++ -*-===//
#ifndef SECTORSCOPE_RT_LAUNCHTIMING_H
#define SECTORSCOPE_RT_LAUNCHTIMING_H

#include <cuda_runtime_api.h>

#include <chrono>
#include <optional>
#include <string>

namespace sectorscope::rt {

/// How the program launched the kernel: cudaLaunchKernel (and <<<>>>) or
/// cudaLaunchCooperativeKernel, whose blocks may synchronize as a grid.
enum class LaunchKind { Plain, Cooperative };

/// Launches as the program did.
cudaError_t launchAs(LaunchKind Kind, const void *Func, dim3 Grid, dim3 Block,
                     void **Args, size_t Shmem, cudaStream_t Stream);

/// A launch timed with events on its stream, whose kernel may still run.
class TimedLaunch {
public:
  TimedLaunch(LaunchKind Kind, const void *Func, dim3 Grid, dim3 Block,
              void **Args, size_t Shmem, cudaStream_t Stream);
  TimedLaunch(const TimedLaunch &) = delete;
  TimedLaunch &operator=(const TimedLaunch &) = delete;
  ~TimedLaunch();

  cudaError_t launchResult() const { return Launched; }
  /// Whether the kernel has finished (or failed), polling for up to Limit.
  bool finishedWithin(std::chrono::milliseconds Limit) const;
  /// Waits for the kernel: its time into Ms, a failed launch or kernel into
  /// Error.
  void finish(std::optional<double> &Ms, std::string &Error);

private:
  cudaStream_t Stream;
  cudaEvent_t Start = nullptr, Stop = nullptr;
  bool Events = false;
  cudaError_t Launched;
};

} // namespace sectorscope::rt

#endif
