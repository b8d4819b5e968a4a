//===- PtxLocalNames.h - PTX-valid names before the debug info --*- C++ -*-===//
//
// PTX identifiers take no '.' or '@', so the NVPTX backend renames local
// symbols that have them (`__PRETTY_FUNCTION__._Z6kerneli`, which every
// device assert() makes, becomes `__PRETTY_FUNCTION___$__Z6kerneli`). LLVM 19
// renames them in a codegen pass that runs after the AsmPrinter has started
// the module's debug info, so a `-g` build writes the old name into
// .debug_info and ptxas stops with "Parsing error near '.'" (HeCBench
// assert). This pass gives variables the same names before codegen starts, so
// the definitions and the debug info agree; the PTX is otherwise unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PLUGIN_PTXLOCALNAMES_H
#define SECTORSCOPE_PLUGIN_PTXLOCALNAMES_H

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Renames a device module's local variables as the NVPTX backend would
/// ('.' and '@' become "_$_"). Functions keep their names: the debug info
/// refers to their code by labels, and the backend renames them as before.
class PtxLocalNamesPass : public llvm::PassInfoMixin<PtxLocalNamesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace sectorscope

#endif
