//===- Analyzer.h - Compile-time global-memory access analyzer --*- C++ -*-===//
#ifndef SECTORSCOPE_STATIC_ANALYZER_H
#define SECTORSCOPE_STATIC_ANALYZER_H

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Warns on strided, misaligned and partition-camped global accesses of a
/// device module (see analysis/README.md). Runs on NVPTX modules only.
struct AnalyzerPass : llvm::PassInfoMixin<AnalyzerPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace sectorscope

#endif
