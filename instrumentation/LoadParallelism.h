//===- LoadParallelism.h - Loads a warp has in flight together --*- C++ -*-===//
//
// A warp issues the loads of a basic block back to back until one needs the
// value of another: loads at the same load-dependence depth are in flight
// together. The count (memory-level parallelism) decides how much latency a
// warp hides on its own, which the performance model needs and the counters
// cannot show. Computed on the optimized IR the pass instruments, so it sees
// what unrolling and vectorization made of the source. ptxas hoists a
// block's loads above the arithmetic between them, but not above a barrier,
// a call, or the branch to an IEEE division's slow path: a load after one of
// those that waited for a loaded value starts a new round trip.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_LOADPARALLELISM_H
#define SECTORSCOPE_INSTRUMENTATION_LOADPARALLELISM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class AAResults;
class BasicBlock;
class DataLayout;
class Instruction;
} // namespace llvm

namespace sectorscope {

/// Which loads loadParallelism counts: global and generic ones (the memory
/// system's round trips), or shared ones (the SM's).
enum class LoadKind { Memory, Shared };

/// For every load of `Kind` in `Blocks` (as classifyAccess sees it, with
/// `InKernel` as there): the loads of that kind in its block at its
/// load-dependence depth, itself included (>= 1). Global and generic loads
/// make a chain deeper for both kinds, shared loads for shared ones alone. A
/// load after a write it may alias (`AA`) is ordered after that write's
/// operands too, and a load after a wait point (LoadParallelism.cpp, waitKind)
/// after the loaded values it waited for.
llvm::DenseMap<const llvm::Instruction *, unsigned>
loadParallelism(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                const llvm::DataLayout &DL, bool InKernel, llvm::AAResults &AA,
                LoadKind Kind);

} // namespace sectorscope

#endif
