//===- DropUnusedImplicitConstants.cpp - Host tables off the device -------===//
#include "plugin/ImplicitConstants.h"

#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace sectorscope {

/// Whether every use of C ends in llvm.used or llvm.compiler.used, where
/// clang keeps an externally visible device variable: no code reads it.
static bool onlyInUsedLists(const Constant &C) {
  for (const User *U : C.users()) {
    if (const auto *List = dyn_cast<GlobalVariable>(U)) {
      if (List->getName() != "llvm.used" &&
          List->getName() != "llvm.compiler.used")
        return false;
    } else if (const auto *Outer = dyn_cast<Constant>(U)) {
      if (!onlyInUsedLists(*Outer))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

PreservedAnalyses
DropUnusedImplicitConstantsPass::run(Module &M, ModuleAnalysisManager &) {
  if (Names.empty() || !Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  SmallPtrSet<GlobalVariable *, 4> Dropped;
  for (GlobalVariable &G : M.globals()) {
    if (G.isDeclaration() || !Names.contains(G.getName()))
      continue;
    G.removeDeadConstantUsers();
    if (onlyInUsedLists(G))
      Dropped.insert(&G);
  }
  if (Dropped.empty())
    return PreservedAnalyses::all();
  removeFromUsedLists(M, [&Dropped](Constant *C) {
    auto *G = dyn_cast<GlobalVariable>(C->stripPointerCasts());
    return G && Dropped.contains(G);
  });
  for (GlobalVariable *G : Dropped) {
    G->removeDeadConstantUsers();
    G->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace sectorscope
