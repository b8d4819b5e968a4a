//===- InstrumentPass.h - Instrumentation of device code --------*- C++ -*-===//
#ifndef SECTORSCOPE_INSTRUMENTATION_INSTRUMENTPASS_H
#define SECTORSCOPE_INSTRUMENTATION_INSTRUMENTPASS_H

#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Instruments the loads, stores and atomics of a device (NVPTX) module.
class InstrumentPass : public llvm::PassInfoMixin<InstrumentPass> {
public:
  /// The developer flags -sectorscope-* given on the command line take
  /// precedence over `Opts`.
  InstrumentPass(const InstrumentOptions &Opts, Reporter &Diags);
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  InstrumentOptions Opts;
  Reporter &Diags;
};

/// Host-side half: registers each instrumented module with the host runtime.
struct HostRegistrationPass : llvm::PassInfoMixin<HostRegistrationPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace sectorscope

#endif
