//===- Pipeline.h - Where sectorscope's passes run --------------*- C++ -*-===//
#ifndef SECTORSCOPE_PLUGIN_PIPELINE_H
#define SECTORSCOPE_PLUGIN_PIPELINE_H

#include "analysis/LaunchShapes.h"
#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/PassManager.h"

#include <memory>

namespace llvm {
class PassBuilder;
}

namespace sectorscope {

/// The compile job sectorscope's passes serve: its parsed plugin arguments
/// and where its diagnostics go. A cc1 process compiles one module per
/// target and opt one module, so the job is process-wide, as clang's own
/// plugins keep theirs. The frontend plugin (clang) or -sectorscope-arg=
/// (opt) fills it in before any pipeline is built; the registration
/// callbacks hand it to the passes they create.
struct CompileJob {
  Options Opts;
  /// Kernel launch shapes the frontend read from the source (device job).
  LaunchShapes Launches;
  /// Variables clang made __constant__ on its own (ImplicitConstants.h).
  llvm::StringSet<> ImplicitConstants;
  std::unique_ptr<Reporter> Diags = std::make_unique<StreamReporter>();
};
CompileJob &compileJob();

/// The whole of sectorscope for one module: the analyzer and the device
/// instrumentation on NVPTX modules, the host registration on host modules
/// (only when instrumenting). Runs once, at the end of the optimizer, so it
/// sees inlined, optimized code: what is reported and counted is what runs.
class SectorscopePass : public llvm::PassInfoMixin<SectorscopePass> {
public:
  SectorscopePass(const Options &Opts, Reporter &Diags,
                  const LaunchShapes *Launches = nullptr)
      : Opts(Opts), Diags(Diags), Launches(Launches) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  Options Opts;
  Reporter &Diags;
  const LaunchShapes *Launches;
};

/// At the start of the pipeline of an instrumented compile, on device
/// modules: notes the module's functions for the kernel copies
/// (instrumentation/KernelCloner.h).
struct RecordFunctionsPass : llvm::PassInfoMixin<RecordFunctionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// Adds RecordFunctionsPass at the start of the pipeline (when
/// instrumenting), SectorscopePass at the optimizer's last extension point
/// and the pipeline names `sectorscope`, `sectorscope-analyze`,
/// `sectorscope-instrument` and `sectorscope-host` for opt, each pass
/// configured by compileJob(). Registering twice on one PassBuilder
/// (-fplugin and -fpass-plugin together) is a no-op, so nothing is reported
/// twice.
void registerPasses(llvm::PassBuilder &PB);

} // namespace sectorscope

#endif
