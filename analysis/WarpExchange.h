//===- WarpExchange.h - Lanes exchanging shared memory unsynced -*- C++ -*-===//
//
// Warp-synchronous code (a prefix sum or the last steps of a reduction in
// shared memory, written for GPUs whose warps ran in lockstep) lets a lane
// read what another lane of its warp just stored, with no __syncwarp()
// between. Since Volta the lanes of a warp are scheduled independently:
// that is a data race (compute-sanitizer's racecheck reports it), and any
// code placed between the store and the load, such as sectorscope's own
// heat-map records, may change the result.
//
// The rule `warp-race` finds a shared-memory store S and a load L of the
// same array such that L's address is S's address of another lane of the
// warp (their difference is a constant multiple k of S's lane stride,
// 0 < |k| < 32, and below blockDim.x where the launches tell it; with no
// launch shape, an address that also depends on threadIdx.y or .z is left
// alone: a block narrower than a warp puts rows in one warp, and x
// neighbours are then no lanes of it), L follows S within one trip of
// their loops, and no path
// from S to L passes a barrier (__syncthreads, __syncwarp, a warp
// collective such as __shfl_sync) or a call the analyzer cannot see into.
// __threadfence_block() orders memory but synchronizes nothing: it is no
// barrier. A load only thread c runs (threadIdx.x == c) is checked with c
// folded into its address; a store only one lane makes is not. Addresses
// the analyzer cannot follow stay silent.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_WARPEXCHANGE_H
#define SECTORSCOPE_ANALYSIS_WARPEXCHANGE_H

#include "analysis/AccessAffine.h"
#include "analysis/LaunchShapes.h"
#include "analysis/Rules.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class PostDominatorTree;
} // namespace llvm

namespace sectorscope {

/// Appends one `warp-race` finding per load of F that reads another lane's
/// unsynchronized store, placed at the load (the caller names the kernel).
/// Shapes: the kernel's launch shapes (none: unknown). PDT is asked for
/// only when F has shared stores and loads.
void findWarpRaces(llvm::Function &F, AccessAnalyzer &AA,
                   llvm::ArrayRef<BlockShape> Shapes,
                   llvm::function_ref<llvm::PostDominatorTree &()> PDT,
                   llvm::SmallVectorImpl<Finding> &Out);

} // namespace sectorscope

#endif
