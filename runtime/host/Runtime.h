//===- Runtime.h - The host runtime's process-wide state --------*- C++ -*-===//
//
// Instrumented translation units call the __sectorscope_* entry points
// instead of cudaLaunchKernel and cudaMalloc/cudaFree. A selected launch gets
// a zeroed launch buffer whose address is written into its module's
// descriptor, runs, is synchronized, and is read back and reported; every
// other launch runs the program's kernel untouched.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_RUNTIME_H
#define SECTORSCOPE_RT_RUNTIME_H

#include "Allocations.h"
#include "DeviceBuffers.h"
#include "Expectations.h"
#include "FileNames.h"
#include "ReportWriter.h"
#include "SiteTable.h"
#include "Summary.h"

#include "sectorscope/abi.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#define SS_EXPORT extern "C" __attribute__((visibility("default")))

namespace sectorscope::rt {

/// An instrumented device module: one per translation unit, also when the
/// device link of relocatable device code puts several in one CUDA module.
struct ModuleState {
  void *Shadow = nullptr; // host shadow of its descriptor, its key
  bool TableRead = false;
  bool TableOk = false;
  SiteTable Table;
  std::map<int, ss_module> Descriptor; // per device, read once
};

/// An instrumented copy of a kernel, registered under Key, our own address:
/// the CUDA runtime only needs a unique host pointer per kernel.
struct Variant {
  std::string Name;
  char Key = 0;
};

struct KernelState {
  void *Module = nullptr; // the shadow of its module's descriptor
  std::string Mangled, Demangled, Short;
  // Heat-map mode's kernel and grid mode's (abi.h). The program's kernel
  // stays as compiled, for time mode and the launches that are not profiled.
  Variant Sample, Grid;
  uint64_t Launches = 0;
  int Selected = -1; // cached SECTORSCOPE_KERNELS verdict
  /// The grid variant's time at its last profiled launch (stripeBudget).
  std::optional<double> LastGridKernelMs;
  std::set<int> Loaded;   // devices it was loaded on before its first timing
  int BlocksMayWait = -1; // cached blocksMayWait (KernelRegistry.h)
};

/// All process-wide state. Leaked on purpose: launches from other static
/// destructors or atexit handlers may still arrive during exit.
struct Runtime {
  Config Cfg;
  std::unique_ptr<ReportWriter> Reports;
  std::mutex Lock;                       // Modules, Kernels, LastLaunch
  std::map<void *, ModuleState> Modules; // by descriptor shadow
  // Per CUDA module handle, the module whose kernels are being registered:
  // the pass registers each module right before its kernels.
  std::map<void **, void *> Registering;
  std::map<const void *, KernelState> Kernels;
  AllocationTable Allocs;
  DeviceBuffers Devices;
  Summary Findings;
  ExpectationCheck Expectations; // SECTORSCOPE_EXPECT=1
  std::atomic<uint64_t> Seq{0};
  std::map<int, PreviousLaunch> LastLaunch; // per device, under Lock
};

/// The runtime, set up from the environment on first use.
Runtime &rt();

/// Prints one error line and exits with code 2.
[[noreturn]] void fatal(const std::string &Msg);

/// "What: cudaErrorName (description)".
std::string cudaMsg(const char *What, cudaError_t E);

/// Analyzes a launch (moving Data into the report), writes its reports and
/// records its findings; checks its sites against the source's
/// expectations when asked to.
void report(Runtime &R, LaunchInfo &Info, const SiteTable *Table,
            LaunchData *Data);

} // namespace sectorscope::rt

#endif
