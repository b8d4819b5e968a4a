//===- DeviceBuffers.h - Per-device launch buffers and properties ---------===//
//
// One launch buffer per GPU, grown on demand and reused: profiled launches
// on a device are serialized by its lock (each waits for its kernel, or
// leaves it pending: PendingLaunch.h), so one buffer per device suffices
// and costs no cudaMalloc per launch.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_DEVICEBUFFERS_H
#define SECTORSCOPE_RT_DEVICEBUFFERS_H

#include "LaunchTiming.h"
#include "PartitionSelection.h"
#include "Report.h"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace sectorscope::rt {

/// Device memory in front of a launch buffer that the runtime never
/// touches. A kernel that writes past the end of its own allocation (a
/// reduction buffer too small for its grid) goes on into whatever cudaMalloc
/// placed next; when that is the launch buffer, the program would read our
/// counters back instead of what it wrote, and compute something the plain
/// build does not. Writes that stop within the guard leave both the
/// program's results and the counters as without the runtime.
constexpr uint64_t LaunchBufferGuardBytes = 8ull << 20;

struct PerDevice {
  std::mutex LaunchLock;      // held across a profiled launch; guards the rest
  void *Allocation = nullptr; // the guard, then Buffer
  void *Buffer = nullptr;
  uint64_t Size = 0;
  uint64_t Dirty = 0; // bytes from the start the last launch may have written
  std::vector<uint8_t> Host; // the copy read back
  DeviceInfo Info;
  /// Grid mode's partition model on this device, chosen on first use.
  std::once_flag PartitionsChosen;
  PartitionModel Partitions;
  std::string PartitionsNote; // what to tell the user about that choice
  /// Reads launch buffers back: a stream of our own, which the program can
  /// neither destroy nor fill with its work (null: the launch's stream).
  cudaStream_t CopyStream = nullptr;
  /// A profiled launch the program went on from while its kernel ran, and
  /// what is left of its profiling (PendingLaunch.h).
  std::shared_ptr<TimedLaunch> PendingKernel;
  std::function<void()> PendingFinish;
};

class DeviceBuffers {
public:
  /// The state of device Ordinal; its properties are read the first time.
  PerDevice &get(int Ordinal);
  /// Makes D.Buffer hold at least Bytes (current device must be D's).
  cudaError_t ensure(PerDevice &D, uint64_t Bytes);
  /// Calls F on each device's state used so far.
  void forEach(const std::function<void(PerDevice &)> &F);

private:
  std::mutex Lock;
  std::map<int, std::unique_ptr<PerDevice>> Devices;
};

} // namespace sectorscope::rt

#endif
