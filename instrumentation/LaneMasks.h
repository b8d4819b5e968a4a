//===- LaneMasks.h - The lanes that run each block together -----*- C++ -*-===//
//
// A request is one warp-level execution of an access, so the instrumented
// copy must group lanes as the original code runs them. Reading the group
// back at run time (__activemask) gives whatever ptxas's convergence
// barriers made of the instrumented code, and ptxas places those as it
// likes: a change in the counting code alone can move the same loop's count
// 10-34% above Nsight Compute's (runtime/README.md). Here the group is
// computed instead, as a SIMT stack would for structured control
// flow: a branch's two sides get the lanes that take each (one ballot), a
// block that post-dominates an earlier one gets that block's lanes back, and
// a loop header gets the lanes that entered the loop, then those that stayed
// (a phi). Accesses wait for exactly those lanes.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_LANEMASKS_H
#define SECTORSCOPE_INSTRUMENTATION_LANEMASKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class LoopInfo;
class PostDominatorTree;
class Value;
} // namespace llvm

namespace sectorscope {

/// Lane masks of a region: per block, and every instruction built for them.
struct LaneMasks {
  llvm::DenseMap<llvm::BasicBlock *, llvm::Value *> Of;
  llvm::SmallVector<llvm::Instruction *, 16> Built;
};

/// For each block of `Blocks` (a single-entry region, its entry first, as an
/// instrumented copy is), an i32 lane mask, built with ballots, phis and
/// activemask calls inserted into the region. A block the rules cannot place
/// (a join that post-dominates no earlier block of its loop, a switch, a
/// loop without a preheader) gets __activemask() at its start, and the
/// blocks below it build on that. An irreducible region gets no masks at
/// all: its accesses read the group at run time.
LaneMasks laneMasks(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                    const llvm::DominatorTree &DT,
                    const llvm::PostDominatorTree &PDT,
                    const llvm::LoopInfo &LI);

/// Erases what laneMasks built that no access ends up using, once the
/// accesses have taken their masks: a ballot waits for its lanes, so one
/// left in a loop without accesses would cost every iteration.
void eraseUnusedLaneMasks(LaneMasks &Masks);

} // namespace sectorscope

#endif
