//===- SiteWork.h - Issue slots a warp spends per site run ---*- C++ -*-===//
//
// A memory model sees a kernel's bytes and round trips; a kernel that
// divides 64-bit indices or evaluates a sigmoid per element also spends
// issue slots, and at low occupancy its warps wait for their own arithmetic
// between round trips. The counters count each site's warp executions, so
// the pass attaches to every site the instructions that run as often as it
// does: the cost of the blocks of its innermost loop (or of the code outside
// loops), shared among that loop's sites. The model multiplies by the
// site's requests to get the instructions the launch issued. A loop that
// holds no site and runs a number of trips only the run knows gets a trip
// site of its own (abi.h SS_OP_TRIP), which counts those trips.
//
// Costs are estimates of the SASS instructions (at a full-rate pipe's issue
// slots) ptxas makes of an IR instruction, from the machine code of
// sm_90: an IEEE float division is a reciprocal and its refinement, a 64-bit
// integer division a 32-bit sequence behind a test of its operands (its
// subroutine beside it), a double operation takes two slots of the
// single-precision rate, a transcendental four. A call to a loop-free
// function of the module that touches no memory costs its body (ptxas keeps
// CUDA's accurate `pow` a subroutine), counted per call by a trip site of
// its own when the body is large; a callee that touches memory charges its
// own sites.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_SITEWORK_H
#define SECTORSCOPE_INSTRUMENTATION_SITEWORK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace llvm {
class BasicBlock;
class Instruction;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace sectorscope {

/// For an integer division or remainder by a nonzero constant: the slots of
/// the shifts or reciprocal multiply ptxas emits for it (32-bit); none for
/// a divisor known only at run time, which takes ptxas's division routine.
std::optional<unsigned> constantDivisionCost(const llvm::Instruction &I);

/// Where the issue slots of a function's blocks are charged.
struct WorkEstimate {
  /// Per site: the issue slots a warp spends per execution of it (>= 1).
  llvm::DenseMap<const llvm::Instruction *, unsigned> OfSite;
  /// Loops that need a trip site: nothing in them is a site, and the
  /// compiler does not know their trip count. Their header and the slots a
  /// warp spends per trip (>= 1), in the order of `Blocks`.
  llvm::SmallVector<std::pair<llvm::BasicBlock *, unsigned>, 4> TripLoops;
  /// Calls that need a trip site: their callee touches no memory, has no
  /// loop and costs at least MinCountedCallSlots, so its body runs at the
  /// call's expense but is worth counting per call. Each call and its
  /// body's slots; the slots are not in any site's work. A call under a
  /// data-dependent branch (a cutoff test in a neighbour loop) may run far
  /// less often than the code around it.
  llvm::DenseMap<const llvm::Instruction *, unsigned> TripCalls;
};

/// Below this, a callee's body is charged to the sites around its call:
/// counting each call would cost the warp about what it measures.
constexpr unsigned MinCountedCallSlots = 32;

/// For each of `Sites` (instructions in `Blocks`): the blocks whose
/// innermost loop (or none) is a site's share their cost among that loop's
/// sites. A loop without sites (none in its inner loops either) whose trip
/// count `SE` knows adds its cost times its trips to the loop around it;
/// one whose trip count only the run knows is a trip loop, charged per
/// trip. A loop with sites only in inner loops adds its own cost once. A
/// call whose callee's body is large enough is a trip call, its body
/// charged per call.
WorkEstimate
siteWork(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
         const llvm::SmallPtrSetImpl<const llvm::Instruction *> &Sites,
         const llvm::LoopInfo &LI, llvm::ScalarEvolution &SE);

} // namespace sectorscope

#endif
