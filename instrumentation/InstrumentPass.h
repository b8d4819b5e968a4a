//===- InstrumentPass.h - Run-time instrumentation of device code -*- C++ -*-===//
#ifndef SECTORSCOPE_PASS_INSTRUMENTPASS_H
#define SECTORSCOPE_PASS_INSTRUMENTPASS_H

#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Instruments the loads, stores and atomics of a device (NVPTX) module.
struct InstrumentPass : llvm::PassInfoMixin<InstrumentPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// Host-side half: registers each instrumented module with the host runtime.
struct HostRegistrationPass : llvm::PassInfoMixin<HostRegistrationPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace sectorscope

#endif
