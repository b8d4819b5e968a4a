//===- LoopTallies.cpp - Grid-mode counts summed across a loop ------------===//
#include "instrumentation/LoopTallies.h"

#include "instrumentation/AccessArgs.h"

#include "sectorscope/abi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace sectorscope {

/// Whether a site of this op_space sums in a loop: one the pass proved to
/// have one address in every lane, or in every lane of a row (abi.h
/// ss_shape). Its short path is a few instructions besides the three
/// reductions, which a sum removes. A strided site's path is shuffles and a
/// vote that cost more than its reductions, and in a streaming loop the
/// register its sum holds cost more than the reductions saved (measured on
/// an H100: a grid-stride copy 2.64x -> 2.99x, a GEMM's loop 12.5x ->
/// 11.5x with every site summed; 12.1x and the copy unchanged with these
/// alone).
static bool sumsInLoop(uint64_t OpSpace) {
  uint64_t Space = (OpSpace >> SS_SPACE_SHIFT) & 0xff;
  uint64_t Shape = (OpSpace >> SS_SHAPE_SHIFT) & 0xff;
  return Space != SS_SPACE_GENERIC &&
         (Shape == SS_SHAPE_UNIFORM || Shape == SS_SHAPE_ROW_UNIFORM);
}

/// The blocks a flush goes into: every exit of `L` but those that end the
/// thread (a trap's unreachable), where counts would be lost anyway.
static SmallVector<BasicBlock *, 4> flushBlocks(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exits, Blocks;
  L.getUniqueExitBlocks(Exits);
  for (BasicBlock *E : Exits)
    if (!isa<UnreachableInst>(E->getTerminator()))
      Blocks.push_back(E);
  return Blocks;
}

LoopTallies addLoopTallies(Function &F, ArrayRef<CallInst *> Accesses,
                           const LoopInfo &LI, FunctionCallee Tally,
                           FunctionCallee Flush, unsigned MaxPerLoop) {
  LoopTallies Out;
  DenseMap<const Loop *, unsigned> SitesIn;
  DenseMap<BasicBlock *, Instruction *> LastFlush;
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  for (CallInst *C : Accesses) {
    Loop *L = LI.getLoopFor(C->getParent());
    if (!L)
      continue;
    L = L->getOutermostLoop();
    auto *OpSpace = cast<ConstantInt>(C->getArgOperand(ArgOpSpace));
    if (!sumsInLoop(OpSpace->getZExtValue()))
      continue;
    SmallVector<BasicBlock *, 4> Exits = flushBlocks(*L);
    // A loop with no way out (a persistent kernel left by a trap) would
    // never add its sums.
    if (Exits.empty() || SitesIn[L] >= MaxPerLoop)
      continue;
    ++SitesIn[L];
    AllocaInst *Sum =
        Entry.CreateAlloca(Entry.getInt64Ty(), nullptr, "sectorscope.tally");
    Entry.CreateStore(Entry.getInt64(0), Sum);
    Out.Slots.push_back(Sum);
    IRBuilder<> B(C);
    SmallVector<Value *, 7> Args(C->args());
    Args.push_back(Sum);
    CallInst *T = B.CreateCall(Tally, Args);
    T->setDebugLoc(C->getDebugLoc());
    Out.Calls.push_back(T);
    Out.Replaced.push_back(C);
    Value *Site = C->getArgOperand(ArgSite),
          *State = C->getArgOperand(ArgState);
    for (BasicBlock *E : Exits) {
      // In the sites' order, after the flushes already there.
      Instruction *&Last = LastFlush[E];
      IRBuilder<> AtExit(Last ? Last->getNextNode()
                              : &*E->getFirstInsertionPt());
      Last = AtExit.CreateCall(Flush, {Site, OpSpace, State, Sum});
      Last->setDebugLoc(T->getDebugLoc());
      Out.Calls.push_back(cast<CallInst>(Last));
    }
  }
  return Out;
}

} // namespace sectorscope
