//===- SiteWork.h - Issue slots a warp spends per site run ---*- C++ -*-===//
//
// A memory model sees a kernel's bytes and round trips; a kernel that
// divides 64-bit indices or evaluates a sigmoid per element also spends
// issue slots, and at low occupancy its warps wait for their own arithmetic
// between round trips. The counters count each site's warp executions, so
// the pass attaches to every site the instructions that run as often as it
// does: the cost of the blocks of its innermost loop (or of the code outside
// loops), shared among that loop's sites. The model multiplies by the
// site's requests to get the instructions the launch issued.
//
// Costs are estimates of the SASS instructions (at a full-rate pipe's issue
// slots) ptxas makes of an IR instruction, from the machine code of
// sm_90: an IEEE float division is a reciprocal and its refinement, a 64-bit
// integer division a 32-bit sequence behind a test of its operands (its
// subroutine beside it), a double operation takes two slots of the
// single-precision rate, a transcendental four.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_SITEWORK_H
#define SECTORSCOPE_INSTRUMENTATION_SITEWORK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class Instruction;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace sectorscope {

/// Estimated issue slots of one warp executing `I` once.
unsigned issueCost(const llvm::Instruction &I);

/// For each of `Sites` (instructions in `Blocks`): the issue slots a warp
/// spends per execution of it (>= 1). The blocks whose innermost loop (or
/// none) is a site's share their cost among that loop's sites; a loop
/// without sites adds its cost, times its constant trip count where `SE`
/// knows one, to the loop around it.
llvm::DenseMap<const llvm::Instruction *, unsigned>
siteWork(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
         const llvm::SmallPtrSetImpl<const llvm::Instruction *> &Sites,
         const llvm::LoopInfo &LI, llvm::ScalarEvolution &SE);

} // namespace sectorscope

#endif
