//===- KernelRegistry.h - Modules, kernels and their variants ---*- C++ -*-===//
//
// The pass makes every instrumented module register itself and its kernels
// (__sectorscope_register_module, __sectorscope_register_kernel); the runtime
// registers each kernel's instrumented variants next to it and reads the
// module's descriptor and site table when a launch first needs them.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_KERNELREGISTRY_H
#define SECTORSCOPE_RT_KERNELREGISTRY_H

#include "Runtime.h"

namespace sectorscope::rt {

/// Reads the module's descriptor on this device, and its site table once.
/// Call with R.Lock held.
bool readModule(Runtime &R, ModuleState &M, int Dev, ss_module &Desc,
                std::string &Err);

/// Whether kernel K may wait on other blocks of its grid: a site of it is a
/// volatile or atomic load, how a block spins on a flag or a counter another
/// block writes (an atomic's result alone is not: a work queue's atomicAdd
/// or a lock's atomicCAS waits for no block that is not running). Reads the
/// site table of K's module once (readModule); false when it cannot. Call
/// with R.Lock held.
bool blocksMayWait(Runtime &R, KernelState &K, int Dev);

/// The kernel a profiled launch of `Func` runs: its sample or grid variant
/// `V`, loaded, with the attributes the program set on `Func` (a dynamic
/// shared memory size above 48 KiB must be allowed per kernel). Null when
/// the variant cannot be used, with the reason in Err.
const void *variantKernel(const void *Func, const Variant &V,
                          const char *ModeName, unsigned Threads,
                          std::string &Err);

/// Whether all of the grid's blocks of `Func` are resident at once on the
/// device's `SmCount` SMs; true when the occupancy API cannot tell (its
/// error cleared: not the program's).
bool gridFitsAtOnce(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    int SmCount);

/// Whether a launch of variant `Launched` (named `Name`) whose grid must be
/// resident at once fits: a cooperative launch, or one whose blocks may wait
/// on one another (blocksMayWait) and that is resident at once as launched.
/// The program sized its grid for its own kernel, and the variant may need
/// more registers or shared memory: a cooperative launch that does not fit
/// fails, the other would never finish. False with the reason in Err.
bool residentGridFits(const void *Launched, const std::string &Name,
                      const char *ModeName, bool Cooperative, dim3 Grid,
                      dim3 Block, size_t Shmem, int SmCount, std::string &Err);

} // namespace sectorscope::rt

#endif
