//===- PtxLocalNames.cpp - PTX-valid names before the debug info ----------===//
#include "plugin/PtxLocalNames.h"

#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sectorscope {

/// NVPTXAssignValidGlobalNames's spelling, so that its own pass later finds
/// nothing to change.
static std::string ptxName(StringRef Name) {
  std::string Out;
  for (char C : Name) {
    if (C == '.' || C == '@')
      Out += "_$_";
    else
      Out += C;
  }
  return Out;
}

PreservedAnalyses PtxLocalNamesPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (GlobalVariable &G : M.globals()) {
    // Only local symbols may change name; setName adds a suffix on a clash.
    if (!G.hasLocalLinkage() ||
        G.getName().find_first_of(".@") == StringRef::npos)
      continue;
    G.setName(ptxName(G.getName()));
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sectorscope
