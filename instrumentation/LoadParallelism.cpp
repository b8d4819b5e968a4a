//===- LoadParallelism.cpp - Loads a warp has in flight together ----------===//
#include "instrumentation/LoadParallelism.h"

#include "instrumentation/MemoryOps.h"
#include "sectorscope/abi.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace sectorscope {

namespace {
/// Loads that go to the memory system and make the warp wait: the loads the
/// pass instruments as global or generic, classified as their sites are
/// (shared and local loads, including those reached through a generic
/// pointer, are served by the SM; param and constant loads are not memory
/// traffic we model; __ldg intrinsics are global loads).
bool isMemoryLoad(Instruction &I, const DataLayout &DL, bool InKernel) {
  std::optional<MemoryOp> Op = classifyAccess(I, DL, InKernel);
  return Op && Op->Op == SS_OP_LOAD &&
         (Op->Space == SS_SPACE_GLOBAL || Op->Space == SS_SPACE_GENERIC);
}
} // namespace

DenseMap<const Instruction *, unsigned>
loadParallelism(ArrayRef<BasicBlock *> Blocks, const DataLayout &DL,
                bool InKernel, AAResults &AA) {
  DenseMap<const Instruction *, unsigned> Result;
  for (BasicBlock *BB : Blocks) {
    // Depth: the longest chain of memory loads, within the block, that an
    // instruction's value depends on (a load counts itself). Values from
    // other blocks or phis are available on entry: depth 0. One forward walk
    // suffices: in a block, operands other than phis come first.
    DenseMap<const Instruction *, unsigned> Depth;
    DenseMap<unsigned, unsigned> LoadsAtDepth;
    // Earlier writes a later load may not pass: the load issues after them,
    // and a store issues only once its value is there. In an unrolled
    // `out[i] = in[i]; out[j] = in[j]` where out may alias in, the second
    // load waits for the first store, which waits for the first load: one
    // load in flight at a time, not two.
    SmallVector<std::pair<Instruction *, unsigned>, 8> Writes;
    for (Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue;
      unsigned D = 0;
      for (Value *Op : I.operands())
        if (auto *OI = dyn_cast<Instruction>(Op))
          if (OI->getParent() == BB)
            D = std::max(D, Depth.lookup(OI));
      if (isMemoryLoad(I, DL, InKernel)) {
        // A load without a plain location (__ldg: read-only data) may be
        // moved past writes.
        if (std::optional<MemoryLocation> Loc = MemoryLocation::getOrNone(&I))
          for (auto [W, WD] : Writes)
            if (WD > D && isModSet(AA.getModRefInfo(W, *Loc)))
              D = WD;
        ++D;
        ++LoadsAtDepth[D];
      }
      Depth[&I] = D;
      if (I.mayWriteToMemory() && D > 0)
        Writes.push_back({&I, D});
    }
    for (Instruction &I : *BB)
      if (isMemoryLoad(I, DL, InKernel))
        Result[&I] = LoadsAtDepth.lookup(Depth.lookup(&I));
  }
  return Result;
}

} // namespace sectorscope
