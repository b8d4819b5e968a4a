//===- LoopTallies.h - Grid-mode counts summed across a loop ----*- C++ -*-===//
//
// A loop over one address a warp (a GEMM's row of A, a Gram-Schmidt
// column) paid three reductions per request in grid mode, more than the
// rest of the access. Such a site in a loop instead sums its full-warp runs
// in a 64-bit register
// (abi.h __sectorscope_access_grid_tally) and adds them to its counters
// where the loop exits (__sectorscope_grid_tally_flush): one set of
// reductions per loop, not per trip. Counts are those of the access entry;
// only when they are added changes.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_LOOPTALLIES_H
#define SECTORSCOPE_INSTRUMENTATION_LOOPTALLIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DerivedTypes.h"

namespace llvm {
class AllocaInst;
class CallInst;
class Function;
class LoopInfo;
} // namespace llvm

namespace sectorscope {

/// What addLoopTallies did to a function: the calls it added, to inline,
/// the slots to promote to registers after them, and the access calls the
/// tally calls replace, for the caller to erase.
struct LoopTallies {
  llvm::SmallVector<llvm::CallInst *, 16> Calls;
  llvm::SmallVector<llvm::CallInst *, 16> Replaced;
  llvm::SmallVector<llvm::AllocaInst *, 48> Slots;
};

/// Rewrites each of `Accesses` (grid-mode access calls of one function, in
/// program order) that lies in a loop with an exit into a call of `Tally`
/// with a slot of its own, and calls `Flush` with it at the start of
/// each block its outermost loop exits to (but those that end the thread
/// with a trap). At most `MaxPerLoop` sites an outermost loop, the first:
/// each holds two registers through the loop. Only sites the pass proved
/// uniform across a warp or a row (LoopTallies.cpp says why).
LoopTallies addLoopTallies(llvm::Function &F,
                           llvm::ArrayRef<llvm::CallInst *> Accesses,
                           const llvm::LoopInfo &LI, llvm::FunctionCallee Tally,
                           llvm::FunctionCallee Flush, unsigned MaxPerLoop);

} // namespace sectorscope

#endif
