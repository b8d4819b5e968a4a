//===- Pipeline.h - Where sectorscope's passes run --------------*- C++ -*-===//
#ifndef SECTORSCOPE_PLUGIN_PIPELINE_H
#define SECTORSCOPE_PLUGIN_PIPELINE_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
}

namespace sectorscope {

/// The whole of sectorscope for one module: the analyzer and the device
/// instrumentation on NVPTX modules, the host registration on host modules
/// (only when instrumenting). Runs once, at the end of the optimizer, so it
/// sees inlined, optimized code: what is reported and counted is what runs.
struct SectorscopePass : llvm::PassInfoMixin<SectorscopePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// At the start of the pipeline, on device modules being instrumented: notes
/// the module's functions for the kernel copies (instrumentation/KernelCloner.h).
struct RecordFunctionsPass : llvm::PassInfoMixin<RecordFunctionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// Adds RecordFunctionsPass at the start of the pipeline, SectorscopePass
/// at the optimizer's last extension point and the pipeline names
/// `sectorscope`, `sectorscope-analyze`, `sectorscope-instrument` and
/// `sectorscope-host` for opt. Registering twice on one PassBuilder (-fplugin
/// and -fpass-plugin together) is a no-op, so nothing is reported twice.
void registerPasses(llvm::PassBuilder &PB);

} // namespace sectorscope

#endif
