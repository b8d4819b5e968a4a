//===- Pipeline.cpp - Where sectorscope's passes run ----------------------===//
#include "plugin/Pipeline.h"
#include "plugin/ImplicitConstants.h"
#include "plugin/PtxLocalNames.h"

#include "analysis/Analyzer.h"
#include "instrumentation/InstrumentPass.h"
#include "instrumentation/KernelCloner.h"
#include "support/TimedRegion.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sectorscope {

CompileJob &compileJob() {
  static CompileJob Job;
  return Job;
}

// opt's way in: -sectorscope-arg=<key>[=<value>], parsed by Options::set.
static cl::list<std::string> OptArgs(
    "sectorscope-arg", cl::desc("sectorscope plugin argument <key>[=<value>]"),
    cl::value_desc("key[=value]"), cl::callback([](const std::string &Arg) {
      std::string Err = compileJob().Opts.set(Arg);
      if (!Err.empty())
        report_fatal_error(Twine("sectorscope: ") + Err, false);
    }));

PreservedAnalyses SectorscopePass::run(Module &M, ModuleAnalysisManager &AM) {
  bool Device = Triple(M.getTargetTriple()).isNVPTX();
  if (Opts.Verbose)
    Diags.report(DiagLevel::Remark, SourcePos(),
                 (Twine("sectorscope: ") + (Device ? "device" : "host") +
                  " module '" + M.getModuleIdentifier() + "' (" +
                  M.getTargetTriple() + "): " +
                  (Device ? (Opts.Analyze ? "analyzed" : "not analyzed")
                          : "not analyzed") +
                  (Opts.Instrument ? ", instrumented" : ""))
                     .str(),
                 "");
  PreservedAnalyses PA = PreservedAnalyses::all();
  if (!Device) {
    if (Opts.Instrument) {
      TimedRegion Timed("sectorscope-instrument", "Instrumentation",
                        M.getName());
      PA.intersect(HostRegistrationPass().run(M, AM));
    }
    return PA;
  }
  if (Opts.Analyze) {
    PA.intersect(AnalyzerPass(Opts.Analyzer, Diags, Launches).run(M, AM));
  } else if (!Opts.Analyzer.SarifPath.empty()) {
    // no-analyze with sarif=: a build that expects the file gets a valid
    // one, with no results.
    AnalyzerOptions NoRules = Opts.Analyzer;
    NoRules.Rules.fill(RuleAction::Off);
    PA.intersect(AnalyzerPass(NoRules, Diags, Launches).run(M, AM));
  }
  if (Opts.Instrument) {
    TimedRegion Timed("sectorscope-instrument", "Instrumentation", M.getName());
    PA.intersect(InstrumentPass(Opts.Instrumentation, Diags).run(M, AM));
  }
  return PA;
}

PreservedAnalyses RecordFunctionsPass::run(Module &M, ModuleAnalysisManager &) {
  if (Triple(M.getTargetTriple()).isNVPTX())
    recordFunctionsSeenByBackend(M);
  return PreservedAnalyses::all();
}

void registerPasses(PassBuilder &PB) {
  static SmallPtrSet<PassBuilder *, 2> Registered;
  if (!Registered.insert(&PB).second)
    return;
  // The callbacks run when a pipeline is built, after the job's arguments
  // are parsed: they read the job then, not now.
  CompileJob &Job = compileJob();
  // Before anything is deleted: the functions whose addresses the NVPTX
  // backend's annotation cache may keep (instrumentation/KernelCloner.h).
  PB.registerPipelineStartEPCallback(
      [&Job](ModulePassManager &MPM, OptimizationLevel) {
        if (Job.Opts.Instrument)
          MPM.addPass(RecordFunctionsPass());
      });
  PB.registerOptimizerLastEPCallback(
      [&Job](ModulePassManager &MPM, OptimizationLevel) {
        if (!Job.Opts.Instrumentation.RelocatableDeviceCode)
          MPM.addPass(DropUnusedImplicitConstantsPass(Job.ImplicitConstants));
        MPM.addPass(SectorscopePass(Job.Opts, *Job.Diags, &Job.Launches));
        MPM.addPass(PtxLocalNamesPass());
      });
  PB.registerPipelineParsingCallback(
      [&Job](StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sectorscope")
          MPM.addPass(SectorscopePass(Job.Opts, *Job.Diags, &Job.Launches));
        else if (Name == "sectorscope-analyze")
          MPM.addPass(
              AnalyzerPass(Job.Opts.Analyzer, *Job.Diags, &Job.Launches));
        else if (Name == "sectorscope-instrument")
          MPM.addPass(InstrumentPass(Job.Opts.Instrumentation, *Job.Diags));
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
