//===- InlinedCleanup.cpp - Simplify code after the runtime is inlined ----===//
#include "instrumentation/InlinedCleanup.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

using namespace llvm;

namespace sectorscope {

static void markDescriptorLoadsInvariant(Function &F,
                                         const GlobalVariable &Desc) {
  MDNode *Empty = MDNode::get(F.getContext(), {});
  for (Instruction &I : instructions(F))
    if (auto *L = dyn_cast<LoadInst>(&I))
      if (!L->isVolatile() &&
          getUnderlyingObject(L->getPointerOperand()) == &Desc)
        L->setMetadata(LLVMContext::MD_invariant_load, Empty);
}

void simplifyInlinedRuntime(ArrayRef<Function *> Fns,
                            const GlobalVariable &Desc,
                            FunctionAnalysisManager &FAM) {
  FunctionPassManager FPM;
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  FPM.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                              /*UseMemorySSA=*/true));
  FPM.addPass(InstCombinePass());
  for (Function *F : Fns) {
    if (F->isDeclaration())
      continue;
    markDescriptorLoadsInvariant(*F, Desc);
    // Inlining changed the function under any analysis cached for it.
    FAM.invalidate(*F, PreservedAnalyses::none());
    FPM.run(*F, FAM);
  }
}

} // namespace sectorscope
