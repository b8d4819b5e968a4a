//===- PendingLaunch.h - Profiled launches the program went on from -*- C++
//-*-===//
//
// A profiled launch waits for its kernel, then reads the launch buffer back
// and writes the report. Some kernels wait for the host in turn: CPU-GPU
// collaborative programs launch a kernel, do their share of the work and set
// flags in mapped memory that the kernel spins on. Waiting for such a kernel
// inside the launch call would never end. So a launch waits at most
// SECTORSCOPE_WAIT_MS; a kernel still running then is left pending, the
// program goes on, and the rest of the launch's profiling runs when the
// next profiled launch on that device, or the program's exit, finds the
// kernel finished.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_PENDINGLAUNCH_H
#define SECTORSCOPE_RT_PENDINGLAUNCH_H

#include "Runtime.h"

#include <functional>
#include <memory>

namespace sectorscope::rt {

/// Runs Finish, which waits for L's kernel and reports it, now if the
/// kernel ends within the wait limit; else leaves both pending on D, with a
/// remark naming Info's launch. D.LaunchLock is held.
void finishOrDefer(Runtime &R, PerDevice &D, const LaunchInfo &Info,
                   std::shared_ptr<TimedLaunch> L,
                   std::function<void()> Finish);

/// Finishes D's pending launch if its kernel ends within the wait limit.
/// False while it still runs. D.LaunchLock is held.
bool settlePending(Runtime &R, PerDevice &D);

} // namespace sectorscope::rt

#endif
