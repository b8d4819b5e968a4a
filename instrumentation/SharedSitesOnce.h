//===- SharedSitesOnce.h - Shared sites outside loops -----------*- C++ -*-===//
//
// Grid mode counts shared memory in one block in shared_block_stride. An
// unrolled reduction or convolution has dozens of shared sites outside any
// loop, each running once a thread; with the short path inlined at each,
// they made most of a small kernel's grid variant and of ptxas's time. Such
// a site instead calls __sectorscope_access_grid_shared_once (abi.h): the
// test of the state, inlined, and the count out of line for the blocks
// that count. Sites in loops keep the inlined short path.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_SHAREDSITESONCE_H
#define SECTORSCOPE_INSTRUMENTATION_SHAREDSITESONCE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DerivedTypes.h"

namespace llvm {
class CallInst;
class Function;
class LoopInfo;
} // namespace llvm

namespace sectorscope {

/// Replaces, in `Calls` and in the IR, each call of `Single` or `Pair`
/// (grid mode's access and its pair entry) whose op_space says shared
/// memory and which lies in no loop of its function (`LoopsOf`) by a call
/// of `Once` with the same site, address, width, op_space, lanes and
/// state, then the pair's second site and op_space (~0 and 0 for a single
/// site). Returns how many it replaced.
unsigned callSharedSitesOnce(
    llvm::SmallVectorImpl<llvm::CallInst *> &Calls, llvm::FunctionCallee Single,
    llvm::FunctionCallee Pair, llvm::FunctionCallee Once,
    llvm::function_ref<const llvm::LoopInfo &(llvm::Function &)> LoopsOf);

} // namespace sectorscope

#endif
