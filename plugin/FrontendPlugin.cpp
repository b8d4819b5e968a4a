//===- FrontendPlugin.cpp - clang -fplugin=sectorscope.so -----------------===//
//
// The frontend half of sectorscope.so. With -fplugin= alone it
//  * parses -fplugin-arg-sectorscope-<key>[=<value>] (an unknown key is an
//    error that lists the valid ones), then the -W options of sectorscope's
//    warning groups that clang itself let through (-Wno-unknown-warning-
//    option) and -Werror,
//  * registers sectorscope's IR passes on the backend's PassBuilder (the
//    CodeGenOptions::PassBuilderCallbacks hook, as Enzyme does),
//  * turns on location tracking (debug info kind LocTrackingOnly) when no -g
//    was given, in the device job and in an instrumented host job, so IR
//    findings and run-time records carry file:line:col without changing
//    the generated code or emitting DWARF,
//  * routes IR diagnostics through clang's DiagnosticsEngine and records
//    the `#pragma clang diagnostic` regions that name sectorscope's groups,
//  * in the device job, reads the launch shapes and names the host tables
//    clang made __constant__ on its own (ImplicitConstants.h).
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangReporter.h"
#include "plugin/ImplicitConstants.h"
#include "plugin/LaunchCollector.h"
#include "plugin/Pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace sectorscope {
namespace {

class SectorscopeAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // After ParseArgs, before the preprocessor reads a line.
    if (Reporter && CI.hasPreprocessor())
      CI.getPreprocessor().addPPCallbacks(Reporter->pragmaRecorder());
    // The device job parses the host code too: its launches give the
    // analyzer the block shapes.
    if (CI.getLangOpts().CUDAIsDevice) {
      std::vector<std::unique_ptr<ASTConsumer>> Consumers;
      Consumers.push_back(makeLaunchCollector(compileJob().Launches));
      Consumers.push_back(
          makeImplicitConstantCollector(compileJob().ImplicitConstants));
      return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }
    return std::make_unique<ASTConsumer>();
  }

  bool ParseArgs(const CompilerInstance &CCI,
                 const std::vector<std::string> &Args) override {
    // ParseArgs is the one hook that runs before code generation is set up;
    // the plugin API hands a const instance, but configuring the compile is
    // what this plugin is for.
    auto &CI = const_cast<CompilerInstance &>(CCI);
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    CompileJob &Job = compileJob();
    auto Fail = [&Diags](const std::string &Err) {
      Diags.Report(
          Diags.getCustomDiagID(DiagnosticsEngine::Error, "sectorscope: %0"))
          << Err;
      return false;
    };
    for (const std::string &Arg : Args)
      if (std::string Err = Job.Opts.set(Arg); !Err.empty())
        return Fail(Err);
    for (const std::string &W : CI.getDiagnosticOpts().Warnings)
      if (std::string Err = Job.Opts.setWarningOption(W); !Err.empty())
        return Fail(Err);
    if (Diags.getWarningsAsErrors())
      Job.Opts.Analyzer.promoteWarnings();
    // Said once, by the device job: the host job gets the same arguments.
    if (!Job.Opts.Instrument && !Job.Opts.InstrumentKeyGiven.empty() &&
        CI.getLangOpts().CUDAIsDevice)
      Diags.Report(
          Diags.getCustomDiagID(DiagnosticsEngine::Warning, "sectorscope: %0"))
          << "argument '" + Job.Opts.InstrumentKeyGiven +
                 "' has no effect without -fplugin-arg-sectorscope-instrument";
    // -save-temps (nvcc's -keep) ends this job at bitcode with LLVM's
    // passes off, and the job that compiles that bitcode reads IR, where no
    // plugin action runs: the build would come out unanalyzed and, asked
    // to instrument, uninstrumented, with nothing said.
    if (CI.getCodeGenOpts().DisableLLVMPasses) {
      const char *Why = "this compile runs no LLVM passes (-save-temps, "
                        "nvcc's -keep, or -disable-llvm-passes)";
      if (Job.Opts.Instrument)
        return Fail(std::string(Why) +
                    ", so nothing would be instrumented; build without it "
                    "(--cuda-device-only -S writes the PTX)");
      // The host job has nothing to analyze.
      if (CI.getLangOpts().CUDAIsDevice)
        Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Warning,
                                           "sectorscope: %0"))
            << std::string(Why) + ", so nothing is analyzed";
    }
    Job.Opts.Instrumentation.RelocatableDeviceCode =
        CI.getLangOpts().GPURelocatableDeviceCode;
    auto Clang = std::make_unique<ClangReporter>(CI);
    Reporter = Clang.get();
    Job.Diags = std::move(Clang);
    // Locations cost the frontend and every pass that keeps them; only
    // the device job's findings and the instrumented host job's launch
    // sites (HostRegistration.cpp) use them.
    CodeGenOptions &CG = CI.getCodeGenOpts();
    bool NeedsLocations = CI.getLangOpts().CUDAIsDevice || Job.Opts.Instrument;
    if (NeedsLocations &&
        CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
    CG.PassBuilderCallbacks.push_back(
        [](llvm::PassBuilder &PB) { registerPasses(PB); });
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  ClangReporter *Reporter = nullptr; // Owned by the compile job.
};

} // namespace
} // namespace sectorscope

static FrontendPluginRegistry::Add<sectorscope::SectorscopeAction>
    X("sectorscope", "CUDA global-memory access analysis and profiling");
