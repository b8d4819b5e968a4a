//===- KernelCloner.h - Instrumented copies of kernels ----------*- C++ -*-===//
//
// Sampling without paying for it: every kernel gets a second, instrumented
// copy of its body in the same function, chosen once at entry by
// __sectorscope_enter(). Blocks that are not sampled run the original
// instructions, untouched. Device functions the kernel calls (those not
// inlined) are cloned too, once per kernel, so that each site belongs to one
// kernel and the original callees stay uninstrumented.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_KERNELCLONER_H
#define SECTORSCOPE_INSTRUMENTATION_KERNELCLONER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

namespace sectorscope {

/// Kernels of a device module: !nvvm.annotations "kernel" (clang 19) or the
/// ptx_kernel calling convention (LLVM 20 and later).
llvm::SmallVector<llvm::Function *, 8> findKernels(llvm::Module &M);

struct DuplicatedBody {
  llvm::SmallVector<llvm::BasicBlock *, 16> Copy; // the instrumented blocks
  llvm::Value *State = nullptr; // the thread's state (abi.h ss_state)
};

/// Duplicates the body of kernel `K` behind a new entry block that calls
/// `Enter` (its result is the thread's state) and branches to the copy when
/// that is non-zero. Static allocas move to the new
/// entry and are shared by both copies (only one runs), so they stay static.
DuplicatedBody duplicateKernelBody(llvm::Function &K,
                                   llvm::FunctionCallee Enter);

/// A copy of device function `F` for the instrumented path, internal, with
/// one more parameter at the end: the caller's state (i32).
llvm::Function *cloneDeviceFunction(llvm::Function &F, llvm::StringRef Suffix);

/// Replaces call `CB` by a call to `Clone` (from cloneDeviceFunction) with
/// `State` appended to the arguments; returns the new call.
llvm::CallBase *callClone(llvm::CallBase &CB, llvm::Function &Clone,
                          llvm::Value *State);

/// A copy of kernel `K`, named `Name`, a kernel too (the same annotations:
/// launch bounds and all), and copies of the functions in `Callees` that
/// only it calls: calls among the originals go to the copies. Every new
/// function, the kernel first, is appended to `Copies`. A kernel without
/// launch bounds gets `MaxRegisters` a thread (0: no cap) in its copy.
llvm::Function *cloneKernel(llvm::Function &K,
                            llvm::ArrayRef<llvm::Function *> Callees,
                            llvm::StringRef Name,
                            llvm::SmallVectorImpl<llvm::Function *> &Copies,
                            unsigned MaxRegisters);

/// Whether `K`, or a function it reaches through direct calls, calls a
/// function this module only declares: with relocatable device code, one
/// of another unit. nvlink refuses an entry capped below the registers such
/// a callee was compiled with, so the kernel's copies take no cap. CUDA's
/// system calls (printf, malloc, free, assert) are the driver's, not
/// another unit's.
bool callsAnotherUnit(const llvm::Function &K);

/// Records the functions of `M` as ones the NVPTX backend may have asked
/// about (its annotation cache keeps them by address; cloneKernel never
/// places a kernel copy at one of their addresses). Called at the start of
/// the pipeline and before instrumenting.
void recordFunctionsSeenByBackend(llvm::Module &M);

/// Attributes that promise no memory writes or synchronization become false
/// once the runtime's atomics are inside: drop them from `F`.
void dropMemoryPromises(llvm::Function &F);
void dropMemoryPromises(llvm::CallBase &CB);

} // namespace sectorscope

#endif
