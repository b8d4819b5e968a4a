//===- InlinedCleanup.cpp - Simplify code after the runtime is inlined ----===//
#include "instrumentation/InlinedCleanup.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"

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
  // No LICM: lifting the configuration's values out of loops kept them in
  // registers across the loop, and nine more of the examples' grid variants
  // spilled under their 64-register cap. Measured on H100s (two calls),
  // without it gs_project_update ran 12.8x instead of 14.9x; the largest
  // loss was gemm_col_walk's, 1.71x to 1.80x.
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
