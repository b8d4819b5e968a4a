//===- LaunchGate.h - Time a kernel, not the host's launch call -*- C++ -*-===//
//
// Events recorded around a launch on an idle stream time the host as well:
// the start event runs at once, the kernel only once cudaLaunchKernel has
// made its way through the driver, a few microseconds that depend on the
// host CPU (and are most of a small kernel's time). A gate holds the stream
// with a host function until the start event, the launch and the stop event
// are all queued; the events then time the GPU's work alone, the same on any
// host. Header-only: the host runtime (time mode) and the micro-benchmark
// harness time launches the same way, so the model's calibration and the
// times it is checked against agree on what a launch costs.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_LAUNCHGATE_H
#define SECTORSCOPE_COMMON_LAUNCHGATE_H

#include <atomic>
#include <chrono>

#include <cuda_runtime_api.h>

namespace sectorscope {

/// One timed launch: close() before recording the start event, open() after
/// recording the stop event. The stream is never held for more than
/// HoldLimit, so a launch call that blocks (it should not) cannot hang it.
class LaunchGate {
public:
  static constexpr std::chrono::milliseconds HoldLimit{500};

  LaunchGate() = default;
  LaunchGate(const LaunchGate &) = delete;
  LaunchGate &operator=(const LaunchGate &) = delete;
  ~LaunchGate() { open(); }

  /// Queues the hold on \p Stream. False where the stream cannot take it
  /// (the timing then includes the host's launch call, as it did before).
  bool close(cudaStream_t Stream) {
    if (S)
      return true;
    auto *New = new State;
    if (cudaLaunchHostFunc(Stream, &LaunchGate::hold, New) != cudaSuccess) {
      delete New;
      (void)cudaGetLastError(); // Not the program's error.
      return false;
    }
    S = New;
    return true;
  }

  /// Lets the stream run what was queued behind the gate.
  void open() {
    if (!S)
      return;
    S->Open.store(true, std::memory_order_release);
    release(S);
    S = nullptr;
  }

private:
  // Shared by the gate and the host function; freed by whichever lets go
  // last, so neither a gate that goes first nor a stream whose work never
  // runs (after a sticky error) leaves the other with a dangling pointer.
  struct State {
    std::atomic<bool> Open{false};
    std::atomic<int> Refs{2};
  };

  static void release(State *St) {
    if (St->Refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete St;
  }

  static void CUDART_CB hold(void *P) {
    auto *St = static_cast<State *>(P);
    // Spins: a gate is held for one launch call, microseconds; sleeping
    // would add the scheduler's wake-up to the start event's time.
    auto Deadline = std::chrono::steady_clock::now() + HoldLimit;
    for (unsigned I = 1; !St->Open.load(std::memory_order_acquire); ++I)
      if (I % 1024 == 0 && std::chrono::steady_clock::now() > Deadline)
        break;
    release(St);
  }

  State *S = nullptr;
};

} // namespace sectorscope

#endif
