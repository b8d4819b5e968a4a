//===- PendingLaunch.cpp - Profiled launches the program went on from -----===//
#include "PendingLaunch.h"

#include <cstdlib>
#include <mutex>

namespace sectorscope::rt {

/// Takes D's pending launch off D, then finishes it (its kernel is done, or
/// is waited for now).
static void runPending(PerDevice &D) {
  auto Finish = std::move(D.PendingFinish);
  D.PendingFinish = nullptr;
  D.PendingKernel.reset();
  Finish();
}

/// At exit the host has done its part: wait for every pending kernel. The
/// handler is registered at the first deferral, after the program's own
/// CUDA modules registered theirs, so it runs before they are unloaded.
static void finishAllAtExit() {
  Runtime &R = rt();
  R.Devices.forEach([](PerDevice &D) {
    std::lock_guard<std::mutex> Serial(D.LaunchLock);
    if (!D.PendingFinish)
      return;
    cudaSetDevice(D.Info.Ordinal);
    runPending(D);
  });
}

void finishOrDefer(Runtime &R, PerDevice &D, const LaunchInfo &Info,
                   std::shared_ptr<TimedLaunch> L,
                   std::function<void()> Finish) {
  if (L->launchResult() != cudaSuccess || L->finishedWithin(R.Cfg.Wait.Limit)) {
    Finish();
    return;
  }
  R.Findings.noteRemark(
      Info.Kernel + " (launch " + std::to_string(Info.KernelLaunch) +
      "): still running " + std::to_string(R.Cfg.Wait.Limit.count()) +
      " ms after its launch, perhaps waiting for the host; the program went "
      "on and the report follows when the kernel ends (SECTORSCOPE_WAIT_MS)");
  D.PendingKernel = std::move(L);
  D.PendingFinish = std::move(Finish);
  static std::once_flag AtExit;
  std::call_once(AtExit, [] { std::atexit(finishAllAtExit); });
}

bool settlePending(Runtime &R, PerDevice &D) {
  if (!D.PendingFinish)
    return true;
  if (!D.PendingKernel->finishedWithin(R.Cfg.Wait.Limit))
    return false;
  runPending(D);
  return true;
}

} // namespace sectorscope::rt
