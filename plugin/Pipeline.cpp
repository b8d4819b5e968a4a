//===- Pipeline.cpp - Where sectorscope's passes run ----------------------===//
#include "plugin/Pipeline.h"

#include "instrumentation/InstrumentPass.h"
#include "instrumentation/KernelCloner.h"
#include "plugin/Options.h"
#include "plugin/Reporter.h"
#include "analysis/Analyzer.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sectorscope {

PreservedAnalyses SectorscopePass::run(Module &M, ModuleAnalysisManager &AM) {
  const Options &O = options();
  bool Device = Triple(M.getTargetTriple()).isNVPTX();
  if (O.Verbose)
    reporter().report(
        DiagLevel::Remark, SourcePos(),
        (Twine("sectorscope: ") + (Device ? "device" : "host") + " module '" +
         M.getModuleIdentifier() + "' (" + M.getTargetTriple() + "): " +
         (Device ? (O.Analyze ? "analyzed" : "not analyzed") : "not analyzed") +
         (O.Instrument ? ", instrumented" : ""))
            .str(),
        "");
  PreservedAnalyses PA = PreservedAnalyses::all();
  if (!Device) {
    if (O.Instrument)
      PA.intersect(HostRegistrationPass().run(M, AM));
    return PA;
  }
  if (O.Analyze)
    PA.intersect(AnalyzerPass().run(M, AM));
  if (O.Instrument)
    PA.intersect(InstrumentPass().run(M, AM));
  return PA;
}

PreservedAnalyses RecordFunctionsPass::run(Module &M, ModuleAnalysisManager &) {
  if (options().Instrument && Triple(M.getTargetTriple()).isNVPTX())
    recordFunctionsSeenByBackend(M);
  return PreservedAnalyses::all();
}

void registerPasses(PassBuilder &PB) {
  static SmallPtrSet<PassBuilder *, 2> Registered;
  if (!Registered.insert(&PB).second)
    return;
  // Before anything is deleted: the functions whose addresses the NVPTX
  // backend's annotation cache may keep (instrumentation/KernelCloner.h).
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(RecordFunctionsPass());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SectorscopePass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sectorscope")
          MPM.addPass(SectorscopePass());
        else if (Name == "sectorscope-analyze")
          MPM.addPass(AnalyzerPass());
        else if (Name == "sectorscope-instrument")
          MPM.addPass(InstrumentPass());
        else if (Name == "sectorscope-host")
          MPM.addPass(HostRegistrationPass());
        else
          return false;
        return true;
      });
}

} // namespace sectorscope

// The LLVM pass plugin entry point: -fpass-plugin= and opt -load-pass-plugin=.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "sectorscope", "0.1.0",
          sectorscope::registerPasses};
}
