//===- Analyzer.h - Compile-time global-memory access analyzer --*- C++ -*-===//
#ifndef SECTORSCOPE_ANALYSIS_ANALYZER_H
#define SECTORSCOPE_ANALYSIS_ANALYZER_H

#include "analysis/LaunchShapes.h"
#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Warns on strided, misaligned and partition-camped global accesses of a
/// device module, and on lanes of a warp exchanging shared memory without
/// __syncwarp() (see analysis/README.md). Runs on NVPTX modules only.
class AnalyzerPass : public llvm::PassInfoMixin<AnalyzerPass> {
public:
  /// `Launches`: block shapes of the kernels' launches, when the frontend
  /// read them (plugin/LaunchCollector.h); without them, and for kernels
  /// launched elsewhere, the IR's __launch_bounds__ or an assumption.
  AnalyzerPass(const AnalyzerOptions &Opts, Reporter &Diags,
               const LaunchShapes *Launches = nullptr)
      : Opts(Opts), Diags(Diags), Launches(Launches) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  AnalyzerOptions Opts;
  Reporter &Diags;
  const LaunchShapes *Launches;
};

} // namespace sectorscope

#endif
