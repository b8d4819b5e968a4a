//===- FrontendPlugin.cpp - clang -fplugin=sectorscope.so -----------------===//
//
// The frontend half of sectorscope.so. With -fplugin= alone it
//  * parses -fplugin-arg-sectorscope-<key>[=<value>] (an unknown key is an
//    error that lists the valid ones),
//  * registers sectorscope's IR passes on the backend's PassBuilder (the
//    CodeGenOptions::PassBuilderCallbacks hook, as Enzyme does),
//  * turns on location tracking (debug info kind LocTrackingOnly) when no -g
//    was given, so IR findings and run-time records carry file:line:col
//    without changing the generated code or emitting DWARF,
//  * routes IR diagnostics through clang's DiagnosticsEngine.
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangReporter.h"
#include "plugin/LaunchCollector.h"
#include "plugin/Pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace sectorscope {
namespace {

class SectorscopeAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // The device job parses the host code too: its launches give the
    // analyzer the block shapes.
    if (CI.getLangOpts().CUDAIsDevice)
      return makeLaunchCollector(compileJob().Launches);
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
    for (const std::string &Arg : Args) {
      std::string Err = Job.Opts.set(Arg);
      if (!Err.empty()) {
        Diags.Report(
            Diags.getCustomDiagID(DiagnosticsEngine::Error, "sectorscope: %0"))
            << Err;
        return false;
      }
    }
    Job.Diags = makeClangReporter(CI);
    CodeGenOptions &CG = CI.getCodeGenOpts();
    if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
    CG.PassBuilderCallbacks.push_back(
        [](llvm::PassBuilder &PB) { registerPasses(PB); });
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace
} // namespace sectorscope

static FrontendPluginRegistry::Add<sectorscope::SectorscopeAction>
    X("sectorscope", "CUDA global-memory access analysis and profiling");
