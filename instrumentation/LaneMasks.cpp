//===- LaneMasks.cpp - The lanes that run each block together -------------===//
#include "instrumentation/LaneMasks.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace sectorscope {
namespace {

struct MaskBuilder {
  MaskBuilder(ArrayRef<BasicBlock *> Blocks, const DominatorTree &DT,
              const PostDominatorTree &PDT, const LoopInfo &LI)
      : Region(Blocks.begin(), Blocks.end()), DT(DT), PDT(PDT), LI(LI) {}

  SmallPtrSet<BasicBlock *, 32> Region;
  const DominatorTree &DT;
  const PostDominatorTree &PDT;
  const LoopInfo &LI;
  DenseMap<BasicBlock *, Value *> Mask;
  SmallVector<Instruction *, 16> Built;
  // Per branching block: the lanes that take its true side (one ballot).
  DenseMap<BasicBlock *, Value *> TrueLanes;
  SmallVector<std::pair<PHINode *, Loop *>, 4> Headers;

  template <typename T> T *built(T *I) {
    Built.push_back(I);
    return I;
  }

  Value *activeMask(BasicBlock &BB) {
    IRBuilder<> B(&*BB.getFirstInsertionPt());
    return built(B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}));
  }

  /// The lanes that go from `P` to its successor `S`; null if unknown.
  Value *edgeMask(BasicBlock *P, BasicBlock *S) {
    Value *M = Mask.lookup(P);
    auto *Br = dyn_cast<BranchInst>(P->getTerminator());
    if (!M || !Br)
      return nullptr;
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return M;
    Value *&T = TrueLanes[P];
    IRBuilder<> B(Br);
    if (!T)
      T = built(B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                                  {M, Br->getCondition()}, nullptr,
                                  "sectorscope.lanes.true"));
    if (S == Br->getSuccessor(0))
      return T;
    auto *Not = built(cast<Instruction>(B.CreateNot(T)));
    return built(
        cast<Instruction>(B.CreateAnd(M, Not, "sectorscope.lanes.false")));
  }

  /// The nearest block above `BB` whose lanes all reach `BB`, in `BB`'s loop
  /// or around it (a block inside a loop `BB` is not in runs more often).
  BasicBlock *reconvergesFrom(BasicBlock *BB) {
    const Loop *L = LI.getLoopFor(BB);
    for (DomTreeNode *N = DT.getNode(BB)->getIDom(); N; N = N->getIDom()) {
      BasicBlock *D = N->getBlock();
      if (!Region.count(D))
        return nullptr;
      const Loop *LD = LI.getLoopFor(D);
      bool SameOrOuter = !LD || (L && LD->contains(L));
      if (SameOrOuter && PDT.dominates(BB, D))
        return D;
    }
    return nullptr;
  }

  Value *maskOf(BasicBlock *BB, BasicBlock *Entry) {
    if (BB == Entry)
      return activeMask(*BB);
    if (LI.isLoopHeader(BB)) {
      Loop *L = LI.getLoopFor(BB);
      BasicBlock *Pre = L->getLoopPreheader();
      Value *In = Pre && Region.count(Pre) ? edgeMask(Pre, BB) : nullptr;
      if (!In)
        return activeMask(*BB);
      IRBuilder<> B(&BB->front());
      PHINode *Phi = built(
          B.CreatePHI(In->getType(), pred_size(BB), "sectorscope.lanes.loop"));
      Phi->addIncoming(In, Pre);
      Headers.push_back({Phi, L});
      return Phi;
    }
    // One way in, from the same loop: the lanes that took that edge. A way
    // out of a loop is a join of every iteration's leavers instead.
    if (BasicBlock *P = BB->getSinglePredecessor())
      if (LI.getLoopFor(P) == LI.getLoopFor(BB))
        if (Value *M = edgeMask(P, BB))
          return M;
    if (BasicBlock *D = reconvergesFrom(BB))
      if (Value *M = Mask.lookup(D))
        return M;
    return activeMask(*BB);
  }

  /// A cycle LoopInfo does not see (an edge back to an earlier block that
  /// does not dominate its source) would let lanes come round a block the
  /// rules treat as run once: a ballot there could wait for lanes that never
  /// come. Such regions keep reading the group at run time.
  bool irreducible(ReversePostOrderTraversal<BasicBlock *> &RPO) {
    DenseMap<BasicBlock *, unsigned> Order;
    for (BasicBlock *BB : RPO)
      Order[BB] = Order.size();
    for (BasicBlock *BB : RPO)
      for (BasicBlock *S : successors(BB))
        if (Order.count(S) && Order[S] <= Order[BB] && !DT.dominates(S, BB))
          return true;
    return false;
  }

  void run(BasicBlock *Entry) {
    ReversePostOrderTraversal<BasicBlock *> RPO(Entry);
    if (irreducible(RPO))
      return;
    for (BasicBlock *BB : RPO)
      if (Region.count(BB))
        Mask[BB] = maskOf(BB, Entry);
    // The lanes that stay: each latch's edge back to the header. A latch we
    // cannot follow makes the whole loop fall back to reading the group.
    for (auto [Phi, L] : Headers) {
      BasicBlock *H = Phi->getParent();
      bool Ok = true;
      for (BasicBlock *P : predecessors(H)) {
        if (P == Phi->getIncomingBlock(0))
          continue;
        Value *Back = Region.count(P) ? edgeMask(P, H) : nullptr;
        if (!Back) {
          Ok = false;
          break;
        }
        Phi->addIncoming(Back, P);
      }
      if (!Ok) {
        Value *Read = activeMask(*H);
        Phi->replaceAllUsesWith(Read);
        // Blocks that took the header's lanes as they were hold the phi.
        for (auto &Entry : Mask)
          if (Entry.second == Phi)
            Entry.second = Read;
        erase(Built, Phi);
        Phi->eraseFromParent();
      }
    }
  }
};

} // namespace

LaneMasks laneMasks(ArrayRef<BasicBlock *> Blocks, const DominatorTree &DT,
                    const PostDominatorTree &PDT, const LoopInfo &LI) {
  MaskBuilder MB(Blocks, DT, PDT, LI);
  if (!Blocks.empty())
    MB.run(Blocks.front());
  return {std::move(MB.Mask), std::move(MB.Built)};
}

void eraseUnusedLaneMasks(LaneMasks &Masks) {
  // Live: what something other than the masks uses, and what that needs.
  // A loop's phi and its latch's ballot use each other: only a use from
  // outside keeps them.
  SmallPtrSet<Instruction *, 16> Ours(Masks.Built.begin(), Masks.Built.end());
  SmallPtrSet<Instruction *, 16> Live;
  SmallVector<Instruction *, 16> Work;
  for (Instruction *I : Masks.Built)
    if (any_of(
            I->users(),
            [&](User *U) { return !Ours.count(dyn_cast<Instruction>(U)); }) &&
        Live.insert(I).second)
      Work.push_back(I);
  while (!Work.empty())
    for (Value *Op : Work.pop_back_val()->operands())
      if (auto *I = dyn_cast<Instruction>(Op))
        if (Ours.count(I) && Live.insert(I).second)
          Work.push_back(I);
  for (Instruction *I : Masks.Built)
    if (!Live.count(I))
      I->dropAllReferences();
  for (Instruction *I : Masks.Built)
    if (!Live.count(I))
      I->eraseFromParent();
  Masks.Built.clear();
  Masks.Of.clear();
}

} // namespace sectorscope
