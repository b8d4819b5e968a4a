//===- SharedSitesOnce.cpp - Grid mode's shared sites outside loops -------===//
#include "instrumentation/SharedSitesOnce.h"

#include "instrumentation/AccessArgs.h"

#include "sectorscope/abi.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace sectorscope {

static bool isSharedSite(const CallInst &C) {
  auto *OpSpace = dyn_cast<ConstantInt>(C.getArgOperand(ArgOpSpace));
  return OpSpace && ((OpSpace->getZExtValue() >> SS_SPACE_SHIFT) & 0xff) ==
                        SS_SPACE_SHARED;
}

unsigned
callSharedSitesOnce(SmallVectorImpl<CallInst *> &Calls, FunctionCallee Single,
                    FunctionCallee Pair, FunctionCallee Once,
                    function_ref<const LoopInfo &(Function &)> LoopsOf) {
  unsigned Replaced = 0;
  for (CallInst *&C : Calls) {
    bool IsPair = C->getCalledOperand() == Pair.getCallee();
    if ((!IsPair && C->getCalledOperand() != Single.getCallee()) ||
        !isSharedSite(*C) ||
        LoopsOf(*C->getFunction()).getLoopFor(C->getParent()))
      continue;
    IRBuilder<> B(C);
    SmallVector<Value *, 8> Args(C->args());
    if (!IsPair) {
      Args.push_back(B.getInt32(~0u));
      Args.push_back(B.getInt32(0));
    }
    CallInst *New = B.CreateCall(Once, Args);
    New->setDebugLoc(C->getDebugLoc());
    C->eraseFromParent();
    C = New;
    ++Replaced;
  }
  return Replaced;
}

} // namespace sectorscope
