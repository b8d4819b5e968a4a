//===- Analyzer.h - Compile-time global-memory access analyzer --*- C++ -*-===//
#ifndef SECTORSCOPE_ANALYSIS_ANALYZER_H
#define SECTORSCOPE_ANALYSIS_ANALYZER_H

#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Warns on strided, misaligned and partition-camped global accesses of a
/// device module (see analysis/README.md). Runs on NVPTX modules only.
class AnalyzerPass : public llvm::PassInfoMixin<AnalyzerPass> {
public:
  AnalyzerPass(const AnalyzerOptions &Opts, Reporter &Diags)
      : Opts(Opts), Diags(Diags) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  AnalyzerOptions Opts;
  Reporter &Diags;
};

} // namespace sectorscope

#endif
