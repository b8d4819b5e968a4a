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

/// The kernel a profiled launch of `Func` runs: its sample or grid variant
/// `V`, loaded, with the attributes the program set on `Func` (a dynamic
/// shared memory size above 48 KiB must be allowed per kernel). Null when
/// the variant cannot be used, with the reason in Err.
const void *variantKernel(const void *Func, const Variant &V,
                          const char *ModeName, unsigned Threads,
                          std::string &Err);

/// Whether a cooperative launch of variant `Launched` (named `Name`) fits:
/// all of the grid's blocks resident at once on the device's `SmCount` SMs.
/// The program sized its grid for its own kernel, and the variant may need
/// more registers or shared memory; a launch that does not fit fails, so it
/// is not tried. False with the reason in Err.
bool cooperativeGridFits(const void *Launched, const std::string &Name,
                         const char *ModeName, dim3 Grid, dim3 Block,
                         size_t Shmem, int SmCount, std::string &Err);

} // namespace sectorscope::rt

#endif
