//===- AccessPairs.cpp - Grid-mode accesses that repeat a request ---------===//
#include "instrumentation/AccessPairs.h"

#include "instrumentation/AccessArgs.h"

#include "sectorscope/abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace sectorscope {
namespace {

/// What may lie between the two calls besides other accesses' calls: their
/// operands, and the program's own instructions that always go on to the
/// next one (its loads, stores and arithmetic). Any other call (a barrier,
/// a trap) ends the search.
bool mayLieBetween(const Instruction &I) {
  if (isActiveMask(&I))
    return true;
  return !isa<CallBase>(I) && isGuaranteedToTransferExecutionToSuccessor(&I);
}

bool sameRequest(const CallInst &A, const CallInst &B) {
  auto *OpA = dyn_cast<ConstantInt>(A.getArgOperand(ArgOpSpace));
  auto *OpB = dyn_cast<ConstantInt>(B.getArgOperand(ArgOpSpace));
  if (!OpA || !OpB)
    return false;
  uint64_t OA = OpA->getZExtValue(), OB = OpB->getZExtValue();
  auto IsPlain = [](uint64_t Op) {
    return (Op & 0xff) == SS_OP_LOAD || (Op & 0xff) == SS_OP_STORE;
  };
  // Same space and shape: everything above the op byte.
  if (!IsPlain(OA) || !IsPlain(OB) ||
      (OA >> SS_SPACE_SHIFT) != (OB >> SS_SPACE_SHIFT))
    return false;
  // Constants are uniqued: equal widths are the same value.
  if (A.getArgOperand(ArgWidth) != B.getArgOperand(ArgWidth) ||
      !isa<ConstantInt>(A.getArgOperand(ArgWidth)))
    return false;
  if (A.getArgOperand(ArgState) != B.getArgOperand(ArgState))
    return false;
  const Value *LA = A.getArgOperand(ArgLanes), *LB = B.getArgOperand(ArgLanes);
  if (LA != LB && !(isActiveMask(LA) && isActiveMask(LB)))
    return false;
  return A.getArgOperand(ArgAddress)->stripPointerCasts() ==
         B.getArgOperand(ArgAddress)->stripPointerCasts();
}

} // namespace

bool isActiveMask(const Value *V) {
  auto *II = dyn_cast<IntrinsicInst>(V);
  return II && II->getIntrinsicID() == Intrinsic::nvvm_activemask;
}

/// How many access calls after a load the search for its store looks at: a
/// block's deferred records come together (InstrumentPass.cpp), and a
/// read-modify-write's other operands (`a[i] = a[i] + b[i]`) lie between.
constexpr unsigned MaxCallsApart = 8;

SmallVector<AccessPair, 16> findAccessPairs(ArrayRef<CallInst *> Calls) {
  SmallVector<AccessPair, 16> Pairs;
  SmallPtrSet<CallInst *, 16> Taken;
  for (CallInst *C : Calls) {
    if (Taken.count(C))
      continue;
    // Other accesses' calls may lie between: each counts its own request
    // and returns, with the lanes it came in with.
    unsigned Apart = 0;
    for (Instruction *I = C->getNextNode(); I && Apart < MaxCallsApart;
         I = I->getNextNode()) {
      auto *Next = dyn_cast<CallInst>(I);
      if (Next && Next->getCalledOperand() == C->getCalledOperand()) {
        ++Apart;
        if (Taken.count(Next) || !sameRequest(*C, *Next))
          continue;
        Pairs.push_back({C, Next});
        Taken.insert(C);
        Taken.insert(Next);
        break;
      }
      if (!mayLieBetween(*I))
        break;
    }
  }
  return Pairs;
}

} // namespace sectorscope
